package io.isobench.operator.results;

import io.isobench.operator.api.IsolationStatus;
import io.isobench.result.Environment;
import io.isobench.result.Pinning;
import io.isobench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Whether a run really had its CPUs to itself. Isolated only when what Kubernetes promised and what the
 * runner found agree: Exclusive, the kubelet's static CPU manager, a Guaranteed pod, a granted cpuset of
 * exactly the requested size holding none of the kubelet's reserved CPUs, and every measured thread pinned.
 *
 * @param isolated whether all of the above hold
 * @param reason   condition reason (CamelCase)
 * @param message  the facts, for humans
 */
public record IsolationVerdict(boolean isolated, String reason, String message) {

    public static IsolationVerdict judge(IsolationStatus facts, RunResult result) {
        if (!"Exclusive".equals(facts.getMode())) {
            return new IsolationVerdict(false, "SharedIsolation", "isolation Shared: the node may run other work; never reported as isolated");
        }
        if (!"static".equals(facts.getCpuManagerPolicy())) {
            return new IsolationVerdict(false, "CpuManagerNotStatic", "kubelet cpuManagerPolicy is " + facts.getCpuManagerPolicy() + ", not static");
        }
        if (!"Guaranteed".equals(facts.getQosClass())) {
            return new IsolationVerdict(false, "NotGuaranteed", "pod QoS class is " + facts.getQosClass() + ", not Guaranteed");
        }
        Environment env = result.environment();
        List<Integer> granted = env == null || env.cpuset() == null || env.cpuset().cpus() == null ? List.of() : env.cpuset().cpus();
        if (granted.size() != facts.getCpusRequested()) {
            return new IsolationVerdict(false, "CpusetMismatch", "runner was granted cpuset " + facts.getCpusetGranted() + " (" + granted.size()
                    + " CPUs) but asked for " + facts.getCpusRequested() + " exclusive CPUs");
        }
        var reserved = parseCpuList(facts.getReservedSystemCpus());
        reserved.retainAll(granted);
        if (!reserved.isEmpty()) {
            return new IsolationVerdict(false, "ReservedCpusGranted", "granted cpuset " + facts.getCpusetGranted()
                    + " includes the kubelet's reserved CPUs " + reserved);
        }
        List<String> unpinned = new ArrayList<>();
        result.steps().forEach(step -> step.repetitions().forEach(rep -> {
            if (rep.pinning() != null) {
                rep.pinning().stream().filter(p -> !p.applied()).map(Pinning::role).forEach(unpinned::add);
            }
        }));
        if (!unpinned.isEmpty()) {
            return new IsolationVerdict(false, "PinningFailed", "threads not pinned: " + new TreeSet<>(unpinned));
        }
        return new IsolationVerdict(true, "ExclusiveCpusVerified", "static CPU manager granted cpuset " + facts.getCpusetGranted()
                + " (" + granted.size() + " whole CPUs, Guaranteed pod, threads pinned)");
    }

    /** "0-2,5" → {0,1,2,5}; null or empty → {}. */
    static TreeSet<Integer> parseCpuList(String list) {
        var cpus = new TreeSet<Integer>();
        if (list == null || list.isBlank()) {
            return cpus;
        }
        for (String part : list.trim().split(",")) {
            String[] range = part.trim().split("-");
            int from = Integer.parseInt(range[0].trim());
            int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }
}
