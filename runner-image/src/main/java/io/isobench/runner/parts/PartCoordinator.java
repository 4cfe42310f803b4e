package io.isobench.runner.parts;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.Environment;
import io.isobench.result.HistogramFiles;
import io.isobench.result.LoadPart;
import io.isobench.result.PartResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.LoadParts;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.RunSettings;
import io.isobench.runner.harness.StartGate;
import io.isobench.runner.harness.StepPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Part 0 of a parallel run: listens for the other load parts, lets in only those of this run (its secret, the same
 * sweep and options), then runs every attempt on all of them at once — each probes and opens its session, says READY,
 * and starts its warm-up on GO, so their measured windows are one window — and merges what they measured. A part that
 * never joins, stops answering or closes is out of the run from then on: every later repetition FAILs naming it, and
 * nothing waits on it past its bound.
 */
public final class PartCoordinator implements LoadParts, AutoCloseable {

    /** A join must say who it is this soon after connecting. */
    static final Duration JOIN_SAYS_WHO = Duration.ofSeconds(10);
    /** Beyond its probes: opening a session (connections, handshakes) may take this long before READY. */
    static final Duration OPEN_ALLOWANCE = Duration.ofMinutes(2);
    /** Beyond warm-up, window, drain and probes: closing the session and sending the files. */
    static final Duration FINISH_ALLOWANCE = Duration.ofMinutes(2);
    /** Each file frame after a part's measurements. */
    private static final Duration FILE_BOUND = Duration.ofSeconds(60);

    private final ServerSocket listener;
    private final int count;
    private final byte[] token;
    private final String configHash;
    private final RunSettings settings;
    private final Path runDir;
    private final Progress progress;
    private final List<Remote> remotes = new ArrayList<>();

    /** Another part as the coordinator sees it. */
    private static final class Remote {
        final int part;
        PartLink link;
        Environment environment;
        /** Why the part is out of the run, or null while it takes part. */
        String lost;
        /** What it measured, when that came before its READY (its session failed to open). */
        RepetitionResult early;

        Remote(int part) {
            this.part = part;
        }
    }

    private PartCoordinator(
            ServerSocket listener,
            int count,
            String token,
            String configHash,
            RunSettings settings,
            Path runDir,
            Progress progress) {
        this.listener = listener;
        this.count = count;
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.configHash = configHash;
        this.settings = settings;
        this.runDir = runDir;
        this.progress = progress;
        for (int k = 1; k < count; k++) {
            remotes.add(new Remote(k));
        }
    }

