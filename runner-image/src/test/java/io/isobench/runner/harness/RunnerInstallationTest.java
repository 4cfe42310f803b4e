package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner copied as its image holds it ({@code installation --copy-to}) and read back where it is mounted: its java
 * stays executable, its class path keeps its order and stays inside the copy, and what is not an installation, or
 * would reach outside one, is refused naming the file, the field and the value.
 */
class RunnerInstallationTest {

    @TempDir
    Path dir;

    /** An image's layout: /opt/java (a runtime) and /opt/isobench (the runner's jar, its libraries, the plugins). */
    private Path image() throws IOException {
        Path opt = dir.resolve("image/opt");
        Path java = opt.resolve("java/bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(opt.resolve("java/lib"));
        Files.writeString(opt.resolve("java/lib/modules"), "modules");
        for (String jar : List.of("isobench-runner.jar", "lib/picocli.jar", "plugins/quote-codec.jar")) {
            Files.createDirectories(opt.resolve("isobench").resolve(jar).getParent());
            Files.writeString(opt.resolve("isobench").resolve(jar), jar);
        }
        return opt;
    }

    @Test
    void aCopyKeepsTheRuntimeTheJarsAndTheClassPathOrderAndIsReadWhereItIs() throws IOException {
        Path opt = image();
        Path to = dir.resolve("variants/next");
        RunnerInstallation copied = RunnerInstallation.copy(
                opt.resolve("java"),
                opt.resolve("isobench"),
                List.of(
                        opt.resolve("isobench/isobench-runner.jar"),
                        opt.resolve("isobench/plugins/quote-codec.jar"),
                        opt.resolve("isobench/extra/*")),
                to,
                "registry.example.com/team/quote-codec:1.1.0",
                "25.0.1+8");

        assertThat(copied.java()).isEqualTo(to.resolve("java/bin/java")).isExecutable();
        assertThat(to.resolve("java/lib/modules")).hasContent("modules");
        assertThat(to.resolve("app/lib/picocli.jar"))
                .as("the runner jar's own libraries (its manifest's Class-Path) come along")
                .hasContent("lib/picocli.jar");
        assertThat(copied.classPath())
                .as("a wildcard that matched no jar (the JVM keeps it as written) holds nothing to copy")
                .containsExactly(to.resolve("app/isobench-runner.jar"), to.resolve("app/plugins/quote-codec.jar"));
        assertThat(copied.describe()).isEqualTo("registry.example.com/team/quote-codec:1.1.0 (Java 25.0.1+8)");
        assertThat(Files.readString(to.resolve(RunnerInstallation.FILE)))
                .as("paths relative to the copy: the client mounts it where it likes")
                .contains("\"java\" : \"java/bin/java\"")
                .doesNotContain(to.toString());

        // read where it is mounted, after a move
        Path mounted = dir.resolve("elsewhere");
        Files.move(to, mounted);
        RunnerInstallation read = RunnerInstallation.read(mounted);
        assertThat(read.java()).isEqualTo(mounted.resolve("java/bin/java"));
        assertThat(read.classPathArgument())
                .isEqualTo(mounted.resolve("app/isobench-runner.jar") + ":"
                        + mounted.resolve("app/plugins/quote-codec.jar"));
    }

    /**
     * Its JVMs start from its java and jars with this runner's flags, all but the one naming this runner's class-data
     * archive (images/runner-cds.sh): made for this runtime and these jars, the other JVM would refuse it at every start.
     */
    @Test
    void itsJvmsTakeThisRunnersFlagsButNotThisRunnersClassArchive() throws IOException {
        Path opt = image();
        RunnerInstallation next = RunnerInstallation.copy(
                opt.resolve("java"),
                opt.resolve("isobench"),
                List.of(opt.resolve("isobench/isobench-runner.jar")),
                dir.resolve("variants/next"),
                null,
                "25.0.1+8");
        List<String> ours = List.of(
                "/opt/java/bin/java",
                "--enable-native-access=ALL-UNNAMED",
                "-Xms1g",
                "-XX:SharedArchiveFile=/opt/isobench/isobench-runner.jsa",
                "-XX:+AlwaysPreTouch",
                "-cp",
                "/opt/isobench/isobench-runner.jar:/opt/isobench/plugins/*",
                "io.isobench.runner.cli.RunnerMain");

        assertThat(next.command(ours))
                .containsExactly(
                        next.java().toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xms1g",
                        "-XX:+AlwaysPreTouch",
                        "-cp",
                        next.classPathArgument(),
                        "io.isobench.runner.cli.RunnerMain");
        assertThat(ours).as("this runner's own command is left as it is").hasSize(8);
    }

    @Test
    void onlyAnInstalledRunnerIsCopiedAndNeverOverAnotherCopy() throws IOException {
        Path opt = image();
        Path outside = dir.resolve("target/classes");
        Files.createDirectories(outside);
        assertThatThrownBy(() -> RunnerInstallation.copy(
                        opt.resolve("java"),
                        opt.resolve("isobench"),
                        List.of(opt.resolve("isobench/isobench-runner.jar"), outside),
                        dir.resolve("copy"),
                        null,
                        "25"))
                .isInstanceOf(UsageException.class)
                .hasMessage("class path entry " + outside + " is not in " + opt.resolve("isobench")
                        + ", the runner's folder: only an installed runner (an image's /opt/isobench) can be copied");

        Path used = dir.resolve("used");
        Files.createDirectories(used);
        Files.writeString(used.resolve("installation.json"), "{}");
        assertThatThrownBy(() -> RunnerInstallation.copy(
                        opt.resolve("java"),
                        opt.resolve("isobench"),
                        List.of(opt.resolve("isobench/isobench-runner.jar")),
                        used,
                        null,
                        "25"))
                .isInstanceOf(UsageException.class)
                .hasMessage("--copy-to '" + used + "': not empty; give a new directory");
    }

    @Test
    void whatIsNotAnInstallationOrReachesOutsideItIsRefusedNamingFieldAndValue() throws IOException {
        Path opt = image();
        Path copy = dir.resolve("copy");
        RunnerInstallation.copy(
                opt.resolve("java"),
                opt.resolve("isobench"),
                List.of(opt.resolve("isobench/isobench-runner.jar")),
                copy,
                null,
                "25");
        Path file = copy.resolve(RunnerInstallation.FILE);
        String written = Files.readString(file);

        assertThatThrownBy(() -> RunnerInstallation.read(dir.resolve("nothing")))
                .hasMessage(dir.resolve("nothing/installation.json") + " does not exist: not a runner installation (an"
                        + " image's runner writes one with isobench-runner installation --copy-to DIR)");

        Files.writeString(file, written.replace("\"java/bin/java\"", "\"../image/opt/java/bin/java\""));
        assertThatThrownBy(() -> RunnerInstallation.read(copy))
                .hasMessage(
                        file + ": java '../image/opt/java/bin/java' must be a path relative to the installation, inside"
                                + " it");

        Files.writeString(file, written.replace("\"app/isobench-runner.jar\"", "\"/etc/passwd\""));
        assertThatThrownBy(() -> RunnerInstallation.read(copy))
                .hasMessage(file + ": classPath '/etc/passwd' must be a path relative to the installation, inside it");

        Files.writeString(file, written.replace("\"app/isobench-runner.jar\"", "\"app/gone.jar\""));
        assertThatThrownBy(() -> RunnerInstallation.read(copy))
                .hasMessage(file + ": classPath 'app/gone.jar' does not exist in " + copy);

        Files.writeString(file, written.replace("\"java/bin/java\"", "\"java/lib/modules\""));
        assertThatThrownBy(() -> RunnerInstallation.read(copy))
                .hasMessage(file + ": java 'java/lib/modules' is not an executable file in " + copy);

        Files.writeString(file, written.replace("\"formatVersion\" : 1", "\"formatVersion\" : 2"));
        assertThatThrownBy(() -> RunnerInstallation.read(copy))
                .hasMessage(file + ": formatVersion 2 is not one this runner reads (1)");
    }
}
