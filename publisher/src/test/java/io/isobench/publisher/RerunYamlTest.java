package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A local run's "re-run this" BenchmarkRun carries what the CRD can take of its config. */
class RerunYamlTest {

    private static String yaml(Map<String, Object> config) {
        return LocalRuns.rerunYaml(RunResult.builder()
                .runId("r")
                .target("udp-echo")
                .config(config)
                .configHash("h")
                .verdict(Verdict.OK)
                .build());
    }

    @Test
    void aFixedCountIsCarriedAsIs() {
        assertThat(yaml(Map.of(
                        "mode",
                        "closed-loop",
                        "clients",
                        List.of(1),
                        "warmup",
                        "1s",
                        "duration",
                        "2s",
                        "repetitions",
                        5)))
                .endsWith("    mode: Closed\n    clients: [1]\n    warmup: 1s\n    duration: 2s\n    repetitions: 5\n");
    }

    @Test
    void autoRepetitionsBecomeTheBudgetSayingWhatItWas() {
        assertThat(yaml(Map.of("mode", "closed-loop", "repetitions", "auto", "precision", 0.05, "maxRepetitions", 8)))
                .endsWith("    repetitions: 8  # the runner ran --repetitions auto --precision 0.05\n")
                .doesNotContain("repetitions: auto");
    }
}
