#!/usr/bin/env python3
"""Server benchmark: `riffle serve` (release, SQLite file) against a minimal Hummingbird app.

Starts both release builds on loopback, drives each with wrk at 1, 16 and 64 connections for a
few seconds, and prints requests/s, p50/p99 latency and non-2xx counts, plus each endpoint's
throughput as a ratio of the ceiling measured in the same run.

    scripts/bench-server.py [--seconds 6] [--skip-build]

Targets (issue 2): deck info at 64 connections >= 70% of the ceiling, draw >= 35%, zero non-2xx.
"""
import argparse, json, os, re, shutil, signal, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONNECTIONS = [1, 16, 64]


def sh(*args, **kw):
    return subprocess.run(args, check=True, **kw)


def wait_ready(url, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except Exception:
            time.sleep(0.1)
    raise SystemExit(f"server at {url} did not start")


def get_json(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


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
    return {"rps": rps, "p50": p50, "p99": p99, "non2xx": int(non2xx.group(1)) if non2xx else 0,
            "socket_errors": errors.group(1).strip() if errors else ""}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--bin-dir", help="use riffle and ceiling-server from this folder (implies --skip-build)")
    options = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    if options.bin_dir:
        bin_dir = options.bin_dir
    else:
        if not options.skip_build:
            sh("swift", "build", "-c", "release", "--product", "riffle", "--product", "ceiling-server", cwd=ROOT)
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="riffle-bench-")
    ceiling_port, riffle_port = 18081, 18080
    processes = [
        subprocess.Popen([f"{bin_dir}/ceiling-server", str(ceiling_port)], stdout=subprocess.DEVNULL),
        subprocess.Popen([f"{bin_dir}/riffle", "serve", "--port", str(riffle_port), "--database",
                          f"{work}/bench.sqlite", "--log-level", "warning"], stdout=subprocess.DEVNULL),
    ]
    try:
        ceiling_url = f"http://127.0.0.1:{ceiling_port}/ceiling/"
        base = f"http://127.0.0.1:{riffle_port}"
        wait_ready(ceiling_url)
        wait_ready(base + "/api/deck/new/")
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
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            process.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
