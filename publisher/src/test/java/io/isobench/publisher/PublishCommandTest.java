package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.isobench.result.ResultJson;
import io.isobench.runner.cli.RunnerMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * isobench-publish on what the real runner writes: a run that FAILed because nothing listened at its server address is a
 * result and is published with the runner's reason, beside a good run; a run that cannot be read is skipped with one line
 * naming its file and field, and the exit code says so.
 */
class PublishCommandTest {

    record Outcome(int exit, String out, String err) {}

    static Outcome publish(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new PublishCommand())
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    /** The runner's CLI in this JVM: a closed-loop tcp-echo of one client for a short window, to {@code out}. */
    static int runner(Path out, String... extra) {
        var args = new java.util.ArrayList<>(List.of(
                "tcp-echo",
                "--mode",
                "closed",
                "--clients",
                "1",
                "--warmup",
                "100ms",
                "--duration",
                "300ms",
                "--repetitions",
                "1",
                "--probe-duration",
                "0",
                "--progress",
                "none",
                "--out",
                out.toString()));
        args.addAll(List.of(extra));
        StringWriter discard = new StringWriter();
        return RunnerMain.execute(
                new PrintWriter(discard, true), new PrintWriter(discard, true), args.toArray(String[]::new));
    }

    static JsonNode json(Path file) throws Exception {
        return ResultJson.MAPPER.readTree(Files.readAllBytes(file));
    }

    @Test
    void aRunnerFailIsPublishedWithItsReasonBesideAGoodRunAndAnUnreadableRunIsSkippedInOneLine(@TempDir Path dir)
            throws Exception {
        Path runs = dir.resolve("runs");
        // the case: nothing listens on 127.0.0.1:1, so the runner FAILs with "Connection refused" (exit 1)
        // exit 1: a step FAILed, its result written
        assertThat(runner(runs.resolve("refused"), "--server-address", "127.0.0.1:1"))
                .isEqualTo(1);
        assertThat(runner(runs.resolve("good"))).isZero();
        Path broken = Files.createDirectories(runs.resolve("broken"));
        Files.writeString(
                broken.resolve("result.json"),
                Files.readString(runs.resolve("good/result.json"))
                        .replaceFirst("\"windowNanos\" : \\d+", "\"windowNanos\" : -5"));
        Path site = dir.resolve("site");

        Outcome outcome = publish("--from", runs.toString(), "--to", site.toString());

        assertThat(outcome.exit()).as(outcome.err()).isEqualTo(PublishCommand.EXIT_RUNS_SKIPPED);
        assertThat(outcome.err()
                        .lines()
                        .filter(l -> !l.contains("no site bundle"))
                        .toList())
                .containsExactly("isobench-publish: skipped "
                        + broken.resolve("result.json")
                        + ": steps[0].repetitions[0].windowNanos = -5 is not a positive window; only a FAIL"
                        + " repetition that never reached its measured window has none");
        assertThat(outcome.out())
                .startsWith("published 2 run(s) to ")
                .contains("; skipped 1 run(s) that could not be read (each named on stderr)");

        var index = json(site.resolve("data/index/runs-0000.json")).get("runs");
        assertThat(index).hasSize(2);
        JsonNode failed = null;
        for (JsonNode entry : index) {
            if ("FAIL".equals(entry.get("verdict").asText())) {
                failed = entry;
            } else {
                assertThat(entry.get("verdict").asText()).isEqualTo("OK");
                assertThat(entry.get("phase").asText()).isEqualTo("Succeeded");
            }
        }
        assertThat(failed).as("the FAIL run is in the index").isNotNull();
        String reason = ResultJson.read(runs.resolve("refused/result.json")).reason();
        assertThat(reason).endsWith("target failed: could not start tcp-echo remote: Connection refused");
        assertThat(failed.get("phase").asText()).isEqualTo("Failed");
        assertThat(failed.get("message").asText()).isEqualTo(reason);
        Path published = site.resolve("data/runs/" + failed.get("key").asText());
        assertThat(json(published.resolve("summary.json")).get("message").asText())
                .isEqualTo(reason);
        assertThat(published.resolve("result.json")).hasSameBinaryContentAs(runs.resolve("refused/result.json"));
        assertThat(published.resolve("steps/remote_clients-1/rep-1_FAIL.hgrm")).exists();
    }

    @Test
    void theHelpNamesTheExitCodes() {
        Outcome help = publish("--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out().replaceAll("\\s+", " "))
                .contains("Exit codes: 0 every run published")
                .contains(
                        " 4 the readable runs published; a run that could not be read was skipped, each named on stderr");
    }

    @Test
    void aFromThatIsNeitherARunNorAFolderOfRunsIsBadUsageInOneLine(@TempDir Path dir) {
        Outcome outcome = publish(
                "--from",
                dir.resolve("nowhere").toString(),
                "--to",
                dir.resolve("site").toString());
        assertThat(outcome.exit()).isEqualTo(2);
        assertThat(outcome.err().strip())
                .isEqualTo("isobench-publish: --from '" + dir.resolve("nowhere")
                        + "': not a run directory nor a folder of them");
    }
}
