package io.isobench.operator.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.PinnedThread;
import io.isobench.operator.api.ServerIsolation;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import java.io.InputStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every reason the Isolated condition can give. Each case starts from facts that are verified (a dispatch run on CPUs
 * 0-1 with its agent and publisher pinned apart, whole cores, nothing reserved, and a server on CPU 2 of the same
 * node) and breaks exactly one: with that check removed the case would read Isolated=True (or another reason) and fail.
 */
class IsolationVerdictTest {

    /** Facts under which everything holds. */
    static IsolationStatus verifiedFacts(boolean withServer) {
        var facts = new IsolationStatus();
        facts.setMode("Exclusive");
        facts.setCpuManagerPolicy("static");
        facts.setReservedSystemCpus("3");
        facts.setCpusRequested(2);
        facts.setQosClass("Guaranteed");
        facts.setNode("bench-1");
        facts.setCpusetGranted("0-1");
        if (withServer) {
            var server = new ServerIsolation();
            server.setPod("r1-1-server-x7k2p");
            server.setNode("bench-1");
            server.setCpuManagerPolicy("static");
            server.setReservedSystemCpus("3");
            server.setCpusRequested(1);
            server.setQosClass("Guaranteed");
            server.setCpusetGranted("2");
            server.setSmtSiblings(List.of("2:2"));
            server.setThreads(List.of(new PinnedThread("server", 2, true, "affinity read back: 2")));
            facts.setServer(server);
        }
        return facts;
    }

    /** The runner's result.json (test-fixtures/runs/dispatch-closed/result.json) as a tree to break. */
    static ObjectNode verifiedResult() throws Exception {
        try (InputStream in = IsolationVerdictTest.class.getResourceAsStream("/runs/dispatch-closed/result.json")) {
            return (ObjectNode) ResultJson.MAPPER.readTree(in);
        }
    }

    static IsolationVerdict judge(
            Consumer<IsolationStatus> factsEdit, Consumer<ObjectNode> resultEdit, boolean withServer) throws Exception {
        IsolationStatus facts = verifiedFacts(withServer);
        factsEdit.accept(facts);
        ObjectNode tree = verifiedResult();
        resultEdit.accept(tree);
        RunResult result = ResultJson.parse(tree.toString());
        return IsolationVerdict.judge(facts, result);
    }

    private static ObjectNode environment(ObjectNode result) {
        return (ObjectNode) result.get("environment");
    }

    private static ArrayNode siblings(ObjectNode result, String... entries) {
        ArrayNode list = ((ObjectNode) environment(result).get("isolation")).putArray("smtSiblings");
        for (String e : entries) {
            list.add(e);
        }
        return list;
    }

    /** The first repetition's pinning of {@code role}. */
    private static ObjectNode pinning(ObjectNode result, String role) {
        for (var p : result.get("steps").get(0).get("repetitions").get(0).get("pinning")) {
            if (role.equals(p.get("role").asText())) {
                return (ObjectNode) p;
            }
        }
        throw new AssertionError("no pinning of " + role);
    }

    private static Consumer<IsolationStatus> server(Consumer<ServerIsolation> edit) {
        return f -> edit.accept(f.getServer());
    }

    private static final Consumer<IsolationStatus> SAME_FACTS = IsolationVerdictTest::asRecorded;
    private static final Consumer<ObjectNode> SAME_RESULT = IsolationVerdictTest::asRecorded;

    /** The node's facts or the runner's result left as recorded. */
    private static void asRecorded(Object unusedFactsOrResult) {}

    @Test
    void everyRoleVerifiedIsIsolatedAndTheMessageGivesEachRolesFacts() throws Exception {
        IsolationVerdict alone = judge(SAME_FACTS, SAME_RESULT, false);
        assertThat(alone.isolated()).as(alone.message()).isTrue();
        assertThat(alone.reason()).isEqualTo("ExclusiveCpusVerified");
        assertThat(alone.message())
                .isEqualTo("runner pod on node bench-1: static CPU manager granted cpuset 0-1"
                        + " (2 whole CPUs, whole cores, Guaranteed pod), threads pinned apart: agent@1, publisher@0");

        IsolationVerdict withServer = judge(SAME_FACTS, SAME_RESULT, true);
        assertThat(withServer.isolated()).as(withServer.message()).isTrue();
        assertThat(withServer.message())
                .endsWith("; server pod r1-1-server-x7k2p on node bench-1: static CPU manager granted cpuset 2"
                        + " (1 whole CPUs, whole cores, Guaranteed pod), threads pinned apart: server@2");
    }

