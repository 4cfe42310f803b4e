package io.isobench.operator.api.targets;

import io.isobench.operator.api.DispatchTargetSpec;
import io.isobench.operator.api.QueueName;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/** The in-VM dispatch hop: publisher and busy-spin agent are threads of the client's JVM; no server. */
public record DispatchProfile(DispatchTargetSpec options) implements TargetProfile {

    @Override
    public String runnerName() {
        return "dispatch";
    }

    @Override
    public List<String> clientOptions() {
        return List.of(
                "--queues",
                options.getQueues().stream().map(QueueName::runnerName).collect(Collectors.joining(",")),
                "--ring-size",
                String.valueOf(options.getRingSize()),
                "--batch",
                String.valueOf(options.getBatch()));
    }

    /** The agent thread consumes on a CPU of its own. */
    @Override
    public OptionalInt defaultAgentCpus() {
        return OptionalInt.of(1);
    }

    /** Several queues are measured one at a time, each in a forked JVM. */
    @Override
    public int extraClientJvms() {
        return options.getQueues().size() > 1 ? 1 : 0;
    }
}
