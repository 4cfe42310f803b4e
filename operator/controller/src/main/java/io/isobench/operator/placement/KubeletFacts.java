package io.isobench.operator.placement;

/**
 * What a node's kubelet says about CPU isolation, read from the kubelet's own /configz.
 *
 * @param cpuManagerPolicy   {@code static} or {@code none}; null when configz could not be read
 * @param reservedSystemCpus the kubelet's reservedSystemCPUs (never granted exclusively), or null
 * @param error              why configz could not be read, or null
 * @param lasting            whether that will not pass by waiting (the kubelet refused the operator, or its certificate is
 *                           not trusted): the configuration must change first
 */
public record KubeletFacts(String cpuManagerPolicy, String reservedSystemCpus, String error, boolean lasting) {

    public boolean staticPolicy() {
        return "static".equals(cpuManagerPolicy);
    }

    public static KubeletFacts read(String cpuManagerPolicy, String reservedSystemCpus) {
        return new KubeletFacts(cpuManagerPolicy, reservedSystemCpus, null, false);
    }

    /** Not read this time (unreachable, a server error): worth another try. */
    public static KubeletFacts unreadable(String error) {
        return new KubeletFacts(null, null, error, false);
    }

    /** Not readable until someone changes the cluster or the operator's configuration. */
    public static KubeletFacts refused(String error) {
        return new KubeletFacts(null, null, error, true);
    }
}
