"""Starting servers for the benchmark scripts and the browser tests, and knowing when they answer.

The one place that starts `riffle serve` and waits until it answers (scripts/bench-server.py, bench-events.py,
bench-postgres-share.py and Tests/WebAppTests/conftest.py import it; fuzz.sh and check-consumer.sh run it as
`riffle_server.py wait URL PID`), and that starts a throw-away PostgreSQL cluster for a benchmark. Scripts in this
folder import it by name (Python puts a script's own folder on sys.path); the browser tests add this folder to
sys.path.

    from riffle_server import start_riffle_serve
    process, base = start_riffle_serve(".build/release/riffle", "bench.sqlite", options=["--log-level", "warning"])
"""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ServerNotReady(SystemExit):
    """A server that exited before it answered, or did not answer in time. A `SystemExit`, so that a benchmark script
    ends with this message (as it always did) unless its caller catches it, as the browser tests do."""


def free_port():
    """A loopback port that is free now (the kernel's choice for an ephemeral bind)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answers(url, process, timeout=60):
    """Returns once GET `url` is answered with a success, polling it every 0.1 s; raises `ServerNotReady` when
    `process` exits first or `timeout` seconds pass (the process is then left to the caller)."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise ServerNotReady(f"the server for {url} exited with status {process.returncode} before it was ready")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                response.read()
                return
        except (OSError, http.client.HTTPException):  # refused, reset, cut short, timed out, or an error status
            pass
        if time.monotonic() > deadline:
            raise ServerNotReady(f"the server for {url} did not answer within {timeout} s")
        time.sleep(0.1)


def riffle_serve_command(riffle, database, port, options=()):
    """The command line of `riffle serve` on a loopback port: `options` are more `riffle serve` options."""
    return [str(riffle), "serve", "--port", str(port), "--database", str(database)] + list(options)


def start_riffle_serve(riffle, database, port=None, options=(), ready_path="/health", timeout=60, **popen):
    """Starts `riffle serve` and returns `(process, base URL)` once GET `ready_path` answers.

    `port` is a free one unless given; `options` are more `riffle serve` options (such as `--log-level warning`);
    `popen` goes to `subprocess.Popen` (stdout, stderr, cwd; stdout is discarded unless given). A server that exits
    or does not answer within `timeout` seconds is killed, and `ServerNotReady` raised."""
    port = port or free_port()
    popen.setdefault("stdout", subprocess.DEVNULL)
    process = subprocess.Popen(riffle_serve_command(riffle, database, port, options), **popen)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_answers(base + ready_path, process, timeout)
    except ServerNotReady:
        process.kill()
        process.wait()
        raise
    return process, base


def stop_servers(processes, timeout=30):
    """Asks every server to stop (SIGTERM, so that each finishes its requests and closes its database), then waits
    up to `timeout` seconds for each and kills one that has not stopped by then."""
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()


def get_json(url):
    """GET `url` and decode its JSON body."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def start_postgres_cluster():
    """Starts a throw-away PostgreSQL cluster (scripts/postgres-test-cluster.sh); returns its URL and the environment
    that stops it (`stop_postgres_cluster`)."""
    env = dict(os.environ, RIFFLE_PG_STATE=tempfile.mktemp(prefix="riffle-pg-state-bench-"))
    out = subprocess.run([os.path.join(ROOT, "scripts", "postgres-test-cluster.sh"), "start"], check=True,
                         capture_output=True, text=True, env=env).stdout
    return re.search(r"RIFFLE_TEST_POSTGRES_URL=(\S+)", out).group(1), env


def stop_postgres_cluster(env):
    """Stops a cluster that `start_postgres_cluster` started."""
    subprocess.run([os.path.join(ROOT, "scripts", "postgres-test-cluster.sh"), "stop"], env=env)


class _ProcessByID:
    """A process that this one did not start (a shell script's background job), seen through its PID."""

    def __init__(self, pid):
        self.pid, self.returncode = pid, None

    def poll(self):
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            self.returncode = "unknown (it is gone)"
        return self.returncode


def main(arguments):
    """For shell scripts that start `riffle serve` in the background:
    `riffle_server.py free-port` prints a free loopback port;
    `riffle_server.py wait URL PID [SECONDS]` exits 0 once GET URL answers, and 1 (saying why) when process PID exits
    first or SECONDS (60) pass."""
    if arguments == ["free-port"]:
        print(free_port())
        return
    if len(arguments) not in (3, 4) or arguments[0] != "wait":
        raise SystemExit("usage: riffle_server.py free-port | riffle_server.py wait URL PID [SECONDS]")
    timeout = float(arguments[3]) if len(arguments) == 4 else 60
    try:
        wait_until_answers(arguments[1], _ProcessByID(int(arguments[2])), timeout)
    except ServerNotReady as not_ready:
        print(not_ready, file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
