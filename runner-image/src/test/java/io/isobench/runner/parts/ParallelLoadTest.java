package io.isobench.runner.parts;

import static io.isobench.runner.targets.TargetRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Histograms;
import io.isobench.result.LoadPart;
import io.isobench.result.PartResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.ResultPlausibility;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.cli.RunnerMain;
import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.ServerProcess;
import io.isobench.runner.targets.TargetRuns;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --parallelism}: several runner processes make one step's load against one server, as the operator's load pods
 * do, and one result is their sum — checked on real processes and a real echo server on 127.0.0.1.
 */
class ParallelLoadTest {

    @TempDir
    Path dir;

    private static ServerProcess udpServer() throws Exception {
        return ServerProcess.start(JvmVariantForks.currentJvm(RunnerMain.class), "udp-echo", List.of(), null, 60_000);
    }

    private List<String> parallelRun(String server, String... extra) {
        var args = new ArrayList<>(List.of(
                "udp-echo",
                "--server-address",
                server,
                "--warmup",
                "300ms",
                "--duration",
                "1s",
                "--probe-duration",
                "0s",
                "--progress",
                "none",
                "--out",
                dir.resolve("run").toString()));
        args.addAll(List.of(extra));
        return args;
    }

    private RunResult result() {
        return ResultJson.read(dir.resolve("run").resolve("result.json"));
    }

    @Test
    void threePartsMakeOneStepAndItsHistogramIsExactlyTheirsAddedUp() throws Exception {
        try (var server = udpServer()) {
            Outcome o =
                    run(parallelRun(server.endpoint(), "--parallelism", "3", "--rates", "1500", "--repetitions", "2"));

            RunResult r = result();
            assertThat(o.exit()).as(o.err() + o.out()).isIn(0, 1, 5);
            ResultPlausibility.check(r, "udp-echo");
            assertThat(r.config()).containsEntry("parallelism", 3);
            assertThat(r.loadParts()).extracting(LoadPart::part).containsExactly(0, 1, 2);
            assertThat(r.loadParts())
                    .allSatisfy(p -> assertThat(p.environment().cpuset()).isNotNull());
            StepResult step = r.steps().getFirst();
            assertThat(step.load().targetRate()).isEqualTo(1500L);
            Histogram stepSum = Histograms.newLatencyHistogram();
            for (RepetitionResult rep : step.repetitions()) {
                assertThat(rep.parts()).extracting(PartResult::part).containsExactly(0, 1, 2);
                assertThat(rep.parts()).allSatisfy(p -> {
                    assertThat(p.repetition().targetRate()).isEqualTo(500L);
                    assertThat(p.repetition().latency().count())
                            .as("part " + p.part() + ": " + p.repetition().reason())
                            .isPositive();
                    assertThat(dir.resolve("run").resolve(p.repetition().files().hgrm()))
                            .exists();
                    assertThat(p.repetition().files().hgrm()).contains("/part-" + p.part() + "/");
                });
                Histogram sum = Histograms.newLatencyHistogram();
                rep.parts()
                        .forEach(p ->
                                sum.add(Histograms.fromBase64(p.repetition().histogram())));
                assertThat(Histograms.fromBase64(rep.histogram())).isEqualTo(sum);
                assertThat(rep.targetRate()).isEqualTo(1500L);
                assertThat(rep.received())
                        .isEqualTo(rep.parts().stream()
                                .mapToLong(p -> p.repetition().received())
                                .sum());
                if (rep.parts().stream().allMatch(p -> p.repetition().verdict() == Verdict.OK)) {
                    assertThat(rep.verdict()).isEqualTo(Verdict.OK);
                } else {
                    assertThat(rep.reason()).contains("load part");
                }
                assertThat(dir.resolve("run").resolve(rep.files().hlog())).exists();
                stepSum.add(sum);
            }
            assertThat(Histograms.fromBase64(step.merged().histogram())).isEqualTo(stepSum);
        }
    }

    @Test
    void closedLoopClientsAreSharedOutAndEveryPartWaitsForTheOthersBeforeItsWarmUp() throws Exception {
        try (var server = udpServer()) {
            Outcome o = run(parallelRun(
                    server.endpoint(),
                    "--parallelism",
                    "2",
                    "--mode",
                    "closed",
                    "--clients",
                    "3",
                    "--repetitions",
                    "2"));

            assertThat(o.exit()).as(o.err() + o.out()).isZero();
            RunResult r = result();
            for (RepetitionResult rep : r.steps().getFirst().repetitions()) {
                assertThat(rep.verdict()).as(rep.reason()).isEqualTo(Verdict.OK);
                // both windows opened within a fraction of the warm-up of each other: the parts started together
                var starts = rep.parts().stream()
                        .map(p -> p.repetition().startedAt())
                        .toList();
                assertThat(Math.abs(starts.get(0).toEpochMilli() - starts.get(1).toEpochMilli()))
                        .isLessThan(250);
            }
        }
    }

