"""Fixtures for the web app's browser tests: a real `riffle serve` and headless Chromium through WebDriver."""

import json
import os
import pathlib
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

# The one way scripts and tests start `riffle serve` and wait until it answers: scripts/riffle_server.py.
sys.path.insert(0, str(REPO / "scripts"))
from riffle_server import ServerNotReady, free_port, riffle_serve_command, wait_until_answers  # noqa: E402


class RiffleServer:
    """One `riffle serve` process on a loopback port, with the web app from the working tree: `start()` waits until it
    answers GET /, `stop()` kills it at once (as a crash or a pulled plug would), and `start()` again brings it back on
    the same port and database, so a page sees the same origin and decks."""

    def __init__(self, database=":memory:", port=None, log_name="webapp-server.log", web_root=None):
        binary = pathlib.Path(os.environ.get("RIFFLE_BIN", REPO / ".build" / "debug" / "riffle"))
        if not binary.is_absolute():
            binary = REPO / binary
        if not binary.exists():
            pytest.fail(f"riffle binary not found at {binary}; build it (swift build) or set RIFFLE_BIN")
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.command = riffle_serve_command(binary, database, self.port, ["--host", "127.0.0.1"])
        # The app from the working tree (always current); RIFFLE_WEB_ROOT=bundled tests the copy built into the server.
        web_root = web_root or os.environ.get("RIFFLE_WEB_ROOT", str(REPO / "Sources" / "RiffleWebApp" / "Public"))
        if web_root != "bundled":
            self.command += ["--web-root", str(web_root)]
        ARTIFACTS.mkdir(exist_ok=True)
        self.log = open(ARTIFACTS / log_name, "w")
        self.process = None

    def start(self, timeout=30):
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=subprocess.STDOUT, cwd=REPO)
        try:
            wait_until_answers(self.base + "/", self.process, timeout)
        except ServerNotReady as not_ready:
            self.process.kill()
            pytest.fail(f"riffle serve did not start: {not_ready}; see {self.log.name}")

    def stop(self):
        """Kills the server (no graceful shutdown: what a page meets when the server crashes)."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def close(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


@pytest.fixture(scope="session")
def server():
    """Starts `riffle serve` on a free loopback port with an in-memory database; yields its base URL."""
    process = RiffleServer()
    process.start()
    yield process.base
    process.close()


@pytest.fixture()
def restartable_server(tmp_path):
    """A server of the test's own, on a port of its own (so the browser holds nothing of this origin yet: no service
    worker, no storage) and a SQLite file, so decks outlive `stop()` and `start()`."""
    process = RiffleServer(database=tmp_path / "riffle.sqlite", log_name="webapp-restartable-server.log")
    process.start()
    yield process
    process.close()


def find_executable(*names):
    for name in names:
        for folder in os.environ.get("PATH", "").split(os.pathsep) + ["/usr/bin", "/usr/lib/chromium"]:
            candidate = pathlib.Path(folder) / name
            if candidate.exists():
                return str(candidate)
    return None


def chromium(performance_log=False):
    """A new headless Chromium session (Debian's chromium and chromium-driver) recording page errors in
    window.__riffleErrors; with `performance_log`, Chrome's performance log (the DevTools Network events) is kept."""
    options = webdriver.ChromeOptions()
    browser = os.environ.get("CHROMIUM_BIN") or find_executable("chromium", "chromium-browser")
    if browser:
        options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    if performance_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver_path = os.environ.get("CHROMEDRIVER_BIN") or find_executable("chromedriver")
    service = Service(executable_path=driver_path) if driver_path else Service()
    browser_driver = webdriver.Chrome(options=options, service=service)
    browser_driver.set_page_load_timeout(30)
    record_page_errors(browser_driver)
    return browser_driver


@pytest.fixture(scope="session")
def driver():
    """Headless Chromium, one session for the test run."""
    browser_driver = chromium()
    yield browser_driver
    browser_driver.quit()


@pytest.fixture()
def players():
    """Bo's, Zoë's and a spectator's browsers, beside the session's (Ana's)."""
    pages = [chromium() for _ in range(3)]
    yield pages
    for page in pages:
        page.quit()


@pytest.fixture()
def other():
    """A second browser (another player's, for one test), beside the session's `driver`."""
    browser = chromium()
    yield browser
    browser.quit()


def record_page_errors(browser_driver):
    """Every page the current tab loads records its uncaught errors in window.__riffleErrors."""
    browser_driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__riffleErrors = [];
        window.addEventListener('error', (e) => window.__riffleErrors.push(String(e.message)));
        window.addEventListener('unhandledrejection', (e) => window.__riffleErrors.push(String(e.reason)));
    """})


def api(base, path):
    """GET an API path and decode the JSON body, whatever the status."""
    try:
        with urllib.request.urlopen(f"{base}/api/{path}", timeout=5) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        return json.load(error)


def call(base, method, path, token=None):
    """Sends `method` to an API path (as a player when `token` is given); returns the status and the decoded body."""
    request = urllib.request.Request(f"{base}/api/{path}", method=method)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        try:
            return error.status, json.load(error)
        except ValueError:
            return error.status, {}
