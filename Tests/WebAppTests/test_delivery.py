"""Defect 7 of issue 14: how the app's files are delivered. Compressed, revalidated with ETags (304 when
unchanged), HEAD answered with the real Content-Length; the first load transfers at most 120 KB and a reload at
most 10 KB, measured in Chromium (resource timing's transferSize: headers and body as they crossed the network).
The first load counts the service worker too (issue 32): its script, and what it fetched to keep the app for an
outage (its own resource timing, read in the worker).
"""

import json
import shutil
import subprocess
import urllib.request

import pytest

from conftest import ARTIFACTS, REPO
from webapp import DevTools, service_worker_eval, set_viewport, wait_offline_ready, wait_ready

FIRST_LOAD_LIMIT = 120 * 1024
RELOAD_LIMIT = 10 * 1024


def fetch(url, method="GET", headers=None):
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.status, dict(error.headers), error.read()


def test_static_files_are_compressed_revalidated_and_answer_head_correctly(server):
    for path in ("/", "/js/main.js", "/css/app.css", "/riffle.wasm"):
        status, plain_headers, plain = fetch(server + path)
        assert status == 200
        assert plain_headers["Cache-Control"] == "no-cache", "the browser keeps the file and revalidates it"
        etag = plain_headers["ETag"]
        assert etag.startswith('"') and etag.endswith('"')

        status, headers, body = fetch(server + path, headers={"Accept-Encoding": "gzip"})
        assert headers.get("Content-Encoding") == "gzip", path
        assert "Accept-Encoding" in headers.get("Vary", "")
        assert len(body) < len(plain) * 0.6, f"{path}: {len(body)} of {len(plain)} bytes"
        import gzip
        assert gzip.decompress(body) == plain

        for tag in (etag, headers["ETag"]):
            status, headers_304, body_304 = fetch(
                server + path, headers={"If-None-Match": tag, "Accept-Encoding": "gzip"})
            assert status == 304 and body_304 == b"", path
            assert headers_304["ETag"]

        status, head_headers, head_body = fetch(server + path, method="HEAD")
        assert status == 200 and head_body == b""
        assert int(head_headers["Content-Length"]) == len(plain), "HEAD gives the length GET would send"
        status, head_headers, _ = fetch(server + path, method="HEAD", headers={"Accept-Encoding": "gzip"})
        assert int(head_headers["Content-Length"]) == len(body)


def test_scripts_and_style_sheets_are_served_without_comments_line_for_line(server, tmp_path):
    """Issue 32's budget: the server sends the app's scripts and style sheets without their comments. Each still
    parses (node --check), keeps every line where it was (stack traces point into the file), and is smaller."""
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed (scripts/test-webapp.sh installs it)")
    root = REPO / "Sources" / "RiffleWebApp" / "Public"
    files = sorted(p for p in root.rglob("*") if p.suffix in (".js", ".css"))
    saved = 0
    for path in files:
        relative = path.relative_to(root).as_posix()
        status, _, body = fetch(f"{server}/{relative}")
        assert status == 200, relative
        source = path.read_bytes()
        assert body.count(b"\n") == source.count(b"\n"), f"{relative}: lines moved"
        assert len(body) < len(source), f"{relative}: nothing taken out"
        saved += len(source) - len(body)
        if path.suffix == ".js":
            copy = tmp_path / (path.stem + ".mjs")
            copy.write_bytes(body)
            check = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
            assert check.returncode == 0, f"{relative} no longer parses: {check.stderr}"
    print(f"\n{len(files)} files served {saved} bytes smaller (before gzip) without their comments")


def transferred(driver):
    """Bytes that crossed the network for this page load: the document and every resource, by name."""
    return driver.execute_script("""
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return entries.map((e) => ({name: e.name.replace(location.origin, ''), bytes: e.transferSize,
                                    body: e.encodedBodySize, type: e.initiatorType,
                                    worker: e.workerStart > 0}));""")


WORKER_ENTRIES = """performance.getEntriesByType('resource').map((e) => ({
    name: e.name.replace(location.origin, ''), bytes: e.transferSize, body: e.encodedBodySize,
    type: 'service worker: ' + e.initiatorType}))"""


def worker_script_bytes(server):
    """What fetching sw.js costs on the wire: the status line and headers as sent, and the gzipped body."""
    request = urllib.request.Request(server + "/sw.js", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
        headers = sum(len(name) + len(value) + 4 for name, value in response.getheaders())
    return len("HTTP/1.1 200 OK\r\n") + headers + 2 + len(body)


def test_first_load_and_reload_transfer_sizes(driver, restartable_server):
    # A first visit: a server of its own, so this origin has no service worker, cache or storage yet, and an empty
    # HTTP cache; `/` as a visitor types it.
    server = restartable_server.base
    set_viewport(driver, 1280, 900)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    with DevTools(driver) as tools:
        tools.record_requests()
        tools.forget_loads()
        driver.get(server + "/")
        wait_ready(driver)
        # The worker registered once the page was ready and took the page over: what it fetched is part of the first
        # visit, and a request of the page that went through it crossed the network in the worker (counted there
        # once). Every request the page sent (card images it preloads among them) has finished.
        wait_offline_ready(driver)
        tools.wait_until_loaded()
        worker = service_worker_eval(driver, WORKER_ENTRIES)
        script = {"name": "/sw.js", "bytes": worker_script_bytes(server), "body": 0, "type": "service worker script"}
        first = [e for e in transferred(driver) if not e["worker"]] + worker + [script]
        seen_by_worker = len(worker)
        tools.forget_loads()
        driver.refresh()
        wait_ready(driver)
        tools.wait_until_loaded()
    # On a reload the worker sends the page's requests on (network first): the same rule.
    reload_worker = service_worker_eval(driver, WORKER_ENTRIES)[seen_by_worker:]
    reload = [e for e in transferred(driver) if not e["worker"]] + reload_worker
    first_total = sum(e["bytes"] for e in first)
    reload_total = sum(e["bytes"] for e in reload)
    report = {"firstLoadBytes": first_total, "reloadBytes": reload_total, "firstLoad": first, "reload": reload}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "webapp-transfer.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"\nfirst load transferred {first_total} bytes ({first_total / 1024:.1f} KB) in {len(first)} requests;"
          f" reload {reload_total} bytes ({reload_total / 1024:.1f} KB) in {len(reload)} requests")
    for entry in sorted(first, key=lambda e: -e["bytes"])[:8]:
        print(f"  first load  {entry['bytes']:>7}  {entry['name']}")
    for entry in sorted(worker + [script], key=lambda e: -e["bytes"]):
        print(f"  first load, by the service worker  {entry['bytes']:>7}  {entry['name']}")
    for entry in sorted(reload, key=lambda e: -e["bytes"])[:8]:
        print(f"  reload      {entry['bytes']:>7}  {entry['name']}")
    assert first_total <= FIRST_LOAD_LIMIT, f"first load {first_total} bytes"
    assert reload_total <= RELOAD_LIMIT, f"reload {reload_total} bytes"
