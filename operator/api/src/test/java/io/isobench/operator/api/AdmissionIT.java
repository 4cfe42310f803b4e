package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real API server, with the committed CRD, rejects bad specs at admission with a message naming the
 * field, and fills in the documented defaults for good ones.
 */
class AdmissionIT {

    static final ResourceDefinitionContext RUNS = new ResourceDefinitionContext.Builder()
            .withGroup(CrdConstants.GROUP)
            .withVersion(CrdConstants.VERSION)
            .withPlural(CrdConstants.PLURAL)
            .withKind(CrdConstants.KIND)
            .withNamespaced(true)
            .build();

    static LocalApiServer api;
    static int counter;

    @BeforeAll
    static void start() throws Exception {
        api = new LocalApiServer();
    }

    @AfterAll
    static void stop() {
        if (api != null) {
            api.close();
        }
    }

    /** A valid dispatch spec as plain maps, so tests can put anything into it (typed classes could not hold bad values). */
    static Map<String, Object> validSpec() {
        return json("{\"target\": {\"dispatch\": {}}, \"load\": {\"rates\": [10000, 100000]}}");
    }

    static Map<String, Object> json(String text) {
        return Serialization.unmarshal(text, new TypeReference<LinkedHashMap<String, Object>>() {});
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> at(Map<String, Object> root, String... path) {
        Map<String, Object> node = root;
        for (String key : path) {
            node = (Map<String, Object>) node.computeIfAbsent(key, k -> new LinkedHashMap<String, Object>());
        }
        return node;
    }

    static GenericKubernetesResource run(String name, Map<String, Object> spec) {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion(CrdConstants.API_VERSION);
        r.setKind(CrdConstants.KIND);
        r.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                .withName(name)
                .withNamespace("default")
                .build());
        r.setAdditionalProperty("spec", spec);
        return r;
    }

    static GenericKubernetesResource create(Map<String, Object> spec) {
        return api.client
                .genericKubernetesResources(RUNS)
                .inNamespace("default")
                .resource(run("run-" + (++counter), spec))
                .create();
    }

    static Arguments invalid(String description, Consumer<Map<String, Object>> change, String... messageParts) {
        return Arguments.of(description, change, List.of(messageParts));
    }

