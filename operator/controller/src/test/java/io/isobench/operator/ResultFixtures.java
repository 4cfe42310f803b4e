package io.isobench.operator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.result.ResultJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** result.json uploads as a runner on given CPUs would write them (from test-fixtures/runs/dispatch-closed/result.json). */
public final class ResultFixtures {

    private ResultFixtures() {}

    /** The dispatch fixture on {@code cpus} (publisher on the first, agent on the second), each CPU a core of its own. */
    public static String dispatch(int publisherCpu, int agentCpu) {
        ObjectNode tree = fixture();
        onCpus(tree, List.of(publisherCpu, agentCpu));
        tree.get("steps")
                .forEach(s -> s.get("repetitions")
                        .forEach(r -> r.get("pinning")
                                .forEach(p -> ((ObjectNode) p)
                                        .put(
                                                "cpu",
                                                "publisher".equals(p.get("role").asText())
                                                        ? publisherCpu
                                                        : agentCpu))));
        return tree.toString();
    }

    /**
     * The dispatch fixture with {@code repetitions} repetitions a step (its two recorded ones, repeated, each a little apart:
     * ×1.00, ×1.02, ×0.99, ×1.01 …) and every latency times {@code factor}: a baseline (1) and a candidate that is slower (2).
     */
    public static String dispatch(int publisherCpu, int agentCpu, int repetitions, double factor) {
        ObjectNode tree = (ObjectNode) readTree(dispatch(publisherCpu, agentCpu));
        double[] spread = {1.00, 1.02, 0.99, 1.01, 0.98, 1.03};
        tree.get("steps").forEach(s -> {
            var recorded = s.get("repetitions");
            var reps = ((ObjectNode) s).putArray("repetitions");
            long count = 0;
            for (int i = 0; i < repetitions; i++) {
                ObjectNode rep = recorded.get(i % recorded.size()).deepCopy();
                rep.put("index", i + 1);
                scale((ObjectNode) rep.get("latency"), factor * spread[i % spread.length]);
                count += rep.get("latency").get("count").asLong();
                reps.add(rep);
            }
            ObjectNode merged = (ObjectNode) s.get("merged").get("latency");
            scale(merged, factor);
            merged.put("count", count);
        });
        return tree.toString();
    }

    private static void scale(ObjectNode latency, double factor) {
        for (String field : java.util.List.copyOf(
                latency.properties().stream().map(java.util.Map.Entry::getKey).toList())) {
            var value = latency.get(field);
            if (!field.equals("count")) {
                latency.put(
                        field,
                        value.isIntegralNumber() ? Math.round(value.asLong() * factor) : value.asDouble() * factor);
            }
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode readTree(String json) {
        try {
            return ResultJson.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A tcp-echo result whose client ran on {@code cpu} (a core of its own), its server elsewhere (--server-address). */
    public static String tcpEcho(int cpu) {
        ObjectNode tree = fixture();
        tree.put("target", "tcp-echo");
        onCpus(tree, List.of(cpu));
        tree.get("steps")
                .forEach(s -> s.get("repetitions")
                        .forEach(r -> ((ObjectNode) r)
                                .putArray("pinning")
                                .addObject()
                                .put("role", "client")
                                .put("cpu", cpu)
                                .put("applied", true)
                                .put("detail", "affinity read back: " + cpu)));
        return tree.toString();
    }

    private static void onCpus(ObjectNode tree, List<Integer> cpus) {
        ObjectNode cpuset = (ObjectNode) tree.get("environment").get("cpuset");
        var list = cpuset.putArray("cpus");
        cpus.stream().sorted().forEach(list::add);
        String text = io.isobench.result.CpuSets.format(cpus);
        cpuset.put("affinity", text).put("cgroup", text);
        var siblings = ((ObjectNode) tree.get("environment").get("isolation")).putArray("smtSiblings");
        cpus.stream().sorted().forEach(c -> siblings.add(c + ":" + c));
    }

    private static ObjectNode fixture() {
        try (InputStream in = ResultFixtures.class.getResourceAsStream("/runs/dispatch-closed/result.json")) {
            return (ObjectNode) ResultJson.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
