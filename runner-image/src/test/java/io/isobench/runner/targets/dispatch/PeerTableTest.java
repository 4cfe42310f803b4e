package io.isobench.runner.targets.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * BENCHMARKS.md's dispatch section prints the peer table for the ring and batch the bench script runs with, as the
 * code renders it today (whose claims the other dispatch tests check against the running channels).
 */
class PeerTableTest {

    private static final Path ROOT = Path.of(System.getProperty("isobench.repo.root", ".."));

    @Test
    void benchmarksShowsTheTableOfTheQueuesTheScriptRuns() throws Exception {
        Matcher settings = Pattern.compile("queues=\\(dispatch --ring-size (\\d+) --batch (\\d+)\\)")
                .matcher(Files.readString(ROOT.resolve("scripts/bench-dispatch.sh")));
        assertThat(settings.find())
                .as("the ring and batch line of scripts/bench-dispatch.sh")
                .isTrue();
        int ringSize = Integer.parseInt(settings.group(1));
        int batch = Integer.parseInt(settings.group(2));
        String table = PeerTable.markdown(List.of(DispatchQueue.values()), ringSize, batch);

        String benchmarks = Files.readString(ROOT.resolve("BENCHMARKS.md"));
        String section = benchmarks.substring(
                benchmarks.indexOf("<!-- bench:dispatch:start -->"), benchmarks.indexOf("<!-- bench:dispatch:end -->"));

        assertThat(section).contains(table);
    }

    @Test
    void theTableNamesEveryQueueWithItsCapacityAndItsLibraryVersion() {
        String table = PeerTable.markdown(List.of(DispatchQueue.values()), 65536, 64);

        assertThat(table)
                .containsPattern("\\| agrona \\| Agrona \\d+\\.\\d+\\.\\d+ \\| "
                        + "`org.agrona.concurrent.ringbuffer.OneToOneRingBuffer` "
                        + "[^|]* \\| 65,535 \\(one record header kept free\\) \\|")
                .containsPattern(
                        "\\| jctools \\| JCTools \\d+\\.\\d+\\.\\d+ \\| `org.jctools.queues.SpscArrayQueue`[^|]* \\| 65,536 \\|")
                .containsPattern("\\| disruptor \\| LMAX Disruptor \\d+\\.\\d+\\.\\d+ \\|")
                .contains("once per 64 events");
        long rows = table.lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| queue"))
                .count();
        assertThat(rows).isEqualTo(DispatchQueue.values().length);
    }
}