    static Stream<Arguments> invalidSpecs() {
        List<Arguments> cases = new ArrayList<>(List.of(
                invalid("no target", s -> s.remove("target"), "spec.target", "Required value"),
                invalid(
                        "two targets",
                        s -> at(s, "target", "tcpEcho"),
                        "spec.target",
                        "set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, http, ipc, plugin"),
                invalid(
                        "no target set",
                        s -> s.put("target", new LinkedHashMap<>()),
                        "spec.target",
                        "set exactly one of"),
                invalid(
                        "unknown load mode",
                        s -> at(s, "load").put("mode", "Sideways"),
                        "spec.load.mode",
                        "Unsupported value: \"Sideways\""),
                invalid(
                        "open loop without rates",
                        s -> at(s, "load").remove("rates"),
                        "spec.load.rates",
                        "required when load.mode is Open"),
                invalid(
                        "descending rates",
                        s -> at(s, "load").put("rates", List.of(1_000_000, 1000)),
                        "spec.load.rates",
                        "rates must be ascending and distinct"),
                invalid(
                        "duplicate rates",
                        s -> at(s, "load").put("rates", List.of(1000, 1000)),
                        "spec.load.rates",
                        "rates must be ascending and distinct"),
                invalid(
                        "zero rate",
                        s -> at(s, "load").put("rates", List.of(0, 1000)),
                        "spec.load.rates",
                        "each rate must be between 1 and 1000000000"),
                invalid(
                        "rates in a closed loop",
                        s -> {
                            at(s, "load").put("mode", "Closed");
                            at(s, "load").put("clients", List.of(1));
                        },
                        "spec.load.rates",
                        "only with mode Open"),
                invalid(
                        "closed loop without clients",
                        s -> {
                            at(s, "load").put("mode", "Closed");
                            at(s, "load").remove("rates");
                        },
                        "spec.load.clients",
                        "required when load.mode is Closed"),
                invalid(
                        "zero clients",
                        s -> {
                            at(s, "load").put("mode", "Closed");
                            at(s, "load").remove("rates");
                            at(s, "load").put("clients", List.of(0));
                        },
                        "spec.load.clients",
                        "each client count must be between 1 and 1000000"),
                invalid(
                        "warm-up in words",
                        s -> at(s, "load").put("warmup", "5 seconds"),
                        "spec.load.warmup",
                        "should match"),
                invalid(
                        "negative duration",
                        s -> at(s, "load").put("duration", "-1s"),
                        "spec.load.duration",
                        "should match"),
                invalid(
                        "window too short",
                        s -> at(s, "load").put("duration", "50ms"),
                        "spec.load.duration",
                        "must be at least 100ms"),
                invalid(
                        "zero repetitions",
                        s -> at(s, "load").put("repetitions", 0),
                        "spec.load.repetitions",
                        "is 0; must be a count from 1 to 100, or auto"),
                invalid(
                        "too many repetitions",
                        s -> at(s, "load").put("repetitions", 101),
                        "spec.load.repetitions",
                        "is 101; must be a count from 1 to 100, or auto"),
                invalid(
                        "repetitions in words other than auto",
                        s -> at(s, "load").put("repetitions", "plenty"),
                        "spec.load.repetitions",
                        "is plenty; must be a count from 1 to 100, or auto"),
                invalid(
                        "repetitions as a quoted number",
                        s -> at(s, "load").put("repetitions", "5"),
                        "spec.load.repetitions",
                        "is 5; must be a count from 1 to 100, or auto"),
                invalid(
                        "a precision with a fixed count",
                        s -> at(s, "load").put("precision", "5%"),
                        "spec.load.precision",
                        "only with repetitions: auto"),
                invalid(
                        "a repetition budget with a fixed count",
                        s -> at(s, "load").put("maxRepetitions", 10),
                        "spec.load.maxRepetitions",
                        "only with repetitions: auto"),
                invalid(
                        "a precision of zero",
                        s -> {
                            at(s, "load").put("repetitions", "auto");
                            at(s, "load").put("precision", "0.0%");
                        },
                        "spec.load.precision",
                        "is 0.0%; must be above 0%"),
                invalid(
                        "a precision without its percent sign",
                        s -> {
                            at(s, "load").put("repetitions", "auto");
                            at(s, "load").put("precision", "0.05");
                        },
                        "spec.load.precision",
                        "should match"),
                invalid(
                        "a repetition budget below 3",
                        s -> {
                            at(s, "load").put("repetitions", "auto");
                            at(s, "load").put("maxRepetitions", 2);
                        },
                        "spec.load.maxRepetitions",
                        "should be greater than or equal to 3"),
                invalid(
                        "auto's default budget over 200 measured windows",
                        s -> {
                            at(s, "target", "dispatch").put("queues", List.of("isobench"));
                            at(s, "load").put("rates", ascending(11));
                            at(s, "load").put("repetitions", "auto");
                            at(s, "load").put("warmup", "0s");
                            at(s, "load").put("duration", "100ms");
                            at(s, "load").put("probeDuration", "0s");
                        },
                        "spec.load.repetitions",
                        "20 repetitions × 11 steps = 220 measured windows; at most 200"),
                invalid(
                        "a timeout too short for auto's budget",
                        s -> {
                            at(s, "load").put("repetitions", "auto");
                            at(s, "load").put("maxRepetitions", 100);
                            at(s, "load").put("rates", List.of(1000));
                            at(s, "target", "dispatch").put("queues", List.of("isobench"));
                            at(s, "load").put("duration", "30s");
                        },
                        "spec.timeout",
                        "is shorter than the measurement alone"),
                invalid(
                        "probe longer than the window",
                        s -> at(s, "load").put("probeDuration", "20s"),
                        "spec.load.probeDuration",
                        "must not be longer than the measured window"),
                invalid(
                        "noise budget in words",
                        s -> at(s, "load").put("noiseBudget", "a little"),
                        "spec.load.noiseBudget",
                        "should match"),
                invalid(
                        "zero noise budget",
                        s -> at(s, "load").put("noiseBudget", "0ms"),
                        "spec.load.noiseBudget",
                        "must be longer than zero"),
                invalid(
                        "noise budget without probes",
                        s -> {
                            at(s, "load").put("noiseBudget", "1ms");
                            at(s, "load").put("probeDuration", "0s");
                        },
                        "spec.load.noiseBudget",
                        "needs the probes it judges: probeDuration must be longer than 0s"),
                invalid(
                        "too many reruns",
                        s -> at(s, "load").put("maxReruns", 11),
                        "spec.load.maxReruns",
                        "should be less than or equal to 10"),
                invalid(
                        "unknown queue",
                        s -> at(s, "target", "dispatch").put("queues", List.of("lmax")),
                        "spec.target.dispatch.queues",
                        "Unsupported value: \"lmax\""),
                invalid(
                        "queue twice",
                        s -> at(s, "target", "dispatch").put("queues", List.of("jctools", "jctools")),
                        "spec.target.dispatch.queues",
                        "must not name a queue twice"),
                invalid(
                        "ring not a power of two",
                        s -> at(s, "target", "dispatch").put("ringSize", 1000),
                        "spec.target.dispatch.ringSize",
                        "must be a power of two"),
                invalid(
                        "batch beyond the ring",
                        s -> {
                            at(s, "target", "dispatch").put("ringSize", 1024);
                            at(s, "target", "dispatch").put("batch", 2048);
                        },
                        "spec.target.dispatch.batch",
                        "must not exceed ringSize"),
                invalid(
                        "echo message under 8 bytes",
                        s -> {
                            s.put("target", json("{\"udpEcho\": {\"messageBytes\": 4}}"));
                        },
                        "spec.target.udpEcho.messageBytes",
                        "should be greater than or equal to 8"),
                invalid(
                        "privileged echo port",
                        s -> s.put("target", json("{\"tcpEcho\": {\"port\": 80}}")),
                        "spec.target.tcpEcho.port",
                        "should be greater than or equal to 1024"),
                invalid(
                        "zero CPUs",
                        s -> at(s, "placement", "client").put("cpus", 0),
                        "spec.placement.client.cpus",
                        "the client needs at least 1 whole CPU; 0 (the node's shared CPUs) is for isolation Shared"),
                invalid(
                        "a server pod without CPUs",
                        s -> {
                            s.put("target", json("{\"tcpEcho\": {}}"));
                            at(s, "placement").put("topology", "SameNode");
                            at(s, "placement", "server").put("cpus", 0);
                        },
                        "spec.placement.server.cpus",
                        "0 (share the client's) is for SamePod"),
                invalid(
                        "negative agent CPUs",
                        s -> at(s, "placement", "agent").put("cpus", -1),
                        "spec.placement.agent.cpus",
                        "should be greater than or equal to 0"),
                invalid(
                        "fractional CPUs",
                        s -> at(s, "placement", "client").put("cpus", 1.5),
                        "spec.placement.client.cpus",
                        "must be of type integer"),
                invalid(
                        "memory in words",
                        s -> at(s, "placement", "client").put("memory", "lots"),
                        "spec.placement.client.memory",
                        "should match"),
                invalid(
                        "unknown isolation",
                        s -> at(s, "placement").put("isolation", "Private"),
                        "spec.placement.isolation",
                        "Unsupported value: \"Private\""),
                invalid(
                        "dispatch across nodes",
                        s -> at(s, "placement").put("topology", "SeparateNodes"),
                        "spec.placement.topology",
                        "the dispatch target is one process"),
                invalid(
                        "a server for dispatch",
                        s -> at(s, "placement", "server").put("cpus", 1),
                        "spec.placement.server",
                        "only client/server targets"),
                invalid(
                        "an agent for echo",
                        s -> {
                            s.put("target", json("{\"tcpEcho\": {}}"));
                            at(s, "placement", "agent").put("cpus", 1);
                        },
                        "spec.placement.agent",
                        "only the dispatch target has an agent"),
                invalid(
                        "ipc across pods",
                        s -> {
                            s.put("target", json("{\"ipc\": {}}"));
                            at(s, "placement").put("topology", "SameNode");
                        },
                        "spec.placement.topology",
                        "ipc shares memory between two processes of one pod"),
                invalid(
                        "image with spaces",
                        s -> at(s, "runner").put("image", "my image"),
                        "spec.runner.image",
                        "should match"),
                invalid(
                        "JVM option without dash",
                        s -> at(s, "runner").put("jvmOptions", List.of("Xmx1g")),
                        "spec.runner.jvmOptions",
                        "must start with '-'"),
                invalid(
                        "reserved env name",
                        s -> at(s, "runner")
                                .put("env", List.of(Map.of("name", "ISOBENCH_S3_SECRET_KEY", "value", "x"))),
                        "spec.runner.env",
                        "names starting with ISOBENCH_ are reserved"),
                invalid(
                        "env set twice",
                        s -> at(s, "runner")
                                .put(
                                        "env",
                                        List.of(Map.of("name", "A", "value", "1"), Map.of("name", "A", "value", "2"))),
                        "spec.runner.env",
                        "must not set a variable twice"),
                invalid(
                        "too many retries",
                        s -> s.put("retries", 6),
                        "spec.retries",
                        "should be less than or equal to 5"),
                invalid(
                        "timeout shorter than the measurement",
                        s -> s.put("timeout", "1m"),
                        "spec.timeout",
                        "is shorter than the measurement alone"),
                invalid("timeout in words", s -> s.put("timeout", "forever"), "spec.timeout", "should match"),
                invalid(
                        "negative TTL",
                        s -> s.put("ttlSecondsAfterFinished", -1),
                        "spec.ttlSecondsAfterFinished",
                        "should be greater than or equal to 0"),
                invalid(
                        "TTL as a duration",
                        s -> s.put("ttlSecondsAfterFinished", "1d"),
                        "spec.ttlSecondsAfterFinished",
                        "must be of type integer"),
                invalid(
                        "label key with spaces",
                        s -> at(s, "report").put("labels", Map.of("bad key", "v")),
                        "spec.report.labels",
                        "label keys must be 1-63 characters"),
                invalid(
                        "label value too long",
                        s -> at(s, "report").put("labels", Map.of("build", "x".repeat(64))),
                        "spec.report.labels",
                        "label values must be at most 63 characters"),
                invalid(
                        "baseline not a name",
                        s -> at(s, "report").put("baseline", "Not_A_Name"),
                        "spec.report.baseline",
                        "should match"),
                invalid(
                        "rates for rsocket",
                        s -> s.put("target", json("{\"rsocket\": {}}")),
                        "spec.load",
                        "rsocket load is sized by target.rsocket"),
                invalid(
                        "http path without slash",
                        s -> s.put("target", json("{\"httpMock\": {\"path\": \"simple\"}}")),
                        "spec.target.httpMock.path",
                        "should match")));
        cases.addAll(hostileRunnerInputs());
        cases.addAll(caps());
        cases.addAll(badTolerations());
        cases.addAll(badHttp());
        cases.addAll(badPlugin());
        return cases.stream();
    }

