#!/usr/bin/env python3
"""Server benchmark: `riffle serve` (release, SQLite file) against a minimal Hummingbird app.

Starts both release builds on loopback, drives each with wrk at 1, 16 and 64 connections for a
few seconds, and prints requests/s, p50/p99 latency and non-2xx counts, plus each endpoint's
throughput as a ratio of the ceiling measured in the same run.

    scripts/bench-server.py [--seconds 6] [--skip-build] [--postgres URL|auto]

With --postgres, a second table compares draw throughput on SQLite and PostgreSQL at 1, 16 and 64
connections with one and two `riffle serve` processes sharing the database (the load split evenly
between them; one connection reaches one server, so two servers start at 16). Each row takes turns
with the ceiling at the same connections, a few short runs each, and is given as a ratio of that
ceiling: this machine's speed drifts by a third within minutes, so a ceiling measured once at the
start would be compared with rows measured minutes later. Two servers run twice: each drawing from
every shoe ("any"), and each from its own half of the shoes ("by deck", as behind a load balancer
that routes by deck id). `--postgres auto` starts a throw-away cluster with
scripts/postgres-test-cluster.sh; --only-backends runs only this table.

A third table (issue 33) compares seated decks with plain ones on the same server, in the same run: a
seated deck is a live table with one player joined, drawn from with that player's token, so every draw
also records an event. Plain and seated shoes take turns, a few short runs each, on SQLite at 1 and 64
connections and (with --postgres) on PostgreSQL at 64 connections; it prints draws/s, non-2xx and the
ratio seated/plain. The PostgreSQL server runs in a cgroup capped at --postgres-cpu-cap cores (0.5 by
default, as PERF-NOTES describes; 0 for uncapped): uncapped, riffle, PostgreSQL and wrk share two
cores, so a seated deck's extra CPU in riffle would partly hide behind PostgreSQL's and wrk's share,
while capped, riffle's own cost per draw sets the rate. --only-seated runs only this table.

With --baseline-riffle PATH, the endpoint table is replaced by a side-by-side one (issue 31): the old
`riffle` at PATH and the new one (and each --variant NAME:VAR=VALUE, the new binary run with that environment
variable) serve deck info and draw on SQLite at 1 and 64 connections, taking turns with the ceiling, a few
short runs each (the order rotated each turn); each figure is a share of the ceiling measured in the same
turn, and the last column is that share as a ratio of the old binary's.

Targets (issue 2): deck info at 64 connections >= 70% of the ceiling, draw >= 35%, zero non-2xx.
Targets (issue 17): SQLite draw at 64 connections >= 55% of the ceiling and at 1 connection >= 70% of
the ceiling's 1-connection figure; PostgreSQL draw at 64 connections >= 25%; two PostgreSQL servers at
least as fast as one; zero non-2xx.
Targets (issue 33): seated draws >= 85% of plain ones on SQLite at 1 and 64 connections and on
PostgreSQL at 64 connections; zero non-2xx.
"""
import argparse, json, os, re, shutil, signal, subprocess, sys, tempfile, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

from riffle_server import get_json, start_postgres_cluster, start_riffle_serve, stop_postgres_cluster
from riffle_server import stop_servers, wait_until_answers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONNECTIONS = [1, 16, 64]
# Server processes, and how the load is split between two: "any" sends each server draws of every
# shoe; "by deck" sends each server the draws of its own half of the shoes (see backend_draw_table).
LAYOUTS = [(1, "any"), (2, "any"), (2, "by deck")]
# The backend table measures each cell and its ceiling in turns, this many runs each.
SLICES = 3
# The seated table: (backend, connections) rows, and how many turns plain and seated shoes take each.
SEATED_ROWS = [("SQLite", 1), ("SQLite", 64), ("PostgreSQL", 64)]
SEATED_SLICES = 16
CGROUP_CPU = "/sys/fs/cgroup/cpu"
# --cpu-weight: the cpu.shares of the benchmark's own cgroup and of a capped server's (0: untouched).
CPU_WEIGHT = 0


def sh(*args, **kw):
    return subprocess.run(args, check=True, **kw)


