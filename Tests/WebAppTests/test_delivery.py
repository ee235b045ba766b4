"""Defect 7 of issue 14: how the app's files are delivered. Compressed, revalidated with ETags (304 when
unchanged), HEAD answered with the real Content-Length; the first load transfers at most 120 KB and a reload at
most 10 KB, measured in Chromium (resource timing's transferSize: headers and body as they crossed the network).
"""

import json
import urllib.request

from conftest import ARTIFACTS
from webapp import open_app, wait_ready

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


def transferred(driver):
    """Bytes that crossed the network for this page load: the document and every resource, by name."""
    return driver.execute_script("""
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return entries.map((e) => ({name: e.name.replace(location.origin, ''), bytes: e.transferSize,
                                    body: e.encodedBodySize, type: e.initiatorType}));""")


def test_first_load_and_reload_transfer_sizes(driver, server):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    open_app(driver, server, fresh=True)
    driver.execute_script("return new Promise((resolve) => setTimeout(resolve, 500))")
    first = transferred(driver)
    driver.refresh()
    wait_ready(driver)
    driver.execute_script("return new Promise((resolve) => setTimeout(resolve, 500))")
    reload = transferred(driver)
    first_total = sum(e["bytes"] for e in first)
    reload_total = sum(e["bytes"] for e in reload)
    report = {"firstLoadBytes": first_total, "reloadBytes": reload_total, "firstLoad": first, "reload": reload}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "webapp-transfer.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"\nfirst load transferred {first_total} bytes ({first_total / 1024:.1f} KB) in {len(first)} requests;"
          f" reload {reload_total} bytes ({reload_total / 1024:.1f} KB) in {len(reload)} requests")
    for entry in sorted(first, key=lambda e: -e["bytes"])[:8]:
        print(f"  first load  {entry['bytes']:>7}  {entry['name']}")
    for entry in sorted(reload, key=lambda e: -e["bytes"])[:8]:
        print(f"  reload      {entry['bytes']:>7}  {entry['name']}")
    assert first_total <= FIRST_LOAD_LIMIT, f"first load {first_total} bytes"
    assert reload_total <= RELOAD_LIMIT, f"reload {reload_total} bytes"