    /** What a run's author could use to run code of their own in the runner, or to slip JVM options past the rules. */
    static List<Arguments> hostileRunnerInputs() {
        var cases = new ArrayList<Arguments>();
        for (String option : List.of(
                "-javaagent:/tmp/agent.jar",
                "-agentpath:/tmp/libevil.so",
                "-agentlib:jdwp=transport=dt_socket,server=y",
                "-Xrunjdwp:transport=dt_socket",
                "-XX:OnOutOfMemoryError=/bin/sh",
                "-XX:OnError=/bin/sh",
                "-Xbootclasspath/a:/tmp/evil.jar",
                "-XX:Flags=/tmp/flags",
                "-XX:VMOptionsFile=/tmp/options")) {
            cases.add(invalid(
                    "JVM option " + option,
                    jvmOptions("-XX:+UseZGC", option),
                    "spec.runner.jvmOptions",
                    "refused: " + option));
        }
        // The java launcher splits JDK_JAVA_OPTIONS at whitespace and strips quotes: one option must stay one token.
        for (String option : List.of(
                "@/tmp/argfile",
                "-Dx=1 -javaagent:/tmp/agent.jar",
                "-\"javaagent\":/tmp/agent.jar",
                "-Dx='a'",
                "-Dx=a\\b",
                "-Dtab=\t-javaagent:/tmp/a.jar",
                "-Dnbsp=\u00a0")) {
            cases.add(invalid(
                    "JVM option " + option.replace("\t", "\\t"),
                    jvmOptions(option),
                    "spec.runner.jvmOptions",
                    "each JVM option is one token",
                    "refused:"));
        }
        cases.add(invalid(
                "JVM option over 256 characters",
                jvmOptions("-D" + "x".repeat(255)),
                "spec.runner.jvmOptions[0]",
                "may not be more than 256"));
        for (String name : List.of(
                "JAVA_TOOL_OPTIONS",
                "JDK_JAVA_OPTIONS",
                "_JAVA_OPTIONS",
                "JAVA_OPTS",
                "JAVA_HOME",
                "LD_PRELOAD",
                "LD_LIBRARY_PATH",
                "ISOBENCH_STORE_SECRET_KEY",
                "BASH_ENV",
                "ENV",
                "SHELLOPTS",
                "BASHOPTS",
                "PS4",
                "PATH")) {
            cases.add(invalid(
                    "env " + name,
                    s -> at(s, "runner")
                            .put(
                                    "env",
                                    List.of(Map.of("name", "GOOD", "value", "1"), Map.of("name", name, "value", "x"))),
                    "spec.runner.env",
                    "sets " + name + ":"));
        }
        return cases;
    }

    static Consumer<Map<String, Object>> jvmOptions(String... options) {
        return s -> at(s, "runner").put("jvmOptions", List.of(options));
    }

