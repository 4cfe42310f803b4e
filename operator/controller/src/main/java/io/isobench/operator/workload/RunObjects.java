package io.isobench.operator.workload;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.api.CrdConstants;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Deletes what a run (or one attempt of it) created in the run namespace, selected by the run uid label. Jobs are deleted
 * in the background, so the garbage collector removes their pods; the node is freed only once those pods are gone
 * ({@link io.isobench.operator.placement.NodeLedger}).
 */
public final class RunObjects {

    private RunObjects() {}

    /** Every Job of the run (every attempt); their pods and the server's NetworkPolicy go with them. */
    public static void deleteJobs(KubernetesClient client, String namespace, String runUid) {
        client.batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withLabel(CrdConstants.LABEL_RUN_UID, runUid)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                .delete();
    }

    /** The Jobs (client and server) of one attempt. */
    public static void deleteAttempt(KubernetesClient client, String namespace, String runUid, int attempt) {
        client.batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withLabel(CrdConstants.LABEL_RUN_UID, runUid)
                .withLabel(CrdConstants.LABEL_ATTEMPT, String.valueOf(attempt))
                .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                .delete();
    }

    /** The argument ConfigMaps of every attempt (kept after the run ends, for reference, until the run is deleted). */
    public static void deleteArguments(KubernetesClient client, String namespace, String runUid) {
        client.configMaps()
                .inNamespace(namespace)
                .withLabel(CrdConstants.LABEL_RUN_UID, runUid)
                .delete();
    }

    /** Whether the pod's containers may still run: it has not terminated (it may be deleting). */
    public static boolean live(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return !"Succeeded".equals(phase) && !"Failed".equals(phase);
    }

    /** The node the pod runs on, or the one its node affinity pins it to before it is bound. */
    public static Optional<String> node(Pod pod) {
        if (pod.getSpec() == null) {
            return Optional.empty();
        }
        if (pod.getSpec().getNodeName() != null) {
            return Optional.of(pod.getSpec().getNodeName());
        }
        var affinity = pod.getSpec().getAffinity();
        var required = affinity == null || affinity.getNodeAffinity() == null
                ? null
                : affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        if (required == null) {
            return Optional.empty();
        }
        return required.getNodeSelectorTerms().stream()
                .flatMap(t -> t.getMatchFields() == null ? Stream.empty() : t.getMatchFields().stream())
                .filter(f -> "metadata.name".equals(f.getKey())
                        && "In".equals(f.getOperator())
                        && f.getValues() != null
                        && f.getValues().size() == 1)
                .map(f -> f.getValues().getFirst())
                .findFirst();
    }
}
