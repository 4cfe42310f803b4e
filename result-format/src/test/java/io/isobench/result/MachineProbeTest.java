package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The stalled share: what the jitter probes say about how far up a window's percentiles are the target's. */
class MachineProbeTest {

    private static final long SECOND = 1_000_000_000;

    private static MachineProbe.Jitter cpu(int cpu, long durationNanos, long stalledNanos) {
        return new MachineProbe.Jitter(cpu, durationNanos, stalledNanos, 1, stalledNanos);
    }

    @Test
    void theSharesOfTheMeasuredCpusAddUpEachAtMostAllOfItsTime() {
        MachineProbe two = new MachineProbe(null, List.of(cpu(0, SECOND, SECOND / 50), cpu(1, SECOND, SECOND / 100)));
        MachineProbe outlasted =
                new MachineProbe(null, List.of(cpu(0, SECOND, 3 * SECOND), cpu(1, SECOND, SECOND / 4)));

        assertThat(two.stalledShare()).isCloseTo(0.03, within(1e-12));
        assertThat(outlasted.stalledShare())
                .as("a stall that outlasts the probe is all of that CPU's time, not three times it")
                .isCloseTo(1.25, within(1e-12));
    }

    @Test
    void withoutAJitterFigureThereIsNoShare() {
        assertThat(new MachineProbe(null, List.of()).stalledShare()).isNaN();
        assertThat(new MachineProbe(null, null).stalledShare()).isNaN();
        assertThat(new MachineProbe(null, List.of(cpu(0, 0, 0))).stalledShare())
                .as("a probe that did not run")
                .isNaN();
        assertThat(new MachineProbe(null, List.of(cpu(0, 0, 0), cpu(1, SECOND, SECOND / 10))).stalledShare())
                .isCloseTo(0.1, within(1e-12));
    }

    @Test
    void aroundAWindowTheProbesBeforeAndAfterAreAveragedOrEitherAlone() {
        MachineProbe before = new MachineProbe(null, List.of(cpu(0, SECOND, SECOND / 20)));
        MachineProbe after = new MachineProbe(null, List.of(cpu(0, SECOND, SECOND / 100)));
        MachineProbe unprobed = new MachineProbe(null, List.of());

        assertThat(MachineProbe.stalledShareAround(before, after)).isCloseTo(0.03, within(1e-12));
        assertThat(MachineProbe.stalledShareAround(before, null)).isCloseTo(0.05, within(1e-12));
        assertThat(MachineProbe.stalledShareAround(unprobed, after)).isCloseTo(0.01, within(1e-12));
        assertThat(MachineProbe.stalledShareAround(null, unprobed)).isNaN();
    }

    @Test
    void theCoreToCoreP50AroundAWindowIsTheMeanOfTheProbesThatMeasuredIt() {
        MachineProbe before =
                new MachineProbe(new MachineProbe.CoreToCore(0, 1, SECOND, 1000, 60, 100, 300, 900), null);
        MachineProbe after = new MachineProbe(new MachineProbe.CoreToCore(0, 1, SECOND, 1000, 60, 140, 300, 900), null);
        MachineProbe noPeer = new MachineProbe(null, List.of(cpu(0, SECOND, 0)));
        MachineProbe noSamples = new MachineProbe(new MachineProbe.CoreToCore(0, 1, SECOND, 0, 0, 0, 0, 0), null);

        assertThat(MachineProbe.coreToCoreAround(before, after)).isEqualTo(120.0);
        assertThat(MachineProbe.coreToCoreAround(noPeer, after))
                .as("one CPU: no ping-pong")
                .isEqualTo(140.0);
        assertThat(MachineProbe.coreToCoreAround(before, noSamples)).isEqualTo(100.0);
        assertThat(MachineProbe.coreToCoreAround(null, noPeer)).isNaN();
    }
}
