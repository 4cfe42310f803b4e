package io.isobench.runner.harness;

import io.isobench.result.RepetitionResult;
import io.isobench.result.StepResult;
import org.HdrHistogram.Histogram;

/** Where the rig reports progress: a terminal line, machine-readable log lines, or nowhere. */
public interface Progress {

    void repetitionStarted(StepPlan step, int repetition, int repetitions);

    /** Once per interval of the measured window, from the monitor thread. */
    void interval(
            StepPlan step,
            int repetition,
            long elapsedNanos,
            long durationNanos,
            Histogram interval,
            long completedInInterval);

    void repetitionFinished(StepPlan step, RepetitionResult result);

    void stepFinished(StepResult result);

    /** Something the user must know (pinning impossible, shared CPUs). */
    void warn(String message);

    Progress NONE = new Progress() {
        @Override
        public void repetitionStarted(StepPlan step, int repetition, int repetitions) {}

        @Override
        public void interval(
                StepPlan step,
                int repetition,
                long elapsedNanos,
                long durationNanos,
                Histogram interval,
                long completedInInterval) {}

        @Override
        public void repetitionFinished(StepPlan step, RepetitionResult result) {}

        @Override
        public void stepFinished(StepResult result) {}

        @Override
        public void warn(String message) {}
    };
}
