package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * Exactly one target, with the runner's options for it. What each target means to the operator is its profile
 * ({@link io.isobench.operator.api.targets.TargetProfiles}, which also lists these fields).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value = "(has(self.dispatch) ? 1 : 0) + (has(self.udpEcho) ? 1 : 0) + (has(self.tcpEcho) ? 1 : 0)"
                + " + (has(self.rsocket) ? 1 : 0) + (has(self.httpMock) ? 1 : 0) + (has(self.http) ? 1 : 0)"
                + " + (has(self.ipc) ? 1 : 0) + (has(self.plugin) ? 1 : 0) == 1",
        message = "set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, http, ipc, plugin")
public class TargetSpec {

    @JsonPropertyDescription(
            "In-VM dispatch hop: publisher → SPSC queue → busy-spin agent → handler, pooled events (the Mongoose write-up).")
    private DispatchTargetSpec dispatch;

    @JsonPropertyDescription("Loopback or pod-to-pod UDP echo of fixed-size messages (the CoralReactor write-up).")
    private EchoTargetSpec udpEcho;

    @JsonPropertyDescription(
            "TCP echo of fixed-size messages, TCP_NODELAY, busy-polled non-blocking sockets (the CoralReactor write-up).")
    private EchoTargetSpec tcpEcho;

    @JsonPropertyDescription(
            "RSocket request-streams: connections × streams echoing at an interval, up to the tipping point (the jauntsdn write-up).")
    private RsocketTargetSpec rsocket;

    @JsonPropertyDescription(
            "An HTTP mock server (MockServer) under a client sweep or a constant rate (the MockServer performance page).")
    private HttpMockTargetSpec httpMock;

    @JsonPropertyDescription(
            "Any HTTP/1.1 server, named by its URL (a Service or any address the runner pod can reach):"
                    + " isobench starts no server; open or closed loop as httpMock.")
    private HttpTargetSpec http;

    @JsonPropertyDescription(
            "Serialized order messages between two processes over shared memory (Chronicle Queue; the Chronicle Services write-up).")
    private IpcTargetSpec ipc;

    @JsonPropertyDescription(
            "Your own code: a target of the harness SPI found by name among the runner image's plugins (docs/target-spi.md);"
                    + " measured in the client's container, no server.")
    private PluginTargetSpec plugin;

    public DispatchTargetSpec getDispatch() {
        return dispatch;
    }

    public void setDispatch(DispatchTargetSpec dispatch) {
        this.dispatch = dispatch;
    }

    public EchoTargetSpec getUdpEcho() {
        return udpEcho;
    }

    public void setUdpEcho(EchoTargetSpec udpEcho) {
        this.udpEcho = udpEcho;
    }

    public EchoTargetSpec getTcpEcho() {
        return tcpEcho;
    }

    public void setTcpEcho(EchoTargetSpec tcpEcho) {
        this.tcpEcho = tcpEcho;
    }

    public RsocketTargetSpec getRsocket() {
        return rsocket;
    }

    public void setRsocket(RsocketTargetSpec rsocket) {
        this.rsocket = rsocket;
    }

    public HttpMockTargetSpec getHttpMock() {
        return httpMock;
    }

    public void setHttpMock(HttpMockTargetSpec httpMock) {
        this.httpMock = httpMock;
    }

    public HttpTargetSpec getHttp() {
        return http;
    }

    public void setHttp(HttpTargetSpec http) {
        this.http = http;
    }

    public IpcTargetSpec getIpc() {
        return ipc;
    }

    public void setIpc(IpcTargetSpec ipc) {
        this.ipc = ipc;
    }

    public PluginTargetSpec getPlugin() {
        return plugin;
    }

    public void setPlugin(PluginTargetSpec plugin) {
        this.plugin = plugin;
    }
}