    /** Bounds a user finds sensible for one benchmark; each rejection names the field and the value. */
    static List<Arguments> caps() {
        return List.of(
                invalid("timeout over a day", s -> s.put("timeout", "25h"), "spec.timeout", "is 25h; at most 24h"),
                invalid(
                        "warm-up over 10 minutes",
                        s -> {
                            s.put("timeout", "24h");
                            at(s, "load").put("warmup", "11m");
                        },
                        "spec.load.warmup",
                        "is 11m; at most 10m"),
                invalid(
                        "window over 30 minutes",
                        s -> {
                            s.put("timeout", "24h");
                            at(s, "load").put("duration", "31m");
                        },
                        "spec.load.duration",
                        "is 31m; at most 30m"),
                invalid(
                        "more than 200 measured windows",
                        s -> {
                            at(s, "load").put("rates", ascending(21));
                            at(s, "load").put("repetitions", 2);
                            at(s, "load").put("warmup", "0s");
                            at(s, "load").put("duration", "100ms");
                            at(s, "load").put("probeDuration", "0s");
                        },
                        "spec.load.repetitions",
                        "2 repetitions × 105 steps = 210 measured windows; at most 200"),
                invalid(
                        "more than 2h measured",
                        s -> {
                            s.put("timeout", "24h");
                            at(s, "target", "dispatch").put("queues", List.of("isobench"));
                            at(s, "load").put("rates", List.of(1000));
                            at(s, "load").put("repetitions", 5);
                            at(s, "load").put("duration", "30m");
                        },
                        "spec.load.duration",
                        "30m × 5 windows = 150 minutes measured; at most 2h"),
                invalid(
                        "more than a million rsocket streams",
                        s -> {
                            s.put(
                                    "target",
                                    json("{\"rsocket\": {\"connections\": 1001, \"streamsPerConnection\": 1000}}"));
                            at(s, "load").remove("rates");
                        },
                        "spec.target.rsocket.streamsPerConnection",
                        "1001 connections × 1000 streams = 1001000 streams; at most 1000000"),
                invalid(
                        "no memory",
                        s -> at(s, "placement", "client").put("memory", "0"),
                        "spec.placement.client.memory",
                        "is 0: must be more than 0"),
                invalid(
                        "zero gibibytes",
                        s -> at(s, "placement", "agent").put("memory", "0Gi"),
                        "spec.placement.agent.memory",
                        "is 0Gi: must be more than 0"));
    }

    static List<Long> ascending(int count) {
        return java.util.stream.LongStream.rangeClosed(1, count)
                .map(i -> i * 1000)
                .boxed()
                .toList();
    }

