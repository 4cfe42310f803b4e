package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The decision rule at its edges (docs/compare.md); its figures on realistic inputs are held to the golden cases. */
class DecisionRuleTest {

    private static final List<Double> BASE = List.of(1000.0, 1012.0, 991.0, 1005.0, 997.0);

    @Test
    void aChangeIsReportedFromExactlyTheThresholdAndExactlyAlpha() {
        assertThat(DecisionRule.change(1.05, 0.05, 0.05)).isEqualTo(Change.SLOWER);
        assertThat(DecisionRule.change(Math.nextDown(1.05), 0.05, 0.05)).isEqualTo(Change.NO_CHANGE);
        assertThat(DecisionRule.change(1 / 1.05, 0.05, 0.05)).isEqualTo(Change.FASTER);
        assertThat(DecisionRule.change(Math.nextUp(1 / 1.05), 0.05, 0.05)).isEqualTo(Change.NO_CHANGE);
        assertThat(DecisionRule.change(2, Math.nextUp(0.05), 0.05)).isEqualTo(Change.NO_CHANGE);
        assertThat(DecisionRule.change(0.5, Math.nextUp(0.05), 0.05)).isEqualTo(Change.NO_CHANGE);
    }

    @Test
    void theThresholdMustBeAFractionOfAtLeastZero() {
        List<PercentileSample> one = List.of(new PercentileSample("s", "p50", BASE, BASE));
        assertThatThrownBy(() -> DecisionRule.decide(one, -0.01))
                .hasMessage("threshold -0.01 is not a fraction of at least 0");
        assertThatThrownBy(() -> DecisionRule.decide(one, Double.NaN))
                .hasMessage("threshold NaN is not a fraction of at least 0");
        assertThatThrownBy(() -> DecisionRule.decide(one, Double.POSITIVE_INFINITY))
                .hasMessageContaining("threshold Infinity");
        assertThat(DecisionRule.decide(one, 0)).hasSize(1);
    }

    @Test
    void belowThreeRepetitionsInEitherRunItSaysTooFewAndTestsNothing() {
        List<Double> two = List.of(1000.0, 2000.0);
        List<Double> three = List.of(1000.0, 2000.0, 1500.0);
        assertThat(DecisionRule.decide(List.of(new PercentileSample("s", "p50", two, BASE)), 0.05)
                        .getFirst()
                        .change())
                .isEqualTo(Change.TOO_FEW_REPETITIONS);
        assertThat(DecisionRule.decide(List.of(new PercentileSample("s", "p50", BASE, two)), 0.05)
                        .getFirst()
                        .change())
                .isEqualTo(Change.TOO_FEW_REPETITIONS);
        assertThat(DecisionRule.decide(List.of(new PercentileSample("s", "p50", three, three)), 0.05)
                        .getFirst()
                        .p())
                .isEqualTo(1.0);
        PercentileVerdict few = DecisionRule.decide(
                        List.of(new PercentileSample("s", "p99", List.of(100.0), List.of(400.0))), 0.05)
                .getFirst();
        assertThat(few)
                .isEqualTo(new PercentileVerdict(
                        "s", "p99", 1, 1, few.ratio(), null, null, null, null, Change.TOO_FEW_REPETITIONS));
        assertThat(few.ratio()).isCloseTo(4, within(1e-12));
        assertThat(DecisionRule.decide(List.of(new PercentileSample("s", "p50", List.of(), BASE)), 0.05)
                        .getFirst()
                        .ratio())
                .isNull();
        assertThat(DecisionRule.decide(List.of(new PercentileSample("s", "p50", BASE, List.of())), 0.05)
                        .getFirst()
                        .ratio())
                .isNull();
    }

    @Test
    void anEmptyComparisonDecidesNothing() {
        assertThat(DecisionRule.decide(List.of(), 0.05)).isEmpty();
    }

    @Test
    void holmMultipliesTheSmallestPByTheFamilySizeAndNeverLetsALargerPFallBelowASmallerOne() {
        assertThat(Holm.adjust(new double[] {0.01, 0.04, 0.03})).containsExactly(0.03, 0.06, 0.06);
        assertThat(Holm.adjust(new double[] {0.2, 0.001})).containsExactly(0.2, 0.002);
        assertThat(Holm.adjust(new double[] {0.6, 0.7})).containsExactly(1.0, 1.0);
        assertThat(Holm.adjust(new double[] {0.04})).containsExactly(0.04);
        assertThat(Holm.adjust(new double[0])).isEmpty();
    }

    @Test
    void aLatencyThatIsNoPositiveNumberIsRefusedNamingRunRepetitionAndValue() {
        double[] ok = {1, 2, 3};
        assertThatThrownBy(() -> WelchLogTest.test(new double[] {1, 0, 3}, ok, 0.95))
                .hasMessage("run A repetition 2: value 0.0 is not a positive latency");
        assertThatThrownBy(() -> WelchLogTest.test(ok, new double[] {1, 2, Double.NaN}, 0.95))
                .hasMessage("run B repetition 3: value NaN is not a positive latency");
        assertThatThrownBy(() -> WelchLogTest.test(ok, new double[] {Double.POSITIVE_INFINITY, 2}, 0.95))
                .hasMessage("run B repetition 1: value Infinity is not a positive latency");
        assertThatThrownBy(() -> WelchLogTest.test(ok, new double[] {-4, 2}, 0.95))
                .hasMessageContaining("value -4.0");
        assertThatThrownBy(() -> WelchLogTest.test(new double[] {5}, ok, 0.95))
                .hasMessage("run A has 1 repetition(s): the test needs at least 2");
        assertThatThrownBy(() -> WelchLogTest.test(ok, new double[0], 0.95))
                .hasMessage("run B has 0 repetition(s): the test needs at least 2");
    }

    @Test
    void theIntervalWidensWithItsConfidenceAndHoldsTheRatio() {
        double[] a = {1000, 1012, 991, 1005, 997};
        double[] b = {1101, 1109, 1093, 1112, 1097};
        WelchLogTest.Result r95 = WelchLogTest.test(a, b, 0.95);
        WelchLogTest.Result r99 = WelchLogTest.test(a, b, 0.99);
        assertThat(r99.low()).isLessThan(r95.low());
        assertThat(r99.high()).isGreaterThan(r95.high());
        assertThat(r95.low()).isLessThan(r95.ratio());
        assertThat(r95.high()).isGreaterThan(r95.ratio());
        assertThat(r95.df()).isGreaterThan(4).isLessThan(8);
    }

    @Test
    void verdictsReadAsUsersReadThem() {
        assertThat(Change.ofText("too few repetitions to tell")).isEqualTo(Change.TOO_FEW_REPETITIONS);
        for (Change c : Change.values()) {
            assertThat(Change.ofText(c.text())).isEqualTo(c);
        }
        assertThatThrownBy(() -> Change.ofText("worse")).hasMessageContaining("verdict 'worse' is none of");
    }
}
