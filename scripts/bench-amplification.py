#!/usr/bin/env python3
"""Amplification benchmark (issue 41, finding 2): what one small request can make the server send or spend.

Starts `riffle serve` on a fresh SQLite file and prints two figures:

1. Resume bytes: a deck without players with --piles piles of 64-character names and about --events events
   (the piles' creation, then draws and returns), watched so that its changes are recorded; then one
   `GET .../events/` with `Last-Event-ID` 1,000 events back. Prints the bytes the server sent for it (the missed
   events, or a `resync` in their place once they pass the resume budget). Target: at most 1 MB.
2. CPU per change with many streams: a table of 64 players on a deck of 192 long-named public piles (with the
   64 hands, 256 piles). The server's CPU per change (a draw and a return by one player, alternately) is
   measured with one player's stream open, then with all 64 players' streams open. Target: at most 3 times.

    scripts/bench-amplification.py [--riffle .build/debug/riffle] [--changes 200] [--piles 256] [--events 1100]

Loopback only, bounded: every wait has a limit.
"""
import argparse, http.client, json, os, select, socket, sys, tempfile, threading, time

from riffle_server import free_port, start_riffle_serve, stop_servers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client:
    """One keep-alive connection for the API requests."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method, path, token=None):
        headers = {"Authorization": "Bearer " + token} if token else {}
        self.connection.request(method, path, headers=headers)
        response = self.connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"{method} {path}: {response.status} {body[:200]!r}")
        return json.loads(body)


def pile_name(index):
    return ("pile-%03d-" % index) + "x" * 55


def open_stream(port, path, headers=None):
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    for name, value in (headers or {}).items():
        request += f"{name}: {value}\r\n"
    sock.sendall((request + "\r\n").encode())
    return sock


def resume_bytes(port, client, piles, events):
    deck = client.call("GET", "/api/deck/new/")["deck_id"]
    base = f"/api/deck/{deck}"
    # Watching makes the deck record its changes; the stream is closed at once.
    watcher = open_stream(port, base + "/events/")
    watcher.recv(65536)
    watcher.close()
    for index in range(piles):
        client.call("GET", f"{base}/pile/{pile_name(index)}/add/?cards=")
    number = piles
    while number < events:
        client.call("GET", f"{base}/draw/?count=1")
        client.call("GET", f"{base}/return/")
        number += 2
    latest = number
    stream = open_stream(port, base + "/events/", {"Last-Event-ID": str(latest - 1000)})
    received = 0
    deadline = time.monotonic() + 60
    stream.settimeout(1.0)
    data = b""
    # Everything the resume sends arrives at once; the stream then goes quiet (a keep-alive only after 15 s).
    while time.monotonic() < deadline:
        try:
            chunk = stream.recv(1 << 20)
        except socket.timeout:
            break
        if not chunk:
            break
        received += len(chunk)
        data += chunk[-200:]
    stream.close()
    kind = "resync" if b"event: resync" in data else "events"
    return received, latest, kind


class Drain(threading.Thread):
    """Reads every stream's bytes as they come, so that no stream falls behind."""

    def __init__(self, sockets):
        super().__init__(daemon=True)
        self.sockets = sockets
        self.stopping = False

    def run(self):
        poller = select.epoll()
        for sock in self.sockets:
            sock.setblocking(False)
            poller.register(sock.fileno(), select.EPOLLIN)
        by_fd = {sock.fileno(): sock for sock in self.sockets}
        while not self.stopping:
            for fd, _ in poller.poll(0.2):
                try:
                    by_fd[fd].recv(1 << 20)
                except BlockingIOError:
                    pass


def cpu_per_change(port, pid, client, players, tokens, base, streams, changes):
    sockets = [
        open_stream(port, base + "/events/", {"Authorization": "Bearer " + tokens[name]}) for name in players[:streams]
    ]
    drain = Drain(sockets)
    drain.start()
    # Let the streams open (each player's first stream is a presence change) and the server settle.
    time.sleep(3)
    actor = tokens[players[0]]
    before = cpu_seconds(pid)
    for index in range(changes):
        if index % 2 == 0:
            client.call("GET", f"{base}/draw/?count=1", token=actor)
        else:
            client.call("GET", f"{base}/return/", token=actor)
    # The fan-out finishes after the last answer: give it a moment before reading the CPU.
    time.sleep(1)
    spent = cpu_seconds(pid) - before - 0.0
    drain.stopping = True
    drain.join()
    for sock in sockets:
        sock.close()
    time.sleep(1)
    return spent / changes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--riffle", default=os.path.join(ROOT, ".build/debug/riffle"))
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--piles", type=int, default=256)
    parser.add_argument("--events", type=int, default=1100)
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        # Every client is 127.0.0.1: lift the per-address caps on streams and on joins at one table.
        options = ["--log-level", "warning", "--max-streams-per-client", "200", "--max-joins-per-client", "64"]
        process, _ = start_riffle_serve(
            arguments.riffle, os.path.join(folder, "bench.sqlite"), port=port, options=options)
        try:
            client = Client(port)
            sent, latest, kind = resume_bytes(port, client, arguments.piles, arguments.events)
            print(f"resume from 1,000 events back ({arguments.piles} piles of 64-character names, "
                  f"{latest} events): {sent:,} bytes sent ({kind}); target <= 1,000,000")

            deck = client.call("GET", "/api/deck/new/shuffle/?deck_count=2")["deck_id"]
            base = f"/api/deck/{deck}"
            for index in range(192):
                client.call("GET", f"{base}/pile/{pile_name(index)}/add/?cards=")
            players = ["p%02d" % index for index in range(64)]
            tokens = {}
            for name in players:
                tokens[name] = client.call("POST", f"{base}/player/{name}/")["token"]
            one = cpu_per_change(port, process.pid, client, players, tokens, base, 1, arguments.changes)
            many = cpu_per_change(port, process.pid, client, players, tokens, base, 64, arguments.changes)
            print(f"server CPU per change, 1 player's stream:   {one * 1000:.2f} ms")
            print(f"server CPU per change, 64 players' streams: {many * 1000:.2f} ms")
            print(f"ratio: {many / one:.2f} (target <= 3)")
        finally:
            stop_servers([process])


if __name__ == "__main__":
    sys.exit(main())
