package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/** Options of the runner's dispatch target. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(value = "self.batch <= self.ringSize", fieldPath = ".batch", message = "must not exceed ringSize")
public class DispatchTargetSpec {

    @Default("[\"isobench\", \"disruptor\", \"jctools\", \"agrona\", \"abq\"]")
    @Size(min = 1, max = 5)
    // Duplicates are counted against the five names (cheap for the API server's CEL cost budget).
    @ValidationRule(
            value = "['isobench', 'disruptor', 'jctools', 'agrona', 'abq'].all(n, self.filter(q, q == n).size() <= 1)",
            message = "must not name a queue twice")
    @JsonPropertyDescription(
            "Queues measured side by side, each in fresh JVMs, repetitions interleaved: isobench (ours), disruptor, jctools, agrona, abq (ArrayBlockingQueue baseline).")
    private List<QueueName> queues = List.of(QueueName.values());

    @Default("65536")
    @ValidationRule(
            value =
                    "self in [16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304, 8388608, 16777216]",
            message = "must be a power of two between 16 and 16777216")
    @JsonPropertyDescription("Queue capacity in events, a power of two.")
    private Integer ringSize = 65536;

    @Default("1")
    @Min(1)
    @Max(16777216)
    @JsonPropertyDescription(
            "Publish after this many events or when the publisher catches up (the 10M msg/s batching regime; applies to disruptor).")
    private Integer batch = 1;

    public List<QueueName> getQueues() {
        return queues;
    }

    public void setQueues(List<QueueName> queues) {
        this.queues = queues;
    }

    public Integer getRingSize() {
        return ringSize;
    }

    public void setRingSize(Integer ringSize) {
        this.ringSize = ringSize;
    }

    public Integer getBatch() {
        return batch;
    }

    public void setBatch(Integer batch) {
        this.batch = batch;
    }
}
