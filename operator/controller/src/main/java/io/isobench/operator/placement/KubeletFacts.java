package io.isobench.operator.placement;

/**
 * What a node's kubelet says about CPU isolation, read through the API server's node proxy
 * ({@code /api/v1/nodes/<node>/proxy/configz}).
 *
 * @param cpuManagerPolicy   {@code static} or {@code none}; null when configz could not be read
 * @param reservedSystemCpus the kubelet's reservedSystemCPUs (never granted exclusively), or null
 * @param error              why configz could not be read, or null
 */
public record KubeletFacts(String cpuManagerPolicy, String reservedSystemCpus, String error) {

    public boolean staticPolicy() {
        return "static".equals(cpuManagerPolicy);
    }

    public static KubeletFacts unreadable(String error) {
        return new KubeletFacts(null, null, error);
    }
}