    static List<Arguments> badTolerations() {
        return List.of(
                invalid(
                        "toleration of every taint",
                        tolerations(Map.of("operator", "Exists")),
                        "spec.placement.tolerations[0].key",
                        "Required value"),
                invalid(
                        "toleration with an unknown operator",
                        tolerations(Map.of("key", "gpu", "operator", "Sometimes")),
                        "spec.placement.tolerations[0].operator",
                        "Unsupported value: \"Sometimes\""),
                invalid(
                        "toleration with an unknown effect",
                        tolerations(Map.of("key", "gpu", "effect", "NoSchedul")),
                        "spec.placement.tolerations[0].effect",
                        "Unsupported value: \"NoSchedul\""),
                invalid(
                        "toleration key with spaces",
                        tolerations(Map.of("key", "a key")),
                        "spec.placement.tolerations[0].key",
                        "should match"),
                invalid(
                        "toleration value too long",
                        tolerations(Map.of("key", "gpu", "value", "v".repeat(64))),
                        "spec.placement.tolerations[0].value",
                        "may not be more than 63"),
                invalid(
                        "toleration Exists with a value",
                        tolerations(Map.of("key", "gpu", "operator", "Exists", "value", "yes")),
                        "spec.placement.tolerations[0].value",
                        "is yes: must be empty with operator Exists"),
                invalid(
                        "toleration seconds without NoExecute",
                        tolerations(Map.of("key", "gpu", "effect", "NoSchedule", "tolerationSeconds", 60)),
                        "spec.placement.tolerations[0].tolerationSeconds",
                        "only with effect NoExecute"),
                invalid(
                        "tcpEcho endpoint without a port",
                        endpoint("tcpEcho", "echo.team-a.svc"),
                        "spec.target.tcpEcho.endpoint",
                        "is echo.team-a.svc: must be HOST:PORT with a port in 1-65535"),
                invalid(
                        "udpEcho endpoint on port 0",
                        endpoint("udpEcho", "10.0.0.5:0"),
                        "spec.target.udpEcho.endpoint",
                        "is 10.0.0.5:0: must be HOST:PORT"),
                invalid(
                        "rsocket endpoint on port 65536",
                        endpoint("rsocket", "rsocket.team-a:65536"),
                        "spec.target.rsocket.endpoint",
                        "is rsocket.team-a:65536: must be HOST:PORT"),
                invalid(
                        "an rsocket server implementation with an endpoint",
                        s -> {
                            s.put(
                                    "target",
                                    Map.of(
                                            "rsocket",
                                            Map.of(
                                                    "endpoint",
                                                    "rsocket.team-a:7001",
                                                    "serverImplementation",
                                                    "isobench")));
                            at(s, "load").remove("rates");
                        },
                        "spec.target.rsocket.serverImplementation",
                        "is isobench: the server is target.rsocket.endpoint (rsocket.team-a:7001), not one isobench"
                                + " starts"),
                invalid(
                        "an rsocket server implementation of no such name",
                        s -> {
                            s.put("target", Map.of("rsocket", Map.of("serverImplementation", "netty")));
                            at(s, "load").remove("rates");
                        },
                        "spec.target.rsocket.serverImplementation",
                        "Unsupported value: \"netty\""),
                invalid(
                        "endpoint given as a URL",
                        endpoint("tcpEcho", "tcp://echo:7000"),
                        "spec.target.tcpEcho.endpoint",
                        "is tcp://echo:7000: must be HOST:PORT"),
                invalid(
                        "placement.server with an endpoint",
                        endpoint("tcpEcho", "echo.team-a:7000")
                                .andThen(s -> at(s, "placement", "server").put("cpus", 1)),
                        "spec.placement.server",
                        "the server is target.tcpEcho.endpoint (echo.team-a:7000), not placed by isobench"),
                invalid(
                        "a series label that is no label",
                        s -> at(s, "report")
                                .putAll(Map.of(
                                        "labels", Map.of("suite", "nightly"), "seriesLabels", List.of("branch"))),
                        "spec.report.seriesLabels",
                        "each must be a key of labels"),
                invalid(
                        "one variant",
                        variants(List.of(Map.of("name", "a"))),
                        "spec.variants",
                        "should have at least 2 items"),
                invalid(
                        "nine variants",
                        variants(IntStream.range(0, 9)
                                .mapToObj(i -> Map.<String, Object>of("name", "v" + i))
                                .toList()),
                        "spec.variants",
                        "must have at most 8 items"),
                invalid(
                        "two variants of one name",
                        variants(List.of(Map.of("name", "a"), Map.of("name", "a"))),
                        "spec.variants",
                        "each variant has a name of its own"),
                invalid(
                        "a variant named in capitals",
                        variants(List.of(Map.of("name", "G1"), Map.of("name", "zgc"))),
                        "spec.variants[0].name",
                        "should match"),
                invalid(
                        "a variant loading an agent",
                        variants(List.of(
                                Map.of("name", "a"),
                                Map.of("name", "b", "jvmOptions", List.of("-javaagent:/tmp/x.jar")))),
                        "spec.variants[1].jvmOptions",
                        "load agents"),
                invalid(
                        "a variant option that is not a field name",
                        variants(List.of(
                                Map.of("name", "a"), Map.of("name", "b", "options", Map.of("message-bytes", "64")))),
                        "spec.variants[1].options",
                        "names are the fields of spec.target.<kind>"),
                invalid(
                        "a variant option value with a space",
                        variants(List.of(
                                Map.of("name", "a"), Map.of("name", "b", "options", Map.of("messageBytes", "6 4")))),
                        "spec.variants[1].options",
                        "a value holds no whitespace"),
                invalid(
                        "variants of several dispatch queues",
                        variants(List.of(Map.of("name", "a"), Map.of("name", "b"))),
                        "spec.variants",
                        "with several dispatch queues the queues are the variants"),
                invalid(
                        "variants of load pods",
                        endpoint("udpEcho", "10.0.0.5:7000")
                                .andThen(s -> at(s, "load").put("parallelism", 2))
                                .andThen(variants(List.of(Map.of("name", "a"), Map.of("name", "b")))),
                        "spec.variants",
                        "not with load.parallelism above 1"),
                invalid(
                        "variants past 200 measured windows",
                        endpoint("udpEcho", "10.0.0.5:7000")
                                .andThen(s -> at(s, "load").put("rates", List.of(1000, 2000, 3000, 4000, 5000)))
                                .andThen(s -> at(s, "load").put("repetitions", 10))
                                .andThen(s -> at(s, "load").put("duration", "1s"))
                                .andThen(s -> s.put("timeout", "24h"))
                                .andThen(variants(List.of(
                                        Map.of("name", "a"),
                                        Map.of("name", "b"),
                                        Map.of("name", "c"),
                                        Map.of("name", "d"),
                                        Map.of("name", "e")))),
                        "spec.load.repetitions",
                        "250 measured windows"),
                invalid(
                        "load pods of a dispatch run",
                        s -> at(s, "load").put("parallelism", 2),
                        "spec.load.parallelism",
                        "above 1 needs one server that every load pod sends to"),
                invalid(
                        "load pods that would each start a server of their own",
                        s -> {
                            s.put("target", Map.of("udpEcho", Map.of()));
                            at(s, "load").put("parallelism", 3);
                        },
                        "spec.load.parallelism",
                        "above 1 needs one server"),
                invalid(
                        "load pods of an rsocket run",
                        endpoint("rsocket", "rsocket.team-a:7001")
                                .andThen(s -> at(s, "load").put("parallelism", 2)),
                        "spec.load.parallelism",
                        "the load of rsocket is its streams"),
                invalid(
                        "a rate below the load pods",
                        endpoint("udpEcho", "10.0.0.5:7000").andThen(s -> {
                            at(s, "load").put("rates", List.of(2, 1000));
                            at(s, "load").put("parallelism", 3);
                        }),
                        "spec.load.rates",
                        "each must be at least load.parallelism (every load pod sends its share"),
                invalid(
                        "a client count below the load pods",
                        http(Map.of("url", "http://orders.team-a.svc")).andThen(s -> {
                            at(s, "load").put("mode", "Closed");
                            at(s, "load").remove("rates");
                            at(s, "load").put("clients", List.of(1, 8));
                            at(s, "load").put("parallelism", 4);
                        }),
                        "spec.load.clients",
                        "each must be at least load.parallelism"),
                invalid(
                        "65 load pods",
                        endpoint("udpEcho", "10.0.0.5:7000")
                                .andThen(s -> at(s, "load").put("parallelism", 65)),
                        "spec.load.parallelism",
                        "should be less than or equal to 64"),
                invalid(
                        "no load pods",
                        endpoint("udpEcho", "10.0.0.5:7000")
                                .andThen(s -> at(s, "load").put("parallelism", 0)),
                        "spec.load.parallelism",
                        "should be greater than or equal to 1"),
                invalid(
                        "a server pod topology with an endpoint",
                        endpoint("rsocket", "rsocket.team-a:7001")
                                .andThen(s -> at(s, "placement").put("topology", "SeparateNodes")),
                        "spec.placement.topology",
                        "the server is target.rsocket.endpoint (rsocket.team-a:7001), not placed by isobench"));
    }

    /** spec.variants as given (a dispatch run's default queues are several: the rule about them speaks first there). */
    static Consumer<Map<String, Object>> variants(List<? extends Map<String, ?>> variants) {
        return s -> s.put("variants", variants);
    }

    /** The target {@code kind} alone, measured against the user's server at {@code endpoint}. */
    static Consumer<Map<String, Object>> endpoint(String kind, String endpoint) {
        return s -> {
            s.put("target", Map.of(kind, Map.of("endpoint", endpoint)));
            if (kind.equals("rsocket")) {
                at(s, "load").remove("rates");
            }
        };
    }

