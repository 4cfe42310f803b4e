#!/usr/bin/env python3
"""The kubelet endpoints kwok does not simulate: /configz, /containerLogs (and /healthz) of the simulated nodes.

Each simulated node's kubelet listens where its Node says: NODE_IP (a loopback address) and the port in
status.daemonEndpoints, with TLS from the cluster CA, and guards its API as a kubelet with webhook authentication and
authorization does: a client certificate from the cluster CA, or a bearer token the API server vouches for
(TokenReview), then a SubjectAccessReview for the request's attributes. With fine-grained authorization (the
KubeletFineGrainedAuthz gate, on by default from Kubernetes 1.33) GET /configz is allowed by nodes/configz or
nodes/proxy; a node whose STATE/kubelets/<node>/coarse-authz file exists acts as an older kubelet and asks for
nodes/proxy only. The answer to a refusal is the kubelet's own: "Forbidden (user=…, verb=…, resource=nodes,
subresource(s)=[…])".

A node's configz is the file STATE/kubelets/<node>/configz.json, read on every request (so a test may change a node's
CPU manager policy); a container's log (kubectl logs, GET pods/<pod>/log) is the file
STATE/kubelets/<node>/logs/<namespace>/<pod>/<container>.log a test wrote, cut to the request's limitBytes.

The API server reaches nodes through its "cluster" egress: an HTTP CONNECT proxy on a unix socket, also this process,
which relays each tunnel as plain TCP (loopback targets as they are; this machine's other addresses to loopback, where a
real node's kubelet listens).

  server.py --socket PATH --node-ip IP --ca CA --cert CERT --key KEY --state DIR \
            --api-server URL --client-cert CERT --client-key KEY --kubelet 26012=bench-1 --kubelet 26013=shared-1
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
import urllib.error
import urllib.parse
import urllib.request

MAX_HEADER = 16384
# /containerLogs/<namespace>/<pod>/<container>: Kubernetes names (DNS labels and subdomains), never a path of their own
CONTAINER_LOGS = re.compile(r"/containerLogs/([a-z0-9][a-z0-9.-]*)/([a-z0-9][a-z0-9.-]*)/([a-z0-9][a-z0-9-]*)")
VERBS = {"GET": "get", "POST": "create", "PUT": "update", "PATCH": "patch", "DELETE": "delete"}


class ApiServer:
    """The calls a kubelet makes to judge a request: TokenReview and SubjectAccessReview, with its own client cert."""

    def __init__(self, url, ca, cert, key):
        self.url = url.rstrip("/")
        self.tls = ssl.create_default_context(cafile=ca)
        self.tls.load_cert_chain(cert, key)

    def post(self, path, body):
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "Accept": "application/json"})
        with urllib.request.urlopen(request, context=self.tls, timeout=10) as response:
            return json.load(response)

    def user_of(self, token):
        """The user a token stands for, or None when the API server does not vouch for it."""
        review = self.post("/apis/authentication.k8s.io/v1/tokenreviews",
                           {"apiVersion": "authentication.k8s.io/v1", "kind": "TokenReview", "spec": {"token": token}})
        status = review.get("status", {})
        return status.get("user") if status.get("authenticated") else None

    def allows(self, user, verb, node, subresource):
        spec = {"user": user.get("username"), "groups": user.get("groups", []),
                "resourceAttributes": {"verb": verb, "version": "v1", "resource": "nodes", "subresource": subresource,
                                       "name": node}}
        if user.get("uid"):
            spec["uid"] = user["uid"]
        if user.get("extra"):
            spec["extra"] = user["extra"]
        review = self.post("/apis/authorization.k8s.io/v1/subjectaccessreviews",
                           {"apiVersion": "authorization.k8s.io/v1", "kind": "SubjectAccessReview", "spec": spec})
        return review.get("status", {}).get("allowed", False)


class KubeletHandler(http.server.BaseHTTPRequestHandler):
    """One simulated kubelet's HTTPS API (one handler per request, as http.server does)."""
    protocol_version = "HTTP/1.1"
    server_version = "isobench-simulated-kubelet"

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if not self.authorized(path):
            return
        logs = CONTAINER_LOGS.fullmatch(path)
        if logs:
            self.container_log(logs.groups(), urllib.parse.parse_qs(query))
        elif path == "/configz":
            configz_file = os.path.join(self.server.node_dir, "configz.json")
            try:
                with open(configz_file) as f:
                    body = json.dumps(json.load(f))
            except (OSError, ValueError) as e:
                self.reply(500, "text/plain", f"cannot read {configz_file}: {e}\n")
                return
            self.reply(200, "application/json", body)
        elif path == "/healthz":
            self.reply(200, "text/plain", "ok")
        else:
            self.reply(404, "text/plain",
                       f"simulated kubelet {self.server.node} serves only /configz, /containerLogs and /healthz, not {path}\n")

    def authorized(self, path):
        """Authenticates and authorizes the request as a kubelet with Webhook authn/authz does; answers when it may not."""
        user = self.user()
        if user is None:
            self.reply(401, "text/plain", "Unauthorized")
            return False
        verb = VERBS.get(self.command, self.command.lower())
        subresources = self.subresources(path)
        try:
            if any(self.server.api.allows(user, verb, self.server.node, s) for s in subresources):
                return True
        except (OSError, ValueError) as e:
            self.reply(500, "text/plain", f"Authorization error (user={user.get('username')}, verb={verb}, resource=nodes): {e}")
            return False
        self.reply(403, "text/plain", f"Forbidden (user={user.get('username')}, verb={verb}, resource=nodes, "
                                      f"subresource(s)=[{' '.join(subresources)}])\n")
        return False

    def user(self):
        """A verified client certificate's CN and O, else the user the API server says a bearer token is; else None."""
        cert = self.connection.getpeercert()
        if cert:
            names = [rdn for rdns in cert.get("subject", ()) for rdn in rdns]
            return {"username": next((v for k, v in names if k == "commonName"), ""),
                    "groups": [v for k, v in names if k == "organizationName"]}
        scheme, _, token = self.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            return None
        try:
            return self.server.api.user_of(token.strip())
        except (OSError, ValueError) as e:
            sys.stderr.write(f"simulated-kubelet[{self.server.node}] TokenReview failed: {e}\n")
            return None

    def subresources(self, path):
        """What the kubelet asks the authorizer for, in order (pkg/kubelet/server/auth.go); logs are under proxy."""
        fine_grained = not os.path.exists(os.path.join(self.server.node_dir, "coarse-authz"))
        if fine_grained and path == "/configz":
            return ["configz", "proxy"]
        if fine_grained and (path == "/healthz" or path.startswith("/healthz/")):
            return ["healthz", "proxy"]
        return ["proxy"]

    def container_log(self, names, params):
        namespace, pod, container = names
        file = os.path.join(self.server.node_dir, "logs", namespace, pod, container + ".log")
        try:
            limit = int(params["limitBytes"][0]) if "limitBytes" in params else None
            with open(file, "rb") as f:
                data = f.read(limit) if limit and limit > 0 else f.read()
        except ValueError:
            self.reply(400, "text/plain", f"limitBytes {params['limitBytes'][0]!r} is not a number\n")
            return
        except OSError:
            self.reply(404, "text/plain",
                       f"no log for container {container} of pod {namespace}/{pod} on simulated node {self.server.node}\n")
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
        sys.stderr.write(f"simulated-kubelet[{self.server.node}] {fmt % args}\n")


class KubeletServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """One node's kubelet port: TLS, a client certificate optional (bearer tokens are the other way in)."""
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, node, node_dir, tls, api):
        self.node, self.node_dir, self.tls, self.api = node, node_dir, tls, api
        super().__init__(address, KubeletHandler)

    def finish_request(self, request, client_address):
        # the handshake on the handler's thread, so a slow or broken client never holds up the accept loop
        try:
            request.settimeout(30)
            tls = self.tls.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError) as e:
            sys.stderr.write(f"simulated-kubelet[{self.node}] TLS handshake failed: {e}\n")
            return
        try:
            self.RequestHandlerClass(tls, client_address, self)
        finally:
            tls.close()


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
        sock = self.request
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
        self.tunnel(host.strip("[]"), port)

    def tunnel(self, host, port):
        sock = self.request
        # the real node is this machine: it publishes the VM's address, its kubelet listens on loopback only
        dial = host if host.startswith("127.") or not is_local_address(host) else "127.0.0.1"
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
    p.add_argument("--node-ip", required=True, help="the simulated nodes' address (loopback); each kubelet listens on its port there")
    p.add_argument("--ca", required=True)
    p.add_argument("--cert", required=True, help="serving certificate for --node-ip")
    p.add_argument("--key", required=True)
    p.add_argument("--state", required=True, help="cluster state dir holding kubelets/<node>/configz.json")
    p.add_argument("--api-server", required=True, help="URL of the API server (TokenReview, SubjectAccessReview)")
    p.add_argument("--client-cert", required=True, help="the kubelets' own identity towards the API server")
    p.add_argument("--client-key", required=True)
    p.add_argument("--kubelet", action="append", required=True, metavar="PORT=NODE")
    a = p.parse_args()

    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(a.cert, a.key)
    tls.load_verify_locations(a.ca)
    tls.verify_mode = ssl.CERT_OPTIONAL  # a client cert from the cluster CA authenticates; without one, a bearer token
    api = ApiServer(a.api_server, a.ca, a.client_cert, a.client_key)
    kubelets = []
    for item in a.kubelet:
        port, node = item.split("=", 1)
        server = KubeletServer((a.node_ip, int(port)), node, os.path.join(a.state, "kubelets", node), tls, api)
        threading.Thread(target=server.serve_forever, name=f"kubelet-{node}", daemon=True).start()
        kubelets.append(f"{node}={a.node_ip}:{port}")

    if os.path.exists(a.socket):
        os.unlink(a.socket)  # left by a killed predecessor; up.sh already checked none is running
    egress = EgressServer(a.socket, EgressHandler)
    sys.stderr.write(f"simulated kubelets {kubelets}; egress on {a.socket}\n")
    try:
        egress.serve_forever()
    finally:
        os.unlink(a.socket)


if __name__ == "__main__":
    main()
