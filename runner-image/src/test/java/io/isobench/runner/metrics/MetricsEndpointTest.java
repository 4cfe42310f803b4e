package io.isobench.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.runner.cli.RunnerMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Prometheus scrape during a short dispatch run sees messages arrive and the last interval's latency. */
class MetricsEndpointTest {

    @Test
    void aScrapeDuringTheRunSeesLiveFigures(@TempDir Path dir) throws Exception {
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        String[] args = {
            "dispatch",
            "--queues",
            "isobench",
            "--rates",
            "5k",
            "--warmup",
            "200ms",
            "--duration",
            "3s",
            "--repetitions",
            "1",
            "--probe-duration",
            "0s",
            "--interval",
            "200ms",
            "--progress",
            "none",
            "--metrics-port",
            String.valueOf(port),
            "--out",
            dir.resolve("run").toString()
        };
        var run = CompletableFuture.supplyAsync(() ->
                RunnerMain.execute(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), args));
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long received = 0;
        String body = "";
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (received == 0 && System.nanoTime() < deadline && !run.isDone()) {
            try {
                body = http.send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                Matcher m = Pattern.compile(
                                "isobench_runner_messages_received_total\\{variant=\"isobench\",step=\"[^\"]+\"} ([0-9.e+]+)")
                        .matcher(body);
                received = m.find() ? (long) Double.parseDouble(m.group(1)) : 0;
            } catch (java.io.IOException notYet) {
                // the endpoint comes up with the run
            }
            Thread.sleep(100);
        }
        assertThat(received).as(body).isPositive();
        assertThat(body)
                .contains("# TYPE isobench_runner_interval_latency_seconds gauge")
                .containsPattern(
                        "isobench_runner_interval_latency_seconds\\{variant=\"isobench\",step=\"[^\"]+\",quantile=\"0.99\"} [0-9]")
                .containsPattern("isobench_runner_achieved_rate\\{variant=\"isobench\",step=\"[^\"]+\"} [0-9]")
                .contains("target=\"dispatch\"");
        assertThat(run.get()).isZero();
    }
}
