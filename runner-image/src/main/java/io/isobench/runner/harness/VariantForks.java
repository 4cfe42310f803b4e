package io.isobench.runner.harness;

import io.isobench.result.StepResult;
import io.isobench.result.VariantRounds;
import io.isobench.target.spi.Target;
import java.nio.file.Path;
import java.util.List;

/** Runs several variants elsewhere (fresh JVMs) and hands back their steps, files moved into {@code runDir}. */
public interface VariantForks {

    /**
     * Runs every variant's sweep {@code settings.repetitions().most()} times, interleaved in rounds (each round runs
     * every variant once, in an order drawn at random), so a machine that drifts during the run drifts for every variant
     * alike.
     */
    InterleavedRun runInterleaved(Target target, List<String> variants, RunSettings settings, Path runDir)
            throws InterruptedException;

    /**
     * @param steps  every variant's steps, variant by variant
     * @param rounds the order each round ran the variants in, and the seed it was drawn from
     */
    record InterleavedRun(List<StepResult> steps, VariantRounds rounds) {}
}
