package io.isobench.compare;

import io.isobench.result.Environment;
import io.isobench.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Whether two runs measured the same thing on the same kind of machine (docs/compare.md § Comparable): every field of
 * {@code config} and of the environment on which they differ, each marked as deciding or not. Runs that differ on a
 * deciding field are incomparable: their steps are not compared unless the user asks for it anyway.
 */
public final class Comparability {

    /**
     * Config fields that do not change what a step measures: the sweep (steps are matched one by one, by id), how many
     * repetitions, and how probes, verdicts and reruns were set. Listed when they differ, never deciding.
     */
    static final Set<String> NOT_DECIDING = Set.of(
            "rates",
            "clients",
            "queues",
            "repetitions",
            "precision",
            "maxRepetitions",
            "probeDuration",
            "interval",
            "drainTimeout",
            "rateTolerance",
            "generatorLimit",
            "noiseBudget",
            "maxReruns");

    private Comparability() {}

    /** Every difference, run facts first (target), then config fields, then the environment, each in a fixed order. */
    public static List<Difference> differences(RunResult a, RunResult b) {
        List<Difference> out = new ArrayList<>();
        add(out, "target", a.target(), b.target(), true);
        Map<String, String> ca = flatten(a.config());
        Map<String, String> cb = flatten(b.config());
        Set<String> keys = new TreeSet<>(ca.keySet());
        keys.addAll(cb.keySet());
        keys.remove("target");
        for (String key : keys) {
            add(
                    out,
                    "config." + key,
                    ca.getOrDefault(key, "absent"),
                    cb.getOrDefault(key, "absent"),
                    !NOT_DECIDING.contains(key.split("\\.", 2)[0]));
        }
        for (Map.Entry<String, Function<Environment, String>> fact : ENVIRONMENT.entrySet()) {
            add(
                    out,
                    "environment." + fact.getKey(),
                    environmentFact(a, fact.getValue()),
                    environmentFact(b, fact.getValue()),
                    true);
        }
        return out;
    }

    /**
     * The deciding environment facts of a run, as text by field name ({@code cpuModel}, {@code jvm}, …; "unknown" when
     * the result does not carry one): what a series of runs must share to be one series (docs/site-data.md § Series).
     */
    public static Map<String, String> environment(RunResult run) {
        Map<String, String> out = new LinkedHashMap<>();
        ENVIRONMENT.forEach((field, fact) -> out.put(field, environmentFact(run, fact)));
        return out;
    }

    /** Whether any difference decides: the runs measured something else, or on another kind of machine. */
    public static boolean comparable(List<Difference> differences) {
        return differences.stream().noneMatch(Difference::decides);
    }

    /** The environment facts that decide latency, as text; what varies from run to run on one machine (load, hostname) is left out. */
    private static final Map<String, Function<Environment, String>> ENVIRONMENT = facts();

    private static Map<String, Function<Environment, String>> facts() {
        Map<String, Function<Environment, String>> f = new LinkedHashMap<>();
        f.put("cpuModel", Environment::cpuModel);
        f.put("arch", Environment::arch);
        f.put("kernel", Environment::kernel);
        f.put(
                "jvm",
                e -> e.jvm() == null
                        ? null
                        : e.jvm().vendor() + " " + jvmMajor(e.jvm().version()));
        f.put(
                "gc",
                e -> e.jvm() == null || e.jvm().gc() == null
                        ? null
                        : String.join(", ", e.jvm().gc()));
        f.put(
                "cpusetSize",
                e -> e.cpuset() == null || e.cpuset().cpus() == null
                        ? null
                        : e.cpuset().cpus().size() + " CPUs");
        f.put(
                "smt",
                e -> e.isolation() == null || e.isolation().smtSiblings() == null
                        ? null
                        : smt(e.isolation().smtSiblings()));
        f.put(
                "isolation",
                e -> e.isolation() == null
                        ? null
                        : "isolcpus " + none(e.isolation().isolatedCpus())
                                + ", nohz_full " + none(e.isolation().nohzFull()) + ", governor "
                                + none(e.isolation().governor())
                                + ", clocksource " + none(e.isolation().clocksource()) + ", THP "
                                + none(e.isolation().transparentHugePages()));
        return f;
    }

    /** "25.0.3+9-LTS" → "25", "1.8.0_392" → "8" (the site's jvmMajor does the same). */
    static String jvmMajor(String version) {
        if (version == null || version.isEmpty()) {
            return "unknown";
        }
        String[] parts = version.split("[.+_-]");
        return parts[0].equals("1") && parts.length > 1 ? parts[1] : parts[0];
    }

    /** SMT on when a granted CPU has a sibling thread ("0:0,4"), off when every CPU is its core alone ("0:0"). */
    static String smt(List<String> siblings) {
        return siblings.stream().anyMatch(s -> s.contains(",") || s.contains("-"))
                ? "siblings present"
                : "one thread per core";
    }

    private static String none(String value) {
        return value == null || value.isBlank() ? "none" : value;
    }

    private static String environmentFact(RunResult run, Function<Environment, String> fact) {
        return run.environment() == null
                ? "unknown"
                : Objects.requireNonNullElse(fact.apply(run.environment()), "unknown");
    }

    private static void add(List<Difference> out, String field, String a, String b, boolean decides) {
        if (!Objects.equals(a, b)) {
            out.add(new Difference(field, a, b, decides));
        }
    }

    /** As the site writes it too: a whole number without ".0" (JSON does not tell 1.0 from 1), anything else as Java does. */
    static String text(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
            return String.valueOf(d.longValue());
        }
        return String.valueOf(value);
    }

    /** Nested config as dotted keys, lists as text: {"server": {"mode": "process"}} → server.mode = process. */
    static Map<String, String> flatten(Map<String, Object> config) {
        Map<String, String> out = new TreeMap<>();
        if (config != null) {
            flatten("", config, out);
        }
        return out;
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = prefix + e.getKey();
            if (e.getValue() instanceof Map<?, ?> nested) {
                flatten(key + ".", nested, out);
            } else {
                out.put(key, text(e.getValue()));
            }
        }
    }
}