    @Test
    void aPartThatDiesFailsEveryLaterRepetitionNamingIt() throws Exception {
        try (var server = udpServer()) {
            Thread killer = TargetRuns.killDescendantLater("--part\0" + 2 + "\0", () -> true, 2_500);
            // on a loaded machine part 2 may not have joined 2.5 s after its start: killed then, every step fails
            // naming it once the join timeout is up (the default, 5 minutes, took 308 s in one CI)
            Outcome o = run(parallelRun(
                    server.endpoint(),
                    "--parallelism",
                    "3",
                    "--rates",
                    "900",
                    "--repetitions",
                    "4",
                    "--join-timeout",
                    "20s"));
            killer.join();

            assertThat(o.exit()).as(o.err() + o.out()).isEqualTo(1);
            RunResult r = result();
            ResultPlausibility.check(r, "udp-echo");
            List<RepetitionResult> reps = r.steps().getFirst().repetitions();
            RepetitionResult last = reps.getLast();
            assertThat(last.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(last.reason()).contains("load part 2").contains("out of the run");
            assertThat(last.parts().get(2).repetition().windowNanos()).isZero();
            assertThat(last.parts().get(1).repetition().latency().count())
                    .as("the parts still in the run measured")
                    .isPositive();
            assertThat(r.steps().getFirst().verdict()).isEqualTo(Verdict.FAIL);
        }
    }

    @Test
    void aPartThatNeverJoinsFailsTheRunNamingItAndOneOfAnotherRunIsTurnedAway() throws Exception {
        int port;
        try (var free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (var server = udpServer()) {
            String coordinator = "127.0.0.1:" + port;
            Process part0 = runner(
                    "secret-a",
                    parallelRun(
                            server.endpoint(),
                            "--parallelism",
                            "2",
                            "--coordinator",
                            coordinator,
                            "--join-timeout",
                            "8s",
                            "--rates",
                            "500",
                            "--repetitions",
                            "1"));
            var strangerArgs = parallelRun(
                    server.endpoint(),
                    "--parallelism",
                    "2",
                    "--part",
                    "1",
                    "--coordinator",
                    coordinator,
                    "--rates",
                    "500",
                    "--repetitions",
                    "1");
            strangerArgs.set(
                    strangerArgs.indexOf("--out") + 1, dir.resolve("stranger").toString());
            Process stranger = runner("secret-b", strangerArgs);
            var otherArgs = new ArrayList<>(strangerArgs);
            otherArgs.set(otherArgs.indexOf("--rates") + 1, "1000");
            otherArgs.set(otherArgs.indexOf("--out") + 1, dir.resolve("other").toString());
            Process otherOptions = runner("secret-a", otherArgs);

            String strangerSays = finish(stranger);
            String otherSays = finish(otherOptions);
            String part0Says = finish(part0);

            assertThat(stranger.exitValue()).as(strangerSays).isEqualTo(PartWorker.EXIT_REFUSED);
            assertThat(strangerSays).contains("token is not this run's");
            assertThat(otherOptions.exitValue()).as(otherSays).isEqualTo(PartWorker.EXIT_REFUSED);
            assertThat(otherSays).contains("its options differ");
            assertThat(part0.exitValue()).as(part0Says).isEqualTo(1);
            RunResult r = result();
            assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(r.steps().getFirst().reason()).contains("load part 1").contains("never joined within 8 s");
        }
    }

    @Test
    void whatCannotBeSplitOverPartsIsRefusedNamingTheOption() {
        Outcome dispatch =
                run("dispatch", "--parallelism", "2", "--out", dir.resolve("d").toString());
        Outcome ownServer =
                run("udp-echo", "--parallelism", "2", "--out", dir.resolve("u").toString());
        Outcome tooFew = run(parallelRun("127.0.0.1:9", "--parallelism", "4", "--rates", "3"));
        Outcome noCoordinator = run(parallelRun("127.0.0.1:9", "--parallelism", "2", "--part", "1", "--rates", "10"));
        Outcome noToken =
                run(parallelRun("127.0.0.1:9", "--parallelism", "2", "--coordinator", "127.0.0.1:1", "--rates", "10"));

        assertThat(dispatch.exit()).isEqualTo(2);
        assertThat(dispatch.err()).contains("--parallelism '2': dispatch measures one hop");
        assertThat(ownServer.exit()).isEqualTo(2);
        assertThat(ownServer.err()).contains("--parallelism '2': each load part would start a server of its own");
        assertThat(tooFew.exit()).isEqualTo(2);
        assertThat(tooFew.err()).contains("--rates '3': each rate must be at least --parallelism 4");
        assertThat(noCoordinator.exit()).isEqualTo(2);
        assertThat(noCoordinator.err()).contains("--part '1': needs --coordinator");
        if (System.getenv(PartToken.ENV) == null) {
            assertThat(noToken.exit()).isEqualTo(2);
            assertThat(noToken.err()).contains(PartToken.ENV);
        }
    }

    private static Process runner(String token, List<String> args) throws IOException {
        var command = new ArrayList<>(JvmVariantForks.currentJvm(RunnerMain.class));
        command.addAll(args);
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put(PartToken.ENV, token);
        return builder.start();
    }

    private static String finish(Process p) throws Exception {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();
        return out;
    }
}
