package io.isobench.result;

import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * CPU facts as pods report them, read strictly: the kernel's CPU list syntax ("0-3,6") and the per-CPU SMT sibling
 * entries of {@link Environment.Isolation#smtSiblings()} ("2:2,6"). What a pod reports is not trusted, so sizes
 * are bounded and anything else is refused with the field and value named.
 */
public final class CpuSets {

    /** The kernel's largest CPU number (NR_CPUS is at most 8192). */
    public static final int MAX_CPU = 8191;
    /** What an entry says when the kernel did not show the CPU's siblings. */
    public static final String UNKNOWN = "n/a";

    private static final int MAX_TEXT = 4_096;
    private static final Pattern CPU = Pattern.compile("\\d{1,4}");
    private static final Pattern RANGE = Pattern.compile("\\d{1,4}(-\\d{1,4})?");

    private CpuSets() {}

    /** "0-2,5" → {0,1,2,5}; blank → {}. */
    public static TreeSet<Integer> parse(String field, String text) {
        var cpus = new TreeSet<Integer>();
        if (text == null || text.isBlank()) {
            return cpus;
        }
        String list = text.strip();
        if (list.length() > MAX_TEXT) {
            throw bad(field, text, "is longer than " + MAX_TEXT + " characters");
        }
        for (String raw : list.split(",", -1)) {
            String part = raw.strip();
            if (!RANGE.matcher(part).matches()) {
                throw bad(field, text, "is not a CPU list like 0-3,6");
            }
            int dash = part.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
            if (to < from || to > MAX_CPU) {
                throw bad(field, text, to < from ? "has a range that runs backwards" : "names a CPU above " + MAX_CPU);
            }
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    /** The kernel's syntax: {0,1,2,5} → "0-2,5". */
    public static String format(Collection<Integer> cpus) {
        BitSet set = new BitSet();
        cpus.forEach(set::set);
        StringBuilder out = new StringBuilder();
        for (int c = set.nextSetBit(0); c >= 0; ) {
            int end = set.nextClearBit(c) - 1;
            out.append(out.isEmpty() ? "" : ",").append(c).append(end > c ? "-" + end : "");
            c = set.nextSetBit(end + 1);
        }
        return out.toString();
    }

    /**
     * Entries "CPU:SIBLINGS" → each CPU's core (itself and its SMT siblings). A CPU whose entry says {@value #UNKNOWN}
     * is left out: its siblings are unknown.
     */
    public static Map<Integer, TreeSet<Integer>> siblings(String field, List<String> entries) {
        var cores = new TreeMap<Integer, TreeSet<Integer>>();
        if (entries == null) {
            return cores;
        }
        if (entries.size() > MAX_CPU + 1) {
            throw bad(field + ".length", entries.size(), "exceeds " + (MAX_CPU + 1));
        }
        for (int i = 0; i < entries.size(); i++) {
            String at = field + "[" + i + "]";
            String entry = entries.get(i);
            int colon = entry == null ? -1 : entry.indexOf(':');
            if (colon <= 0) {
                throw bad(at, entry, "is not CPU:SIBLINGS like 2:2,6");
            }
            String head = entry.substring(0, colon);
            if (!CPU.matcher(head).matches() || Integer.parseInt(head) > MAX_CPU) {
                throw bad(at, entry, "does not start with one CPU (0-" + MAX_CPU + ")");
            }
            int cpu = Integer.parseInt(head);
            String list = entry.substring(colon + 1).strip();
            if (list.equals(UNKNOWN)) {
                continue;
            }
            TreeSet<Integer> core = parse(at, list);
            if (!core.contains(cpu)) {
                throw bad(at, entry, "does not list CPU " + cpu + " among its own core's CPUs");
            }
            if (cores.put(cpu, core) != null) {
                throw bad(at, entry, "repeats CPU " + cpu);
            }
        }
        return cores;
    }

    /** "FIELD = 'VALUE' PROBLEM", the value cut to 80 characters (it may be anything a pod wrote). */
    static ResultFormatException bad(String field, Object value, String problem) {
        String text = String.valueOf(value);
        text = text.length() > 80 ? text.substring(0, 80) + "…" : text;
        return new ResultFormatException(
                field + " = " + (value instanceof String ? "'" + text + "'" : text) + " " + problem);
    }
}
