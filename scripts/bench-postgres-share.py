#!/usr/bin/env python3
"""CPU per draw on PostgreSQL by each server's share of the load (why two servers on one machine lose).

Drives `riffle serve` on PostgreSQL with wrk's draws (Benchmarks/draw.lua over 300 twenty-deck shoes)
and reads the CPU time that riffle, PostgreSQL and the whole machine spent (from /proc) per draw:
one server at 16, 32 and 64 connections, then two servers at 32 connections each, routed by deck.
A server's CPU per draw falls as its connections rise (each group-commit batch and each thread
wake-up serves more requests), so two servers on one machine each pay the price of half the load.

    scripts/bench-postgres-share.py --postgres URL|auto [--rounds 2] [--seconds 4] [--bin-dir DIR]

Prints one line per run: draws/s, how busy the machine was, and microseconds of CPU per draw.
PostgreSQL's CPU is that of the server listening on the URL's port (found through its socket in
/proc), so other PostgreSQL servers on the machine are not counted; a server on another host shows
as n/a.
"""
import argparse, os, signal, subprocess, tempfile, time, urllib.parse

from riffle_server import get_json, start_postgres_cluster, start_riffle_serve, stop_postgres_cluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICK = os.sysconf("SC_CLK_TCK")
SHOES = 300


def process_seconds(pid):
    """User plus system CPU seconds of one process, all its threads."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def postmaster_pid(url):
    """The PID of the PostgreSQL server listening on the URL's loopback port, or None when the server
    runs elsewhere (or its socket cannot be read): the process holding that listening socket."""
    parts = urllib.parse.urlsplit(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        return None
    port, inodes = parts.port or 5432, set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":  # 0A: LISTEN
                inodes.add(f"socket:[{fields[9]}]")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes for fd in os.listdir(f"/proc/{pid}/fd")):
                return int(pid)
        except OSError:
            pass  # not ours to read, or ended meanwhile
    return None


def postgres_seconds(postmaster):
    """CPU seconds of one PostgreSQL server: its postmaster, the children it has reaped (connections
    that ended), and the children still running (backends, WAL writer, checkpointer)."""
    fields = open(f"/proc/{postmaster}/stat").read().rsplit(")", 1)[1].split()
    total = sum(int(value) for value in fields[11:15]) / TICK  # utime, stime, cutime, cstime
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1]) == postmaster:
                total += process_seconds(pid)
        except OSError:
            pass  # the process ended meanwhile
    return total


def machine_busy_seconds():
    values = list(map(int, open("/proc/stat").readline().split()[1:]))
    return (sum(values) - values[3] - values[4]) / TICK  # all but idle and iowait


def run(bin_dir, database, servers, connections, seconds, port, postmaster):
    processes, bases = [], []
    try:
        for index in range(servers):
            process, base = start_riffle_serve(f"{bin_dir}/riffle", database, port=port + index,
                                               options=["--log-level", "warning"])
            processes.append(process)
            bases.append(base)
        work = tempfile.mkdtemp(prefix="riffle-share-")
        ids = [get_json(bases[0] + "/api/deck/new/shuffle/?deck_count=20")["deck_id"] + "\n"
               for _ in range(SHOES)]
        walks = []
        for index in range(servers):  # each server draws from its own part of the shoes
            path = f"{work}/ids-{index}.txt"
            with open(path, "w") as f:
                f.writelines(ids[index * SHOES // servers:(index + 1) * SHOES // servers])
            walks.append(dict(os.environ, DECK_IDS=path, DECK_OFFSET="0"))
        def cpu_seconds():  # riffle, PostgreSQL, the whole machine
            return (sum(process_seconds(p.pid) for p in processes),
                    postgres_seconds(postmaster) if postmaster else 0.0, machine_busy_seconds())
        before = cpu_seconds()
        started = time.time()
        wrks = [subprocess.Popen(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s",
                                  os.path.join(ROOT, "Benchmarks", "draw.lua"), base + "/"],
                                 env=walk, stdout=subprocess.PIPE, text=True)
                for base, walk in zip(bases, walks)]
        outputs = [w.communicate()[0] for w in wrks]
        elapsed = time.time() - started
        after = cpu_seconds()
        rps = sum(float(line.split()[1]) for out in outputs for line in out.splitlines()
                  if line.startswith("Requests/sec"))
        draws = rps * seconds
        riffle, postgres, machine = ((b - a) / draws * 1e6 for a, b in zip(before, after))
        busy = (after[2] - before[2]) / (elapsed * os.cpu_count())
        layout = f"{servers} server{'s' if servers > 1 else ''} x {connections} connections"
        postgres_text = f"{postgres:5.1f} µs" if postmaster else "n/a (not on this machine)"
        print(f"{layout:<28}{rps:>9.0f} draws/s  machine busy {busy:>4.0%}  CPU per draw: riffle {riffle:5.1f} µs, "
              f"PostgreSQL {postgres_text}, machine {machine:5.1f} µs", flush=True)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", required=True, help="a postgres:// URL, or 'auto' for a throw-away cluster")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--bin-dir", help="riffle from this folder (default: build it in release)")
    options = parser.parse_args()
    bin_dir = options.bin_dir
    if not bin_dir:
        subprocess.run(["swift", "build", "-c", "release", "--product", "riffle"], cwd=ROOT, check=True)
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
    url, cluster_env = options.postgres, None
    if url == "auto":
        url, cluster_env = start_postgres_cluster()
    separator = "&" if "?" in url else "?"
    try:
        postmaster = postmaster_pid(url)
        port = 18900
        for round_number in range(options.rounds):
            for servers, connections in [(1, 16), (1, 32), (1, 64), (2, 32)]:
                schema = f"share_{int(time.time() * 1000)}_{servers}_{connections}"
                database = f"{url}{separator}schema={schema}"
                run(bin_dir, database, servers, connections, options.seconds, port, postmaster)
    finally:
        if cluster_env:
            stop_postgres_cluster(cluster_env)


if __name__ == "__main__":
    main()
