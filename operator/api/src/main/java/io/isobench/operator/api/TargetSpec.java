package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.ValidationRule;

/** Exactly one target, with the runner's options for it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(value = "(has(self.dispatch) ? 1 : 0) + (has(self.udpEcho) ? 1 : 0) + (has(self.tcpEcho) ? 1 : 0)"
        + " + (has(self.rsocket) ? 1 : 0) + (has(self.httpMock) ? 1 : 0) + (has(self.ipc) ? 1 : 0) == 1",
        message = "set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, ipc")
public class TargetSpec {

    @JsonPropertyDescription("In-VM dispatch hop: publisher → SPSC queue → busy-spin agent → handler, pooled events (the Mongoose write-up).")
    private DispatchTarget dispatch;

    @JsonPropertyDescription("Loopback or pod-to-pod UDP echo of fixed-size messages (the CoralReactor write-up).")
    private EchoTarget udpEcho;

    @JsonPropertyDescription("TCP echo of fixed-size messages, TCP_NODELAY, busy-polling NIO (the CoralReactor write-up).")
    private EchoTarget tcpEcho;

    @JsonPropertyDescription("RSocket request-streams: connections × streams echoing at an interval, up to the tipping point (the jauntsdn write-up).")
    private RsocketTarget rsocket;

    @JsonPropertyDescription("An HTTP mock server (MockServer) under a client sweep or a constant rate (the MockServer performance page).")
    private HttpMockTarget httpMock;

    @JsonPropertyDescription("Serialized order messages between two processes over shared memory (Chronicle Queue; the Chronicle Services write-up).")
    private IpcTarget ipc;

    /** The runner's subcommand for the target that is set. */
    public String runnerName() {
        if (dispatch != null) {
            return "dispatch";
        }
        if (udpEcho != null) {
            return "udp-echo";
        }
        if (tcpEcho != null) {
            return "tcp-echo";
        }
        if (rsocket != null) {
            return "rsocket";
        }
        if (httpMock != null) {
            return "http-mock";
        }
        if (ipc != null) {
            return "ipc";
        }
        return null;
    }

    /** Whether the target has a server side (and so a server role to place). */
    public boolean clientServer() {
        return udpEcho != null || tcpEcho != null || rsocket != null || httpMock != null;
    }

    public DispatchTarget getDispatch() {
        return dispatch;
    }

    public void setDispatch(DispatchTarget dispatch) {
        this.dispatch = dispatch;
    }

    public EchoTarget getUdpEcho() {
        return udpEcho;
    }

    public void setUdpEcho(EchoTarget udpEcho) {
        this.udpEcho = udpEcho;
    }

    public EchoTarget getTcpEcho() {
        return tcpEcho;
    }

    public void setTcpEcho(EchoTarget tcpEcho) {
        this.tcpEcho = tcpEcho;
    }

    public RsocketTarget getRsocket() {
        return rsocket;
    }

    public void setRsocket(RsocketTarget rsocket) {
        this.rsocket = rsocket;
    }

    public HttpMockTarget getHttpMock() {
        return httpMock;
    }

    public void setHttpMock(HttpMockTarget httpMock) {
        this.httpMock = httpMock;
    }

    public IpcTarget getIpc() {
        return ipc;
    }

    public void setIpc(IpcTarget ipc) {
        this.ipc = ipc;
    }
}
