package io.isobench.runner.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a class's code is: the jar, or the class-path directory, its class file is read from. Found through the class
 * file as its loader finds it, not through the class's code source: a class loaded from the runner's class-data archive
 * (images/runner-cds.sh) has a code source that names no location.
 */
public final class ClassOrigin {

    private ClassOrigin() {}

    /** The jar or directory of the class path that holds {@code type}'s class file; empty when it is neither. */
    public static Optional<Path> of(Class<?> type) {
        String classFile = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader();
        URL url = loader == null ? ClassLoader.getSystemResource(classFile) : loader.getResource(classFile);
        if (url == null) {
            return Optional.empty();
        }
        try {
            return switch (url.getProtocol()) {
                case "jar" ->
                    Optional.of(Path.of(((JarURLConnection) url.openConnection())
                            .getJarFileURL()
                            .toURI()));
                case "file" -> {
                    Path path = Path.of(url.toURI());
                    for (int depth = classFile.split("/").length; depth > 0; depth--) {
                        path = path.getParent();
                    }
                    yield Optional.of(path);
                }
                default -> Optional.empty();
            };
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read where " + type.getName() + " comes from (" + url + ")", e);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
