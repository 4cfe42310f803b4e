package io.isobench.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * An {@link ObjectStore} on a folder: key {@code a/b/c.json} is the file {@code <root>/a/b/c.json}. Writes go
 * through a temporary sibling and an atomic rename, like the runner's result.json, so a reader (a static
 * server) never sees half a file. Reads never follow a symbolic link below the root: a link is no object.
 */
public final class LocalDirectoryStore implements ObjectStore {

    /** Temporary files carry this in their name and are never listed. */
    private static final String TEMP_MARK = ".isobench-tmp-";

    private final Path root;

    public LocalDirectoryStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new ObjectStoreException("cannot create folder " + this.root + ": " + e, false, e);
        }
    }

    public Path root() {
        return root;
    }

    /** The file that holds {@code key}. */
    public Path fileOf(String key) {
        return root.resolve(ObjectKeys.requireSafePath("object key", key));
    }

    @Override
    public String describe() {
        return "folder " + root;
    }

    @Override
    public void put(String key, byte[] content, String contentType) {
        writeAtomically(key, tmp -> Files.write(tmp, content));
    }

    @Override
    public void putFile(String key, Path file, String contentType) {
        writeAtomically(key, tmp -> Files.copy(file, tmp, StandardCopyOption.REPLACE_EXISTING));
    }

    private interface TempWriter {
        void write(Path tmp) throws IOException;
    }

    private void writeAtomically(String key, TempWriter writer) {
        Path target = fileOf(key);
        Path tmp = target.resolveSibling(target.getFileName()
                + TEMP_MARK
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            try {
                writer.write(tmp);
            } catch (NoSuchFileException e) {
                if (!tmp.toString().equals(e.getFile())) {
                    throw e; // the file to copy is gone, not the folder
                }
                // the folder is made only when missing: a createDirectories before every write costs a failed mkdir,
                // an exception and a stat, for most files of a site in a folder that already exists
                Files.createDirectories(target.getParent());
                writer.write(tmp);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw failure("write", key, e);
        }
    }

    @Override
    public Optional<InputStream> open(String key) {
        Path file = fileOf(key);
        try {
            if (reached(file).filter(BasicFileAttributes::isRegularFile).isEmpty()) {
                return Optional.empty();
            }
            // O_NOFOLLOW: a link swapped in after the check is not followed either
            return Optional.of(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public Optional<ObjectInfo> stat(String key) {
        try {
            return reached(fileOf(key))
                    .filter(BasicFileAttributes::isRegularFile)
                    .map(a -> new ObjectInfo(key, a.size(), null));
        } catch (IOException e) {
            throw failure("stat", key, e);
        }
    }

    /**
     * The attributes of {@code path} (under the root) when every folder on the way to it is a folder and none of it
     * is a symbolic link: a link in a run directory (to /etc/passwd, to another run) is never followed, it is absent.
     */
    private Optional<BasicFileAttributes> reached(Path path) throws IOException {
        Path at = root;
        // the root itself is whatever the caller chose, a link included
        BasicFileAttributes attributes = Files.readAttributes(root, BasicFileAttributes.class);
        if (path.equals(root)) {
            return Optional.of(attributes);
        }
        for (Path segment : root.relativize(path)) {
            if (!attributes.isDirectory()) {
                return Optional.empty();
            }
            at = at.resolve(segment);
            try {
                attributes = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return Optional.empty();
            }
        }
        return attributes.isSymbolicLink() ? Optional.empty() : Optional.of(attributes);
    }

    @Override
    public List<ObjectInfo> list(String prefix) {
        String safePrefix = prefix == null ? "" : prefix;
        if (!safePrefix.isEmpty()) {
            ObjectKeys.requireSafePath(
                    "prefix", safePrefix.endsWith("/") ? safePrefix.substring(0, safePrefix.length() - 1) : safePrefix);
        }
        // walk only the deepest folder the prefix names, then match the rest as a string (S3 semantics)
        int slash = safePrefix.lastIndexOf('/');
        Path base = slash < 0 ? root : root.resolve(safePrefix.substring(0, slash));
        try {
            if (reached(base).filter(BasicFileAttributes::isDirectory).isEmpty()) {
                return List.of();
            }
        } catch (IOException e) {
            throw failure("list", safePrefix, e);
        }
        // the walk does not follow links, and a link is not a regular file without following it
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
                    .filter(f -> !f.getFileName().toString().contains(TEMP_MARK))
                    .map(f -> new ObjectInfo(keyOf(f), sizeOf(f), null))
                    .filter(info -> info.key().startsWith(safePrefix))
                    .sorted(java.util.Comparator.comparing(ObjectInfo::key))
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw failure("list", safePrefix, e);
        }
    }

    private String keyOf(Path file) {
        return root.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void delete(Collection<String> keys) {
        for (String key : keys) {
            Path file = fileOf(key);
            try {
                Files.deleteIfExists(file);
                removeEmptyParents(file.getParent());
            } catch (IOException e) {
                throw failure("delete", key, e);
            }
        }
    }

    /** Folders exist only to hold objects; an emptied one goes too, as a prefix with no objects does in S3. */
    private void removeEmptyParents(Path dir) throws IOException {
        for (Path d = dir; d != null && d.startsWith(root) && !d.equals(root); d = d.getParent()) {
            try (Stream<Path> entries = Files.list(d)) {
                if (entries.findAny().isPresent()) {
                    return;
                }
            }
            Files.deleteIfExists(d);
        }
    }

    @Override
    public void allowAnonymousRead(String prefix) {
        ObjectKeys.requireSafePrefix("prefix", prefix);
    }

    /** A folder knows no ETag, but comparing with a file of the same size is one read. */
    @Override
    public boolean holds(ObjectInfo existing, byte[] content) {
        if (existing == null || existing.size() != content.length) {
            return false;
        }
        return get(existing.key()).map(bytes -> Arrays.equals(bytes, content)).orElse(false);
    }

    @Override
    public void close() {}

    private ObjectStoreException failure(String operation, String key, Exception e) {
        return new ObjectStoreException("cannot " + operation + " '" + key + "' in " + describe() + ": " + e, false, e);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the temporary file is never listed; leaving it behind loses nothing
        }
    }
}
