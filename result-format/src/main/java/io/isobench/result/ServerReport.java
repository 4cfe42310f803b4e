package io.isobench.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a server started with {@code isobench-runner server} found once placed: printed at start-up as one line on
 * stderr, {@link #LOG_PREFIX} then compact JSON. The operator reads it from the server container's log; a runner that
 * starts the server as a process of its own reads it from that process's stderr. A pod's output is not trusted:
 * {@link #fromLog} accepts exactly one bounded line whose every field is checked.
 *
 * @param formatVersion {@link #FORMAT_VERSION}
 * @param target        the target served (tcp-echo, udp-echo, http-mock, rsocket, ipc)
 * @param cpuset        the CPUs the server's process was granted
 * @param smtSiblings   per granted CPU, the CPUs of its physical core ("2:2,6"; "2:n/a" when the kernel does not say)
 * @param pinning       where each of the server's measured threads runs
 */
public record ServerReport(
        int formatVersion, String target, Environment.CpuSet cpuset, List<String> smtSiblings, List<Pinning> pinning) {

    public static final int FORMAT_VERSION = 1;
    public static final String LOG_PREFIX = "isobench-server-report ";
    /** A real report is a few hundred bytes; a 1024-CPU grant stays well under this. */
    public static final int MAX_LINE = 32 * 1024;

    static final int MAX_THREADS = 16;
    static final int MAX_TEXT = 512;

    private static final Pattern TARGET = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final Pattern ROLE = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final ObjectReader READER = ResultJson.MAPPER
            .readerFor(ServerReport.class)
            .with(
                    DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                    DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                    DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The line to print: the prefix and the report as JSON on one line. */
    public String toLogLine() {
        try {
            return LOG_PREFIX + ResultJson.MAPPER.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the server report", e);
        }
    }

    /** Whether {@code line} is (or claims to be) a report line. */
    public static boolean isReportLine(String line) {
        return line.startsWith(LOG_PREFIX);
    }

    /**
     * The one report in a server's output (a log, or part of one).
     *
     * @throws ResultFormatException when there is none, more than one, or it is malformed: naming the field and value
     */
    public static ServerReport fromLog(String log) {
        List<String> lines = log == null
                ? List.of()
                : log.lines()
                        .map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l)
                        .filter(ServerReport::isReportLine)
                        .toList();
        if (lines.size() != 1) {
            throw new ResultFormatException(
                    lines.isEmpty()
                            ? "the server printed no report line ('" + LOG_PREFIX.strip() + " {…}')"
                            : "the server printed " + lines.size() + " report lines, not one");
        }
        return fromLine(lines.getFirst());
    }

    /** One report line, checked. */
    public static ServerReport fromLine(String line) {
        if (line.length() > MAX_LINE) {
            throw new ResultFormatException(
                    "server report: the line has " + line.length() + " characters, more than " + MAX_LINE);
        }
        ServerReport report;
        try {
            JsonNode tree = ResultJson.MAPPER.readTree(line.substring(LOG_PREFIX.length()));
            JsonNode version = tree == null ? null : tree.get("formatVersion");
            if (version == null || !version.isInt() || version.intValue() != FORMAT_VERSION) {
                throw bad("formatVersion", version, "is not " + FORMAT_VERSION);
            }
            report = READER.treeToValue(tree, ServerReport.class);
        } catch (JsonProcessingException e) {
            throw new ResultFormatException("server report: not the report JSON: " + e.getOriginalMessage(), e);
        }
        report.check();
        return report;
    }

    private void check() {
        if (target == null || !TARGET.matcher(target).matches()) {
            throw bad("target", target, "is not a target name");
        }
        if (cpuset == null || cpuset.cpus() == null || cpuset.cpus().isEmpty()) {
            throw bad("cpuset.cpus", cpuset == null ? null : cpuset.cpus(), "is missing or empty");
        }
        var granted = new TreeSet<Integer>();
        for (Integer cpu : cpuset.cpus()) {
            if (cpu == null || cpu < 0 || cpu > CpuSets.MAX_CPU || !granted.add(cpu)) {
                throw bad("cpuset.cpus", cpuset.cpus(), "must hold distinct CPUs 0-" + CpuSets.MAX_CPU);
            }
        }
        if (!CpuSets.parse("server report: cpuset.affinity", cpuset.affinity()).equals(granted)) {
            throw bad("cpuset.affinity", cpuset.affinity(), "is not the CPUs " + CpuSets.format(granted));
        }
        text("cpuset.cgroup", cpuset.cgroup());
        var cores = CpuSets.siblings("server report: smtSiblings", smtSiblings);
        if (!granted.containsAll(cores.keySet())) {
            throw bad("smtSiblings", smtSiblings, "names CPUs outside the grant " + CpuSets.format(granted));
        }
        if (pinning == null || pinning.isEmpty() || pinning.size() > MAX_THREADS) {
            throw bad(
                    "pinning.length", pinning == null ? null : pinning.size(), "is not 1-" + MAX_THREADS + " threads");
        }
        Set<String> roles = new HashSet<>();
        for (int i = 0; i < pinning.size(); i++) {
            Pinning p = pinning.get(i);
            String at = "pinning[" + i + "]";
            if (p == null || p.role() == null || !ROLE.matcher(p.role()).matches() || !roles.add(p.role())) {
                throw bad(at + ".role", p == null ? null : p.role(), "is not a distinct thread role");
            }
            if (p.cpu() != null && !granted.contains(p.cpu())) {
                throw bad(at + ".cpu", p.cpu(), "is not a granted CPU " + CpuSets.format(granted));
            }
            text(at + ".detail", p.detail());
        }
    }

    private static void text(String field, String value) {
        if (value != null && (value.length() > MAX_TEXT || value.chars().anyMatch(Character::isISOControl))) {
            throw bad(field, value, "is longer than " + MAX_TEXT + " characters or holds control characters");
        }
    }

    private static ResultFormatException bad(String field, Object value, String problem) {
        return CpuSets.bad("server report: " + field, value, problem);
    }
}
