"""A real HTTP server on 127.0.0.1 for the fetch tests: it serves the fixture
feeds and misbehaves on request. Usage: feed_server.py PORT_FILE FIXTURE_DIR.
Writes the port it got to PORT_FILE once it listens.

  /feed/NAME          the fixture NAME as application/geo+json
  /feed/NAME?type=T   the same with Content-Type T
  /status/CODE        that status with a small HTML page
  /html               200 with an HTML error page (a captive portal, say)
  /cut/NAME           announces NAME's full length, sends half, closes
  /stall/NAME         sends the headers and half of NAME, then stalls 60 s
  /slow               waits 60 s before answering at all
"""
import http.server
import os
import sys
import time
from urllib.parse import urlparse, parse_qs


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def fixture(self, name):
        with open(os.path.join(sys.argv[2], os.path.basename(name)), "rb") as f:
            return f.read()

    def send_body(self, status, body, content_type, length=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/", 1)
        route, arg = parts[0], parts[1] if len(parts) > 1 else ""
        query = parse_qs(url.query)
        if route == "feed":
            content_type = query.get("type", ["application/geo+json"])[0]
            self.send_body(200, self.fixture(arg), content_type)
        elif route == "status":
            code = int(arg)
            page = b"<!DOCTYPE html><html><body><h1>%d</h1></body></html>" % code
            self.send_body(code, page, "text/html")
        elif route == "html":
            page = b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>\n"
            self.send_body(200, page, "text/html; charset=utf-8")
        elif route == "cut":
            body = self.fixture(arg)
            self.send_body(200, body[: len(body) // 2], "application/geo+json", length=len(body))
            self.close_connection = True
        elif route == "stall":
            body = self.fixture(arg)
            self.send_body(200, body[: len(body) // 2], "application/geo+json", length=len(body))
            time.sleep(60)
            self.close_connection = True
        elif route == "slow":
            time.sleep(60)
            self.send_body(200, b"{}", "application/json")
        else:
            self.send_body(404, b"no such route", "text/plain")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


if __name__ == "__main__":
    server = Server(("127.0.0.1", 0), Handler)
    port_file = sys.argv[1]
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(port_file + ".tmp", port_file)
    server.serve_forever()