    /**
     * Listens at {@code address} (port 0: any free one) for the other {@code count - 1} parts.
     *
     * @param token      the secret every part of this run was given: a join without it is refused
     * @param configHash {@link #joinHash} of this part's configuration: a part configured otherwise is refused
     */
    public static PartCoordinator listen(
            InetSocketAddress address,
            int count,
            String token,
            String configHash,
            RunSettings settings,
            Path runDir,
            Progress progress)
            throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(address);
        return new PartCoordinator(listener, count, token, configHash, settings, runDir, progress);
    }

    /** Where the other parts reach it (with port 0 asked for, the port given). */
    public InetSocketAddress address() {
        return (InetSocketAddress) listener.getLocalSocketAddress();
    }

    /**
     * Lets the other parts in until all of them joined or {@code timeout} passed; those still missing are out of the run.
     * A connection that is not a part of this run is answered why and closed, and changes nothing.
     */
    public void awaitJoins(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (remotes.stream().anyMatch(r -> r.link == null)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            Socket socket;
            try {
                listener.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
                socket = listener.accept();
            } catch (SocketTimeoutException e) {
                break;
            }
            admit(new PartLink(socket, "a connection from " + socket.getRemoteSocketAddress()));
        }
        for (Remote r : remotes) {
            if (r.link == null) {
                r.lost = "never joined within " + timeout.toSeconds() + " s";
                progress.warn("load part " + r.part + " " + r.lost + ": every repetition FAILs naming it");
            }
        }
    }

    private void admit(PartLink link) throws IOException {
        PartMessages.Join join;
        try {
            PartLink.Frame frame = link.receive(JOIN_SAYS_WHO);
            if (frame.kind() != PartLink.Kind.JOIN) {
                throw new PartLink.PartLinkException(link.peer() + " sent " + frame.kind() + " instead of joining");
            }
            join = frame.json(PartMessages.Join.class);
        } catch (PartLink.PartLinkException | IOException e) {
            progress.warn("refused " + link.peer() + ": " + e.getMessage());
            link.close();
            return;
        }
        String refusal = refusal(join);
        if (refusal != null) {
            progress.warn("refused " + link.peer() + " (load part " + join.part() + "): " + refusal);
            try {
                link.send(PartLink.Kind.REFUSED, new PartMessages.Refusal(refusal));
            } catch (IOException e) {
                // it will learn from the closed connection
            }
            link.close();
            return;
        }
        Remote remote = remotes.get(join.part() - 1);
        link.rename("load part " + join.part());
        remote.link = link;
        remote.environment = join.environment();
        remote.link.send(PartLink.Kind.ACCEPTED, (Object) null);
    }

    /** Why a join is not let in, or null. */
    private String refusal(PartMessages.Join join) {
        if (join.protocol() != PartLink.PROTOCOL) {
            return "it speaks protocol " + join.protocol() + ", this coordinator " + PartLink.PROTOCOL
                    + " (run the same runner image on every part)";
        }
        if (join.token() == null || !MessageDigest.isEqual(token, join.token().getBytes(StandardCharsets.UTF_8))) {
            return "its token is not this run's (ISOBENCH_PARTS_TOKEN)";
        }
        if (join.parts() != count) {
            return "it was told of " + join.parts() + " load parts, this run has " + count + " (--parallelism)";
        }
        if (join.part() < 1 || join.part() >= count) {
            return "part " + join.part() + " is not one of 1.." + (count - 1) + " (--part)";
        }
        if (remotes.get(join.part() - 1).link != null) {
            return "load part " + join.part() + " has already joined";
        }
        if (!Objects.equals(join.configHash(), configHash)) {
            return "its options differ from this part's (configuration " + join.configHash() + ", here " + configHash
                    + "): every part runs the same command but --part, --coordinator and --cpus";
        }
        return null;
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public RepetitionResult attempt(StepPlan step, int repetition, int attempt, OwnShare own)
            throws InterruptedException {
        List<Remote> taking = remotes.stream().filter(r -> r.lost == null).toList();
        for (Remote r : taking) {
            r.early = null;
            try {
                r.link.send(PartLink.Kind.RUN, new PartMessages.RunAttempt(step.id(), repetition, attempt));
            } catch (IOException e) {
                lose(r, "could not be told to start: " + e.getMessage());
            }
        }
        Gate gate = new Gate(taking, step, repetition);
        RepetitionResult mine = own.run(step.forPart(0, count), gate);
        // this part may have failed before its gate (its session would not open): the others are let go all the same
        gate.pass();
        List<PartResult> parts = new ArrayList<>();
        parts.add(new PartResult(0, relocate(mine, step.id(), 0, repetition)));
        Duration finish = finishBound(step);
        for (Remote r : remotes) {
            parts.add(new PartResult(r.part, measured(r, step, repetition, finish)));
        }
        return PartMerge.merge(step, repetition, parts, this::describe, runDir);
    }

    /** Every part waits at its READY until all have said it (or are out), then all are told GO together. */
    private final class Gate implements StartGate {
        private final List<Remote> taking;
        private final StepPlan step;
        private final int repetition;
        private boolean passed;

        Gate(List<Remote> taking, StepPlan step, int repetition) {
            this.taking = taking;
            this.step = step;
            this.repetition = repetition;
        }

        @Override
        public void pass() {
            if (passed) {
                return;
            }
            passed = true;
            Duration ready = settings.timing().probe().multipliedBy(2).plus(OPEN_ALLOWANCE);
            for (Remote r : taking) {
                if (r.lost != null) {
                    continue;
                }
                try {
                    PartLink.Frame frame = r.link.receive(ready);
                    if (frame.kind() == PartLink.Kind.MEASURED) {
                        // it could not start: what it says is its repetition, and it waits for no GO
                        r.early = receiveFiles(r, frame, step.id(), repetition);
                    } else if (frame.kind() != PartLink.Kind.READY) {
                        lose(r, "sent " + frame.kind() + " instead of READY");
                    }
                } catch (PartLink.PartLinkException | IOException e) {
                    lose(r, "was not READY: " + e.getMessage());
                }
            }
            for (Remote r : taking) {
                if (r.lost == null && r.early == null) {
                    try {
                        r.link.send(PartLink.Kind.GO, (Object) null);
                    } catch (IOException e) {
                        lose(r, "could not be told GO: " + e.getMessage());
                    }
                }
            }
        }
    }

    /** What part {@code r} measured in this attempt: its own figures and files, or a FAIL naming why it has none. */
    private RepetitionResult measured(Remote r, StepPlan step, int repetition, Duration finish) {
        RepetitionResult measured = r.early;
        if (measured == null && r.lost == null) {
            try {
                PartLink.Frame frame = r.link.receive(finish);
                if (frame.kind() != PartLink.Kind.MEASURED) {
                    lose(r, "sent " + frame.kind() + " instead of its measurements");
                } else {
                    measured = receiveFiles(r, frame, step.id(), repetition);
                }
            } catch (PartLink.PartLinkException | IOException e) {
                lose(r, "sent no measurements: " + e.getMessage());
            }
        }
        if (measured == null) {
            StepPlan share = step.forPart(r.part, count);
            return RepetitionResult.builder()
                    .index(repetition)
                    .targetRate(share.share().load().targetRate())
                    .verdict(Verdict.FAIL)
                    .reason(describe(r.part) + " is out of the run: " + r.lost)
                    .build();
        }
        return relocateIndex(measured, repetition);
    }

    /**
     * The MEASURED message's repetition, and the files it names read from the frames that follow, written under the
     * part's names in this run.
     */
    private RepetitionResult receiveFiles(Remote r, PartLink.Frame frame, String stepId, int repetition)
            throws IOException, PartLink.PartLinkException {
        RepetitionResult rep = frame.json(PartMessages.Measured.class).repetition();
        if (rep == null || rep.verdict() == null) {
            throw new PartLink.PartLinkException("its measurements name no verdict");
        }
        ArtifactFiles files = rep.files() == null ? new ArtifactFiles(null, null) : rep.files();
        String hgrm = adopt(r, files.hgrm(), HistogramFiles.HGRM, stepId, repetition, rep.verdict());
        String hlog = adopt(r, files.hlog(), HistogramFiles.HLOG, stepId, repetition, rep.verdict());
        return rep.toBuilder().files(new ArtifactFiles(hlog, hgrm)).build();
    }

    /** Reads one named file from the part and writes it where this run keeps the part's files; null for none. */
    private String adopt(Remote r, String name, String extension, String stepId, int repetition, Verdict verdict)
            throws IOException, PartLink.PartLinkException {
        if (name == null) {
            return null;
        }
        HistogramFiles.requirePath("the file load part " + r.part + " names", name, extension);
        PartLink.NamedFile file = PartLink.file(r.link.receive(FILE_BOUND));
        if (!file.name().equals(name)) {
            throw new PartLink.PartLinkException("sent " + file.name() + " where it named " + name);
        }
        HistogramFiles.check(name, file.content());
        String ours = RunLayout.partFile(stepId, r.part, repetition, verdict, extension);
        Path target = runDir.resolve(ours);
        Files.createDirectories(target.getParent());
        Files.write(target, file.content());
        return ours;
    }

    private static RepetitionResult relocateIndex(RepetitionResult measured, int repetition) {
        return measured.index() == repetition
                ? measured
                : measured.toBuilder().index(repetition).build();
    }

    /** This part's own files move to its part names: the repetition's names are for the sum. */
    private RepetitionResult relocate(RepetitionResult mine, String stepId, int part, int repetition) {
        ArtifactFiles files = mine.files();
        if (files == null) {
            return mine;
        }
        String hgrm = move(files.hgrm(), RunLayout.partFile(stepId, part, repetition, mine.verdict(), "hgrm"));
        String hlog = move(files.hlog(), RunLayout.partFile(stepId, part, repetition, mine.verdict(), "hlog"));
        return mine.toBuilder().files(new ArtifactFiles(hlog, hgrm)).build();
    }

    private String move(String from, String to) {
        if (from == null) {
            return null;
        }
        try {
            Path target = runDir.resolve(to);
            Files.createDirectories(target.getParent());
            Files.move(runDir.resolve(from), target, StandardCopyOption.REPLACE_EXISTING);
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to, e);
        }
    }

    /** How long a part may take after GO: its warm-up, window, drain and probes, then closing and sending its files. */
    private Duration finishBound(StepPlan step) {
        return Duration.ofMillis(step.load().warmupMillis() + step.load().durationMillis())
                .plus(settings.timing().drainTimeout())
                .plus(settings.timing().probe().multipliedBy(2))
                .plus(FINISH_ALLOWANCE);
    }

    private void lose(Remote r, String why) {
        r.lost = why;
        if (r.link != null) {
            r.link.close();
        }
        progress.warn(
                describe(r.part) + " " + why + ": it is out of the run, every repetition from here FAILs naming it");
    }

    /** A part as messages name it: its index, and its pod and node (or host) when it said. */
    String describe(int part) {
        Environment env = part == 0 ? null : remotes.get(part - 1).environment;
        String where = "";
        if (env != null && env.container() != null && env.container().pod() != null) {
            where = " (pod " + env.container().pod()
                    + (env.container().node() == null
                            ? ""
                            : " on node " + env.container().node()) + ")";
        } else if (env != null && env.hostname() != null) {
            where = " (host " + env.hostname() + ")";
        }
        return "load part " + part + where;
    }

    @Override
    public List<LoadPart> describe(Environment own) {
        List<LoadPart> parts = new ArrayList<>();
        parts.add(new LoadPart(0, own));
        for (Remote r : remotes) {
            parts.add(new LoadPart(r.part, r.environment));
        }
        return parts;
    }

    /** The run is over: every part still in it is told DONE (it exits 0), and the port is closed. */
    @Override
    public void close() {
        for (Remote r : remotes) {
            if (r.link != null) {
                if (r.lost == null) {
                    try {
                        r.link.send(PartLink.Kind.DONE, (Object) null);
                    } catch (IOException e) {
                        // it is gone already; its exit says so
                    }
                }
                r.link.close();
            }
        }
        try {
            listener.close();
        } catch (IOException e) {
            // nothing listens any more either way
        }
    }

    /**
     * The hash a part's configuration must share with the coordinator's: everything but the CPUs (each pod is granted its
     * own).
     */
    public static String joinHash(Map<String, Object> config) {
        var shared = new LinkedHashMap<>(config);
        shared.remove("cpus");
        return ResultJson.configHash(shared);
    }
}
