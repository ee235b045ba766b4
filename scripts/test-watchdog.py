#!/usr/bin/env python3
"""Runs a test command (`swift test …`) and ends it, loudly, when it stops making progress.

    scripts/test-watchdog.py [--silence SECONDS] [--limit SECONDS] -- swift test --skip-build

The command's output is passed through as it comes. The watchdog reads Swift Testing's lines
(`◇ Test x started.`, `✔ Test x passed after …`, `✘ Test x failed after …`, `➜ Test x skipped`) and
keeps the tests that started and have not finished. When no test has started or finished for
`--silence` seconds (before the first test starts: when no line at all has come) (120 by default), the run is stuck: a continuation never resumed, a thread
blocked for ever. The watchdog then prints
  - the tests that started and did not finish,
  - every thread's stack of every test process (gdb, attached in batch mode),
and kills the whole command (its process group) and exits with status 3. `--limit` bounds the whole
run the same way (no bound by default). Otherwise it exits with the command's own status.

A hung run thus fails within `--silence` plus the time gdb takes (seconds), saying where it stopped,
instead of sitting silent until CI's outer time-out.
"""

import argparse
import collections
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

STARTED = re.compile(r"^\S+ Test (?P<name>.+?) started\.$")
ENDED = re.compile(r"^\S+ Test (?P<name>.+?) (?:passed|failed|skipped)\b")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
STUCK_STATUS = 3


class Progress:
    """The tests in flight, from Swift Testing's console lines."""

    def __init__(self):
        self.running = collections.Counter()
        self.order = []  # names in the order they started, for the report
        self.last_report = time.monotonic()

    def read(self, line):
        line = ANSI.sub("", line).strip()
        # Until the first test starts, any output (a build, a database starting) is progress.
        if not self.order:
            self.last_report = time.monotonic()
        # A test's issues ("✘ Test x recorded an issue at …") are not its end.
        if " recorded an issue" in line:
            return
        started = STARTED.match(line)
        if started and started.group("name") != "run":
            name = started.group("name")
            self.running[name] += 1
            self.order.append(name)
            self.last_report = time.monotonic()
            return
        ended = ENDED.match(line)
        if ended:
            name = ended.group("name")
            if self.running[name] > 0:
                self.running[name] -= 1
            self.last_report = time.monotonic()

    def unfinished(self):
        left = collections.Counter(self.running)
        names = []
        for name in self.order:
            if left[name] > 0 and name not in names:
                names.append(name)
        return [(name, left[name]) for name in names]


def descendants(root):
    """The processes below `root` (from /proc), parents first."""
    children = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            children[int(fields[1])].append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    found, queue = [], [root]
    while queue:
        pid = queue.pop(0)
        for child in children.get(pid, []):
            found.append(child)
            queue.append(child)
    return found


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def test_processes(root):
    """The processes that run tests: the test bundle's (`…PackageTests.xctest`), else every one below the command."""
    below = [pid for pid in descendants(root)]
    bundles = [pid for pid in below if ".xctest" in command_line(pid) or "PackageTests" in command_line(pid)]
    return bundles or below or [root]


def print_stacks(pids, out):
    for pid in pids:
        out.write(f"\n== watchdog: every thread's stack of process {pid}: {command_line(pid)}\n")
        out.flush()
        try:
            result = subprocess.run(
                ["gdb", "-p", str(pid), "-batch", "-nx", "-ex", "set pagination off", "-ex", "set print thread-events off",
                 "-ex", "info threads", "-ex", "thread apply all bt 40"],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=90, text=True, errors="replace")
            out.write(result.stdout)
        except FileNotFoundError:
            out.write("(gdb is not installed: apt-get install gdb)\n")
        except subprocess.TimeoutExpired:
            out.write("(gdb did not finish within 90 s)\n")
        out.flush()


def report_stuck(reason, progress, root, out):
    out.write(f"\n== watchdog: {reason}\n")
    unfinished = progress.unfinished()
    if unfinished:
        out.write("== watchdog: these tests started and did not finish:\n")
        for name, count in unfinished:
            out.write(f"   {name}" + (f" (x{count})" if count > 1 else "") + "\n")
    else:
        out.write("== watchdog: no test is in flight (stuck between tests, or before the first)\n")
    out.flush()
    print_stacks(test_processes(root), out)
    out.write("\n== watchdog: ending the run\n")
    out.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--silence", type=float, default=float(os.environ.get("RIFFLE_TEST_SILENCE", "120")),
                        help="seconds without a test starting or finishing before the run counts as stuck (120)")
    parser.add_argument("--limit", type=float, default=0, help="seconds the whole run may take (0: no bound)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("give the test command after --")

    out = sys.stdout
    # A terminal, not a pipe: through a pipe the test process buffers its output in blocks, so a run that hangs
    # shows nothing of its last tests (it stopped "mid-line"), and the watchdog would see no progress at all.
    terminal, terminal_side = pty.openpty()
    environment = dict(os.environ, NO_COLOR="1", TERM="dumb")
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=terminal_side, stderr=terminal_side,
                             start_new_session=True, env=environment)
    os.close(terminal_side)
    progress = Progress()
    began = time.monotonic()
    pending = b""
    stuck = None
    while True:
        ready, _, _ = select.select([terminal], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(terminal, 65536)
            except OSError:  # EIO: every process holding the terminal has ended
                chunk = b""
            if not chunk:
                break
            chunk = chunk.replace(b"\r\n", b"\n")
            out.buffer.write(chunk)
            out.flush()
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                progress.read(line.decode(errors="replace"))
        now = time.monotonic()
        if now - progress.last_report > options.silence:
            stuck = f"no test has started or finished for {int(now - progress.last_report)} s"
            break
        if options.limit and now - began > options.limit:
            stuck = f"the run has taken more than {int(options.limit)} s"
            break

    if stuck is None:
        return child.wait()
    report_stuck(stuck, progress, child.pid, out)
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    child.wait()
    return STUCK_STATUS


if __name__ == "__main__":
    sys.exit(main())
