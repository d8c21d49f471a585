"""A local websocket server on 127.0.0.1 speaking EMSC's push protocol, for
the push tests (Python standard library only: RFC 6455's handshake and
framing by hand). It sends the lines of MESSAGES_FILE, one text message a
line, in order across connections, and misbehaves on request.
Usage: push_server.py PORT_FILE MESSAGES_FILE [options]
Writes the port it got to PORT_FILE once it listens; logs `connect T`,
`sent N T` (the line's number, 1-based), `close T` and `ping T` (T: seconds
since the epoch) to PORT_FILE.log as they happen.

Options:
  --per-connection N   close each connection after sending N messages (a drop mid-stream)
  --refuse-first K     close the first K connections right after the handshake, sending nothing
  --silent-after N     after the Nth message, send nothing more and answer no ping, the socket left open
  --interval S         seconds between messages (default 0.05)
"""
import argparse
import base64
import hashlib
import os
import socket
import struct
import sys
import threading
import time

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port_file")
    parser.add_argument("messages")
    parser.add_argument("--per-connection", type=int, default=0)
    parser.add_argument("--refuse-first", type=int, default=0)
    parser.add_argument("--silent-after", type=int, default=0)
    parser.add_argument("--interval", type=float, default=0.05)
    options = parser.parse_args()
    with open(options.messages, encoding="utf-8") as f:
        messages = [line.rstrip("\n") for line in f if line.strip()]
    log_lock = threading.Lock()

    def log(text):
        with log_lock, open(options.port_file + ".log", "a") as f:
            f.write(text + "\n")

    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    with open(options.port_file + ".tmp", "w") as f:
        f.write(str(server.getsockname()[1]))
    os.rename(options.port_file + ".tmp", options.port_file)
    state = {"next": 0, "connections": 0, "silent": False}
    while True:
        connection, _ = server.accept()
        state["connections"] += 1
        threading.Thread(target=serve, args=(connection, state, messages, options, log), daemon=True).start()


def serve(connection, state, messages, options, log):
    try:
        request = b""
        while b"\r\n\r\n" not in request:
            chunk = connection.recv(4096)
            if not chunk:
                return
            request += chunk
        key = ""
        for line in request.decode("latin-1").split("\r\n"):
            if line.lower().startswith("sec-websocket-key:"):
                key = line.split(":", 1)[1].strip()
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        connection.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                            "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").encode())
        log("connect %.3f" % time.time())
        if state["connections"] <= options.refuse_first:
            send_frame(connection, 0x8, struct.pack("!H", 1001) + b"going away")
            return
        lock = threading.Lock()
        closed = threading.Event()
        threading.Thread(target=read_frames, args=(connection, lock, closed, state, log), daemon=True).start()
        sent = 0
        while not closed.is_set():
            if state["silent"] or state["next"] >= len(messages):
                time.sleep(0.05)
                continue
            if options.per_connection and sent >= options.per_connection:
                with lock:
                    send_frame(connection, 0x8, struct.pack("!H", 1001) + b"going away")
                break
            index = state["next"]
            state["next"] += 1
            with lock:
                send_frame(connection, 0x1, messages[index].encode("utf-8"))
            sent += 1
            log("sent %d %.6f" % (index + 1, time.time()))
            if options.silent_after and state["next"] >= options.silent_after:
                state["silent"] = True
            time.sleep(options.interval)
        closed.wait(2)
    except OSError:
        pass
    finally:
        log("close %.3f" % time.time())
        try:
            connection.close()
        except OSError:
            pass


def send_frame(connection, opcode, payload):
    header = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        header += bytes([n])
    elif n < 65536:
        header += bytes([126]) + struct.pack("!H", n)
    else:
        header += bytes([127]) + struct.pack("!Q", n)
    connection.sendall(header + payload)


def read_exactly(connection, n):
    data = b""
    while len(data) < n:
        chunk = connection.recv(n - len(data))
        if not chunk:
            raise OSError("closed")
        data += chunk
    return data


def read_frames(connection, lock, closed, state, log):
    """The client's frames: pings answered (unless silent), a close ends the connection."""
    try:
        while True:
            first, second = read_exactly(connection, 2)
            opcode, n = first & 0x0F, second & 0x7F
            if n == 126:
                n = struct.unpack("!H", read_exactly(connection, 2))[0]
            elif n == 127:
                n = struct.unpack("!Q", read_exactly(connection, 8))[0]
            mask = read_exactly(connection, 4) if second & 0x80 else b"\0\0\0\0"
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(read_exactly(connection, n)))
            if opcode == 0x9:
                log("ping %.3f" % time.time())
                if not state["silent"]:
                    with lock:
                        send_frame(connection, 0xA, payload)
            elif opcode == 0x8:
                with lock:
                    send_frame(connection, 0x8, payload[:2])
                break
    except OSError:
        pass
    finally:
        closed.set()


if __name__ == "__main__":
    main()
