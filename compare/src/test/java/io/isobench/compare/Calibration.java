package io.isobench.compare;

import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.hipparchus.stat.StatUtils;

/**
 * The decision rule's error rate on real repetitions of one build (docs/compare.md § Calibration). Each split draws, for
 * every step, two disjoint sets of {@code repetitions} repetitions at random (A and B) and compares the two runs they make,
 * every step and percentile, as isobench-runner compare does.
 * <ul>
 *   <li>False positives: the share of run comparisons that report any change, though A and B are the same build.</li>
 *   <li>Power: B's latencies scaled by {@code factor}; the share of (split, step) pairs whose p50 is reported slower.</li>
 * </ul>
 */
final class Calibration {

    /** A recorded run: each measured step's OK repetitions. */
    record RecordedRun(String name, List<StepResult> steps) {
        int smallestStep() {
            return steps.stream().mapToInt(s -> s.repetitions().size()).min().orElse(0);
        }

        /** How much p50 varies from one repetition to the next: its coefficient of variation, per step. */
        String p50Spread() {
            return steps.stream()
                    .map(s -> {
                        double[] v = PercentileSample.values(RepetitionValues.of(s, "p50"));
                        return String.format(
                                Locale.ROOT, "%.0f %%", 100 * Math.sqrt(StatUtils.variance(v)) / StatUtils.mean(v));
                    })
                    .collect(Collectors.joining(", "));
        }
    }

    record Figures(String run, int repetitions, int splits, int comparisons, double anyChange, double p50Detected) {}

    private Calibration() {}

    /** A run recorded under recorded/ (see recorded/README.md): its steps, each with its OK repetitions that measured something. */
    static RecordedRun recorded(String name) {
        try (InputStream in = Calibration.class.getResourceAsStream("recorded/" + name + ".json")) {
            if (in == null) {
                throw new IllegalStateException("recorded/" + name + ".json is missing from compare's test resources");
            }
            RunResult run = ResultJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            List<StepResult> steps = run.steps().stream()
                    .map(s -> new StepResult(
                            s.id(),
                            s.label(),
                            s.variant(),
                            s.load(),
                            s.measure(),
                            s.repetitions().stream()
                                    .filter(r -> r.verdict() == Verdict.OK
                                            && r.latency().count() > 0)
                                    .toList(),
                            s.merged(),
                            s.verdict(),
                            s.reason()))
                    .toList();
            return new RecordedRun(name, steps);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code splits} random A/B splits of {@code repetitions} each; B's latencies times {@code factor} (1: the A/A test). */
    static Figures run(RecordedRun run, int repetitions, int splits, double factor, long seed) {
        return run(
                run,
                repetitions,
                splits,
                factor,
                seed,
                samples -> DecisionRule.decide(samples, DecisionRule.DEFAULT_THRESHOLD));
    }

    /** The same for another rule: the calibration must be able to tell a rule that does not hold its error rate. */
    static Figures run(
            RecordedRun run,
            int repetitions,
            int splits,
            double factor,
            long seed,
            Function<List<PercentileSample>, List<PercentileVerdict>> rule) {
        Random random = new Random(seed);
        int anyChange = 0;
        int p50Detected = 0;
        int comparisons = 0;
        for (int split = 0; split < splits; split++) {
            List<PercentileSample> samples = new ArrayList<>();
            for (StepResult step : run.steps()) {
                List<Integer> order = IntStream.range(0, step.repetitions().size())
                        .boxed()
                        .collect(ArrayList::new, List::add, List::addAll);
                Collections.shuffle(order, random);
                for (String p : DecisionRule.PERCENTILES) {
                    List<Double> all = RepetitionValues.of(step, p);
                    samples.add(new PercentileSample(
                            step.id(),
                            p,
                            pick(all, order.subList(0, repetitions), 1),
                            pick(all, order.subList(repetitions, 2 * repetitions), factor)));
                }
            }
            List<PercentileVerdict> verdicts = rule.apply(samples);
            comparisons = verdicts.size();
            if (verdicts.stream().anyMatch(v -> v.change() == Change.SLOWER || v.change() == Change.FASTER)) {
                anyChange++;
            }
            p50Detected += (int) verdicts.stream()
                    .filter(v -> v.percentile().equals("p50") && v.change() == Change.SLOWER)
                    .count();
        }
        return new Figures(
                run.name(),
                repetitions,
                splits,
                comparisons,
                (double) anyChange / splits,
                (double) p50Detected / ((long) splits * run.steps().size()));
    }

    private static List<Double> pick(List<Double> values, List<Integer> indices, double factor) {
        return indices.stream().map(i -> values.get(i) * factor).toList();
    }
}
