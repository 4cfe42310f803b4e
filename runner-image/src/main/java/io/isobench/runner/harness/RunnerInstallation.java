package io.isobench.runner.harness;

import com.fasterxml.jackson.databind.JsonNode;
import io.isobench.result.ResultJson;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Another runner image's Java runtime and jars, copied into a directory of this pod, so that a variant can run in JVMs
 * of that image's making on this container's CPUs (docs/contracts.md § Variants, {@code --installation=DIR}): a user's
 * next build of their plugin against the current one, interleaved round by round on the same node. An init container
 * running the other image writes it ({@code isobench-runner installation --copy-to DIR}); the variant's JVMs then start
 * from {@code DIR}'s java with {@code DIR}'s class path and this run's JVM flags.
 *
 * @param dir         where it is
 * @param java        its java executable
 * @param classPath   its class path: the runner's jar, then its plugins, as its image's entrypoint has them
 * @param image       the image it was copied from, as the copy was told (null when not told)
 * @param javaVersion its runtime's version
 */
public record RunnerInstallation(Path dir, Path java, List<Path> classPath, String image, String javaVersion) {

    /** What {@code DIR} holds besides the copies: where the java executable and the class path are, relative to it. */
    public static final String FILE = "installation.json";

    public static final int FORMAT_VERSION = 1;

    private static final String CLASS_ARCHIVE_FLAG = "-XX:SharedArchiveFile=";

    public RunnerInstallation {
        classPath = List.copyOf(classPath);
    }

    /** The class path as the {@code -cp} argument takes it. */
    public String classPathArgument() {
        return String.join(
                File.pathSeparator, classPath.stream().map(Path::toString).toList());
    }

    /**
     * A command line of this runner's JVM ({@link JvmVariantForks#currentJvm}: java, flags, {@code -cp}, class path, main
     * class) as this installation runs it: its java and its class path, with the same flags (the images share a base),
     * except the one that names this runner's class-data archive (images/runner-cds.sh): that archive was made for this
     * runtime and these jars, and the installation's JVM would refuse it at every start.
     */
    public List<String> command(List<String> thisRunners) {
        List<String> command = new ArrayList<>(thisRunners);
        command.set(0, java.toString());
        command.set(command.size() - 2, classPathArgument());
        command.removeIf(flag -> flag.startsWith(CLASS_ARCHIVE_FLAG));
        return command;
    }

    /** How result.json's config shows it: the image it came from when known, else where it is, and its Java. */
    public String describe() {
        return (image == null ? dir.toString() : image) + " (Java " + javaVersion + ")";
    }

    /**
     * Reads the installation in {@code dir}; refused (naming the file and what is wrong) when it is not one, or when its
     * paths leave it or name nothing.
     */
    public static RunnerInstallation read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new UsageException(file + " does not exist: not a runner installation (an image's runner writes one"
                    + " with isobench-runner installation --copy-to DIR)");
        }
        JsonNode json;
        try {
            json = ResultJson.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new UsageException(file + ": not a runner installation: " + e.getMessage());
        }
        if (json.path("formatVersion").asInt() != FORMAT_VERSION) {
            throw new UsageException(file + ": formatVersion " + json.path("formatVersion")
                    + " is not one this runner reads (" + FORMAT_VERSION + ")");
        }
        Path java = inside(dir, file, "java", json.path("java").asText(""));
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new UsageException(
                    file + ": java '" + json.path("java").asText() + "' is not an executable file in " + dir);
        }
        List<Path> classPath = new ArrayList<>();
        for (JsonNode entry : json.path("classPath")) {
            Path path = inside(dir, file, "classPath", entry.asText(""));
            if (!Files.exists(path)) {
                throw new UsageException(file + ": classPath '" + entry.asText() + "' does not exist in " + dir);
            }
            classPath.add(path);
        }
        if (classPath.isEmpty()) {
            throw new UsageException(file + ": classPath names nothing");
        }
        String image = json.hasNonNull("image") ? json.get("image").asText() : null;
        return new RunnerInstallation(
                dir, java, classPath, image, json.path("javaVersion").asText("unknown"));
    }

    /** A relative path that stays in {@code dir}: the installation is read where it is mounted, not where it was made. */
    private static Path inside(Path dir, Path file, String field, String relative) {
        Path path = relative.isEmpty() ? null : dir.resolve(relative).normalize();
        if (path == null || Path.of(relative).isAbsolute() || !path.startsWith(dir.normalize())) {
            throw new UsageException(
                    file + ": " + field + " '" + relative + "' must be a path relative to the installation, inside it");
        }
        return path;
    }

    /**
     * Copies a runner as its image holds it into {@code to}: the Java runtime into {@code java/}, the folder of the
     * runner's jar (its libraries, plugins) into {@code app/}, and {@link #FILE} naming the two.
     *
     * @param javaHome  the runtime to copy (this JVM's java.home)
     * @param appRoot   the folder every class path entry is in
     * @param classPath this JVM's class path, in order (an entry that does not exist is left out)
     * @param to        a directory that does not exist yet or is empty
     * @param image     the image being copied, to be recorded (null when not known)
     */
    public static RunnerInstallation copy(
            Path javaHome, Path appRoot, List<Path> classPath, Path to, String image, String javaVersion) {
        List<String> relative = new ArrayList<>();
        for (Path entry : classPath) {
            if (!Files.exists(entry)) {
                // holds no classes, and the JVM passes over it too: a plugins/* that matched no jar stays as written
                continue;
            }
            Path normalized = entry.toAbsolutePath().normalize();
            if (!normalized.startsWith(appRoot.toAbsolutePath().normalize())) {
                throw new UsageException("class path entry " + entry + " is not in " + appRoot
                        + ", the runner's folder: only an installed runner (an image's /opt/isobench) can be copied");
            }
            relative.add("app/"
                    + appRoot.toAbsolutePath()
                            .normalize()
                            .relativize(normalized)
                            .toString()
                            .replace('\\', '/'));
        }
        if (!Files.isExecutable(javaHome.resolve("bin").resolve("java"))) {
            throw new UsageException(javaHome + " has no bin/java to copy");
        }
        try {
            if (Files.exists(to)) {
                try (Stream<Path> entries = Files.list(to)) {
                    if (entries.findAny().isPresent()) {
                        throw new UsageException("--copy-to '" + to + "': not empty; give a new directory");
                    }
                }
            }
            Files.createDirectories(to);
            copyTree(javaHome, to.resolve("java"));
            copyTree(appRoot, to.resolve("app"));
            Installed installed = new Installed(FORMAT_VERSION, image, javaVersion, "java/bin/java", relative);
            Files.writeString(to.resolve(FILE), ResultJson.toJson(installed));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the runner to " + to + ": " + e.getMessage(), e);
        }
        return read(to);
    }

    /** {@link #FILE} as written (no image when not told: the canonical mapper leaves nulls out). */
    record Installed(int formatVersion, String image, String javaVersion, String java, List<String> classPath) {}

    /** Files keep their permissions (java's executables stay executable); links are copied as what they point to. */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from, FileVisitOption.FOLLOW_LINKS)) {
            for (Path source : paths.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
