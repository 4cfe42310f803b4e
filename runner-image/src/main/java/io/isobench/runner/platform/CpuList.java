package io.isobench.runner.platform;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** The kernel's CPU list syntax ("0-3,6,8-9"), both ways. */
public final class CpuList {

    private CpuList() {}

    public static List<Integer> parse(String text) {
        List<Integer> cpus = new ArrayList<>();
        String trimmed = text == null ? "" : text.strip();
        if (trimmed.isEmpty()) {
            return cpus;
        }
        for (String part : trimmed.split(",")) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-');
                if (dash < 0) {
                    cpus.add(Integer.parseInt(p));
                } else {
                    int from = Integer.parseInt(p.substring(0, dash).strip());
                    int to = Integer.parseInt(p.substring(dash + 1).strip());
                    if (to < from) {
                        throw new IllegalArgumentException("CPU range '" + p + "' runs backwards");
                    }
                    for (int c = from; c <= to; c++) {
                        cpus.add(c);
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is not a CPU list like 0-3,6", e);
            }
        }
        return cpus.stream().distinct().sorted().toList();
    }

    public static String format(List<Integer> cpus) {
        BitSet set = new BitSet();
        cpus.forEach(set::set);
        StringBuilder out = new StringBuilder();
        int c = set.nextSetBit(0);
        while (c >= 0) {
            int end = set.nextClearBit(c) - 1;
            if (!out.isEmpty()) {
                out.append(',');
            }
            out.append(c);
            if (end > c) {
                out.append('-').append(end);
            }
            c = set.nextSetBit(end + 1);
        }
        return out.toString();
    }
}
