"""The bench's HTTP server (scripts/http-responder.c) answers what the generators send, and refuses what it cannot serve.

Built with gcc into a temporary directory and started on a free loopback port for each test.
"""

import os
import socket
import subprocess
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
OK_STATUS = b"HTTP/1.1 200 OK\r\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HttpResponderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.binary = os.path.join(cls.dir.name, "http-responder")
        subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-o", cls.binary, os.path.join(HERE, "http-responder.c")],
                       check=True)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def setUp(self):
        self.port = free_port()
        self.server = subprocess.Popen([self.binary, str(self.port)], stdout=subprocess.PIPE)
        self.assertEqual(self.server.stdout.readline().decode().strip(), f"listening on 127.0.0.1:{self.port}")

    def tearDown(self):
        self.server.kill()
        self.server.wait()
        self.server.stdout.close()

    def connect(self):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        self.addCleanup(s.close)
        return s

    def read_responses(self, s, count):
        """Reads until `count` whole responses (each ends with its 3-byte body "ok\\n") or the server closes."""
        data = b""
        while data.count(b"\r\n\r\nok\n") < count:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return data

    def test_pipelined_requests_in_one_write_get_one_answer_each_in_order(self):
        s = self.connect()
        s.sendall(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        data = self.read_responses(s, 3)
        self.assertEqual(data.count(OK_STATUS), 3)
        self.assertTrue(data.endswith(b"Content-Length: 3\r\n\r\nok\n"))

    def test_a_request_split_across_writes_is_answered_once_it_is_whole(self):
        s = self.connect()
        s.sendall(b"GET / HTTP/1.1\r\nHo")
        s.settimeout(0.3)
        with self.assertRaises(socket.timeout):
            s.recv(100)
        s.settimeout(5)
        s.sendall(b"st: x\r\n\r\n")
        self.assertEqual(self.read_responses(s, 1).count(OK_STATUS), 1)

    def test_a_body_by_content_length_is_skipped_not_taken_for_a_request(self):
        s = self.connect()
        body = b"GET / HTTP/1.1\r\n\r\n" * 3  # a body that looks like requests must not be answered
        s.sendall(b"POST / HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % len(body) + body[:10])
        s.sendall(body[10:] + b"GET / HTTP/1.1\r\n\r\n")
        data = self.read_responses(s, 2)
        s.settimeout(0.3)
        with self.assertRaises(socket.timeout):
            data += s.recv(65536)
        self.assertEqual(data.count(OK_STATUS), 2)

    def test_keep_alive_answers_every_request_on_one_connection(self):
        s = self.connect()
        for i in range(2000):
            s.sendall(b"GET /%d HTTP/1.1\r\nHost: x\r\n\r\n" % i)
            self.assertEqual(self.read_responses(s, 1).count(OK_STATUS), 1, f"request {i}")

    def assert_refused(self, request):
        s = self.connect()
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        self.assertTrue(data.startswith(b"HTTP/1.1 400 Bad Request\r\n"), data[:80])
        self.assertNotIn(OK_STATUS, data)

    def test_a_chunked_body_is_refused_and_the_connection_closed(self):
        self.assert_refused(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")

    def test_a_malformed_content_length_is_refused(self):
        self.assert_refused(b"POST / HTTP/1.1\r\nContent-Length: 12x\r\n\r\n")

    def test_a_header_block_over_16_kib_is_refused(self):
        self.assert_refused(b"GET / HTTP/1.1\r\nX-Big: " + b"a" * 17000 + b"\r\n\r\n")

    def test_a_client_that_goes_away_leaves_the_server_serving_others(self):
        gone = self.connect()
        gone.sendall(b"GET / HTTP/1.1\r\n")
        gone.close()
        time.sleep(0.1)
        s = self.connect()
        s.sendall(b"GET / HTTP/1.1\r\n\r\n")
        self.assertEqual(self.read_responses(s, 1).count(OK_STATUS), 1)
        self.assertIsNone(self.server.poll())


if __name__ == "__main__":
    unittest.main()
