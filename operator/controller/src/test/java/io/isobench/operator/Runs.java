package io.isobench.operator;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.BenchmarkRunStatus;
import io.isobench.operator.api.DispatchTargetSpec;
import io.isobench.operator.api.EchoTargetSpec;
import io.isobench.operator.api.LoadSpec;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.TargetSpec;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** BenchmarkRun fixtures for tests: a short dispatch run by default. */
public final class Runs {

    private Runs() {}

    public static BenchmarkRun dispatch(String name, Instant created) {
        var spec = new BenchmarkRunSpec();
        var target = new TargetSpec();
        target.setDispatch(new DispatchTargetSpec());
        spec.setTarget(target);
        var load = new LoadSpec();
        load.setRates(List.of(10_000L, 100_000L));
        load.setWarmup("1s");
        load.setDuration("2s");
        load.setRepetitions(new IntOrString(2));
        spec.setLoad(load);
        return run(name, created, spec);
    }

    public static BenchmarkRun tcpEcho(String name, Instant created, PlacementSpec.Topology topology) {
        var spec = new BenchmarkRunSpec();
        var target = new TargetSpec();
        target.setTcpEcho(new EchoTargetSpec());
        spec.setTarget(target);
        var load = new LoadSpec();
        load.setMode(LoadSpec.Mode.Closed);
        load.setClients(List.of(1));
        spec.setLoad(load);
        spec.getPlacement().setTopology(topology);
        return run(name, created, spec);
    }

    /** {@code parts} load pods (load.parallelism) sending UDP echoes to the user's server at 10.0.0.5:7000, open loop. */
    public static BenchmarkRun parallelUdp(String name, Instant created, int parts) {
        var spec = new BenchmarkRunSpec();
        var target = new TargetSpec();
        target.setUdpEcho(new EchoTargetSpec());
        target.getUdpEcho().setEndpoint("10.0.0.5:7000");
        spec.setTarget(target);
        var load = new LoadSpec();
        load.setRates(List.of(30_000L));
        load.setParallelism(parts);
        spec.setLoad(load);
        return run(name, created, spec);
    }

    public static BenchmarkRun run(String name, Instant created, BenchmarkRunSpec spec) {
        var run = new BenchmarkRun();
        run.setMetadata(new ObjectMetaBuilder()
                .withName(name)
                .withNamespace("team-a")
                .withUid(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8))
                        .toString())
                .withGeneration(1L)
                .withCreationTimestamp(created.toString())
                .build());
        run.setSpec(spec);
        run.setStatus(new BenchmarkRunStatus());
        return run;
    }

    /** A copy in the given phase, holding the given nodes (as the cache would show it). */
    public static BenchmarkRun inPhase(BenchmarkRun run, Phase phase, String... nodes) {
        BenchmarkRun copy = Serialization.clone(run);
        copy.getStatus().setPhase(phase);
        copy.getStatus().setNodes(nodes.length == 0 ? null : List.of(nodes));
        return copy;
    }

    public static BenchmarkRun shared(BenchmarkRun run) {
        run.getSpec().getPlacement().setIsolation(PlacementSpec.Isolation.Shared);
        return run;
    }
}
