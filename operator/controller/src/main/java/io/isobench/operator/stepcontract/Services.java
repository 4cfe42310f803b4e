package io.isobench.operator.stepcontract;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.placement.ServerReports;
import io.isobench.operator.results.CollectedArtifacts;
import io.isobench.operator.results.ResultSource;
import io.isobench.operator.results.RunPublisher;
import io.isobench.operator.uploads.UploadAccess;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.store.ObjectStoreException;
import java.util.Optional;

/**
 * The long-lived collaborators steps use; one set per operator process ({@code uploads}, {@code results},
 * {@code publisher}: null without a store), and what actions leave for the run's next reconcile: refusals, publications,
 * upload grants the store would not issue, revocations (the failure, if any), collections; and the run's Events.
 */
public record Services(
        OperatorConfig config,
        KubernetesClient client,
        NodeInspector nodes,
        NodeLedger ledger,
        ServerReports serverReports,
        RunnerWorkload workload,
        ResultSource results,
        RunPublisher publisher,
        UploadAccess uploads,
        ActionRejections rejections,
        Publications publications,
        AttemptOutcomes<ObjectStoreException> grantIssues,
        AttemptOutcomes<Optional<ObjectStoreException>> revocations,
        AttemptOutcomes<CollectedArtifacts.Collection> collections,
        RunEvents events) {}
