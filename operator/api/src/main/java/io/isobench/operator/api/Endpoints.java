package io.isobench.operator.api;

/**
 * A user's own server, {@code target.<kind>.endpoint} (tcpEcho, udpEcho, rsocket): HOST:PORT as the runner's
 * {@code --server-address} takes it. The CEL rules here are the CRD's; the API server refuses a bad endpoint, or a server
 * placement beside one, naming the field and the value.
 */
public final class Endpoints {

    /** A DNS name or IPv4 address, or an IPv6 address in brackets; a colon; a port in 1-65535 (no scheme, no path). */
    public static final String PATTERN =
            "^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}"
                    + "[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\]):(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}"
                    + "|[1-9][0-9]{0,3})$";

    /** The longest endpoint: a DNS name (253), a colon and five digits, with room for an IPv6 address's brackets. */
    public static final int MAX_LENGTH = 261;

    static final String DESCRIPTION = "The user's own server as HOST:PORT (a Service's DNS name, an IPv4 address or"
            + " [an IPv6 address]; port 1-65535): the client measures against it and isobench starts no server, so the"
            + " server side is not isolated nor verified (status.isolation.externalServer, Isolated=False). Its port"
            + " field is then unused, and placement.server and a topology other than SamePod are refused.";

    // a raw CEL string (r'…'), so the pattern's backslashes reach the regex as written
    static final String RULE = "self.matches(r'" + PATTERN + "')";
    static final String MESSAGE =
            "must be HOST:PORT with a port in 1-65535 (a DNS name, an IPv4 address or [an IPv6 address])";
    static final String MESSAGE_EXPRESSION = "'is ' + self + ': " + MESSAGE + "'";

    /** Whether the spec's target is measured against a user's server: an endpoint, or the http target's url. */
    static final String SET = "((has(self.target.tcpEcho) && has(self.target.tcpEcho.endpoint))"
            + " || (has(self.target.udpEcho) && has(self.target.udpEcho.endpoint))"
            + " || (has(self.target.rsocket) && has(self.target.rsocket.endpoint))"
            + " || has(self.target.http))";

    /** Names the endpoint field and its value, for the messages of rules that fail only when {@link #SET} holds. */
    static final String WHICH = "'the server is target.' + (has(self.target.tcpEcho) ? 'tcpEcho.endpoint ('"
            + " + self.target.tcpEcho.endpoint : has(self.target.udpEcho) ? 'udpEcho.endpoint (' + self.target.udpEcho.endpoint"
            + " : has(self.target.rsocket) ? 'rsocket.endpoint (' + self.target.rsocket.endpoint"
            + " : 'http.url (' + self.target.http.url) + '), not placed by isobench'";

    static final String NO_SERVER_PLACEMENT = "the server is the target's endpoint, not placed by isobench: "
            + "leave placement.server unset (there is nothing to place)";
    static final String SAME_POD_ONLY = "the server is the target's endpoint, not placed by isobench: "
            + "topology must be SamePod (the client pod is all isobench places)";

    private Endpoints() {}
}
