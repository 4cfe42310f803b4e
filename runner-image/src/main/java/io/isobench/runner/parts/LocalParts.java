package io.isobench.runner.parts;

import io.isobench.runner.platform.CpuList;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Load parts 1..N-1 as processes on this machine, for a parallel run started by hand: each is this runner with the same
 * command, its own {@code --part}, the coordinator's address, its share of the CPUs and the run's token in its
 * environment. Their output goes to a log each, printed when a part ends badly.
 */
public final class LocalParts implements AutoCloseable {

    private static final long EXIT_WAIT_SECONDS = 60;

    private final List<Process> processes;
    private final List<Path> logs;
    private final Path dir;
    private final PrintWriter err;

    private LocalParts(List<Process> processes, List<Path> logs, Path dir, PrintWriter err) {
        this.processes = processes;
        this.logs = logs;
        this.dir = dir;
        this.err = err;
    }

    /**
     * The CPUs of each part: {@code cpus} in {@code parts} contiguous shares as even as can be; with fewer CPUs than
     * parts, parts share them in turn (part {@code k} on CPU {@code k mod n}).
     */
    public static List<List<Integer>> split(List<Integer> cpus, int parts) {
        List<List<Integer>> shares = new ArrayList<>();
        int n = cpus.size();
        for (int k = 0; k < parts; k++) {
            if (n >= parts) {
                shares.add(List.copyOf(cpus.subList(k * n / parts, (k + 1) * n / parts)));
            } else {
                shares.add(List.of(cpus.get(k % n)));
            }
        }
        return shares;
    }

    /**
     * Starts parts 1..N-1.
     *
     * @param javaCommand this JVM's command line up to and including the main class
     * @param arguments   the command's own arguments, without --part, --coordinator, --cpus, --out, --progress and the
     *                    options only part 0 acts on
     * @param shares      each part's CPUs ({@link #split})
     */
    public static LocalParts start(
            List<String> javaCommand,
            List<String> arguments,
            InetSocketAddress coordinator,
            List<List<Integer>> shares,
            String token,
            PrintWriter err)
            throws IOException {
        Path dir = Files.createTempDirectory("isobench-parts-");
        List<Process> processes = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        LocalParts parts = new LocalParts(processes, logs, dir, err);
        try {
            for (int k = 1; k < shares.size(); k++) {
                List<String> command = new ArrayList<>(javaCommand);
                command.addAll(arguments);
                command.addAll(List.of(
                        "--part",
                        String.valueOf(k),
                        "--coordinator",
                        coordinator.getHostString() + ":" + coordinator.getPort(),
                        "--cpus",
                        CpuList.format(shares.get(k)),
                        "--out",
                        dir.resolve("part-" + k).toString(),
                        "--progress=log"));
                Path log = dir.resolve("part-" + k + ".log");
                ProcessBuilder builder =
                        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
                builder.environment().put(PartToken.ENV, token);
                processes.add(builder.start());
                logs.add(log);
            }
        } catch (IOException | RuntimeException e) {
            parts.close();
            throw e;
        }
        return parts;
    }

    /**
     * Waits for the parts to exit (the coordinator told them the run is over, or is gone), ending any that do not; a
     * part that exited otherwise than 0 has its output printed.
     */
    @Override
    public void close() {
        for (int i = 0; i < processes.size(); i++) {
            Process p = processes.get(i);
            int part = i + 1;
            try {
                if (!p.waitFor(EXIT_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    err.println(
                            "load part " + part + " had not exited " + EXIT_WAIT_SECONDS + " s after the run: ended");
                } else if (p.exitValue() != 0) {
                    err.println("load part " + part + " exited with code " + p.exitValue() + "; its output:");
                    err.println(Files.readString(logs.get(i)).strip());
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                err.println("load part " + part + ": its output could not be read: " + e.getMessage());
            }
        }
        err.flush();
        deleteTree(dir);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind: nothing of the run is in it
        }
    }
}
