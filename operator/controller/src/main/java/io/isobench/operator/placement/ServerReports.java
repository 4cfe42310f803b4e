package io.isobench.operator.placement;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ServerReport;

/**
 * The server role's start-up {@link ServerReport}, read from its container's log through the API server
 * ({@code GET /api/v1/namespaces/<ns>/pods/<pod>/log?container=<c>&limitBytes=…}, RBAC {@code pods/log get}). The log
 * is whatever the pod printed: only its first {@link #LIMIT_BYTES} are read, and the one report line in them is
 * checked field by field.
 */
public class ServerReports {

    /** The report is printed at start-up, after at most a few JVM notes; a chatty or hostile server gets no more. */
    public static final int LIMIT_BYTES = 64 * 1024;

    /** The report, or why it could not be read (never both). */
    public record Read(ServerReport report, String problem) {}

    private final KubernetesClient client;

    public ServerReports(KubernetesClient client) {
        this.client = client;
    }

    public Read read(String namespace, String pod, String container) {
        String path = logPath(namespace, pod, container);
        try {
            String log = log(path);
            if (log == null) {
                return new Read(null, "GET " + path + " found no such pod or container");
            }
            // the API server honours limitBytes; cut again so a proxy that does not cannot make us parse more
            return new Read(
                    ServerReport.fromLog(log.length() > LIMIT_BYTES ? log.substring(0, LIMIT_BYTES) : log), null);
        } catch (KubernetesClientException e) {
            return new Read(
                    null,
                    "GET " + path + " failed: " + (e.getCode() > 0 ? e.getCode() + " " : "")
                            + firstLine(e.getMessage()));
        } catch (ResultFormatException e) {
            return new Read(
                    null,
                    e.getMessage() + " (in the first " + LIMIT_BYTES + " bytes of container " + container + "'s log)");
        }
    }

    public static String logPath(String namespace, String pod, String container) {
        return "/api/v1/namespaces/" + namespace + "/pods/" + pod + "/log?container=" + container + "&limitBytes="
                + LIMIT_BYTES;
    }

    /** The log's text, null when there is no such pod or container. */
    protected String log(String path) {
        return client.raw(path);
    }

    private static String firstLine(String message) {
        String line = message == null ? "" : message.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
