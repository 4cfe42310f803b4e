package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.isobench.result.Pinning;
import io.isobench.runner.platform.Affinity;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadPlacementTest {

    @Test
    void withFewerCpusThanRolesTheSurplusRoleIsPinnedToTheLastCpuAndSaysItShares() throws Exception {
        assumeTrue(Affinity.unavailableReason().isEmpty(), "CPU affinity is not available here");
        int cpu = Affinity.currentThreadCpus().getFirst();
        var placement = new PinnedThreadPlacement(List.of("publisher", "agent"), List.of(cpu), true);
        placement.start("publisher", () -> {}).join();
        placement.start("agent", () -> {}).join();

        assertThat(placement.cpuOf("agent")).isEqualTo(cpu);
        assertThat(placement.pinnings())
                .extracting(Pinning::role, Pinning::cpu, Pinning::applied)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("publisher", cpu, true),
                        org.assertj.core.groups.Tuple.tuple("agent", cpu, true));
        assertThat(placement.pinnings())
                .filteredOn(p -> p.role().equals("agent"))
                .singleElement()
                .satisfies(p -> assertThat(p.detail()).contains("shares CPU " + cpu + " with publisher"));
    }

    @Test
    void withoutAnyCpuGrantedEveryRoleRunsUnpinnedAndSaysWhy() throws Exception {
        var placement = new PinnedThreadPlacement(List.of("publisher", "agent"), List.of(), true);
        placement.start("agent", () -> {}).join();
        assertThat(placement.pinnings()).singleElement().satisfies(p -> {
            assertThat(p.applied()).isFalse();
            assertThat(p.detail()).contains("no CPU left");
        });
    }
}
