package io.isobench.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Objects under keys, S3-style: a bucket ({@link MinioObjectStore}) or a folder ({@link LocalDirectoryStore})
 * with the same semantics, so the uploader and the publisher are written once. Keys are '/'-separated
 * safe paths ({@link ObjectKeys}); a prefix is matched as a string, as S3 does. Failures throw
 * {@link ObjectStoreException}, which says whether a retry can help.
 */
public interface ObjectStore extends UploadTarget {

    /** Where this store is, for messages: {@code s3://bucket at http://host:port} or {@code folder /path}; never credentials. */
    @Override
    String describe();

    /** Stores {@code content} under {@code key}, replacing any object there; readers never see half an object. */
    @Override
    void put(String key, byte[] content, String contentType);

    /** Stores the file's bytes under {@code key}. */
    void putFile(String key, Path file, String contentType);

    /** What {@link #get(String)} reads at most: objects this program wrote itself (site index, catalog, summaries). */
    long MAX_READ_BYTES = 64L * 1024 * 1024;
    /** The largest cap a read takes: the bytes one array holds. */
    long MAX_CAP = Integer.MAX_VALUE - 16;

    /**
     * The object's bytes as a stream (the caller closes it), or empty when there is no object under {@code key}.
     * Read objects through {@link #get(String, long)}, which bounds what a stream may deliver.
     */
    Optional<InputStream> open(String key);

    /** The object's bytes, at most {@link #MAX_READ_BYTES}; for what a runner uploaded use {@link #get(String, long)} with its cap. */
    default Optional<byte[]> get(String key) {
        return get(key, MAX_READ_BYTES);
    }

    /**
     * The object's bytes, or empty when there is no object under {@code key}. Its size is checked first (stat) and the
     * stream is read only up to {@code maxBytes}, so a store (or a replaced object) that sends more than its stat said
     * costs at most the cap: either way {@link ObjectTooLargeException}, naming the key, the size and the cap.
     */
    default Optional<byte[]> get(String key, long maxBytes) {
        if (maxBytes < 0 || maxBytes > MAX_CAP) {
            throw new IllegalArgumentException(
                    "read cap " + maxBytes + " bytes for '" + key + "' is not between 0 and " + MAX_CAP);
        }
        Optional<ObjectInfo> info = stat(key);
        if (info.isEmpty()) {
            return Optional.empty();
        }
        if (info.get().size() > maxBytes) {
            throw ObjectTooLargeException.of(key, describe(), info.get().size(), maxBytes);
        }
        Optional<InputStream> stream = open(key);
        if (stream.isEmpty()) {
            return Optional.empty(); // removed between the stat and the read
        }
        try (InputStream in = stream.get()) {
            byte[] bytes = in.readNBytes((int) maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw ObjectTooLargeException.longerThanStated(
                        key, describe(), info.get().size(), maxBytes);
            }
            return Optional.of(bytes);
        } catch (IOException e) {
            // a connection lost mid-body: another try may get the whole object
            throw new ObjectStoreException("cannot read '" + key + "' in " + describe() + ": " + e, true, e);
        }
    }

    /** The object's size and ETag, or empty when there is none. */
    @Override
    Optional<ObjectInfo> stat(String key);

    default boolean exists(String key) {
        return stat(key).isPresent();
    }

    /** Every object whose key starts with {@code prefix}, at any depth, sorted by key. */
    List<ObjectInfo> list(String prefix);

    /**
     * How many writes this store takes at once to good effect. A folder's writes wait on this machine's CPUs (the file
     * system's work is theirs), so twice their number, at least 4; more only queue.
     */
    default int writesAtOnce() {
        return Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    }

    /** Removes these objects; keys with no object are ignored. */
    void delete(Collection<String> keys);

    /** Removes every object whose key starts with {@code prefix}; returns how many were removed. */
    default int deletePrefix(String prefix) {
        List<String> keys = list(prefix).stream().map(ObjectInfo::key).toList();
        delete(keys);
        return keys.size();
    }

    /**
     * Makes the objects under {@code prefix} (and nothing else) readable without credentials, read-only,
     * replacing any earlier access policy. A folder has no access policy: whoever serves it decides.
     */
    void allowAnonymousRead(String prefix);

    @Override
    void close();

    static String md5Hex(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is missing from this JVM", e);
        }
    }
}
