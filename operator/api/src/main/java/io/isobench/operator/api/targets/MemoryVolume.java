package io.isobench.operator.api.targets;

/**
 * A memory-backed volume (emptyDir, medium Memory) of the client's pod, for what two processes share: a pod's own
 * /dev/shm holds only 64 MiB.
 *
 * @param name the volume's name in the pod
 * @param mountPath where the client's container mounts it
 * @param sizeLimit its size, a Kubernetes quantity from the spec
 */
public record MemoryVolume(String name, String mountPath, String sizeLimit) {}
