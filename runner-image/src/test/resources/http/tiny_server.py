"""A tiny HTTP server for the http target's tests: Python's http.server, which no one here wrote.

Modes: keepalive (HTTP/1.1, Content-Length), http10 (HTTP/1.0: a connection per request), status500, slow (10 ms per
request on each connection: a server that cannot keep a rate). POST bodies are read by their Content-Length and
echoed. Prints its port on the first line of stdout.
"""
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]


class Handler(BaseHTTPRequestHandler):
    # the default HTTP/1.0 closes every connection; HTTP/1.1 keeps it alive
    protocol_version = "HTTP/1.0" if MODE == "http10" else "HTTP/1.1"
    # headers and body go out in two writes: with Nagle's algorithm the body waits for the client's delayed ACK
    disable_nagle_algorithm = True

    def do_GET(self):
        self.answer(b"ok\n")

    def do_POST(self):
        self.answer(self.rfile.read(int(self.headers.get("Content-Length", "0"))))

    def answer(self, body):
        if MODE == "slow":
            time.sleep(0.01)
        self.send_response(500 if MODE == "status500" else 200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


# a thread per connection: a single-threaded server would serve one keep-alive connection until it closes
ThreadingHTTPServer.request_queue_size = 256
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
