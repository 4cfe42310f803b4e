package io.isobench.operator.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.LoadPartIsolation;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.samples.ResultSamples;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A run of three load pods is isolated only when every one of them is: each pod judged as the runner pod is, on its
 * own node's kubelet, its own pod's QoS, the cpuset and cores it reported (result.json loadParts) and where its threads
 * ran (each repetition's parts). From a real run of three parts ({@link ResultSamples#threeParts()}) placed, as the
 * facts say, one pod a node; each case breaks one pod's fact.
 */
class LoadPartsIsolationTest {

    /** Facts under which every load pod is verified: each on a node of its own, static, Guaranteed, its CPU granted. */
    private static IsolationStatus facts() throws Exception {
        RunResult run = sample(t -> {});
        var facts = new IsolationStatus();
        facts.setMode("Exclusive");
        facts.setCpuManagerPolicy("static");
        facts.setReservedSystemCpus("3");
        facts.setCpusRequested(run.environment().cpuset().cpus().size());
        facts.setQosClass("Guaranteed");
        facts.setNode("bench-0");
        List<LoadPartIsolation> parts = new ArrayList<>();
        for (int k = 1; k < run.loadParts().size(); k++) {
            var part = new LoadPartIsolation();
            part.setPart(k);
            part.setPod("r-1-a1-part-" + k + "-x");
            part.setNode("bench-" + k);
            part.setCpuManagerPolicy("static");
            part.setReservedSystemCpus("3");
            part.setCpusRequested(
                    run.loadParts().get(k).environment().cpuset().cpus().size());
            part.setQosClass("Guaranteed");
            parts.add(part);
        }
        facts.setLoadParts(parts);
        return facts;
    }

    private static RunResult sample(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = (ObjectNode) ResultJson.MAPPER.readTree(ResultSamples.threeParts());
        edit.accept(tree);
        return ResultJson.parse(tree.toString());
    }

    private static IsolationVerdict judge(Consumer<IsolationStatus> factsEdit, Consumer<ObjectNode> resultEdit)
            throws Exception {
        IsolationStatus facts = facts();
        factsEdit.accept(facts);
        return IsolationVerdict.judge(facts, sample(resultEdit));
    }

    private static LoadPartIsolation part(IsolationStatus facts, int k) {
        return facts.getLoadParts().get(k - 1);
    }

    @Test
    void everyLoadPodVerifiedMakesTheRunIsolatedAndTheMessageNamesEach() throws Exception {
        IsolationVerdict v = judge(f -> {}, t -> {});

        assertThat(v.isolated()).as(v.message()).isTrue();
        assertThat(v.message())
                .startsWith("runner pod on node bench-0: static CPU manager granted cpuset ")
                .contains("; load part 1 pod r-1-a1-part-1-x on node bench-1: static CPU manager granted cpuset ")
                .contains("; load part 2 pod r-1-a1-part-2-x on node bench-2: static CPU manager granted cpuset ")
                .contains("threads pinned apart: client@");
    }

    @Test
    void oneLoadPodThatIsNotGuaranteedMakesTheRunNotIsolatedNamingIt() throws Exception {
        IsolationVerdict v = judge(f -> part(f, 2).setQosClass("Burstable"), t -> {});

        assertThat(v.isolated()).isFalse();
        assertThat(v.reason()).isEqualTo("NotGuaranteed");
        assertThat(v.message())
                .isEqualTo("load part 2 pod r-1-a1-part-2-x on node bench-2: QoS class is Burstable, not Guaranteed");
    }

    @Test
    void aLoadPodNotSeenYetIsNamedByItsPartAlone() throws Exception {
        IsolationVerdict v = judge(
                f -> {
                    part(f, 2).setPod(null);
                    part(f, 2).setNode(null);
                    part(f, 2).setQosClass(null);
                },
                t -> {});

        assertThat(v.reason()).isEqualTo("NotGuaranteed");
        assertThat(v.message()).isEqualTo("load part 2 pod: QoS class is null, not Guaranteed");
    }

    @Test
    void aLoadPodOnANodeWithoutTheStaticCpuManagerIsNamed() throws Exception {
        IsolationVerdict v = judge(f -> part(f, 1).setCpuManagerPolicy("none"), t -> {});

        assertThat(v.reason()).isEqualTo("CpuManagerNotStatic");
        assertThat(v.message())
                .startsWith("load part 1 pod r-1-a1-part-1-x on node bench-1: kubelet cpuManagerPolicy is none");
    }

    @Test
    void aLoadPodWhoseFactsTheOperatorNeverHeldIsNotVerified() throws Exception {
        IsolationVerdict v = judge(f -> f.setLoadParts(List.of(part(f, 1))), t -> {});

        assertThat(v.reason()).isEqualTo("LoadPartUnverified");
        assertThat(v.message()).isEqualTo("load part 2: the operator holds no facts of its pod");
        IsolationVerdict none = judge(f -> f.setLoadParts(null), t -> {});
        assertThat(none.message()).isEqualTo("load part 1: the operator holds no facts of its pod");
    }

    @Test
    void aLoadPodsThreadThatWasNotPinnedIsCaughtFromItsOwnRepetition() throws Exception {
        IsolationVerdict v = judge(f -> {}, t -> {
            ObjectNode pinning = (ObjectNode) t.get("steps")
                    .get(0)
                    .get("repetitions")
                    .get(1)
                    .get("parts")
                    .get(2)
                    .get("repetition")
                    .get("pinning")
                    .get(0);
            pinning.put("applied", false).put("detail", "sched_setaffinity: EPERM");
        });

        assertThat(v.reason()).isEqualTo("PinningFailed");
        assertThat(v.message())
                .isEqualTo(
                        "load part 2 pod r-1-a1-part-2-x on node bench-2: threads not pinned: client (sched_setaffinity: EPERM)");
    }

    @Test
    void twoLoadPodsGrantedTheSameCpusOnOneNodeShareThem() throws Exception {
        IsolationVerdict v = judge(
                f -> {
                    part(f, 1).setNode("bench-0");
                },
                t -> {
                    // load part 1 reports part 0's cpuset, on the same node
                    ObjectNode zero = (ObjectNode) t.get("environment").get("cpuset");
                    ((ObjectNode) t.get("loadParts").get(1).get("environment")).set("cpuset", zero.deepCopy());
                    ArrayNode siblings =
                            (ArrayNode) t.get("environment").get("isolation").get("smtSiblings");
                    ((ObjectNode) t.get("loadParts").get(1).get("environment").get("isolation"))
                            .set("smtSiblings", siblings.deepCopy());
                });

        assertThat(v.reason()).isEqualTo("MeasuredThreadsShareCpu");
        assertThat(v.message()).contains("runner pod on node bench-0").contains("load part 1 pod r-1-a1-part-1-x");
    }
}
