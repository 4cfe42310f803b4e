package io.isobench.store;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A run's identity, {@code <namespace>/<name>/<uid>}: the BenchmarkRun's namespace, name and uid, or for a
 * run made without Kubernetes {@code local/<target>/<runId in lower case>}. Every segment becomes part of
 * object keys and URLs, so each must match {@value #SEGMENT_RULE} (Kubernetes names and uids do).
 */
public record RunKey(String namespace, String name, String uid) {

    public static final String SEGMENT_RULE = "[a-z0-9]([-a-z0-9.]*[a-z0-9])?";
    public static final String LOCAL_NAMESPACE = "local";
    private static final Pattern SEGMENT = Pattern.compile(SEGMENT_RULE);
    private static final int MAX_SEGMENT = 253;

    public RunKey {
        requireSegment("namespace", namespace);
        requireSegment("name", name);
        requireSegment("uid", uid);
    }

    /** The key of a run made by the runner alone (make demo): runIds carry upper case, keys do not. */
    public static RunKey local(String target, String runId) {
        return new RunKey(LOCAL_NAMESPACE, target, runId == null ? null : runId.toLowerCase(Locale.ROOT));
    }

    /** Parses {@code <namespace>/<name>/<uid>}. */
    public static RunKey parse(String key) {
        String[] parts = key == null ? new String[0] : key.split("/", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("run key '" + key + "' is not <namespace>/<name>/<uid>");
        }
        return new RunKey(parts[0], parts[1], parts[2]);
    }

    public boolean isLocal() {
        return LOCAL_NAMESPACE.equals(namespace);
    }

    /**
     * Throws, naming {@code field} and the value, unless {@code value} is a safe key segment. Used for pod
     * names too.
     */
    public static String requireSegment(String field, String value) {
        if (value == null
                || value.length() > MAX_SEGMENT
                || !SEGMENT.matcher(value).matches()) {
            String shown = value == null ? "null" : "'" + ObjectKeys.abbreviate(value) + "'";
            throw new IllegalArgumentException(
                    "run " + field + " " + shown + " is not a safe key segment: it must match " + SEGMENT_RULE
                            + " and be at most " + MAX_SEGMENT + " characters");
        }
        return value;
    }

    @Override
    public String toString() {
        return namespace + "/" + name + "/" + uid;
    }
}
