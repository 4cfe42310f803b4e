package io.isobench.operator.api.targets;

import io.isobench.operator.api.HttpTargetSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Any HTTP/1.1 server named by its URL: the user's, never ours, so no server role and the run is never Isolated. The
 * body and CA travel as files of the argument ConfigMap (the runner takes them as --body-file and --ca-file).
 */
public record HttpProfile(HttpTargetSpec options) implements TargetProfile {

    /** The body's file in the argument ConfigMap. */
    public static final String BODY_FILE = "http-body";

    /** The CA's file in the argument ConfigMap. */
    public static final String CA_FILE = "http-ca.pem";

    @Override
    public String runnerName() {
        return "http";
    }

    /** The headers as the runner takes them, in name order so the argument file does not depend on the map's order. */
    @Override
    public List<String> clientOptions() {
        var args = new ArrayList<>(List.of("--url", options.getUrl(), "--method", options.getMethod()));
        if (options.getHeaders() != null) {
            options.getHeaders().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(h -> args.addAll(List.of("--header", h.getKey() + ": " + h.getValue())));
        }
        if (options.getBody() != null) {
            args.addAll(List.of("--body-file", ARGUMENTS_DIR + "/" + BODY_FILE));
        }
        args.addAll(List.of("--expect-status", String.valueOf(options.getExpectStatus())));
        if (options.getCaPem() != null) {
            args.addAll(List.of("--ca-file", ARGUMENTS_DIR + "/" + CA_FILE));
        }
        args.addAll(List.of("--connections", String.valueOf(options.getConnections())));
        return args;
    }

    @Override
    public Map<String, String> clientFiles() {
        var files = new LinkedHashMap<String, String>();
        if (options.getBody() != null) {
            files.put(BODY_FILE, options.getBody());
        }
        if (options.getCaPem() != null) {
            files.put(CA_FILE, options.getCaPem());
        }
        return files;
    }

    /** The URL's host:port (default ports 80 and 443); an IPv6 host keeps its brackets, as an endpoint writes it. */
    @Override
    public Optional<String> externalServer() {
        URI url = URI.create(options.getUrl());
        int port = url.getPort() != -1 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        return Optional.of(url.getHost() + ":" + port);
    }
}
