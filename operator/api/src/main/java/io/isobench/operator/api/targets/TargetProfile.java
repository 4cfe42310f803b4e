package io.isobench.operator.api.targets;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything the operator knows of one target, in one place: the runner's sub-command, the client's target options, the
 * server role, the CPUs and JVMs its roles take by default, the volume it needs. {@link TargetProfiles} finds the profile
 * of a spec; nothing else asks which target field is set. Adding a target is a profile here, an entry there and the
 * runner's implementation (docs/architecture.md, "Adding a target").
 */
public sealed interface TargetProfile
        permits DispatchProfile, EchoProfile, RsocketProfile, HttpMockProfile, HttpProfile, IpcProfile, PluginProfile {

    /** Where the runner's containers find the files of the attempt's argument ConfigMap ({@link #clientFiles()}). */
    String ARGUMENTS_DIR = "/etc/isobench";

    /** The runner's sub-command ({@code isobench-runner <name>}). */
    String runnerName();

    /**
     * The run's target as result.json, the status and the site name it: the sub-command, except for a plugin, which is
     * its own name.
     */
    default String targetName() {
        return runnerName();
    }

    /** The client's options for this target, from the spec; the load, output and upload options are every target's. */
    List<String> clientOptions();

    /**
     * The server the client measures against, when the target has one: the operator places it (a SamePod container, a
     * server pod) or, given no CPUs, the runner starts it as a process of its own on the client's CPUs. Empty when the
     * target is measured inside the client's container alone, or against the user's own {@link #endpoint()}.
     */
    default Optional<NetworkServer> server() {
        return Optional.empty();
    }

    /**
     * The client's options, beyond {@code --server-process}, when the runner starts the {@link #server()} itself as a
     * process of its own: what it cannot read from the client's target options.
     */
    default List<String> serverProcessOptions() {
        return List.of();
    }

    /**
     * The user's own server the client measures against, as HOST:PORT (spec.target.&lt;kind&gt;.endpoint): isobench then
     * starts, places and verifies no server at all. Empty when the target's server, if any, is ours.
     */
    default Optional<String> endpoint() {
        return Optional.empty();
    }

    /**
     * The host:port of the user's own server, for status.isolation.externalServer (the run is then never Isolated): the
     * {@link #endpoint()}, or where a target that names its server otherwise (a URL) connects. Empty when it is ours.
     */
    default Optional<String> externalServer() {
        return endpoint();
    }

    /**
     * Files the client reads beside its arguments, by name: the operator writes them into the attempt's argument
     * ConfigMap, mounted at {@link #ARGUMENTS_DIR}, and {@link #clientOptions()} names them there. Never a ConfigMap or
     * Secret the run's author names: the runner pods live in the operator's namespace.
     */
    default Map<String, String> clientFiles() {
        return Map.of();
    }

    /** The server, where only a client/server target can be meant (a server's arguments, its NetworkPolicy). */
    default NetworkServer requireServer() {
        return server().orElseThrow(() -> new IllegalArgumentException("target " + runnerName() + " has no server"));
    }

    /** Whole CPUs of the client's container when spec.placement.client.cpus is not set. */
    default int defaultClientCpus() {
        return 1;
    }

    /**
     * Whole CPUs of the agent role (a thread of the client's JVM on CPUs of its own, added to the client container's) when
     * spec.placement.agent.cpus is not set; empty when the target has no agent role.
     */
    default OptionalInt defaultAgentCpus() {
        return OptionalInt.empty();
    }

    /**
     * JVMs the target itself runs in the client's container at once beside the runner's own (each pre-touches its heap, so
     * each adds to the container's default memory).
     */
    default int extraClientJvms() {
        return 0;
    }

    /** A memory-backed volume the client's container needs, if any. */
    default Optional<MemoryVolume> memoryVolume() {
        return Optional.empty();
    }
}
