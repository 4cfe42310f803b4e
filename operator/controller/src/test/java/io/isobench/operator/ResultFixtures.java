package io.isobench.operator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.result.ResultJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** result.json uploads as a runner on given CPUs would write them (from tests/resources/results/dispatch-ok.json). */
public final class ResultFixtures {

    private ResultFixtures() {}

    /** The dispatch fixture on {@code cpus} (publisher on the first, agent on the second), each CPU a core of its own. */
    public static String dispatch(int publisherCpu, int agentCpu) {
        ObjectNode tree = fixture();
        onCpus(tree, List.of(publisherCpu, agentCpu));
        tree.get("steps").forEach(s -> s.get("repetitions").forEach(r -> r.get("pinning").forEach(p -> ((ObjectNode) p)
                .put("cpu", "publisher".equals(p.get("role").asText()) ? publisherCpu : agentCpu))));
        return tree.toString();
    }

    /** A tcp-echo result whose client ran on {@code cpu} (a core of its own), its server elsewhere (--server-address). */
    public static String tcpEcho(int cpu) {
        ObjectNode tree = fixture();
        tree.put("target", "tcp-echo");
        onCpus(tree, List.of(cpu));
        tree.get("steps").forEach(s -> s.get("repetitions").forEach(r -> ((ObjectNode) r).putArray("pinning")
                .addObject().put("role", "client").put("cpu", cpu).put("applied", true).put("detail", "affinity read back: " + cpu)));
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
        try (InputStream in = ResultFixtures.class.getResourceAsStream("/results/dispatch-ok.json")) {
            return (ObjectNode) ResultJson.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
