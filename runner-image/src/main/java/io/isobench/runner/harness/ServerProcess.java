package io.isobench.runner.harness;

import io.isobench.result.Pinning;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ServerReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target's server in a JVM of its own ({@code isobench-runner server TARGET --port 0 --bind 127.0.0.1}),
 * pinned to its own CPU. Its address comes from the "listening on HOST:PORT" line it prints (the ipc consumer:
 * "listening on DIR"), where its threads run from the {@link ServerReport} line before it; its later output
 * is kept (the last lines) to explain a death; {@link #failure()} notices it exiting mid-run.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on ([^\\s,]+)");
    private static final Pattern HOST_PORT = Pattern.compile("([0-9.]+):(\\d+)");
    private static final int KEPT_LINES = 20;

    private final Process process;
    private final String endpoint;
    private final Deque<String> lastLines;
    /** The server's report, or why there is none. */
    private final ServerReport report;

    private final String reportProblem;
    private volatile boolean closing;

    private ServerProcess(
            Process process, String endpoint, Deque<String> lastLines, ServerReport report, String reportProblem) {
        this.process = process;
        this.endpoint = endpoint;
        this.lastLines = lastLines;
        this.report = report;
        this.reportProblem = reportProblem;
    }

    /**
     * Starts the server and waits until it listens.
     *
     * @param cpu the CPU to pin the server to, or null to leave it unpinned
     */
    public static ServerProcess start(
            List<String> runnerCommand, String target, List<String> targetArgs, Integer cpu, long startTimeoutMillis)
            throws IOException, InterruptedException {
        return start(
                runnerCommand,
                target,
                List.of("--port", "0", "--bind", "127.0.0.1"),
                targetArgs,
                cpu,
                startTimeoutMillis);
    }

    /** As above, with the server's own placement arguments instead of an ephemeral port on 127.0.0.1. */
    public static ServerProcess start(
            List<String> runnerCommand,
            String target,
            List<String> placementArgs,
            List<String> targetArgs,
            Integer cpu,
            long startTimeoutMillis)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(runnerCommand);
        // first, so ps (and /proc/PID/cmdline, which the JDK truncates) names the process's role
        command.add(1, "-Disobench.server=" + target);
        command.addAll(List.of("server", target));
        command.addAll(placementArgs);
        command.addAll(cpu == null ? List.of("--no-pin") : List.of("--cpu", String.valueOf(cpu)));
        command.addAll(targetArgs);
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Deque<String> lastLines = new ArrayDeque<>();
        CompletableFuture<String> listening = new CompletableFuture<>();
        AtomicReference<Object> report = new AtomicReference<>();
        Thread.ofPlatform().daemon().name("isobench-server-output").start(() -> {
            try (BufferedReader err =
                    new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    if (ServerReport.isReportLine(line)) {
                        // printed before "listening on", so it is read before start() returns; a second one is refused
                        report.set(
                                report.get() == null
                                        ? readReport(line)
                                        : "the server printed more than one report line");
                        continue;
                    }
                    synchronized (lastLines) {
                        lastLines.addLast(line);
                        if (lastLines.size() > KEPT_LINES) {
                            lastLines.removeFirst();
                        }
                    }
                    Matcher m = LISTENING.matcher(line);
                    if (!listening.isDone() && m.find()) {
                        listening.complete(m.group(1));
                    }
                }
            } catch (IOException ignored) {
                // the process is gone; failure() reports it
            }
            listening.completeExceptionally(new IOException("the server process ended before listening"));
        });
        try {
            String endpoint = listening.get(startTimeoutMillis, TimeUnit.MILLISECONDS);
            Object read = report.get();
            return read instanceof ServerReport r
                    ? new ServerProcess(process, endpoint, lastLines, r, null)
                    : new ServerProcess(
                            process,
                            endpoint,
                            lastLines,
                            null,
                            read == null ? "it printed no report line" : (String) read);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
            String reason = e instanceof TimeoutException
                    ? "did not listen within " + startTimeoutMillis + " ms"
                    : "ended before listening";
            throw new IOException("the " + target + " server process " + reason + ": " + tail(lastLines) + " (command: "
                    + String.join(" ", command) + ")");
        }
    }

    private static Object readReport(String line) {
        try {
            return ServerReport.fromLine(line);
        } catch (ResultFormatException e) {
            return e.getMessage();
        }
    }

    /**
     * Where the server process's threads run, as it reported; when it did not (or not readably), one unpinned
     * {@code role} saying why, so the result never claims a placement nobody verified.
     */
    public List<Pinning> pinnings(String role, Integer cpu) {
        if (report != null) {
            return report.pinning();
        }
        String why = "the server process (pid " + process.pid() + ") did not report its placement: " + reportProblem;
        return List.of(new Pinning(role, cpu, false, why));
    }

    public long pid() {
        return process.pid();
    }

    /** What the server said it listens on: HOST:PORT for network servers, a directory for the ipc consumer. */
    public String endpoint() {
        return endpoint;
    }

    public InetSocketAddress address() {
        Matcher m = HOST_PORT.matcher(endpoint);
        if (!m.matches()) {
            throw new IllegalStateException("the server process listens on '" + endpoint + "', not HOST:PORT");
        }
        return new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2)));
    }

    /** Why the server is gone, or null while it runs. */
    public String failure() {
        if (closing || process.isAlive()) {
            return null;
        }
        return "the server process (pid " + process.pid() + ") exited with code " + process.exitValue() + ": "
                + tail(lastLines);
    }

    private static String tail(Deque<String> lines) {
        synchronized (lines) {
            return lines.isEmpty() ? "(no output)" : String.join(" | ", lines);
        }
    }

    @Override
    public void close() throws InterruptedException {
        closing = true;
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
