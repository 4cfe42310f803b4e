package io.isobench.runner.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Where a class's code is, read from its class file as its loader finds it. The case it exists for, a class loaded from
 * the runner's class-data archive (whose code source names no location), is images/test.sh's: the image's runner copies
 * its installation and prints its peers' versions as its entrypoint starts it.
 */
class ClassOriginTest {

    @Test
    void aClassFromAJarIsInThatJar() {
        Path jar = ClassOrigin.of(CommandLine.class).orElseThrow();

        assertThat(jar).isRegularFile();
        assertThat(jar.getFileName().toString()).matches("picocli-[0-9.]+\\.jar");
    }

    @Test
    void aClassFromADirectoryOfTheClassPathIsInThatDirectory() {
        Path directory = ClassOrigin.of(ClassOrigin.class).orElseThrow();

        assertThat(directory).isDirectory();
        assertThat(Files.isRegularFile(directory.resolve("io/isobench/runner/platform/ClassOrigin.class")))
                .isTrue();
    }

    @Test
    void aClassOfTheRuntimeIsInNoJarOrDirectory() {
        assertThat(ClassOrigin.of(String.class)).isEmpty();
    }
}
