#!/usr/bin/env python3
"""The kubelet endpoints kwok does not simulate: /configz, /containerLogs (and /healthz) of the simulated nodes.

The API server reaches every node through its "cluster" egress: an HTTP CONNECT proxy on a unix
socket, which is this process. A CONNECT to the simulated node address is answered here, as a kubelet
would (TLS with a cert from the cluster CA, client cert required); the port the node advertises in
status.daemonEndpoints picks the node, whose configz is the file STATE/kubelets/<node>/configz.json,
read on every request (so a test may change a node's CPU manager policy); a container's log (kubectl logs, GET
pods/<pod>/log) is the file STATE/kubelets/<node>/logs/<namespace>/<pod>/<container>.log a test wrote, cut to the
request's limitBytes. Any other target is relayed as a plain TCP tunnel, so a real kubelet next to the simulated ones
stays reachable.

  server.py --socket PATH --node-ip IP --ca CA --cert CERT --key KEY --state DIR \
            --kubelet 26012=bench-1 --kubelet 26013=shared-1
"""
import argparse
import http.server
import json
import os
import re
import socket
import socketserver
import ssl
import sys
import threading
import urllib.parse

MAX_HEADER = 16384
# /containerLogs/<namespace>/<pod>/<container>: Kubernetes names (DNS labels and subdomains), never a path of their own
CONTAINER_LOGS = re.compile(r"/containerLogs/([a-z0-9][a-z0-9.-]*)/([a-z0-9][a-z0-9.-]*)/([a-z0-9][a-z0-9-]*)")


class KubeletHandler(http.server.BaseHTTPRequestHandler):
    """One simulated kubelet's HTTPS endpoint (created per tunnelled connection)."""
    protocol_version = "HTTP/1.1"
    server_version = "isobench-simulated-kubelet"

    def __init__(self, request, node, node_dir):
        self.node, self.node_dir = node, node_dir
        self.configz_file = os.path.join(node_dir, "configz.json")
        super().__init__(request, ("api-server", 0), None)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        logs = CONTAINER_LOGS.fullmatch(path)
        if logs:
            self.container_log(logs.groups(), urllib.parse.parse_qs(query))
        elif path == "/configz":
            try:
                with open(self.configz_file) as f:
                    body = json.dumps(json.load(f))
            except (OSError, ValueError) as e:
                self.reply(500, "text/plain", f"cannot read {self.configz_file}: {e}\n")
                return
            self.reply(200, "application/json", body)
        elif path == "/healthz":
            self.reply(200, "text/plain", "ok")
        else:
            self.reply(404, "text/plain", f"simulated kubelet {self.node} serves only /configz, /containerLogs and /healthz, not {path}\n")

    def container_log(self, names, params):
        namespace, pod, container = names
        file = os.path.join(self.node_dir, "logs", namespace, pod, container + ".log")
        try:
            limit = int(params["limitBytes"][0]) if "limitBytes" in params else None
            with open(file, "rb") as f:
                data = f.read(limit) if limit and limit > 0 else f.read()
        except ValueError:
            self.reply(400, "text/plain", f"limitBytes {params['limitBytes'][0]!r} is not a number\n")
            return
        except OSError:
            self.reply(404, "text/plain", f"no log for container {container} of pod {namespace}/{pod} on simulated node {self.node}\n")
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def reply(self, status, content_type, body):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        sys.stderr.write(f"simulated-kubelet[{self.node}] {fmt % args}\n")


def read_head(sock):
    """The CONNECT request line and headers; the client sends nothing more until we answer."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk or len(data) > MAX_HEADER:
            return None
        data += chunk
    return data.split(b"\r\n", 1)[0].decode("latin-1")


def relay(a, b):
    def pump(src, dst):
        try:
            while chunk := src.recv(65536):
                dst.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
    t = threading.Thread(target=pump, args=(b, a), daemon=True)
    t.start()
    pump(a, b)
    t.join()


class EgressHandler(socketserver.BaseRequestHandler):
    def handle(self):
        srv, sock = self.server, self.request
        line = read_head(sock)
        if line is None:
            return
        method, target, _ = (line.split(" ") + ["", "", ""])[:3]
        if method == "GET" and target == "/healthz":  # for the start-up probe (curl --unix-socket)
            sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
            return
        if method != "CONNECT" or ":" not in target:
            sock.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
            return
        host, port = target.rsplit(":", 1)
        host = host.strip("[]")
        if host == srv.node_ip:
            self.serve_kubelet(port)
        else:
            self.tunnel(host, port)

    def serve_kubelet(self, port):
        srv, sock = self.server, self.request
        node = srv.kubelets.get(port)
        if node is None:
            msg = f"no simulated kubelet on port {port} (known: {sorted(srv.kubelets)})"
            sock.sendall(f"HTTP/1.1 502 Bad Gateway\r\nContent-Length: {len(msg)}\r\n\r\n{msg}".encode())
            return
        sock.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        try:
            tls = srv.tls.wrap_socket(sock, server_side=True)
        except (ssl.SSLError, OSError) as e:
            sys.stderr.write(f"simulated-kubelet[{node}] TLS handshake failed: {e}\n")
            return
        KubeletHandler(tls, node, os.path.join(srv.state, "kubelets", node))

    def tunnel(self, host, port):
        sock = self.request
        # the real node is this machine: it publishes the VM's address, its kubelet listens on loopback only
        dial = "127.0.0.1" if is_local_address(host) else host
        try:
            upstream = socket.create_connection((dial, int(port)), timeout=10)
        except (OSError, ValueError) as e:
            msg = f"cannot reach {host}:{port}: {e}"
            sock.sendall(f"HTTP/1.1 502 Bad Gateway\r\nContent-Length: {len(msg)}\r\n\r\n{msg}".encode())
            return
        upstream.settimeout(None)
        sock.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        relay(sock, upstream)


def is_local_address(host):
    """True for an IPv4 address of one of this machine's interfaces (binding to it succeeds)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((host, 0))
        return True
    except OSError:
        return False


class EgressServer(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--socket", required=True)
    p.add_argument("--node-ip", required=True)
    p.add_argument("--ca", required=True)
    p.add_argument("--cert", required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--state", required=True, help="cluster state dir holding kubelets/<node>/configz.json")
    p.add_argument("--kubelet", action="append", required=True, metavar="PORT=NODE")
    a = p.parse_args()

    kubelets = dict(item.split("=", 1) for item in a.kubelet)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(a.cert, a.key)
    tls.load_verify_locations(a.ca)
    tls.verify_mode = ssl.CERT_REQUIRED  # like a kubelet with x509 client auth: only the API server gets in

    if os.path.exists(a.socket):
        os.unlink(a.socket)  # left by a killed predecessor; up.sh already checked none is running
    server = EgressServer(a.socket, EgressHandler)
    server.node_ip, server.kubelets, server.tls, server.state = a.node_ip, kubelets, tls, a.state
    sys.stderr.write(f"simulated kubelets for {a.node_ip} {kubelets} on {a.socket}\n")
    try:
        server.serve_forever()
    finally:
        os.unlink(a.socket)


if __name__ == "__main__":
    main()