    @Test
    void aRunAgainstTheUsersOwnServerIsNeverIsolatedAndSaysWhatWasVerifiedOfTheRunner() throws Exception {
        Consumer<IsolationStatus> external = f -> f.setExternalServer("echo.team-a.svc:7000");
        IsolationVerdict verified = judge(external, SAME_RESULT, false);
        assertThat(verified.isolated()).as(verified.message()).isFalse();
        assertThat(verified.reason()).isEqualTo("ExternalServer");
        assertThat(verified.message())
                .isEqualTo("server: external endpoint echo.team-a.svc:7000, not verified (isobench did not place it);"
                        + " runner pod on node bench-1: static CPU manager granted cpuset 0-1"
                        + " (2 whole CPUs, whole cores, Guaranteed pod), threads pinned apart: agent@1, publisher@0");

        IsolationVerdict runnerBroken = judge(external.andThen(f -> f.setQosClass("Burstable")), SAME_RESULT, false);
        assertThat(runnerBroken.reason()).isEqualTo("ExternalServer");
        assertThat(runnerBroken.message())
                .isEqualTo("server: external endpoint echo.team-a.svc:7000, not verified (isobench did not place it);"
                        + " NotGuaranteed: runner pod on node bench-1: QoS class is Burstable, not Guaranteed");
    }

    @Test
    void aServerOnAnotherNodeMayUseTheSameCpuNumbers() throws Exception {
        IsolationVerdict v = judge(
                server(s -> {
                    s.setNode("bench-2");
                    s.setCpusetGranted("1");
                    s.setSmtSiblings(List.of("1:1"));
                    s.setThreads(List.of(new PinnedThread("server", 1, true, "affinity read back: 1")));
                }),
                SAME_RESULT,
                true);
        assertThat(v.isolated()).as(v.message()).isTrue();
    }

