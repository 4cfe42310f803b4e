package io.isobench.publisher;

import io.isobench.result.ReadLimits;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ResultJson;
import io.isobench.result.ResultPlausibility;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.ObjectTooLargeException;
import io.isobench.store.RunKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs made by the runner alone (make demo, a laptop): read from their run directories, within the caps of
 * {@link ReadLimits}: result.json and the histogram files it names, checked ({@link RunFiles}). Nothing is read through
 * a symbolic link: a link in a run directory (to /etc/passwd, to another run) publishes nothing, nor does a linked run
 * directory in a folder of runs.
 */
public final class LocalRuns {

    private LocalRuns() {}

    /**
     * What a search found: the runs read, and why each other run could not be (one line naming its file and the field).
     * One unreadable run never keeps the others off the site.
     */
    public record Found(List<PublishedRun> runs, List<String> skipped) {}

    /** Each argument is a run directory (holds result.json) or a folder of them. */
    public static Found find(List<Path> roots) throws IOException {
        return find(roots, ReadLimits.DEFAULTS);
    }

    /** @throws IllegalArgumentException when an argument is neither a run directory nor a folder of them (bad usage) */
    public static Found find(List<Path> roots, ReadLimits limits) throws IOException {
        var runs = new ArrayList<PublishedRun>();
        var skipped = new ArrayList<String>();
        for (Path root : roots) {
            if (Files.exists(root.resolve(RunLayout.RESULT_FILE), LinkOption.NOFOLLOW_LINKS)) {
                readInto(root, limits, runs, skipped);
                continue;
            }
            if (!Files.isDirectory(root)) {
                throw new IllegalArgumentException("--from '" + root + "': not a run directory nor a folder of them");
            }
            try (Stream<Path> children = Files.list(root)) {
                for (Path dir : children.filter(d -> Files.isRegularFile(d.resolve(RunLayout.RESULT_FILE)))
                        .sorted()
                        .toList()) {
                    if (Files.isSymbolicLink(dir) || Files.isSymbolicLink(dir.resolve(RunLayout.RESULT_FILE))) {
                        warn(dir, "a symbolic link: not followed, not published");
                        continue;
                    }
                    readInto(dir, limits, runs, skipped);
                }
            }
        }
        return new Found(List.copyOf(runs), List.copyOf(skipped));
    }

    private static void readInto(Path runDir, ReadLimits limits, List<PublishedRun> runs, List<String> skipped) {
        try {
            runs.add(read(runDir, limits));
        } catch (ResultFormatException e) {
            skipped.add(e.getMessage());
        } catch (IOException e) {
            skipped.add(runDir + ": cannot be read: " + e.getMessage());
        }
    }

    public static PublishedRun read(Path runDir) throws IOException {
        return read(runDir, ReadLimits.DEFAULTS);
    }

    public static PublishedRun read(Path runDir, ReadLimits limits) throws IOException {
        Path resultFile = runDir.resolve(RunLayout.RESULT_FILE);
        var dir = new LocalDirectoryStore(runDir);
        try {
            byte[] raw = dir.get(RunLayout.RESULT_FILE, limits.resultJson())
                    .orElseThrow(() -> new ResultFormatException(
                            resultFile + " is missing or a symbolic link (links are not followed)"));
            RunResult result;
            try {
                result = ResultJson.parse(new String(raw, java.nio.charset.StandardCharsets.UTF_8));
                ResultPlausibility.check(result, null);
            } catch (ResultFormatException e) {
                throw new ResultFormatException(resultFile + ": " + e.getMessage(), e);
            }
            var files = new LinkedHashMap<String, byte[]>();
            var collected = RunFiles.collect(result, dir::get, limits, files::put);
            collected.missing().forEach(m -> warn(runDir, m + " is missing or a symbolic link: not published"));
            collected.rejected().forEach((path, why) -> warn(runDir, "not published: " + why));
            boolean ok = result.verdict() == io.isobench.result.Verdict.OK;
            // a run that did not succeed says why, as the operator's status message does for runs on Kubernetes
            return new PublishedRun(
                    RunKey.local(result.target(), result.runId()),
                    Map.of(),
                    List.of(),
                    ok ? "Succeeded" : "Failed",
                    new PublishedRun.Isolation(null, "run outside Kubernetes: isolation not verified", Map.of()),
                    ok ? null : result.reason(),
                    null,
                    null,
                    result.config(),
                    rerunYaml(result),
                    String.valueOf(result.startedAt()),
                    raw,
                    result,
                    files,
                    entries(runDir) - 1 - files.size());
        } catch (ObjectTooLargeException e) {
            throw new ResultFormatException(runDir + ": " + e.getMessage(), e);
        } catch (ObjectStoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Everything in the run directory but folders: files, links and the rest, none followed. */
    private static int entries(Path runDir) throws IOException {
        try (Stream<Path> walk = Files.walk(runDir.toRealPath())) {
            return (int) walk.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .count();
        }
    }

    private static void warn(Path runDir, String what) {
        System.err.println("isobench-publish: " + runDir + ": " + what);
    }

    /** The BenchmarkRun that runs this configuration on a cluster (target options are the runner's; check them against the CRD). */
    static String rerunYaml(RunResult r) {
        Map<String, Object> c = r.config();
        var yaml = new StringBuilder();
        yaml.append("apiVersion: isobench.io/v1alpha1\nkind: BenchmarkRun\nmetadata:\n  name: ")
                .append(r.target())
                .append("-rerun\nspec:\n");
        yaml.append("  target:\n    ").append(camel(r.target())).append(": {}\n");
        yaml.append("  load:\n");
        boolean open = "open-loop".equals(c.get("mode"));
        yaml.append("    mode: ").append(open ? "Open" : "Closed").append('\n');
        Object sweep = c.get(open ? "rates" : "clients");
        if (sweep instanceof List<?> l) {
            yaml.append("    ")
                    .append(open ? "rates" : "clients")
                    .append(": [")
                    .append(l.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                    .append("]\n");
        }
        for (String k : List.of("warmup", "duration")) {
            if (c.get(k) != null) {
                yaml.append("    ").append(k).append(": ").append(c.get(k)).append('\n');
            }
        }
        if ("auto".equals(c.get("repetitions"))) {
            // the CRD takes a count: the runner's budget, saying what it was
            yaml.append("    repetitions: ")
                    .append(c.get("maxRepetitions"))
                    .append("  # the runner ran --repetitions auto --precision ")
                    .append(c.get("precision"))
                    .append('\n');
        } else if (c.get("repetitions") != null) {
            yaml.append("    repetitions: ").append(c.get("repetitions")).append('\n');
        }
        return yaml.toString();
    }

    private static String camel(String target) {
        var sb = new StringBuilder();
        boolean up = false;
        for (char ch : target.toCharArray()) {
            if (ch == '-') {
                up = true;
            } else {
                sb.append(up ? Character.toUpperCase(ch) : ch);
                up = false;
            }
        }
        return sb.toString();
    }
}