    static List<Arguments> badHttp() {
        return List.of(
                invalid(
                        "an ftp:// url",
                        http(Map.of("url", "ftp://files.team-a/x")),
                        "spec.target.http.url",
                        "is ftp://files.team-a/x: must be an http:// or https:// URL with a host"),
                invalid(
                        "a url without a host",
                        http(Map.of("url", "http:///path")),
                        "spec.target.http.url",
                        "is http:///path: must be an http:// or https:// URL with a host"),
                invalid(
                        "a url with a port but no host",
                        http(Map.of("url", "http://:8080/")),
                        "spec.target.http.url",
                        "is http://:8080/: must be"),
                invalid("no url", http(Map.of("method", "POST")), "spec.target.http.url", "Required value"),
                invalid(
                        "a Host header",
                        http(Map.of("url", "http://api.team-a/", "headers", Map.of("HOST", "other"))),
                        "spec.target.http.headers",
                        "header HOST is set by the runner"),
                invalid(
                        "a Transfer-Encoding header",
                        http(Map.of("url", "http://api.team-a/", "headers", Map.of("Transfer-Encoding", "chunked"))),
                        "spec.target.http.headers",
                        "header Transfer-Encoding is set by the runner"),
                invalid(
                        "a header name with a space",
                        http(Map.of("url", "http://api.team-a/", "headers", Map.of("X Team", "a"))),
                        "spec.target.http.headers",
                        "header X Team: the name must be a token"),
                invalid(
                        "a header value with a line break",
                        http(Map.of("url", "http://api.team-a/", "headers", Map.of("X-Team", "a\r\nHost: b"))),
                        "spec.target.http.headers",
                        "header X-Team: the value must be printable ASCII"),
                invalid(
                        "a body with GET",
                        http(Map.of("url", "http://api.team-a/", "body", "{}")),
                        "spec.target.http.body",
                        "is set with method GET: GET requests carry no body"),
                invalid(
                        "a body above 64 KiB",
                        http(Map.of("url", "http://api.team-a/", "method", "POST", "body", "x".repeat(65537))),
                        "spec.target.http.body",
                        "may not be more than 65536"),
                invalid(
                        "caPem with an http:// url",
                        http(Map.of("url", "http://api.team-a/", "caPem", "-----BEGIN CERTIFICATE-----")),
                        "spec.target.http.caPem",
                        "is set with url http://api.team-a/: a CA only applies to an https:// url"),
                invalid(
                        "expectStatus 99",
                        http(Map.of("url", "http://api.team-a/", "expectStatus", 99)),
                        "spec.target.http.expectStatus",
                        "should be greater than or equal to 200"),
                invalid(
                        "method CONNECT",
                        http(Map.of("url", "http://api.team-a/", "method", "CONNECT")),
                        "spec.target.http.method",
                        "CONNECT opens a tunnel"),
                invalid(
                        "connections 0",
                        http(Map.of("url", "http://api.team-a/", "connections", 0)),
                        "spec.target.http.connections",
                        "should be greater than or equal to 1"),
                invalid(
                        "placement.server with an http target",
                        http(Map.of("url", "http://api.team-a:8080/"))
                                .andThen(s -> at(s, "placement", "server").put("cpus", 1)),
                        "spec.placement.server",
                        "the server is target.http.url (http://api.team-a:8080/), not placed by isobench"));
    }

    static List<Arguments> badPlugin() {
        return List.of(
                invalid("a plugin without a name", plugin(Map.of()), "spec.target.plugin.name", "Required value"),
                invalid(
                        "a plugin named as a built-in target",
                        plugin(Map.of("name", "tcp-echo")),
                        "spec.target.plugin.name",
                        "is tcp-echo, a built-in target: set that target's own field of spec.target"),
                invalid(
                        "a plugin name with upper case",
                        plugin(Map.of("name", "OrderCodec")),
                        "spec.target.plugin.name",
                        "should match"),
                invalid(
                        "a plugin option key with '='",
                        plugin(Map.of("name", "order-codec", "options", Map.of("size=1", "2"))),
                        "spec.target.plugin.options",
                        "option size=1: the key is a letter"),
                invalid(
                        "a plugin option value with a line break",
                        plugin(Map.of("name", "order-codec", "options", Map.of("format", "sbe\n--out=/etc"))),
                        "spec.target.plugin.options",
                        "option format: the value must be text without control characters"),
                invalid(
                        "a plugin option value above 1024 characters",
                        plugin(Map.of("name", "order-codec", "options", Map.of("format", "x".repeat(1025)))),
                        "spec.target.plugin.options",
                        "may not be more than 1024"),
                invalid(
                        "a plugin on separate nodes",
                        plugin(Map.of("name", "order-codec"))
                                .andThen(s -> at(s, "placement").put("topology", "SeparateNodes")),
                        "spec.placement.topology",
                        "a plugin target runs in the client's container, no server: topology must be SamePod"),
                invalid(
                        "placement.server with a plugin",
                        plugin(Map.of("name", "order-codec"))
                                .andThen(s -> at(s, "placement", "server").put("cpus", 1)),
                        "spec.placement.server",
                        "only client/server targets"));
    }

    /** The plugin target alone, with these options. */
    static Consumer<Map<String, Object>> plugin(Map<String, Object> options) {
        return s -> s.put("target", Map.of("plugin", options));
    }

    /** The http target alone, with these options. */
    static Consumer<Map<String, Object>> http(Map<String, Object> options) {
        return s -> s.put("target", Map.of("http", options));
    }

    static Consumer<Map<String, Object>> tolerations(Map<String, Object> toleration) {
        return s -> at(s, "placement").put("tolerations", List.of(toleration));
    }

