#!/usr/bin/env python3
"""Prints the package's target graph and checks the rules its architecture rests on.

Reads `swift package dump-package` (or a saved copy with --dump FILE) and checks:

1. No target depends on itself through others (SwiftPM refuses such a package too; the check names the cycle).
2. The pure targets (the engines, the card domain, the storage protocol, and `TableCore`, the server's request core)
   reach no other package's product but the few each is allowed (`PURE`: no NIO, no Hummingbird, no database
   driver), however indirectly, and their sources import nothing else but the package's own pure targets, those
   products and the few system modules named in `SYSTEM_IMPORTS` (no libc, no NIO; Foundation only in
   `TableCore`). So the compiler, not a reviewer, keeps I/O out of them.
3. The libraries an app links (the SDK, card art, the UIKit/SwiftUI views) reach none of the server's packages
   (Hummingbird, SwiftNIO, PostgresNIO, GRDB), however indirectly.

Exits 1, saying which rule a target breaks and through which path, when one is broken.

    scripts/check-target-graph.py [--dump dump.json]
"""
import argparse, json, os, pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The pure targets, each with the other packages' products it may use (values, no I/O: hashes, HTTP status types).
PURE = {
    "SeededRandom": set(), "PlayingCards": set(), "SwipeStack": set(), "ListEditing": set(), "DeckStorage": set(),
    "TableCore": {"Crypto", "HTTPTypes"},
}
# System modules a pure target may import besides its allowed products: the standard library's locks, and Foundation
# where TableCore needs Unicode normalization (display names) and JSON decoding (event records of earlier versions).
SYSTEM_IMPORTS = {"TableCore": {"Synchronization", "Foundation"}}
APP_LIBRARIES = ["CardArt", "DeckClient", "DeckOfCardsLab", "SwipeStackUI", "ListEditingUI"]
SERVER_PACKAGES = {"hummingbird", "swift-nio", "swift-nio-extras", "postgres-nio", "grdb.swift", "hummingbird-websocket"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?"
                    r"import\s+(?:(?:class|struct|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                    re.M)


def load(dump_path):
    if dump_path:
        return json.loads(pathlib.Path(dump_path).read_text())
    output = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(output.stdout)


def edges(package):
    """Each target's local targets and other packages' products: {name: (locals, [(package, product)])}."""
    names = {target["name"] for target in package["targets"]}
    graph = {}
    for target in package["targets"]:
        local, external = [], []
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind in ("byName", "target"):
                (local if value[0] in names else external).append(value[0] if value[0] in names else (value[0], value[0]))
            elif kind == "product":
                external.append((value[1] or value[0], value[0]))
        graph[target["name"]] = (local, external)
    return graph


def cycle(graph):
    """A dependency cycle as a list of target names, or None."""
    state = {}

    def visit(name, path):
        state[name] = "open"
        for next_name in graph[name][0]:
            if state.get(next_name) == "open":
                return path[path.index(next_name):] + [next_name]
            if next_name not in state:
                found = visit(next_name, path + [next_name])
                if found:
                    return found
        state[name] = "done"
        return None

    for name in graph:
        if name not in state:
            found = visit(name, [name])
            if found:
                return found
    return None


def reached_products(graph, start):
    """Every other package's product `start` reaches, each with the path of targets that leads to it."""
    seen, found, queue = {start}, [], [(start, [start])]
    while queue:
        name, path = queue.pop(0)
        local, external = graph[name]
        found += [(package.lower(), product, path) for package, product in external]
        for next_name in local:
            if next_name not in seen:
                seen.add(next_name)
                queue.append((next_name, path + [next_name]))
    return found


def source_folder(package, name):
    target = next(t for t in package["targets"] if t["name"] == name)
    return ROOT / (target.get("path") or f"Sources/{name}")


def imports(folder):
    """The modules the Swift files under `folder` import (DocC catalogues left out), with a file that does."""
    found = {}
    for path in sorted(folder.rglob("*.swift")):
        if ".docc" in path.parts[-2] or any(part.endswith(".docc") for part in path.parts):
            continue
        for module in IMPORT.findall(path.read_text(encoding="utf-8")):
            found.setdefault(module, path.relative_to(ROOT))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", help="a saved `swift package dump-package` output")
    arguments = parser.parse_args()
    package = load(arguments.dump)
    graph = edges(package)
    kinds = {target["name"]: target["type"] for target in package["targets"]}

    print("Target graph (test targets left out):")
    for name, (local, external) in graph.items():
        if kinds[name] in ("test",):
            continue
        products = sorted({f"{product} ({package_name})" for package_name, product in external})
        print(f"  {name} → {', '.join(local + products) or 'nothing'}")

    problems = []
    found_cycle = cycle(graph)
    if found_cycle:
        problems.append("dependency cycle: " + " → ".join(found_cycle))
    pure = [name for name in PURE if name in graph]
    for name in pure:
        for package_name, product, path in reached_products(graph, name):
            if product not in PURE.get(path[-1], set()):
                problems.append(f"{name} is pure but reaches {product} ({package_name}) through {' → '.join(path)}")
        for module, path in imports(source_folder(package, name)).items():
            if module not in pure and module not in PURE[name] and module not in SYSTEM_IMPORTS.get(name, set()):
                problems.append(f"{name} is pure but {path} imports {module}")
    for name in [name for name in APP_LIBRARIES if name in graph]:
        for package_name, product, path in reached_products(graph, name):
            if package_name in SERVER_PACKAGES:
                problems.append(f"{name} is linked by apps but reaches the server's {product} through {' → '.join(path)}")

    if problems:
        print("\ncheck-target-graph: " + str(len(problems)) + " problem(s):", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    print(f"\ncheck-target-graph: no cycles; pure targets ({', '.join(pure)}) reach only the packages they are allowed and import"
          f" only those and each other; app libraries reach no server package")
    return 0


if __name__ == "__main__":
    sys.exit(main())
