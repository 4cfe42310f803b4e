package io.isobench.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.results.ResultSource;
import io.isobench.operator.results.RunPublisher;

/** Connects the operator to the object store and the site publisher configured in {@link OperatorConfig}. */
final class StoreWiring {

    private StoreWiring() {}

    static ResultSource results(OperatorConfig config) {
        return null;
    }

    static RunPublisher publisher(OperatorConfig config, KubernetesClient client) {
        return null;
    }
}
