package io.isobench.runner.harness;

import io.isobench.result.Load;
import io.isobench.result.RunLayout;

/** One step to run: an implementation under test at one load. */
public record StepPlan(String target, String variant, Load load, String label) {

    public String id() {
        return RunLayout.stepId(variant, load);
    }
}