def to_ms(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url, connections, seconds, script=None, env=None):
    threads = min(connections, 2)
    args = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency"]
    if script:
        args += ["-s", script]
    out = subprocess.run(args + [url], check=True, capture_output=True, text=True, env=env).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = to_ms(re.search(r"\s50%\s+(\S+)", out).group(1))
    p99 = to_ms(re.search(r"\s99%\s+(\S+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:(.*)", out)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return {"rps": rps, "p50": p50, "p99": p99, "non2xx": int(non2xx.group(1)) if non2xx else 0, "requests": requests,
            "socket_errors": errors.group(1).strip() if errors else ""}


def combine(slices):
    """One figure from several runs of equal length: mean req/s, median p50, worst p99, all non-2xx."""
    p50s = sorted(s["p50"] for s in slices)
    return {"rps": sum(s["rps"] for s in slices) / len(slices), "p50": p50s[len(p50s) // 2],
            "p99": max(s["p99"] for s in slices), "non2xx": sum(s["non2xx"] for s in slices)}


def backend_draw_table(bin_dir, work, seconds, postgres_url):
    """Draw throughput by backend, connections and number of server processes, in one run.

    The ceiling server runs throughout, idle but for a wrk run at the cell's connections just before
    each cell: each cell's ratio is against that ceiling, measured under the same conditions.
    """
    ceiling_port = 18098
    ceiling_process = subprocess.Popen([f"{bin_dir}/ceiling-server", str(ceiling_port)], stdout=subprocess.DEVNULL)
    ceiling_url = f"http://127.0.0.1:{ceiling_port}/ceiling/"
    wait_until_answers(ceiling_url, ceiling_process)
    try:
        return backend_cells(bin_dir, work, seconds, postgres_url,
                             lambda connections, duration: wrk(ceiling_url, connections, duration))
    finally:
        ceiling_process.send_signal(signal.SIGTERM)
        ceiling_process.wait(timeout=30)


def backend_cells(bin_dir, work, seconds, postgres_url, measure_ceiling_at):
    backends = [("SQLite", lambda tag: f"{work}/backend-{tag}.sqlite")]
    if postgres_url:
        separator = "&" if "?" in postgres_url else "?"
        backends.append(("PostgreSQL", lambda tag: f"{postgres_url}{separator}schema=bench_{tag}"))
    rows = {}
    port = 18100
    for backend, database_for in backends:
        for servers, routing in LAYOUTS:
            for connections in CONNECTIONS:
                tag = f"{backend.lower()}_{servers}_{routing.replace(' ', '_')}_{connections}"
                if backend == "SQLite" and servers > 1:
                    continue  # an SQLite file serves one process (riffle serve refuses a second)
                if connections < servers:
                    continue  # one connection reaches one server
                database = database_for(tag)
                processes, bases = [], []
                for index in range(servers):
                    port += 1
                    # The first server creates the schema; start the second once it is ready.
                    process, base = start_riffle_serve(f"{bin_dir}/riffle", database, port=port,
                                                       options=["--log-level", "warning"])
                    processes.append(process)
                    bases.append(base)
                try:
                    # 300 shoes, as issue 17 measured: wrk's two threads walk the list from offsets 0 and 97,
                    # so with far fewer shoes their windows of in-flight requests overlap and the table
                    # measures same-deck contention instead (see the contended column below).
                    shoes = max(300, int(25_000 * seconds / 1040) + 1)
                    ids_file = f"{work}/ids-{tag}.txt"
                    with open(ids_file, "w") as f:
                        for _ in range(shoes):
                            f.write(get_json(bases[0] + "/api/deck/new/shuffle/?deck_count=20")["deck_id"] + "\n")
                    # Two servers, "any": both draw from every shoe, the second wrk starting half-way
                    # down the list (a load balancer splits one stream of requests; it does not send
                    # each server the same draws at the same moment). "by deck": each server draws from
                    # its own half of the shoes, as behind a load balancer that routes by deck id.
                    script = os.path.join(ROOT, "Benchmarks", "draw.lua")
                    walks = []
                    for index in range(servers):
                        if routing == "by deck":
                            part = f"{ids_file}.{index}"
                            with open(ids_file) as all_ids, open(part, "w") as f:
                                f.writelines(all_ids.readlines()[index * shoes // servers:(index + 1) * shoes // servers])
                            walks.append(dict(os.environ, DECK_IDS=part, DECK_OFFSET="0"))
                        else:
                            walks.append(dict(os.environ, DECK_IDS=ids_file, DECK_OFFSET=str(index * shoes // servers)))
                    # The ceiling and the cell take turns, SLICES times each, so that both see the
                    # machine at the same moments.
                    ceiling_slices, cell_slices = [], []
                    slice_seconds = max(1, round(seconds / SLICES))
                    for _ in range(SLICES):
                        ceiling_slices.append(measure_ceiling_at(connections, slice_seconds))
                        with ThreadPoolExecutor(len(bases)) as pool:
                            parts = list(pool.map(
                                lambda walk: wrk(walk[0] + "/", connections // len(bases), slice_seconds,
                                                 script=script, env=walk[1]),
                                zip(bases, walks)))
                        cell_slices.append({
                            "rps": sum(p["rps"] for p in parts), "p50": max(p["p50"] for p in parts),
                            "p99": max(p["p99"] for p in parts), "non2xx": sum(p["non2xx"] for p in parts)})
                    rows[(backend, servers, routing, connections)] = dict(
                        combine(cell_slices), ceiling=combine(ceiling_slices))
                finally:
                    for process in processes:
                        process.send_signal(signal.SIGTERM)
                    for process in processes:
                        process.wait(timeout=30)
    print(f"\nDraw throughput by backend (wrk; each row is {SLICES} runs of {max(1, round(seconds / SLICES))} s "
          "taking turns with the ceiling at the same connections: req/s is the mean, p50 the median, p99 the "
          "worst; with 2 servers the connections are split evenly and req/s summed, p50/p99 the worse "
          "server's; x ceiling is the row's req/s over its ceiling's)")
    print(f"{'backend':<12}{'servers':>8}{'routing':>9}{'conns':>6}{'req/s':>10}{'p50 ms':>8}{'p99 ms':>8}"
          f"{'non-2xx':>8} |{'ceiling':>9}{'p50 ms':>8}{'p99 ms':>8}{'non-2xx':>8}{'x ceiling':>10}")
    for backend, _ in backends:
        for servers, routing in LAYOUTS:
            for connections in CONNECTIONS:
                r = rows.get((backend, servers, routing, connections))
                if r is None:
                    continue
                c = r["ceiling"]
                print(f"{backend:<12}{servers:>8}{routing if servers > 1 else '':>9}{connections:>6}{r['rps']:>10.0f}"
                      f"{r['p50']:>8.2f}{r['p99']:>8.2f}{r['non2xx']:>8} |{c['rps']:>9.0f}{c['p50']:>8.2f}"
                      f"{c['p99']:>8.2f}{c['non2xx']:>8}{r['rps'] / c['rps']:>10.0%}")
    non2xx = sum(r["non2xx"] + r["ceiling"]["non2xx"] for r in rows.values())

    def share(*key):
        return rows[key]["rps"] / rows[key]["ceiling"]["rps"]

    summary = (f"\ntargets: SQLite draw at 64 connections {share('SQLite', 1, 'any', 64):.0%} of ceiling (>= 55%), "
               f"at 1 connection {share('SQLite', 1, 'any', 1):.0%} (>= 70%)")
    if postgres_url:
        one = share("PostgreSQL", 1, "any", 64)
        summary += (f"; PostgreSQL draw at 64 connections {one:.0%} (>= 25%), two servers / one at 64 connections "
                    f"{share('PostgreSQL', 2, 'any', 64) / one:.2f} (>= 1.00; routed by deck: "
                    f"{share('PostgreSQL', 2, 'by deck', 64) / one:.2f}; each against its own ceiling)")
    print(summary + f"; non-2xx in this table: {non2xx} (0)")

class CpuCap:
    """A cgroup v1 CPU group: a quota of `cores` (see PERF-NOTES, 'Several servers': a 10 ms period,
    so that throttling does not stall a whole group-commit batch), or none for 0, and a cpu.shares
    weight (CPU_WEIGHT, from --cpu-weight, unless given)."""

    def __init__(self, name, cores, weight=None):
        self.path = os.path.join(CGROUP_CPU, name)
        weight = CPU_WEIGHT if weight is None else weight
        try:
            os.mkdir(self.path)
            if cores:
                with open(os.path.join(self.path, "cpu.cfs_period_us"), "w") as f:
                    f.write("10000")
                with open(os.path.join(self.path, "cpu.cfs_quota_us"), "w") as f:
                    f.write(str(int(10000 * cores)))
            if weight:
                with open(os.path.join(self.path, "cpu.shares"), "w") as f:
                    f.write(str(weight))
        except OSError as error:
            raise SystemExit(f"cannot make the cgroup {self.path} ({error}): run as root on cgroup v1, "
                             "or pass --postgres-cpu-cap 0 and no --cpu-weight")

    def add(self, pid):
        with open(os.path.join(self.path, "cgroup.procs"), "w") as f:
            f.write(str(pid))

    def remove(self):
        """Deletes the group; call once its processes have exited."""
        for _ in range(50):
            try:
                os.rmdir(self.path)
                return
            except OSError:
                time.sleep(0.1)  # the exited process leaves the group a moment later


def make_shoes(base, count, seated):
    """`count` shuffled 20-deck shoes as lines for draw.lua: `<id>` for a plain shoe, `<id> <token>` for
    a seated one (a player has joined it, and the draws go out with that player's token)."""
    lines = []
    for _ in range(count):
        deck = get_json(base + "/api/deck/new/shuffle/?deck_count=20")["deck_id"]
        if seated:
            request = urllib.request.Request(f"{base}/api/deck/{deck}/player/player/", data=b"", method="POST")
            with urllib.request.urlopen(request, timeout=10) as response:
                lines.append(f"{deck} {json.loads(response.read())['token']}\n")
        else:
            lines.append(deck + "\n")
    return lines


def seated_table(bin_dir, work, seconds, postgres_url, cpu_cap):
    """Draws on seated decks against draws on plain ones, on the same server in the same run.

    Each row starts one server, makes 300 plain and 300 seated shoes on it, and lets the two kinds take
    turns, SEATED_SLICES runs each (alternating which goes first), so that both see the machine at the
    same moments: this machine's speed drifts within minutes.
    """
    rows = {}
    port = 18300
    slice_seconds = max(1, round(seconds / SEATED_SLICES))
    script = os.path.join(ROOT, "Benchmarks", "draw.lua")
    for backend, connections in SEATED_ROWS:
        if backend == "PostgreSQL" and not postgres_url:
            continue
        port += 1
        tag = f"seated_{backend.lower()}_{connections}_{os.getpid()}"
        if backend == "SQLite":
            database = f"{work}/{tag}.sqlite"
        else:
            database = f"{postgres_url}{'&' if '?' in postgres_url else '?'}schema={tag}"
        capped = backend == "PostgreSQL" and cpu_cap > 0
        process, base = start_riffle_serve(f"{bin_dir}/riffle", database, port=port,
                                           options=["--log-level", "warning"])
        cap = None
        try:
            if capped:
                cap = CpuCap(f"riffle-bench-{tag}", cpu_cap)
                cap.add(process.pid)
            # 300 shoes of each kind, as issue 33 measured; more when a run could empty them.
            shoes = max(300, int(25_000 * slice_seconds * SEATED_SLICES / 1040) + 1)
            walks = {}
            for kind in ("plain", "seated"):
                path = f"{work}/{tag}-{kind}.txt"
                with open(path, "w") as f:
                    f.writelines(make_shoes(base, shoes, seated=kind == "seated"))
                walks[kind] = dict(os.environ, DECK_IDS=path, DECK_OFFSET="0")
            slices = {"plain": [], "seated": []}
            for turn in range(SEATED_SLICES):
                for kind in (("plain", "seated") if turn % 2 == 0 else ("seated", "plain")):
                    slices[kind].append(wrk(base + "/", connections, slice_seconds, script=script, env=walks[kind]))
            turns = sorted(s["rps"] / p["rps"] for p, s in zip(slices["plain"], slices["seated"]))
            rows[(backend, connections)] = dict(
                plain=combine(slices["plain"]), seated=combine(slices["seated"]), capped=capped, turns=turns,
                median=(turns[(len(turns) - 1) // 2] + turns[len(turns) // 2]) / 2)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
            if cap:
                cap.remove()
    print(f"\nSeated against plain decks (issue 33; wrk drawing one card at a time from 300 shoes of each kind on "
          f"the same server, {SEATED_SLICES} runs of {slice_seconds} s per kind taking turns: req/s is the mean, p50 "
          "the median, p99 the worst; seated shoes have one player joined and draw with that player's token; "
          "cpu is the server's cap in cores; seated/plain is the ratio of the means, 'pairs' the median and range of "
          "the ratios of the runs taken side by side, which a busy machine's swings move less)")
    print(f"{'backend':<12}{'conns':>6}{'cpu':>6} |{'plain/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'non-2xx':>8} |"
          f"{'seated/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'non-2xx':>8} |{'seated/plain':>13}{'pairs':>20}")
    for (backend, connections), r in rows.items():
        p, s = r["plain"], r["seated"]
        cores = f"{cpu_cap:g}" if r["capped"] else "all"
        turns = f"{r['median']:.0%} ({min(r['turns']):.0%}-{max(r['turns']):.0%})"
        print(f"{backend:<12}{connections:>6}{cores:>6} |{p['rps']:>9.0f}{p['p50']:>8.2f}{p['p99']:>8.2f}"
              f"{p['non2xx']:>8} |{s['rps']:>9.0f}{s['p50']:>8.2f}{s['p99']:>8.2f}{s['non2xx']:>8} |"
              f"{s['rps'] / p['rps']:>13.0%}{turns:>20}")
    non2xx = sum(r["plain"]["non2xx"] + r["seated"]["non2xx"] for r in rows.values())
    ratios = ", ".join(f"{backend} at {connections} {r['seated']['rps'] / r['plain']['rps']:.0%} "
                       f"(pairs {r['median']:.0%})" for (backend, connections), r in rows.items())
    print(f"\ntargets: seated / plain >= 85%: {ratios}; non-2xx in this table: {non2xx} (0)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--bin-dir", help="use riffle and ceiling-server from this folder (implies --skip-build)")
    parser.add_argument("--postgres", help="a postgres:// URL, or 'auto' to start a throw-away cluster")
    parser.add_argument("--only-backends", action="store_true", help="run only the backend draw table")
    parser.add_argument("--only-seated", action="store_true", help="run only the seated-against-plain table")
    parser.add_argument("--postgres-cpu-cap", type=float, default=0.5,
                        help="cores for the PostgreSQL server of the seated table (cgroup v1; 0: uncapped)")
    parser.add_argument("--baseline-riffle", help="an older riffle binary: compare it with the new one side by side")
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME:VAR=VALUE: also run the new riffle with this environment variable (with "
                             "--baseline-riffle); may be repeated")
    parser.add_argument("--slices", type=int, default=3, help="turns per row of the side-by-side table")
    parser.add_argument("--cpu-weight", type=int, default=0,
                        help="run this script and everything it starts (servers, wrk, a PostgreSQL cluster it "
                             "starts) in a cgroup of this cpu.shares weight (1024 is any other process's; "
                             "cgroup v1, root): on a machine shared with builds, their swings otherwise "
                             "dominate the turns")
    options = parser.parse_args()
    global CPU_WEIGHT
    CPU_WEIGHT = options.cpu_weight
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    if options.bin_dir:
        bin_dir = options.bin_dir
    else:
        if not options.skip_build:
            # One product per invocation: with --product given twice, SwiftPM builds only the last one.
            for product in ("riffle",) if options.only_seated else ("riffle", "ceiling-server"):
                sh("swift", "build", "-c", "release", "--product", product, cwd=ROOT)
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
    for binary in ("riffle",) if options.only_seated else ("riffle", "ceiling-server"):
        if not os.access(os.path.join(bin_dir, binary), os.X_OK):
            raise SystemExit(f"{bin_dir}/{binary} is missing: build it with swift build -c release")
    work = tempfile.mkdtemp(prefix="riffle-bench-")
    postgres_url, cluster_env, weighted = options.postgres, None, None
    try:
        if options.cpu_weight:
            weighted = CpuCap(f"riffle-bench-{os.getpid()}", 0)
            weighted.add(os.getpid())
        if postgres_url == "auto":
            postgres_url, cluster_env = start_postgres_cluster()
        if options.baseline_riffle:
            compare_table(bin_dir, work, options)
            return
        if not options.only_backends and not options.only_seated:
            endpoint_table(bin_dir, work, options)
        if (postgres_url or options.only_backends) and not options.only_seated:
            backend_draw_table(bin_dir, work, options.seconds, postgres_url)
        if not options.only_backends:
            seated_table(bin_dir, work, options.seconds, postgres_url, options.postgres_cpu_cap)
    finally:
        if cluster_env:
            stop_postgres_cluster(cluster_env)
        shutil.rmtree(work, ignore_errors=True)
        if weighted:
            with open(os.path.join(CGROUP_CPU, "cgroup.procs"), "w") as f:
                f.write(str(os.getpid()))  # back to the root group, so that this one can go
            weighted.remove()


def endpoint_table(bin_dir, work, options):
    ceiling_port, riffle_port = 18081, 18080
    processes = [subprocess.Popen([f"{bin_dir}/ceiling-server", str(ceiling_port)], stdout=subprocess.DEVNULL)]
    try:
        ceiling_url = f"http://127.0.0.1:{ceiling_port}/ceiling/"
        wait_until_answers(ceiling_url, processes[0])
        riffle, base = start_riffle_serve(f"{bin_dir}/riffle", f"{work}/bench.sqlite", port=riffle_port,
                                          options=["--log-level", "warning"], ready_path="/api/deck/new/")
        processes.append(riffle)
        info_deck = get_json(base + "/api/deck/new/shuffle/")["deck_id"]
        results = {}
        for connections in CONNECTIONS:
            results[("ceiling", connections)] = wrk(ceiling_url, connections, options.seconds)
            results[("deck info", connections)] = wrk(f"{base}/api/deck/{info_deck}/", connections, options.seconds)
            results[("new shuffled deck", connections)] = wrk(f"{base}/api/deck/new/shuffle/", connections,
                                                              options.seconds)
            # Enough 20-deck shoes that no draw finds an empty one: ~15k draws/s at most.
            shoes = max(40, int(16_000 * options.seconds / 1040) + 1)
            ids_file = f"{work}/ids-{connections}.txt"
            with open(ids_file, "w") as f:
                for _ in range(shoes):
                    f.write(get_json(base + "/api/deck/new/shuffle/?deck_count=20")["deck_id"] + "\n")
            results[("draw", connections)] = wrk(base + "/", connections, options.seconds,
                                                 script=os.path.join(ROOT, "Benchmarks", "draw.lua"),
                                                 env=dict(os.environ, DECK_IDS=ids_file))
        print(f"\nServer benchmark: wrk, loopback, {options.seconds} s per run, release builds, SQLite file (WAL)")
        print(f"{'endpoint':<20}{'conns':>6}{'req/s':>11}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}{'x ceiling':>11}")
        for (name, connections), r in sorted(results.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            ratio = r["rps"] / results[("ceiling", connections)]["rps"]
            print(f"{name:<20}{connections:>6}{r['rps']:>11.0f}{r['p50']:>9.2f}{r['p99']:>9.2f}{r['non2xx']:>9}"
                  f"{ratio:>10.0%} {r['socket_errors']}")
        info, draw = results[("deck info", 64)], results[("draw", 64)]
        ceiling = results[("ceiling", 64)]["rps"]
        total_non2xx = sum(r["non2xx"] for name, r in results.items())
        print(f"\ntargets at 64 connections: deck info {info['rps'] / ceiling:.0%} of ceiling (>= 70%), "
              f"draw {draw['rps'] / ceiling:.0%} (>= 35%), non-2xx responses in all runs: {total_non2xx} (0)")
    finally:
        stop_servers(processes)


COMPARE_CONNECTIONS = [1, 64]


def cpu_seconds(pid):
    """The CPU time (user and system) a process has used so far, from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def compare_table(bin_dir, work, options):
    """Deck info and draw of the old binary, the new one and its variants, as shares of the ceiling, in turns.

    Also the server's CPU time per request (user and system, from /proc), which depends less than throughput
    on what else the machine is doing: the cost of the dispatch itself shows there first."""
    servers = [("old", options.baseline_riffle, None), ("new", f"{bin_dir}/riffle", None)]
    for variant in options.variant:
        name, _, assignment = variant.partition(":")
        key, _, value = assignment.partition("=")
        servers.append((name, f"{bin_dir}/riffle", {key: value}))
    ceiling_port = 18091
    processes = [subprocess.Popen([f"{bin_dir}/ceiling-server", str(ceiling_port)], stdout=subprocess.DEVNULL)]
    try:
        ceiling_url = f"http://127.0.0.1:{ceiling_port}/ceiling/"
        wait_until_answers(ceiling_url, processes[0])
        bases, pids = {}, {}
        for index, (name, binary, env) in enumerate(servers):
            process, base = start_riffle_serve(binary, f"{work}/compare-{index}.sqlite",
                                               options=["--log-level", "warning"], ready_path="/api/deck/new/",
                                               env=dict(os.environ, **(env or {})))
            processes.append(process)
            bases[name] = base
            pids[name] = process.pid
        shoes = max(40, int(16_000 * options.seconds * options.slices / 1040) + 1)
        info_decks, id_files = {}, {}
        for name, base in bases.items():
            info_decks[name] = get_json(base + "/api/deck/new/shuffle/")["deck_id"]
            for connections in COMPARE_CONNECTIONS:
                id_files[(name, connections)] = f"{work}/compare-ids-{name}-{connections}.txt"
                with open(id_files[(name, connections)], "w") as f:
                    for _ in range(shoes):
                        f.write(get_json(base + "/api/deck/new/shuffle/?deck_count=20")["deck_id"] + "\n")
        names = [name for name, _, _ in servers]
        shares = {}  # (endpoint, connections, name) -> [share of the turn's ceiling]
        rates = {}
        cpu = {}  # (endpoint, connections, name) -> [CPU seconds, requests]
        non2xx = 0
        for connections in COMPARE_CONNECTIONS:
            for turn in range(options.slices):
                ceiling = wrk(ceiling_url, connections, options.seconds)["rps"]
                order = names[turn % len(names):] + names[:turn % len(names)]
                for name in order:
                    base = bases[name]
                    before = cpu_seconds(pids[name])
                    info = wrk(f"{base}/api/deck/{info_decks[name]}/", connections, options.seconds)
                    between = cpu_seconds(pids[name])
                    draw = wrk(base + "/", connections, options.seconds,
                               script=os.path.join(ROOT, "Benchmarks", "draw.lua"),
                               env=dict(os.environ, DECK_IDS=id_files[(name, connections)]))
                    after = cpu_seconds(pids[name])
                    for endpoint, result, used in (("deck info", info, between - before), ("draw", draw, after - between)):
                        total = cpu.setdefault((endpoint, connections, name), [0.0, 0])
                        total[0] += used
                        total[1] += result["requests"]
                        shares.setdefault((endpoint, connections, name), []).append(result["rps"] / ceiling)
                        rates.setdefault((endpoint, connections, name), []).append(result["rps"])
                        non2xx += result["non2xx"]
        print(f"\nSide by side: wrk, loopback, {options.slices} turns of {options.seconds} s, release builds, SQLite")
        print(f"{'endpoint':<11}{'conns':>6}  " + "".join(f"{name + ' req/s':>14}{name + ' share':>13}" for name in names)
              + "".join(f"{name + '/old':>12}" for name in names[1:]))
        for endpoint in ("deck info", "draw"):
            for connections in COMPARE_CONNECTIONS:
                row = f"{endpoint:<11}{connections:>6}  "
                mean = {name: sum(shares[(endpoint, connections, name)]) / options.slices for name in names}
                for name in names:
                    rate = sum(rates[(endpoint, connections, name)]) / options.slices
                    row += f"{rate:>14.0f}{mean[name]:>13.1%}"
                for name in names[1:]:
                    row += f"{mean[name] / mean['old']:>12.3f}"
                print(row)
        print(f"\nServer CPU per request (user + system), µs")
        print(f"{'endpoint':<11}{'conns':>6}  " + "".join(f"{name:>10}" for name in names)
              + "".join(f"{name + '/old':>12}" for name in names[1:]))
        for endpoint in ("deck info", "draw"):
            for connections in COMPARE_CONNECTIONS:
                per = {name: 1e6 * cpu[(endpoint, connections, name)][0] / max(1, cpu[(endpoint, connections, name)][1])
                       for name in names}
                print(f"{endpoint:<11}{connections:>6}  " + "".join(f"{per[name]:>10.1f}" for name in names)
                      + "".join(f"{per[name] / per['old']:>12.3f}" for name in names[1:]))
        print(f"non-2xx responses in all runs: {non2xx} (0)")
    finally:
        stop_servers(processes)


if __name__ == "__main__":
    main()
