package io.isobench.runner.harness;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.target.spi.Target;
import java.util.List;

/**
 * A publisher/consumer target: the rig's sender thread publishes, one thread of the target's own (the role named here)
 * consumes on the next reserved CPU, and latency is one way, from the intended publish time to the consumer's read,
 * in either load mode.
 */
public abstract class OneWayTarget implements Target {

    private final String consumerRole;

    protected OneWayTarget(String consumerRole) {
        this.consumerRole = consumerRole;
    }

    @Override
    public String senderRole() {
        return "publisher";
    }

    @Override
    public List<String> threadRoles() {
        return List.of(consumerRole);
    }

    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return LatencyMeasure.ONE_WAY;
    }
}
