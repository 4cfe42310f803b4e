package io.isobench.operator.placement;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAddress;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.SSLUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Reads a node's kubelet configuration from the kubelet itself, {@code GET https://<node address>:<kubelet port>/configz},
 * with the operator's own credentials: the kubelet authenticates them (a ServiceAccount token through TokenReview, or a
 * client certificate) and asks the API server whether they may {@code get nodes/configz}, its fine-grained authorization
 * (KubeletFineGrainedAuthz, on by default from Kubernetes 1.33). Read through the API server instead, the same document
 * needs {@code nodes/proxy}, which lets its holder exec into any container on the node: the operator never holds it.
 *
 * <p>The kubelet's serving certificate is verified against one CA only: the configured file (chart value kubelet.caBundle),
 * else the CA the operator trusts for the API server. Verification is never skipped, whatever the client configuration
 * says for the API server. A kubelet older than fine-grained authorization, one that refuses the operator, or a certificate
 * that is not trusted is a lasting refusal ({@link KubeletFacts#refused}), said with what to change.
 */
public class KubeletConfigz implements AutoCloseable {

    static final int DEFAULT_PORT = 10250;
    /** A kubelet configuration is a few KB; more is not one. */
    static final int MAX_BODY_BYTES = 1 << 20;

    private static final Pattern SUBRESOURCES = Pattern.compile("subresource\\(s\\)=\\[([a-z ]*)]");

    /** A kubelet's configz answer is plain JSON: no Kubernetes type of Fabric8's to read it as. */
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Config credentials;
    private final List<String> addressTypes;
    private final String trustedBy;
    private final HttpClient http;
    private final Duration timeout;

    /**
     * @param credentials  the operator's API client configuration: its token (taken from it on every request: the client
     *                     re-reads the projected ServiceAccount token as it rotates) or client certificate, and its CA unless
     *                     {@code caFile} is given
     * @param caFile       the CA that signs kubelet serving certificates, or null for the API server's CA
     * @param addressTypes node address types to dial, in order of preference
     */
    public KubeletConfigz(Config credentials, Path caFile, List<String> addressTypes, Duration timeout) {
        this.credentials = credentials;
        this.addressTypes = List.copyOf(addressTypes);
        this.timeout = timeout;
        this.trustedBy = caFile != null ? "the CA in " + caFile : "the API server's CA";
        try {
            var tls = SSLContext.getInstance("TLS");
            tls.init(
                    SSLUtils.keyManagers(credentials),
                    trustOnly(caPem(credentials, caFile), trustedBy).getTrustManagers(),
                    null);
            this.http = HttpClient.newBuilder()
                    .sslContext(tls)
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(timeout)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException(
                    "cannot set up TLS to the kubelets (" + trustedBy + "): " + e.getMessage(), e);
        }
    }

    private static byte[] caPem(Config credentials, Path caFile) throws IOException {
        if (caFile != null) {
            return Files.readAllBytes(caFile);
        }
        if (credentials.getCaCertData() != null && !credentials.getCaCertData().isBlank()) {
            String data = credentials.getCaCertData().trim();
            return data.startsWith("-----BEGIN")
                    ? data.getBytes(StandardCharsets.US_ASCII)
                    : Base64.getMimeDecoder().decode(data);
        }
        if (credentials.getCaCertFile() != null && !credentials.getCaCertFile().isBlank()) {
            return Files.readAllBytes(Path.of(credentials.getCaCertFile()));
        }
        throw new IOException(
                "no CA to verify kubelets with: the API client configuration names none (it may trust any "
                        + "certificate, which the operator never does for a kubelet); set ISOBENCH_KUBELET_CA_FILE (chart value kubelet.caBundle)");
    }

    /** Trust anchors from the PEM alone: not the JVM's public CAs, which sign nothing a kubelet serves. */
    private static TrustManagerFactory trustOnly(byte[] pem, String source)
            throws GeneralSecurityException, IOException {
        Collection<? extends Certificate> certificates =
                CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem));
        if (certificates.isEmpty()) {
            throw new IOException(source + " holds no certificate");
        }
        var store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        int i = 0;
        for (Certificate certificate : certificates) {
            store.setCertificateEntry("ca-" + i++, certificate);
        }
        var factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory;
    }

    /** The node's kubelet facts, or why they cannot be had (now, or until something changes). */
    public KubeletFacts read(Node node) {
        String name = node.getMetadata().getName();
        Optional<String> address = address(node);
        if (address.isEmpty()) {
            return KubeletFacts.refused("node " + name + " publishes no address of the types " + addressTypes
                    + " (ISOBENCH_KUBELET_ADDRESS_TYPES) to reach its kubelet at");
        }
        URI uri = URI.create("https://" + hostPort(address.get(), port(node)) + "/configz");
        HttpResponse<InputStream> response;
        try {
            var request = HttpRequest.newBuilder(uri)
                    .timeout(timeout)
                    .header("Accept", "application/json")
                    .GET();
            token().ifPresent(t -> request.header("Authorization", "Bearer " + t));
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            Optional<Throwable> tls = tlsCause(e);
            if (tls.isPresent()) {
                return KubeletFacts.refused("the kubelet's serving certificate on node " + name + " ("
                        + uri.getAuthority()
                        + ") is not trusted by " + trustedBy + ": " + tls.get().getMessage()
                        + "; give the CA that signs kubelet serving certificates (chart value kubelet.caBundle)");
            }
            return KubeletFacts.unreadable("GET " + uri + " failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return KubeletFacts.unreadable("GET " + uri + " interrupted");
        }
        String body;
        try (InputStream in = response.body()) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                return KubeletFacts.unreadable("GET " + uri + " answered more than " + MAX_BODY_BYTES + " bytes");
            }
            body = new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return KubeletFacts.unreadable("GET " + uri + " failed while reading: " + e);
        }
        return switch (response.statusCode()) {
            case 200 -> parse(uri, body);
            case 401 ->
                KubeletFacts.refused("the kubelet on node " + name + " did not authenticate the operator (GET " + uri
                        + ": 401 " + brief(body)
                        + "): it needs webhook token authentication (authentication.webhook.enabled)");
            case 403 -> forbidden(node, uri, body);
            default ->
                KubeletFacts.unreadable("GET " + uri + " answered " + response.statusCode() + ": " + brief(body));
        };
    }

    /** A 403 says which subresources the kubelet asked for: nodes/proxy alone means it has no fine-grained authorization. */
    private static KubeletFacts forbidden(Node node, URI uri, String body) {
        String name = node.getMetadata().getName();
        Matcher m = SUBRESOURCES.matcher(body);
        if (m.find() && List.of(m.group(1).trim().split(" +")).equals(List.of("proxy"))) {
            String version = node.getStatus() == null || node.getStatus().getNodeInfo() == null
                    ? null
                    : node.getStatus().getNodeInfo().getKubeletVersion();
            return KubeletFacts.refused("the kubelet" + (version == null ? "" : " " + version) + " on node " + name
                    + " authorizes GET /configz only as nodes/proxy (" + brief(body)
                    + "): it has no fine-grained authorization "
                    + "(KubeletFineGrainedAuthz, on by default from Kubernetes 1.33); the operator holds get on nodes/configz and never "
                    + "nodes/proxy, which would let it exec into any container on the node");
        }
        return KubeletFacts.refused("the kubelet on node " + name + " refused GET " + uri + " (" + brief(body)
                + "): the operator's ServiceAccount needs get on nodes/configz (the chart's ClusterRole grants it)");
    }

    private static KubeletFacts parse(URI uri, String body) {
        try {
            JsonNode config = JSON.readTree(body).path("kubeletconfig");
            if (config.isMissingNode()) {
                return KubeletFacts.unreadable("GET " + uri + " has no kubeletconfig");
            }
            // A kubelet that does not set the policy runs the default, none.
            String policy = config.path("cpuManagerPolicy").asText("none");
            String reserved = config.path("reservedSystemCPUs").asText("");
            return KubeletFacts.read(policy.isEmpty() ? "none" : policy, reserved.isEmpty() ? null : reserved);
        } catch (IOException e) {
            return KubeletFacts.unreadable("GET " + uri + " is not JSON: " + e.getMessage());
        }
    }

    private Optional<String> address(Node node) {
        List<NodeAddress> addresses =
                node.getStatus() == null || node.getStatus().getAddresses() == null
                        ? List.of()
                        : node.getStatus().getAddresses();
        for (String type : addressTypes) {
            for (NodeAddress a : addresses) {
                if (type.equals(a.getType())
                        && a.getAddress() != null
                        && !a.getAddress().isBlank()) {
                    return Optional.of(a.getAddress());
                }
            }
        }
        return Optional.empty();
    }

    private static int port(Node node) {
        var endpoints = node.getStatus() == null ? null : node.getStatus().getDaemonEndpoints();
        Integer port = endpoints == null || endpoints.getKubeletEndpoint() == null
                ? null
                : endpoints.getKubeletEndpoint().getPort();
        return port == null || port <= 0 ? DEFAULT_PORT : port;
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** The bearer token the API client uses now; none when it authenticates with a client certificate. */
    private Optional<String> token() {
        String token = credentials.getOauthTokenProvider() != null
                ? credentials.getOauthTokenProvider().getToken()
                : credentials.getOauthToken() != null ? credentials.getOauthToken() : credentials.getAutoOAuthToken();
        return token == null || token.isBlank() ? Optional.empty() : Optional.of(token.trim());
    }

    /** A TLS failure, however deep the HTTP client wrapped it: a certificate problem that waiting does not cure. */
    private static Optional<Throwable> tlsCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SSLException || t instanceof CertificateException) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** Stops the HTTP client's threads. */
    @Override
    public void close() {
        http.close();
    }

    private static String brief(String body) {
        String line = body.strip().replaceAll("\\s+", " ");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