    static Stream<Arguments> oneFactBroken() {
        return Stream.of(
                Arguments.of(
                        "Shared isolation",
                        (Consumer<IsolationStatus>) f -> f.setMode("Shared"),
                        SAME_RESULT,
                        "SharedIsolation",
                        "isolation Shared: the node may run other work; never reported as isolated"),
                Arguments.of(
                        "kubelet without the static policy",
                        (Consumer<IsolationStatus>) f -> f.setCpuManagerPolicy("none"),
                        SAME_RESULT,
                        "CpuManagerNotStatic",
                        "runner pod on node bench-1: kubelet cpuManagerPolicy is none, not static"),
                Arguments.of(
                        "pod not Guaranteed",
                        (Consumer<IsolationStatus>) f -> f.setQosClass("Burstable"),
                        SAME_RESULT,
                        "NotGuaranteed",
                        "runner pod on node bench-1: QoS class is Burstable, not Guaranteed"),
                Arguments.of(
                        "pod QoS never seen",
                        (Consumer<IsolationStatus>) f -> f.setQosClass(null),
                        SAME_RESULT,
                        "NotGuaranteed",
                        "runner pod on node bench-1: QoS class is null, not Guaranteed"),
                Arguments.of(
                        "fewer CPUs granted than asked",
                        (Consumer<IsolationStatus>) f -> f.setCpusRequested(3),
                        SAME_RESULT,
                        "CpusetMismatch",
                        "runner pod on node bench-1 was granted cpuset '0-1' (2 CPUs) but asked for 3 exclusive CPUs"),
                Arguments.of(
                        "no cpuset in the result",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> environment(r).remove("cpuset"),
                        "CpusetMismatch",
                        "runner pod on node bench-1 was granted cpuset '' (0 CPUs) but asked for 2 exclusive CPUs"),
                Arguments.of(
                        "a reserved CPU granted",
                        (Consumer<IsolationStatus>) f -> f.setReservedSystemCpus("1-2"),
                        SAME_RESULT,
                        "ReservedCpusGranted",
                        "runner pod on node bench-1: granted cpuset 0-1 includes the kubelet's reserved CPUs 1"),
                Arguments.of(
                        "reserved CPUs unreadable",
                        (Consumer<IsolationStatus>) f -> f.setReservedSystemCpus("one"),
                        SAME_RESULT,
                        "ReservedCpusUnknown",
                        "runner pod on node bench-1: kubelet reservedSystemCPUs = 'one' is not a CPU list like 0-3,6"),
                Arguments.of(
                        "SMT siblings outside the grant",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> siblings(r, "0:0,2", "1:1,3"),
                        "SmtSiblingShared",
                        "runner pod on node bench-1: granted cpuset 0-1 shares physical cores with CPUs outside it"
                                + " (CPU 0 with 2, CPU 1 with 3), which other containers may be given;"
                                + " the kubelet's CPU manager policy option full-pcpus-only grants whole cores"),
                Arguments.of(
                        "SMT siblings not shown",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> siblings(r, "0:n/a", "1:1"),
                        "SmtSiblingsUnknown",
                        "runner pod on node bench-1: the SMT siblings of CPU(s) 0 are unknown"
                                + " (not shown by /sys/devices/system/cpu/cpuN/topology)"),
                Arguments.of(
                        "SMT siblings missing",
                        SAME_FACTS,
                        (Consumer<ObjectNode>)
                                r -> ((ObjectNode) environment(r).get("isolation")).remove("smtSiblings"),
                        "SmtSiblingsUnknown",
                        "runner pod on node bench-1: the SMT siblings of CPU(s) 0-1 are unknown"
                                + " (not shown by /sys/devices/system/cpu/cpuN/topology)"),
                Arguments.of(
                        "SMT siblings malformed",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> siblings(r, "0:0", "1:<b>"),
                        "SmtSiblingsUnknown",
                        "runner pod on node bench-1: result.json environment.isolation.smtSiblings[1] = '<b>'"
                                + " is not a CPU list like 0-3,6"),
                Arguments.of(
                        "a thread not pinned",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> pinning(r, "agent")
                                .put("applied", false)
                                .put("detail", "sched_setaffinity failed: errno 22"),
                        "PinningFailed",
                        "runner pod on node bench-1: threads not pinned: agent (sched_setaffinity failed: errno 22)"),
                Arguments.of(
                        "no pinning reported",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> r.get("steps")
                                .forEach(
                                        s -> s.get("repetitions").forEach(rep -> ((ObjectNode) rep).remove("pinning"))),
                        "PinningFailed",
                        "runner pod on node bench-1 reported no measured thread's pinning"),
                Arguments.of(
                        "agent and publisher on one CPU",
                        SAME_FACTS,
                        (Consumer<ObjectNode>) r -> pinning(r, "agent").put("cpu", 0),
                        "MeasuredThreadsShareCpu",
                        "runner pod on node bench-1: measured threads agent and publisher both run on CPU 0"
                                + " (step isobench_clients-1 repetition 1): each needs a CPU of its own (give the role cpus ≥ 1)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneFactBroken")
    void theRunnerRoleFailsOnEachFactWithItsReason(
            String name, Consumer<IsolationStatus> facts, Consumer<ObjectNode> result, String reason, String message)
            throws Exception {
        IsolationVerdict v = judge(facts, result, false);
        assertThat(v.isolated()).isFalse();
        assertThat(v.reason()).isEqualTo(reason);
        assertThat(v.message()).isEqualTo(message);
    }

    static Stream<Arguments> oneServerFactBroken() {
        String pod = "server pod r1-1-server-x7k2p on node bench-1";
        return Stream.of(
                Arguments.of(
                        "report not read",
                        server(s -> s.setUnverified("GET …/log: 403 Forbidden")),
                        "ServerUnverified",
                        pod
                                + ": its start-up report (cpuset, SMT siblings, pinning) is unknown: GET …/log: 403 Forbidden"),
                Arguments.of(
                        "report not read yet",
                        server(s -> s.setCpusetGranted(null)),
                        "ServerUnverified",
                        pod + ": its start-up report (cpuset, SMT siblings, pinning) is unknown: not read yet"),
                Arguments.of(
                        "cpuset edited into garbage",
                        server(s -> s.setCpusetGranted("two")),
                        "ServerUnverified",
                        pod + ": status.isolation.server.cpusetGranted = 'two' is not a CPU list like 0-3,6"),
                Arguments.of(
                        "server node without the static policy",
                        server(s -> s.setCpuManagerPolicy("none")),
                        "CpuManagerNotStatic",
                        pod + ": kubelet cpuManagerPolicy is none, not static"),
                Arguments.of(
                        "server pod not Guaranteed",
                        server(s -> s.setQosClass("BestEffort")),
                        "NotGuaranteed",
                        pod + ": QoS class is BestEffort, not Guaranteed"),
                Arguments.of(
                        "server cpuset not the size asked",
                        server(s -> s.setCpusRequested(2)),
                        "CpusetMismatch",
                        pod + " was granted cpuset '2' (1 CPUs) but asked for 2 exclusive CPUs"),
                Arguments.of(
                        "server granted a reserved CPU",
                        server(s -> s.setReservedSystemCpus("2")),
                        "ReservedCpusGranted",
                        pod + ": granted cpuset 2 includes the kubelet's reserved CPUs 2"),
                Arguments.of(
                        "server's SMT sibling outside its grant",
                        server(s -> s.setSmtSiblings(List.of("2:2,6"))),
                        "SmtSiblingShared",
                        pod + ": granted cpuset 2 shares physical cores with CPUs outside it (CPU 2 with 6),"
                                + " which other containers may be given;"
                                + " the kubelet's CPU manager policy option full-pcpus-only grants whole cores"),
                Arguments.of(
                        "server's siblings unknown",
                        server(s -> s.setSmtSiblings(List.of("2:n/a"))),
                        "SmtSiblingsUnknown",
                        pod
                                + ": the SMT siblings of CPU(s) 2 are unknown (not shown by /sys/devices/system/cpu/cpuN/topology)"),
                Arguments.of(
                        "server thread not pinned",
                        server(s -> s.setThreads(
                                List.of(new PinnedThread("server", 2, false, "pinning disabled (--no-pin)")))),
                        "PinningFailed",
                        pod + ": threads not pinned: server (pinning disabled (--no-pin))"),
                Arguments.of(
                        "server reported no thread",
                        server(s -> s.setThreads(null)),
                        "PinningFailed",
                        pod + " reported no measured thread's pinning"),
                Arguments.of(
                        "server on the runner's CPU",
                        server(s -> {
                            s.setCpusetGranted("1");
                            s.setSmtSiblings(List.of("1:1"));
                            s.setThreads(List.of(new PinnedThread("server", 1, true, "affinity read back: 1")));
                        }),
                        "MeasuredThreadsShareCpu",
                        "runner pod on node bench-1 (cpuset 0-1) and " + pod + " (cpuset 1) share CPU(s) 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneServerFactBroken")
    void theServerRoleFailsOnEachFactWithItsReason(
            String name, Consumer<IsolationStatus> facts, String reason, String message) throws Exception {
        IsolationVerdict v = judge(facts, SAME_RESULT, true);
        assertThat(v.isolated()).isFalse();
        assertThat(v.reason()).isEqualTo(reason);
        assertThat(v.message()).isEqualTo(message);
    }

    @Test
    void aServerProcessSharingTheRunnersCpuIsCaughtFromTheResult() throws Exception {
        // SamePod with server cpus 0: the runner started the server as a process on its last CPU, beside the agent
        IsolationVerdict v = judge(
                SAME_FACTS,
                r -> r.get("steps")
                        .get(0)
                        .get("repetitions")
                        .forEach(rep -> ((ArrayNode) rep.get("pinning"))
                                .addObject()
                                .put("role", "server")
                                .put("cpu", 1)
                                .put("applied", true)
                                .put("detail", "affinity read back: 1")),
                false);
        assertThat(v.reason()).isEqualTo("MeasuredThreadsShareCpu");
        assertThat(v.message())
                .contains("measured threads agent and server both run on CPU 1 (step isobench_clients-1 repetition 1)");
    }

    @Test
    void aHugeDetailFromAPodIsCutShort() throws Exception {
        IsolationVerdict v = judge(
                SAME_FACTS, r -> pinning(r, "agent").put("applied", false).put("detail", "x".repeat(10_000)), false);
        assertThat(v.reason()).isEqualTo("PinningFailed");
        assertThat(v.message()).hasSize(IsolationVerdict.MAX_MESSAGE + 1).endsWith("…");
        // a message exactly at the limit is kept whole
        String around = judge(
                        SAME_FACTS,
                        r -> pinning(r, "agent").put("applied", false).put("detail", "x"),
                        false)
                .message();
        String detail = "x".repeat(IsolationVerdict.MAX_MESSAGE - around.length() + 1);
        IsolationVerdict atLimit =
                judge(SAME_FACTS, r -> pinning(r, "agent").put("applied", false).put("detail", detail), false);
        assertThat(atLimit.message()).hasSize(IsolationVerdict.MAX_MESSAGE).endsWith("x)");
    }
}
