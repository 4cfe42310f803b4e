package io.isobench.operator.stepcontract;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.placement.ServerReports;
import io.isobench.operator.results.ResultSource;
import io.isobench.operator.results.RunPublisher;
import io.isobench.operator.uploads.UploadAccess;
import io.isobench.operator.workload.RunnerWorkload;

/** The long-lived collaborators steps use; one set per operator process ({@code uploads}, {@code results},
 * {@code publisher}: null without a store). */
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
        Publications publications) {}
