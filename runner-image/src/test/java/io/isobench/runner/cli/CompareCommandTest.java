package io.isobench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.isobench.compare.RecordedRuns;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code isobench-runner compare} as a CI pipeline calls it, on run directories made from real recorded repetitions (compare's
 * recorded/udp-echo-closed): 0 no regression, 1 regression, 3 cannot tell, 2 bad usage.
 */
class CompareCommandTest {

    private static final RunResult RECORDED = RecordedRuns.recorded("udp-echo-closed");

    @TempDir
    Path dir;

    private Path runDir(String name, RunResult run) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        ResultJson.writeAtomically(d.resolve(RunLayout.RESULT_FILE), run);
        return d;
    }

    @Test
    void twoHalvesOfOneBuildExitZero() throws Exception {
        RunnerCliTest.Outcome o = RunnerCliTest.run(
                "compare",
                runDir("a", RecordedRuns.slice(RECORDED, "a", 0, 5, 1)).toString(),
                runDir("b", RecordedRuns.slice(RECORDED, "b", 5, 10, 1)).toString());
        assertThat(o.exit()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).startsWith("no regression — no regression beyond 5% in 6 comparisons of 2 step(s)\n");
    }

    @Test
    void aSlowerCandidateExitsOneAndTheMarkdownIsReadyToPaste() throws Exception {
        Path a = runDir("a", RecordedRuns.slice(RECORDED, "a", 0, 5, 1));
        Path b = runDir("b", RecordedRuns.slice(RECORDED, "b", 5, 10, 2));
        RunnerCliTest.Outcome o = RunnerCliTest.run("compare", a.toString(), b.toString(), "--format", "markdown");
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        assertThat(o.out())
                .startsWith("### isobench compare: regression — slower: ")
                .contains("| p50 | 1.916 | 1.590–2.308 | 0.00029 | **slower** |");
        RunnerCliTest.Outcome json = RunnerCliTest.run("compare", a.toString(), b.toString(), "--format", "json");
        assertThat(json.exit()).isEqualTo(1);
        assertThat(new ObjectMapper().readTree(json.out()).get("outcome").asText())
                .isEqualTo("REGRESSED");
        RunnerCliTest.Outcome half =
                RunnerCliTest.run("compare", a.toString(), b.toString(), "--format", "json", "--threshold", "50%");
        assertThat(new ObjectMapper().readTree(half.out()).get("threshold").asDouble())
                .isEqualTo(0.5);
    }

    @Test
    void incomparableRunsExitThreeUnlessComparedAnyway() throws Exception {
        Map<String, Object> config = new HashMap<>(RECORDED.config());
        config.put("messageBytes", 1024);
        RunResult other = RecordedRuns.slice(RECORDED, "b", 5, 10, 2);
        Path a = runDir("a", RecordedRuns.slice(RECORDED, "a", 0, 5, 1));
        Path b = runDir(
                "b",
                other.toBuilder()
                        .runId("b")
                        .config(config)
                        .configHash("h")
                        .verdict(Verdict.OK)
                        .build());
        RunnerCliTest.Outcome o = RunnerCliTest.run("compare", a.toString(), b.toString());
        assertThat(o.exit()).isEqualTo(3);
        assertThat(o.out())
                .startsWith("not comparable — not comparable: config.messageBytes 256 → 1024\n")
                .contains("differs (decides): config.messageBytes: 256 → 1024");
        assertThat(RunnerCliTest.run("compare", a.toString(), b.toString(), "--compare-anyway")
                        .exit())
                .isEqualTo(1);
    }

    @Test
    void tooFewRepetitionsExitThree() throws Exception {
        RunnerCliTest.Outcome o = RunnerCliTest.run(
                "compare",
                runDir("a", RecordedRuns.slice(RECORDED, "a", 0, 2, 1)).toString(),
                runDir("b", RecordedRuns.slice(RECORDED, "b", 5, 7, 1)).toString());
        assertThat(o.exit()).isEqualTo(3);
        assertThat(o.out()).startsWith("too few repetitions to tell — ");
    }

    @Test
    void badUsageExitsTwoNamingTheArgumentAndTheValue() throws Exception {
        Path a = runDir("a", RecordedRuns.slice(RECORDED, "a", 0, 5, 1));
        Path missing = dir.resolve("nothing-here");
        assertThat(RunnerCliTest.run("compare", a.toString(), missing.toString()))
                .satisfies(o -> assertThat(o.exit()).isEqualTo(2))
                .satisfies(o -> assertThat(o.err())
                        .contains("CANDIDATE " + missing + ": no result.json (not a finished run directory)"));
        Files.writeString(
                Files.createDirectories(dir.resolve("broken")).resolve("result.json"), "{\"formatVersion\": 99}");
        assertThat(RunnerCliTest.run("compare", dir.resolve("broken").toString(), a.toString())
                        .err())
                .contains("BASE " + dir.resolve("broken").resolve("result.json") + ": ");
        assertThat(RunnerCliTest.run("compare", a.toString(), a.toString(), "--threshold", "fast"))
                .satisfies(o -> assertThat(o.exit()).isEqualTo(2))
                .satisfies(o -> assertThat(o.err()).contains("--threshold 'fast': not a fraction; use 2% or 0.02"));
        assertThat(RunnerCliTest.run("compare", a.toString(), a.toString(), "--format", "html")
                        .err())
                .contains("--format 'html': use text, markdown or json");
        assertThat(RunnerCliTest.run("compare", a.toString()).exit()).isEqualTo(2);
    }
}
