package io.isobench.runner.harness;

import io.isobench.result.StepResult;
import io.isobench.target.spi.Target;
import java.nio.file.Path;
import java.util.List;

/** Runs several variants elsewhere (fresh JVMs) and hands back their steps, files moved into {@code runDir}. */
public interface VariantForks {

    /**
     * Runs every variant's sweep {@code settings.repetitions().most()} times, interleaved in rounds (each round runs
     * every variant once), so a machine that drifts during the run drifts for every variant alike.
     */
    List<StepResult> runInterleaved(Target target, List<String> variants, RunSettings settings, Path runDir)
            throws InterruptedException;
}
