package io.isobench.runner.parts;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.Environment;
import io.isobench.result.RepetitionResult;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.RepetitionRunner;
import io.isobench.runner.harness.StepPlan;
import io.isobench.target.spi.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A load part other than 0: joins the coordinator, then runs each attempt it is told to on its share of the step —
 * probe, open, READY, start on GO — and sends back what it measured with its files. It writes no result.json and
 * uploads nothing: the coordinator's run is the result. Exits 0 when told the run is over.
 */
public final class PartWorker {

    /** Exit code when the coordinator refused this part (the reason is printed): its command differs. */
    public static final int EXIT_REFUSED = 2;
    /** Exit code when the coordinator could not be reached or went away before the run was over. */
    public static final int EXIT_COORDINATOR_LOST = 6;

    private static final Duration CONNECT_RETRY = Duration.ofMillis(200);
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(60);

    private final InetSocketAddress coordinator;
    private final int part;
    private final int count;
    private final String token;
    private final String configHash;
    private final PrintWriter err;

    public PartWorker(
            InetSocketAddress coordinator, int part, int count, String token, String configHash, PrintWriter err) {
        this.coordinator = coordinator;
        this.part = part;
        this.count = count;
        this.token = token;
        this.configHash = configHash;
        this.err = err;
    }

    /**
     * Joins (retrying the connection until {@code joinTimeout}: the coordinator's pod may start later) and serves attempts
     * until the coordinator says DONE.
     *
     * @param steps every step of this part's sweep by id (the coordinator names them)
     * @return 0, {@link #EXIT_REFUSED} or {@link #EXIT_COORDINATOR_LOST}
     */
    public int serve(
            Target target,
            Map<String, StepPlan> steps,
            RepetitionRunner runner,
            Environment environment,
            Path runDir,
            Duration joinTimeout)
            throws InterruptedException {
        PartLink link;
        try {
            link = connect(joinTimeout);
        } catch (IOException e) {
            err.println("load part " + part + ": cannot reach the coordinator at " + describe(coordinator) + " within "
                    + joinTimeout.toSeconds() + " s: " + e.getMessage());
            err.flush();
            return EXIT_COORDINATOR_LOST;
        }
        try (link) {
            link.send(
                    PartLink.Kind.JOIN,
                    new PartMessages.Join(PartLink.PROTOCOL, part, count, token, configHash, environment));
            PartLink.Frame answer = link.receive(ANSWER_BOUND);
            if (answer.kind() == PartLink.Kind.REFUSED) {
                err.println("load part " + part + ": the coordinator refused it: "
                        + answer.json(PartMessages.Refusal.class).reason());
                err.flush();
                return EXIT_REFUSED;
            }
            if (answer.kind() != PartLink.Kind.ACCEPTED) {
                throw new PartLink.PartLinkException("the coordinator answered " + answer.kind() + " to the join");
            }
            while (true) {
                PartLink.Frame frame = link.receive(null);
                switch (frame.kind()) {
                    case DONE -> {
                        return 0;
                    }
                    case RUN ->
                        runAttempt(link, frame.json(PartMessages.RunAttempt.class), target, steps, runner, runDir);
                    default ->
                        throw new PartLink.PartLinkException(
                                "the coordinator sent " + frame.kind() + " between attempts");
                }
            }
        } catch (PartLink.PartLinkException | IOException e) {
            err.println("load part " + part + ": lost the coordinator before the run was over: " + e.getMessage());
            err.flush();
            return EXIT_COORDINATOR_LOST;
        }
    }

    private void runAttempt(
            PartLink link,
            PartMessages.RunAttempt run,
            Target target,
            Map<String, StepPlan> steps,
            RepetitionRunner runner,
            Path runDir)
            throws IOException, InterruptedException {
        StepPlan step = steps.get(run.step());
        RepetitionResult measured;
        if (step == null) {
            measured = RepetitionResult.builder()
                    .index(run.repetition())
                    .verdict(Verdict.FAIL)
                    .reason("step " + run.step() + " is not in load part " + part + "'s sweep " + steps.keySet())
                    .build();
        } else {
            measured = runner.attempt(target, step.forPart(part, count), run.repetition(), () -> {
                try {
                    link.send(PartLink.Kind.READY, (Object) null);
                    PartLink.Frame go = link.receive(null);
                    if (go.kind() != PartLink.Kind.GO) {
                        throw new IllegalStateException("the coordinator sent " + go.kind() + " instead of GO");
                    }
                } catch (IOException | PartLink.PartLinkException e) {
                    throw new IllegalStateException("lost the coordinator while waiting for GO: " + e.getMessage(), e);
                }
            });
        }
        link.send(PartLink.Kind.MEASURED, new PartMessages.Measured(measured));
        ArtifactFiles files = measured.files();
        for (String name : files == null ? new String[0] : new String[] {files.hgrm(), files.hlog()}) {
            if (name != null) {
                Path file = runDir.resolve(name);
                link.sendFile(name, Files.readAllBytes(file));
                Files.delete(file);
            }
        }
    }

    /** Connects, retrying while nothing listens yet, until {@code timeout}. */
    private PartLink connect(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Socket socket = new Socket();
            try {
                socket.connect(coordinator, (int) Math.min(10_000, Math.max(1, timeout.toMillis())));
                return new PartLink(socket, "the coordinator at " + describe(coordinator));
            } catch (ConnectException | NoRouteToHostException | UnknownHostException e) {
                socket.close();
                if (System.nanoTime() + CONNECT_RETRY.toNanos() > deadline) {
                    throw e;
                }
                Thread.sleep(CONNECT_RETRY);
            } catch (IOException e) {
                socket.close();
                throw e;
            }
        }
    }

    private static String describe(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }
}