    /** Specs right at each bound: the bounds are where the message says, not below. */
    static Stream<Arguments> atTheBounds() {
        return Stream.of(
                Arguments.of(
                        "ordinary JVM options",
                        jvmOptions(
                                "-XX:+UseZGC",
                                "-Xlog:gc*:file=/tmp/gc.log",
                                "-Dfoo.bar=a,b;c",
                                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                                "-XX:+UnlockDiagnosticVMOptions",
                                "-XX:-OmitStackTraceInFastThrow")),
                Arguments.of("a JVM option of 256 characters", jvmOptions("-D" + "x".repeat(254))),
                Arguments.of("env names that only look alike", (Consumer<Map<String, Object>>) s -> at(s, "runner")
                        .put(
                                "env",
                                List.of(
                                        Map.of("name", "MY_LD_PRELOAD", "value", "x"),
                                        Map.of("name", "LOAD", "value", "x"),
                                        Map.of("name", "JAVA_TOOL", "value", "x"),
                                        Map.of("name", "PATHS", "value", "x")))),
                Arguments.of("timeout of 24h", (Consumer<Map<String, Object>>) s -> s.put("timeout", "24h")),
                Arguments.of("10m warm-up and 30m window", (Consumer<Map<String, Object>>) s -> {
                    s.put("timeout", "24h");
                    at(s, "target", "dispatch").put("queues", List.of("isobench"));
                    at(s, "load").put("rates", List.of(1000));
                    at(s, "load").put("repetitions", 4);
                    at(s, "load").put("warmup", "10m");
                    at(s, "load").put("duration", "30m");
                }),
                Arguments.of("auto repetitions with a precision and a budget", (Consumer<Map<String, Object>>) s -> {
                    at(s, "load").put("repetitions", "auto");
                    at(s, "load").put("precision", "2.5%");
                    at(s, "load").put("maxRepetitions", 10);
                }),
                Arguments.of("auto repetitions with the runner's defaults", (Consumer<Map<String, Object>>) s -> {
                    // one queue at one rate: 20 repetitions × 15 s fit the default 30m timeout
                    at(s, "target", "dispatch").put("queues", List.of("isobench"));
                    at(s, "load").put("rates", List.of(1000));
                    at(s, "load").put("repetitions", "auto");
                }),
                Arguments.of("the smallest precision", (Consumer<Map<String, Object>>) s -> {
                    at(s, "target", "dispatch").put("queues", List.of("isobench"));
                    at(s, "load").put("repetitions", "auto");
                    at(s, "load").put("precision", "0.01%");
                }),
                Arguments.of("200 measured windows", (Consumer<Map<String, Object>>) s -> {
                    at(s, "load").put("rates", ascending(20));
                    at(s, "load").put("repetitions", 2);
                    at(s, "load").put("warmup", "0s");
                    at(s, "load").put("duration", "100ms");
                    at(s, "load").put("probeDuration", "0s");
                }),
                Arguments.of("a million rsocket streams", (Consumer<Map<String, Object>>) s -> {
                    s.put("target", json("{\"rsocket\": {\"connections\": 1000, \"streamsPerConnection\": 1000}}"));
                    at(s, "load").remove("rates");
                }),
                Arguments.of(
                        "a tcpEcho endpoint on port 65535", endpoint("tcpEcho", "echo.team-a.svc.cluster.local:65535")),
                Arguments.of("a udpEcho endpoint at an IPv4 address, port 1", endpoint("udpEcho", "10.96.0.12:1")),
                Arguments.of("an rsocket endpoint at an IPv6 address", endpoint("rsocket", "[fd00::12]:7001")),
                Arguments.of(
                        "an https POST with headers, a 64 KiB body and a CA",
                        http(Map.of(
                                "url",
                                "https://[fd00::12]:8443/orders?x=1",
                                "method",
                                "POST",
                                "headers",
                                Map.of("Authorization", "Bearer t0k3n", "Content-Type", "application/json"),
                                "body",
                                "x".repeat(65536),
                                "caPem",
                                "-----BEGIN CERTIFICATE-----\nMII=\n-----END CERTIFICATE-----\n",
                                "expectStatus",
                                599))),
                Arguments.of("an http GET at a Service", http(Map.of("url", "http://orders.team-a.svc"))),
                Arguments.of(
                        "64 load pods at a Service",
                        http(Map.of("url", "http://orders.team-a.svc"))
                                .andThen(s -> at(s, "load").put("rates", List.of(64, 64000)))
                                .andThen(s -> at(s, "load").put("parallelism", 64))),
                Arguments.of("load pods of a server in a pod of its own", (Consumer<Map<String, Object>>) s -> {
                    s.put("target", Map.of("tcpEcho", Map.of()));
                    at(s, "placement").put("topology", "SeparateNodes");
                    at(s, "load").put("parallelism", 2);
                }),
                Arguments.of(
                        "eight variants of JVM and target options",
                        endpoint("tcpEcho", "echo.team-a:7000")
                                .andThen(variants(IntStream.range(0, 8)
                                        .mapToObj(i -> Map.<String, Object>of(
                                                "name",
                                                "variant-" + i,
                                                "jvmOptions",
                                                List.of("-XX:+UseZGC", "-Xmx2g"),
                                                "options",
                                                Map.of("messageBytes", String.valueOf(64 << i))))
                                        .toList()))),
                Arguments.of("series split by two of three labels", (Consumer<Map<String, Object>>) s -> at(s, "report")
                        .putAll(Map.of(
                                "labels",
                                Map.of("suite", "nightly", "branch", "main", "build", "41"),
                                "seriesLabels",
                                List.of("branch", "suite")))),
                Arguments.of(
                        "load pods of a plugin",
                        plugin(Map.of("name", "quote-codec"))
                                .andThen(s -> at(s, "load").put("parallelism", 2))),
                Arguments.of(
                        "a plugin with 32 options of 1024 characters each",
                        plugin(Map.of(
                                "name",
                                "a".repeat(63),
                                "options",
                                IntStream.range(0, 32)
                                        .boxed()
                                        .collect(Collectors.toMap(
                                                i -> "option-" + i, i -> "é x\"'#".repeat(170) + "abcd"))))),
                Arguments.of("Shared load pods on the node's shared CPUs", (Consumer<Map<String, Object>>) s -> {
                    at(s, "placement").put("isolation", "Shared");
                    at(s, "placement", "client").put("cpus", 0);
                    s.put("target", json("{\"http\": {\"url\": \"http://orders:8080/\"}}"));
                    at(s, "load").put("parallelism", 4);
                }),
                Arguments.of("1Ki of memory", (Consumer<Map<String, Object>>)
                        s -> at(s, "placement", "client").put("memory", "1Ki")),
                Arguments.of("well-formed tolerations", (Consumer<Map<String, Object>>) s -> at(s, "placement")
                        .put(
                                "tolerations",
                                List.of(
                                        Map.of(
                                                "key",
                                                "example.com/gpu",
                                                "operator",
                                                "Equal",
                                                "value",
                                                "true",
                                                "effect",
                                                "NoSchedule"),
                                        Map.of(
                                                "key",
                                                "node.kubernetes.io/not-ready",
                                                "operator",
                                                "Exists",
                                                "effect",
                                                "NoExecute",
                                                "tolerationSeconds",
                                                300),
                                        Map.of("key", "dedicated")))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("atTheBounds")
    void theApiServerAcceptsASpecAtTheBound(String description, Consumer<Map<String, Object>> change) {
        Map<String, Object> spec = validSpec();
        change.accept(spec);

        assertThat(create(spec).getMetadata().getUid()).as(description).isNotBlank();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSpecs")
    void theApiServerRejectsWithAMessageNamingTheField(
            String description, Consumer<Map<String, Object>> change, List<String> messageParts) {
        Map<String, Object> spec = validSpec();
        change.accept(spec);

        assertThatThrownBy(() -> create(spec))
                .isInstanceOf(KubernetesClientException.class)
                .satisfies(e -> {
                    KubernetesClientException k = (KubernetesClientException) e;
                    assertThat(k.getCode()).isEqualTo(422);
                    String message = k.getStatus().getMessage();
                    for (String part : messageParts) {
                        assertThat(message).as("rejection of '%s'", description).contains(part);
                    }
                });
    }

    @Test
    void atLeastTwentyFiveDistinctInvalidSpecsAreCovered() {
        assertThat(invalidSpecs().count()).isGreaterThanOrEqualTo(25);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aMinimalSpecIsAcceptedWithEveryDefaultFilledIn() {
        GenericKubernetesResource created = create(validSpec());
        Map<String, Object> spec =
                (Map<String, Object>) created.getAdditionalProperties().get("spec");

        assertThat((Map<String, Object>) spec.get("load"))
                .containsEntry("mode", "Open")
                .containsEntry("warmup", "5s")
                .containsEntry("duration", "10s")
                .containsEntry("repetitions", 3)
                .containsEntry("probeDuration", "1s")
                .containsEntry("maxReruns", 2)
                .doesNotContainKey("noiseBudget");
        assertThat((Map<String, Object>) spec.get("placement"))
                .containsEntry("isolation", "Exclusive")
                .containsEntry("topology", "SamePod");
        assertThat((Map<String, Object>) ((Map<String, Object>) spec.get("target")).get("dispatch"))
                .containsEntry("queues", List.of("isobench", "disruptor", "jctools", "agrona", "abq"))
                .containsEntry("ringSize", 65536)
                .containsEntry("batch", 1);
        assertThat(spec)
                .containsEntry("timeout", "30m")
                .containsEntry("retries", 0)
                .containsEntry("keepFailed", false)
                .as("no TTL written in: the installation's default applies")
                .doesNotContainKey("ttlSecondsAfterFinished");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSpecCannotChangeOnceCreated() {
        GenericKubernetesResource created = create(validSpec());
        ((Map<String, Object>)
                        ((Map<String, Object>) created.getAdditionalProperties().get("spec")).get("load"))
                .put("repetitions", 5);

        assertThatThrownBy(() -> api.client
                        .genericKubernetesResources(RUNS)
                        .inNamespace("default")
                        .resource(created)
                        .update())
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("spec is immutable: create a new BenchmarkRun to run with other settings");
    }

    /** Writes {@code status} to a new run through the status subresource, as the operator does. */
    static GenericKubernetesResource writeStatus(String status) {
        GenericKubernetesResource created = create(validSpec());
        created.setAdditionalProperty("status", json(status));
        return api.client
                .genericKubernetesResources(RUNS)
                .inNamespace("default")
                .resource(created)
                .updateStatus();
    }

    @Test
    void theStatusTheOperatorWritesIsAcceptedAndATimeOrVerdictItCouldNotReadIsRefused() {
        // the operator reads status times as Instants and verdicts as RunVerdict: the schema keeps out what it could
        // not read
        String good =
                "{\"phaseSince\": \"2026-11-25T09:00:01.250Z\", \"verdict\": \"INCONCLUSIVE\", \"nodes\": [\"bench-1\"]}";
        assertThat(writeStatus(good).getAdditionalProperties().get("status")).isEqualTo(json(good));

        for (var bad : List.of(
                List.of("{\"startTime\": \"yesterday\"}", "status.startTime", "yesterday"),
                List.of("{\"verdict\": \"MAYBE\"}", "status.verdict", "MAYBE"),
                List.of("{\"steps\": [{\"id\": \"a\", \"verdict\": \"ok\"}]}", "status.steps[0].verdict", "ok"))) {
            assertThatThrownBy(() -> writeStatus(bad.getFirst()))
                    .as(bad.getFirst())
                    .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
                        assertThat(e.getCode()).isEqualTo(422);
                        assertThat(e.getStatus().getMessage())
                                .contains(bad.get(1))
                                .contains(bad.get(2));
                    });
        }
    }

    static Stream<java.nio.file.Path> examples() throws java.io.IOException {
        java.nio.file.Path dir = CrdDriftTest.repoRoot().resolve("examples");
        try (var files = java.nio.file.Files.walk(dir)) {
            return files
                    .filter(f -> f.toString().endsWith(".yaml")
                            && !f.getFileName().toString().equals("kustomization.yaml"))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleIsAcceptedByTheApiServer(java.nio.file.Path example) throws Exception {
        var resources =
                api.client.load(java.nio.file.Files.newInputStream(example)).items();
        assertThat(resources).isNotEmpty();
        for (var resource : resources) {
            resource.getMetadata().setNamespace("default");
            var accepted = api.client.resource(resource).dryRun().create();
            // a schedule's dry run checks its template's spec with every rule of a run
            assertThat(accepted.getKind()).isIn(CrdConstants.KIND, CrdConstants.SCHEDULE_KIND);
        }
    }
}
