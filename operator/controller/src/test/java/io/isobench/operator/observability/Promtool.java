package io.isobench.operator.observability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Prometheus's own linter for an exposition, as tests call it. */
public final class Promtool {

    private Promtool() {}

    /** What {@code promtool check metrics} finds wrong in an exposition (empty: nothing); promtool ships with Debian's prometheus. */
    public static String checkMetrics(String exposition) throws IOException, InterruptedException {
        Path promtool = Path.of("/usr/bin/promtool");
        assertThat(promtool)
                .as("promtool (Debian package prometheus; .ci/prerequisites.sh installs it)")
                .isExecutable();
        Path input = Files.createTempFile("metrics", ".prom");
        try {
            Files.writeString(input, exposition);
            Process p = new ProcessBuilder(promtool.toString(), "check", "metrics")
                    .redirectInput(input.toFile())
                    .redirectErrorStream(true)
                    .start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return p.exitValue() == 0 ? "" : said;
        } finally {
            Files.delete(input);
        }
    }
}
