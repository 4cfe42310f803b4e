package io.isobench.runner.harness;

import io.isobench.result.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks the run directory before anything is measured, so a run never ends unable to save itself. */
public final class OutputDirectory {

    private OutputDirectory() {}

    public static Path prepare(Path dir, String option) {
        Path absolute = dir.toAbsolutePath().normalize();
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw new UsageException(option + " " + dir + ": exists and is not a directory");
        }
        if (Files.exists(absolute.resolve(RunLayout.RESULT_FILE))) {
            throw new UsageException(option + " " + dir + ": already holds a finished run (" + RunLayout.RESULT_FILE
                    + "); choose a new directory so nothing is overwritten");
        }
        try {
            Files.createDirectories(absolute);
            Path probe = Files.createTempFile(absolute, ".write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new UsageException(option + " " + dir + ": not writable ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        return absolute;
    }
}
