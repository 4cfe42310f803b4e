package io.isobench.operator.results;

import io.isobench.operator.api.CpuGrantFacts;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.LoadPartIsolation;
import io.isobench.operator.api.PinnedThread;
import io.isobench.operator.api.ServerIsolation;
import io.isobench.result.CpuSets;
import io.isobench.result.Environment;
import io.isobench.result.PartResult;
import io.isobench.result.Pinning;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultFormatException;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Whether a run really had its CPUs to itself. Isolated only when what Kubernetes promised and what every measuring
 * role found agree, for the runner and (when it has CPUs of its own) the server: Exclusive; each role's node runs the
 * kubelet's static CPU manager; each pod is Guaranteed; each role was granted exactly the whole CPUs it asked for,
 * none of them reserved by the kubelet, and whole physical cores (no SMT sibling outside the grant); every measured
 * thread is pinned, and no two measured threads share a CPU. The first fact that does not hold is the reason. A run
 * against the user's own server (status.isolation.externalServer) is never isolated: its reason is ExternalServer, its
 * message what was verified of the runner.
 *
 * <p>The facts the pods report (result.json, the server's start-up report) are read strictly: a malformed one makes
 * the run not isolated, naming the field and value, never an error of the reconcile.
 *
 * @param isolated whether all of the above hold
 * @param reason   condition reason (CamelCase)
 * @param message  the facts, for humans
 */
public record IsolationVerdict(boolean isolated, String reason, String message) {

    /** The kubelet option that grants whole physical cores only (no SMT sibling left to another container). */
    static final String FULL_PCPUS_HINT = "the kubelet's CPU manager policy option full-pcpus-only grants whole cores";

    static final int MAX_MESSAGE = 2_000;

    /** Thrown inside the checks: the run is not isolated, for this reason. */
    private static final class NotIsolated extends RuntimeException {
        final String reason;

        NotIsolated(String reason, String message) {
            super(message, null, false, false);
            this.reason = reason;
        }
    }

    /**
     * One measuring role as the verdict sees it.
     *
     * @param name      how messages name it ("runner pod", "server pod r1-…")
     * @param granted   the CPUs it reported it was granted
     * @param cores     per granted CPU whose core is known, the CPUs of that core
     * @param coresRead why the cores could not be read, or null
     * @param threads   its measured threads, each where it was pinned (one entry per repetition for the runner)
     */
    private record Role(
            String name,
            String node,
            String cpuManagerPolicy,
            String reservedSystemCpus,
            String qosClass,
            Integer cpusRequested,
            TreeSet<Integer> granted,
            Map<Integer, TreeSet<Integer>> cores,
            String coresRead,
            List<Placed> threads) {}

    /** A measured thread where it ran; {@code where} names the step and repetition for the runner's threads. */
    private record Placed(Pinning pinning, String where) {}

    public static IsolationVerdict judge(IsolationStatus facts, RunResult result) {
        if (!"Exclusive".equals(facts.getMode())) {
            return new IsolationVerdict(
                    false,
                    "SharedIsolation",
                    "isolation Shared: the node may run other work; never reported as isolated");
        }
        IsolationVerdict ours = judgeOurs(facts, result);
        if (facts.getExternalServer() != null) {
            // the measured round trip includes a server isobench neither placed nor saw: what it verified is said,
            // never
            // claimed for the whole run
            return new IsolationVerdict(
                    false,
                    "ExternalServer",
                    bounded("server: external endpoint " + facts.getExternalServer()
                            + ", not verified (isobench did not place it); "
                            + (ours.isolated() ? "" : ours.reason() + ": ") + ours.message()));
        }
        return ours;
    }

    /** The verdict on the roles isobench placed: the runner and, when it has CPUs of its own, the server. */
    private static IsolationVerdict judgeOurs(IsolationStatus facts, RunResult result) {
        try {
            List<Role> roles = new ArrayList<>();
            roles.add(runner(facts, result));
            roles.addAll(loadParts(facts, result));
            if (facts.getServer() != null) {
                roles.add(server(facts.getServer()));
            }
            for (Role role : roles) {
                check(role);
            }
            threadsApart(roles);
            String verified = roles.stream().map(IsolationVerdict::describe).collect(Collectors.joining("; "));
            return new IsolationVerdict(true, "ExclusiveCpusVerified", bounded(verified));
        } catch (NotIsolated e) {
            return new IsolationVerdict(false, e.reason, bounded(e.getMessage()));
        }
    }

    /** Messages quote what pods wrote: kept short enough for a condition and a reader. */
    private static String bounded(String message) {
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…";
    }

    private static Role runner(IsolationStatus facts, RunResult result) {
        String name = "runner pod" + (facts.getNode() == null ? "" : " on node " + facts.getNode());
        return measuring(name, facts, result.environment(), "environment", result, 0);
    }

    /**
     * The load pods after the first (load.parallelism above 1): each judged as the runner pod is, on its own node's facts,
     * the cpuset and cores it reported (result.json loadParts) and where its threads ran (each repetition's parts).
     */
    private static List<Role> loadParts(IsolationStatus facts, RunResult result) {
        int count = result.loadParts().size();
        List<LoadPartIsolation> partFacts = facts.getLoadParts() == null ? List.of() : facts.getLoadParts();
        List<Role> roles = new ArrayList<>();
        for (int part = 1; part < count; part++) {
            int k = part;
            LoadPartIsolation own = partFacts.stream()
                    .filter(f -> Objects.equals(f.getPart(), k))
                    .findFirst()
                    .orElseThrow(() -> new NotIsolated(
                            "LoadPartUnverified", "load part " + k + ": the operator holds no facts of its pod"));
            String name = "load part " + part + " pod" + (own.getPod() == null ? "" : " " + own.getPod())
                    + (own.getNode() == null ? "" : " on node " + own.getNode());
            roles.add(measuring(
                    name,
                    own,
                    result.loadParts().get(part).environment(),
                    "loadParts[" + part + "].environment",
                    result,
                    part));
        }
        return roles;
    }

    /**
     * A measuring role: the node's and pod's {@code facts}, what its process reported of its CPUs ({@code env}), and its
     * measured threads in every repetition — its own, or load part {@code part}'s where the run had several.
     */
    private static Role measuring(
            String name, CpuGrantFacts facts, Environment env, String envField, RunResult result, int part) {
        var granted = new TreeSet<Integer>(
                env == null || env.cpuset() == null || env.cpuset().cpus() == null
                        ? List.of()
                        : env.cpuset().cpus().stream().filter(Objects::nonNull).toList());
        List<String> siblings =
                env == null || env.isolation() == null ? null : env.isolation().smtSiblings();
        Map<Integer, TreeSet<Integer>> cores = Map.of();
        String coresRead = null;
        try {
            cores = CpuSets.siblings("result.json " + envField + ".isolation.smtSiblings", siblings);
        } catch (ResultFormatException e) {
            coresRead = e.getMessage();
        }
        List<Placed> threads = new ArrayList<>();
        for (StepResult step : result.steps() == null ? List.<StepResult>of() : result.steps()) {
            for (RepetitionResult rep : step.repetitions() == null ? List.<RepetitionResult>of() : step.repetitions()) {
                RepetitionResult own = rep.parts().isEmpty()
                        ? rep
                        : rep.parts().stream()
                                .filter(p -> p.part() == part)
                                .map(PartResult::repetition)
                                .findFirst()
                                .orElse(null);
                if (own != null && own.pinning() != null) {
                    String where = "step " + step.id() + " repetition " + rep.index();
                    own.pinning().stream().filter(Objects::nonNull).forEach(p -> threads.add(new Placed(p, where)));
                }
            }
        }
        return new Role(
                name,
                facts.getNode(),
                facts.getCpuManagerPolicy(),
                facts.getReservedSystemCpus(),
                facts.getQosClass(),
                facts.getCpusRequested(),
                granted,
                cores,
                coresRead,
                threads);
    }

    private static Role server(ServerIsolation server) {
        String name =
                "server pod " + server.getPod() + (server.getNode() == null ? "" : " on node " + server.getNode());
        if (server.getUnverified() != null || server.getCpusetGranted() == null) {
            throw new NotIsolated(
                    "ServerUnverified",
                    name + ": its start-up report (cpuset, SMT siblings, pinning) is unknown: "
                            + Optional.ofNullable(server.getUnverified()).orElse("not read yet"));
        }
        try {
            var granted = CpuSets.parse("status.isolation.server.cpusetGranted", server.getCpusetGranted());
            var cores = CpuSets.siblings("status.isolation.server.smtSiblings", server.getSmtSiblings());
            List<Placed> threads = server.getThreads() == null
                    ? List.of()
                    : server.getThreads().stream()
                            .map((PinnedThread t) -> new Pinning(
                                    t.getRole(), t.getCpu(), Boolean.TRUE.equals(t.getPinned()), t.getDetail()))
                            .map(p -> new Placed(p, "server"))
                            .toList();
            return new Role(
                    name,
                    server.getNode(),
                    server.getCpuManagerPolicy(),
                    server.getReservedSystemCpus(),
                    server.getQosClass(),
                    server.getCpusRequested(),
                    granted,
                    cores,
                    null,
                    threads);
        } catch (ResultFormatException e) {
            throw new NotIsolated("ServerUnverified", name + ": " + e.getMessage());
        }
    }

    /** The checks every role passes, in the order a reader fixes them: node, pod, grant, cores, threads. */
    private static void check(Role role) {
        if (!"static".equals(role.cpuManagerPolicy())) {
            throw new NotIsolated(
                    "CpuManagerNotStatic",
                    role.name() + ": kubelet cpuManagerPolicy is " + role.cpuManagerPolicy() + ", not static");
        }
        if (!"Guaranteed".equals(role.qosClass())) {
            throw new NotIsolated(
                    "NotGuaranteed", role.name() + ": QoS class is " + role.qosClass() + ", not Guaranteed");
        }
        if (role.cpusRequested() == null || role.granted().size() != role.cpusRequested()) {
            throw new NotIsolated(
                    "CpusetMismatch",
                    role.name() + " was granted cpuset '" + CpuSets.format(role.granted()) + "' ("
                            + role.granted().size() + " CPUs) but asked for " + role.cpusRequested()
                            + " exclusive CPUs");
        }
        TreeSet<Integer> reserved;
        try {
            reserved = CpuSets.parse("kubelet reservedSystemCPUs", role.reservedSystemCpus());
        } catch (ResultFormatException e) {
            throw new NotIsolated("ReservedCpusUnknown", role.name() + ": " + e.getMessage());
        }
        reserved.retainAll(role.granted());
        if (!reserved.isEmpty()) {
            throw new NotIsolated(
                    "ReservedCpusGranted",
                    role.name() + ": granted cpuset " + CpuSets.format(role.granted())
                            + " includes the kubelet's reserved CPUs " + CpuSets.format(reserved));
        }
        wholeCores(role);
        if (role.threads().isEmpty()) {
            throw new NotIsolated("PinningFailed", role.name() + " reported no measured thread's pinning");
        }
        List<String> unpinned = role.threads().stream()
                .filter(t -> !t.pinning().applied() || t.pinning().cpu() == null)
                .map(t -> t.pinning().role() + " (" + t.pinning().detail() + ")")
                .distinct()
                .toList();
        if (!unpinned.isEmpty()) {
            throw new NotIsolated(
                    "PinningFailed", role.name() + ": threads not pinned: " + String.join("; ", unpinned));
        }
    }

    /** Every granted CPU's core known and inside the grant: an SMT sibling outside it may run another container. */
    private static void wholeCores(Role role) {
        if (role.coresRead() != null) {
            throw new NotIsolated("SmtSiblingsUnknown", role.name() + ": " + role.coresRead());
        }
        var unknown = new TreeSet<>(role.granted());
        unknown.removeAll(role.cores().keySet());
        if (!unknown.isEmpty()) {
            throw new NotIsolated(
                    "SmtSiblingsUnknown",
                    role.name() + ": the SMT siblings of CPU(s) " + CpuSets.format(unknown)
                            + " are unknown (not shown by /sys/devices/system/cpu/cpuN/topology)");
        }
        Map<Integer, String> outside = new TreeMap<>();
        role.granted().forEach(cpu -> {
            var others = new TreeSet<>(role.cores().get(cpu));
            others.removeAll(role.granted());
            if (!others.isEmpty()) {
                outside.put(cpu, CpuSets.format(others));
            }
        });
        if (!outside.isEmpty()) {
            String pairs = outside.entrySet().stream()
                    .map(e -> "CPU " + e.getKey() + " with " + e.getValue())
                    .collect(Collectors.joining(", "));
            throw new NotIsolated(
                    "SmtSiblingShared",
                    role.name() + ": granted cpuset " + CpuSets.format(role.granted())
                            + " shares physical cores with CPUs outside it (" + pairs
                            + "), which other containers may be given; "
                            + FULL_PCPUS_HINT);
        }
    }

    /** No CPU runs two measured threads: within one repetition of the runner, within the server, or across roles on one node. */
    private static void threadsApart(List<Role> roles) {
        for (Role role : roles) {
            Map<String, Map<Integer, TreeSet<String>>> byWhere = new LinkedHashMap<>();
            role.threads()
                    .forEach(t -> byWhere.computeIfAbsent(t.where(), w -> new TreeMap<>())
                            .computeIfAbsent(t.pinning().cpu(), c -> new TreeSet<>())
                            .add(t.pinning().role()));
            byWhere.forEach((where, byCpu) -> byCpu.forEach((cpu, threadRoles) -> {
                if (threadRoles.size() > 1) {
                    throw new NotIsolated(
                            "MeasuredThreadsShareCpu",
                            role.name() + ": measured threads " + String.join(" and ", threadRoles)
                                    + " both run on CPU " + cpu + " (" + where
                                    + "): each needs a CPU of its own (give the role cpus ≥ 1)");
                }
            }));
        }
        for (int j = 1; j < roles.size(); j++) {
            for (int i = 0; i < j; i++) {
                Role a = roles.get(i);
                Role b = roles.get(j);
                var both = new TreeSet<>(a.granted());
                both.retainAll(b.granted());
                if (a.node() != null && a.node().equals(b.node()) && !both.isEmpty()) {
                    throw new NotIsolated(
                            "MeasuredThreadsShareCpu",
                            a.name() + " (cpuset " + CpuSets.format(a.granted()) + ") and " + b.name() + " (cpuset "
                                    + CpuSets.format(b.granted()) + ") share CPU(s) " + CpuSets.format(both));
                }
            }
        }
    }

    private static String describe(Role role) {
        String threads = role.threads().stream()
                .map(t -> t.pinning().role() + "@" + t.pinning().cpu())
                .distinct()
                .collect(Collectors.joining(", "));
        return role.name() + ": static CPU manager granted cpuset " + CpuSets.format(role.granted()) + " ("
                + role.granted().size() + " whole CPUs, whole cores, Guaranteed pod), threads pinned apart: "
                + (threads.isEmpty() ? "none reported" : threads);
    }
}
