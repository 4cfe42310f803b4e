package io.isobench.publisher;

import io.isobench.result.ResultJson;
import io.isobench.store.RunKey;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Many published runs made from one real runner result (test-fixtures), for the publisher's scale tests and benchmarks. */
final class SyntheticRuns {

    static final String[] TARGETS = {"dispatch", "tcp-echo", "udp-echo"};

    private SyntheticRuns() {}

    /** Copies of a real runner result: 3 targets, labels, 4 nodes, every 17th Failed. */
    static List<PublishedRun> of(int count) throws Exception {
        PublishedRun template = LocalRuns.read(SitePublisherTest.FIXTURE);
        String json = new String(template.resultJson(), StandardCharsets.UTF_8);
        var runs = new ArrayList<PublishedRun>(count);
        for (int i = 0; i < count; i++) {
            String started =
                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i * 97L).toString();
            String target = TARGETS[i % TARGETS.length];
            var tree = (com.fasterxml.jackson.databind.node.ObjectNode) ResultJson.MAPPER.readTree(json);
            tree.put("startedAt", started).put("target", target);
            String text = ResultJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
            runs.add(new PublishedRun(
                    new RunKey("team-" + (i % 5), "run-" + i, "uid-" + i),
                    Map.of("build", "b" + (i % 50), "team", "t" + (i % 5)),
                    List.of("bench-" + (i % 4)),
                    i % 17 == 0 ? "Failed" : "Succeeded",
                    new PublishedRun.Isolation(i % 3 != 0, "ExclusiveCpusVerified", Map.of()),
                    null,
                    null,
                    "isobench/runner:0.1.0",
                    Map.of(),
                    "",
                    started,
                    text.getBytes(StandardCharsets.UTF_8),
                    ResultJson.parse(text),
                    template.files(),
                    0));
        }
        return runs;
    }
}
