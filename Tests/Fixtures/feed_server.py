"""A real HTTP server on 127.0.0.1 (or the HOST given, such as ::1) for the
fetch tests: it serves the fixture feeds and misbehaves on request.
Usage: feed_server.py PORT_FILE FIXTURE_DIR [HOST].
Writes the port it got to PORT_FILE once it listens.

  /feed/NAME          the fixture NAME as application/geo+json
  /feed/NAME?type=T   the same with Content-Type T
  /feed/NAME?gzip=N   NAME gzip-compressed in N members (1 if N is empty)
  /feed/NAME?deflate=zlib|raw   NAME deflate-compressed, zlib-wrapped or raw
  /feed/NAME?encoding=E   with a Content-Encoding E header, whatever the body
  /huge               declares a Content-Length of 10^12, then sends spaces until the client leaves
  /endless            a chunked body of spaces that never ends
  /gzip-endless/...   an endless gzip stream of spaces, chunked (any path below: an FDSN service's)
  /gzip-bomb/...      2 MB of gzip with its Content-Length, inflating to 2 GiB of spaces
  /gzip-endless-encoded/..., /gzip-bomb-encoded/...   the same with Content-Encoding: gzip
  /status/CODE        that status with a small HTML page
  /auth/NAME          the fixture NAME to the user reader, password s3cr3t-Pa55 (HTTP basic); else 401
  /html               200 with an HTML error page (a captive portal, say)
  /html?type=T        the same with Content-Type T
  /html/..., /html-plain/...   the same below any path (an FDSN service's), as text/html or text/plain
  /cut/NAME           announces NAME's full length, sends half, closes
  /stall/NAME         sends the headers and half of NAME, then stalls 60 s
  /slow               waits 60 s before answering at all
  /redirect?to=URL    302 to URL (a path on this server, or any URL)
  /not-http           answers a line that is not HTTP (an SSH server's greeting), then closes
"""
import base64
import gzip
import http.server
import threading
import zlib
import os
import socket
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
            body = self.fixture(arg)
            if "gzip" in query:
                members = int(query["gzip"][0] or "1")
                step = -(-len(body) // members)
                body = b"".join(gzip.compress(body[i:i + step]) for i in range(0, len(body), step))
            if "deflate" in query:
                compressor = zlib.compressobj(6, zlib.DEFLATED, 15 if query["deflate"][0] == "zlib" else -15)
                body = compressor.compress(body) + compressor.flush()
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            if "encoding" in query:
                self.send_header("Content-Encoding", query["encoding"][0])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif route == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/geo+json")
            self.send_header("Content-Length", str(10**12))
            self.end_headers()
            self.send_forever(lambda chunk: chunk)
        elif route == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "application/geo+json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.send_forever(lambda chunk: b"%x\r\n%s\r\n" % (len(chunk), chunk))
        elif route in ("gzip-endless", "gzip-endless-encoded"):
            self.send_response(200)
            self.send_header("Content-Type", "application/geo+json")
            if route.endswith("-encoded"):
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            first, repeated = SPACE_BLOCKS
            self.wfile.write(b"%x\r\n%s\r\n" % (len(first), first))
            self.send_forever(lambda chunk: b"%x\r\n%s\r\n" % (len(repeated), repeated))
        elif route in ("gzip-bomb", "gzip-bomb-encoded"):
            body = cached_gzip_bomb()
            self.send_response(200)
            self.send_header("Content-Type", "application/geo+json")
            if route.endswith("-encoded"):
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except OSError:  # the client refused it half-way
                self.close_connection = True
        elif route == "auth":
            expected = "Basic " + base64.b64encode(b"reader:s3cr3t-Pa55").decode()
            if self.headers.get("Authorization") == expected:
                self.send_body(200, self.fixture(arg), "application/geo+json")
            else:
                self.send_response(401)
                self.send_header("WWW-Authenticate", 'Basic realm="feeds"')
                self.send_header("Content-Length", "0")
                self.end_headers()
        elif route == "status":
            code = int(arg)
            page = b"<!DOCTYPE html><html><body><h1>%d</h1></body></html>" % code
            self.send_body(code, page, "text/html")
        elif route in ("html", "html-plain"):
            page = b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>\n"
            default_type = "text/plain" if route == "html-plain" else "text/html; charset=utf-8"
            self.send_body(200, page, query.get("type", [default_type])[0])
        elif route == "cut":
            body = self.fixture(arg)
            self.send_body(200, body[: len(body) // 2], "application/geo+json", length=len(body))
            self.close_connection = True
        elif route == "stall":
            body = self.fixture(arg)
            self.send_body(200, body[: len(body) // 2], "application/geo+json", length=len(body))
            time.sleep(60)
            self.close_connection = True
        elif route == "redirect":
            self.send_response(302)
            self.send_header("Location", query["to"][0])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif route == "not-http":
            self.wfile.write(b"SSH-2.0-OpenSSH_9.2p1\r\n")
            self.close_connection = True
        elif route == "slow":
            time.sleep(60)
            self.send_body(200, b"{}", "application/json")
        else:
            self.send_body(404, b"no such route", "text/plain")


    def send_forever(self, frame):
        """Writes frame(64 kB of spaces) until the client hangs up; frame may answer anew each time."""
        try:
            while True:
                self.wfile.write(frame(b" " * 65536))
        except OSError:  # the client hung up: what these routes wait for
            self.close_connection = True


def space_blocks():
    """A gzip stream's start holding 1 MiB of spaces, and the deflate block
    that adds 1 MiB more: after a full flush the compressor starts afresh,
    so every further block is the same bytes."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    spaces = b" " * (1 << 20)
    first = compressor.compress(spaces) + compressor.flush(zlib.Z_FULL_FLUSH)
    return first, compressor.compress(spaces) + compressor.flush(zlib.Z_FULL_FLUSH)


SPACE_BLOCKS = space_blocks()   # 2 MiB compressed: some 70 ms


def gzip_bomb(mebibytes=2048):
    """2 GiB of spaces as one gzip member of about 2 MB: the blocks, a final
    empty block, then the CRC-32 and length of what they inflate to."""
    first, repeated = SPACE_BLOCKS
    crc = 0
    spaces = b" " * (1 << 20)
    for _ in range(mebibytes):
        crc = zlib.crc32(spaces, crc)
    size = (mebibytes << 20) & 0xFFFFFFFF
    return first + repeated * (mebibytes - 1) + b"\x03\x00" + crc.to_bytes(4, "little") + size.to_bytes(4, "little")


_bomb = []
_bomb_lock = threading.Lock()


def cached_gzip_bomb():
    """The bomb, made at its first request only (its CRC takes seconds)."""
    with _bomb_lock:
        if not _bomb:
            _bomb.append(gzip_bomb())
        return _bomb[0]


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


if __name__ == "__main__":
    host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
    if ":" in host:
        Server.address_family = socket.AF_INET6
    server = Server((host, 0), Handler)
    port_file = sys.argv[1]
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(port_file + ".tmp", port_file)
    server.serve_forever()
