package io.isobench.runner.cli;

import io.isobench.runner.harness.RunnerInstallation;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.platform.ClassOrigin;
import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * installation: copies this runner as its image holds it — Java runtime, runner jar, libraries, plugins — into a
 * directory another runner can start variants from ({@code --variant NAME=--installation=DIR}). The operator runs it as
 * an init container of each variant's image (spec.variants[].image), into a volume the runner's container reads.
 */
@Command(
        name = "installation",
        mixinStandardHelpOptions = true,
        description = {
            "Copies this runner (its Java runtime, jars and plugins) into DIR, for another run's variant to start from.",
            "That run names it --variant NAME=--installation=DIR. Only an installed runner (an image's) can be copied."
        })
final class InstallationCommand implements Callable<Integer> {

    @Option(
            names = "--copy-to",
            paramLabel = "DIR",
            required = true,
            description = "Where to copy it: a directory that does not exist yet or is empty.")
    Path copyTo;

    @Option(
            names = "--image",
            paramLabel = "REF",
            description = "The image this runner is in, recorded with the copy (result.json names it for the variant).")
    String image;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path jar = runnerJar();
        List<Path> classPath = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(Path::of)
                .toList();
        RunnerInstallation copied = RunnerInstallation.copy(
                Path.of(System.getProperty("java.home")),
                jar.getParent(),
                classPath,
                copyTo.toAbsolutePath().normalize(),
                image,
                Runtime.version().toString());
        PrintWriter out = spec.commandLine().getOut();
        out.println("installation: " + copied.describe() + " copied to " + copied.dir() + ": " + copied.java()
                + ", class path " + copied.classPathArgument());
        out.flush();
        return 0;
    }

    /** The jar this runner's code is in: a runner run from a build's classes has no installation to copy. */
    private static Path runnerJar() {
        Path code = ClassOrigin.of(RunnerMain.class)
                .orElseThrow(() -> new UsageException(
                        "cannot tell where this runner's code is: its class file is in no jar or directory"));
        if (!Files.isRegularFile(code) || !code.getFileName().toString().endsWith(".jar")) {
            throw new UsageException("this runner runs from " + code + ", not from an installed jar: only an installed "
                    + "runner (an image's /opt/isobench) can be copied");
        }
        return code;
    }
}
