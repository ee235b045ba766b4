"""What the browser tests share: opening the app, reading what a user sees (accessible names, visible text) and
what the API holds, and making the server unreachable for the page (Chrome's network blocking, which survives a
reload), answer with an error, or lose its answers (DevTools below).

Nothing here reads the app's private state: the deck id comes from the requests the page made to the API, the
top card from the stack's accessible name, pile contents from the visible rows or the API.
"""

import contextlib
import json
import re
import threading
import time
import urllib.request

import websocket
from selenium.common.exceptions import (
    ElementClickInterceptedException, ElementNotInteractableException, StaleElementReferenceException,
)

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SCREENSHOTS, api

LOADS = iter(range(1, 1_000_000))
VALUES = {"Ace": "A", "Jack": "J", "Queen": "Q", "King": "K", "10": "0"}
SUITS = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}


class PageWait(WebDriverWait):
    """A WebDriverWait that reads again when the page re-rendered an element between finding and reading it
    (a live table's lists re-render on every event): a stale element is a moment, not a failure."""

    def __init__(self, driver, timeout, poll_frequency=0.5, ignored_exceptions=()):
        super().__init__(driver, timeout, poll_frequency,
                         ignored_exceptions=(StaleElementReferenceException, *ignored_exceptions))


def code_of(name):
    """'Queen of Hearts' -> 'QH', '10 of Clubs' -> '0C'."""
    value, suit = name.split(" of ")
    return VALUES.get(value, value) + SUITS[suit]


def open_app(driver, server, route="swipe", width=1280, height=900, query="", fresh=True):
    """Loads the app (afresh: a new deck) and waits until the user sees its first cards."""
    set_viewport(driver, width, height)
    if fresh:
        driver.get(f"{server}/css/app.css")
        driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.get(f"{server}/?load={next(LOADS)}{query}#{route}")
    wait_ready(driver)


@contextlib.contextmanager
def reduced_motion(driver):
    """The page as a user who asked for reduced motion sees it (prefers-reduced-motion: reduce), until the block
    ends, however it ends."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def set_viewport(driver, width, height):
    """Makes the page's viewport exactly width x height CSS pixels (the window's own frame aside)."""
    driver.set_window_size(width + 16, height + 200)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def wait_ready(driver):
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'true'"),
        "the app did not finish dealing its first cards")
    wait_for_animations(driver)


def wait_for_animations(driver):
    """Waits until the cards stop moving (the top card's transform is the same over 80 ms).

    The engine moves the cards from script, frame by frame, so no animation event says they stopped: "still" is
    measured, over five frames, and polled until it holds (within WebDriverWait's bound)."""
    def still(d):
        script = "const c = document.querySelector('.card.top'); return c ? c.style.transform : ''"
        first = d.execute_script(script)
        time.sleep(0.08)  # the measuring window of "still", not a wait for work
        return d.execute_script(script) == first and not d.find_elements(By.CSS_SELECTOR, ".stack.dragging")
    WebDriverWait(driver, 10).until(still)


def wait_for_css_animations(driver, timeout=10):
    """Waits until no CSS animation or transition runs on the page (a dealt card's flight, a row's flash): each one
    running is awaited until it finishes, then the page is asked again for any that started meanwhile."""
    driver.set_script_timeout(timeout)
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const check = () => {
          const running = document.getAnimations().filter((a) => a.playState === 'running' || a.pending);
          if (running.length === 0) return done(true);
          Promise.allSettled(running.map((a) => a.finished)).then(() => requestAnimationFrame(check));
        };
        check();""")


def sync_text(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-sync]").text


def settled(driver, timeout=15):
    """Waits until the page says every change is saved."""
    WebDriverWait(driver, timeout).until(
        lambda d: sync_text(d) == "All saved", "the page never said every change was saved")


def deck_id(driver):
    """The deck the page talks to, from the API requests it made."""
    names = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    ids = [m.group(1) for n in names for m in [re.search(r"/api/deck/([a-z0-9]+)/", n)] if m and m.group(1) != "new"]
    assert ids, "the page made no request for a deck"
    return ids[-1]


def stack_label(driver):
    return driver.find_element(By.CSS_SELECTOR, ".stack").get_attribute("aria-label")


def top_code(driver):
    """The top card's code, read from the stack's accessible name ('Card stack. Top card: Queen of Hearts. ...')."""
    match = re.search(r"Top card: ([^.]+)\.", stack_label(driver))
    return code_of(match.group(1)) if match else None


def counts(driver):
    """(cards in the stack, cards left in the deck) as the counts line shows them."""
    text = driver.find_element(By.CSS_SELECTOR, "[data-counts]").text
    match = re.match(r"(\d+) cards? in the stack · (\d+) cards? left in the deck", text)
    assert match, text
    return int(match.group(1)), int(match.group(2))


def announcement(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent")


def pile_codes(server, deck, pile):
    body = api(server, f"deck/{deck}/pile/{pile}/list/")
    if not body.get("success"):
        return []
    return [card["code"] for card in body["piles"][pile].get("cards", [])]


def hand_codes(server, deck):
    return [card["code"] for card in api(server, f"deck/{deck}/drawn/")["cards"]]


def visible_rows(driver, pile):
    """The codes of a pile's rows as the Piles view lists them (from each row's visible card name)."""
    return [code_of(row.find_element(By.CSS_SELECTOR, ".name").get_attribute("textContent"))
            for row in driver.find_elements(By.CSS_SELECTOR, f".pile-{pile} li.row")]


def no_page_errors(driver):
    errors = driver.execute_script("return window.__riffleErrors")
    assert errors == [], f"errors on the page: {errors}"


def drag(driver, element, dx, dy, steps, pause):
    """Presses the mouse at the element's centre, moves by (dx, dy) in `steps` moves `pause` seconds apart."""
    actions = ActionChains(driver, duration=0)
    actions.move_to_element(element).click_and_hold()
    for _ in range(steps):
        actions.move_by_offset(dx / steps, dy / steps)
        if pause:
            actions.pause(pause)
    actions.release()
    actions.perform()


def screenshot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def server_down(driver):
    """The card server stops answering this browser (requests fail as unreachable), also across reloads."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/*"]})


def server_up(driver):
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


def server_answers_busy(driver):
    """The server answers every API request 503 'The database is busy.' (until the page is reloaded)."""
    driver.execute_script("""
        window.__realFetch = window.__realFetch || window.fetch;
        window.fetch = (url, options) => String(url).includes('/api/')
          ? Promise.resolve(new Response(JSON.stringify({success: false, error: 'The database is busy.'}),
              {status: 503, headers: {'Content-Type': 'application/json'}}))
          : window.__realFetch(url, options);""")


def server_answers_normally(driver):
    driver.execute_script("if (window.__realFetch) window.fetch = window.__realFetch")


def press_retry(driver):
    """Presses the banner's Retry if it still shows: once the server answers again the outbox also resends by itself
    (after 1 to 5 s), and may have done so already, the banner going away under the click. Either way the changes
    are sent (within the next try at the latest); the test then waits for that and checks the API."""
    try:
        retry = driver.find_element(By.CSS_SELECTOR, "[data-retry]")
        if retry.is_displayed():
            retry.click()
    except (ElementClickInterceptedException, ElementNotInteractableException, StaleElementReferenceException):
        pass


def banner(driver):
    element = driver.find_element(By.CSS_SELECTOR, "[data-banner]")
    return element if element.is_displayed() else None


def wait_banner(driver, text=None, timeout=10):
    return WebDriverWait(driver, timeout).until(
        lambda d: banner(d) if banner(d) and (text is None or text in banner(d).text) else None,
        f"no banner saying {text!r}")


def go(driver, route):
    """Opens a view, and waits until it shows and has its code (Table and Piles are fetched when first opened, and
    are aria-busy until then)."""
    driver.execute_script(f"location.hash = '#{route}'")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const s = document.getElementById(arguments[0]); return !s.hidden && s.getAttribute('aria-busy') !== 'true'",
        f"view-{route}"), f"the {route} view did not open")


class DevTools:
    """A DevTools protocol connection of the test's own to the page in the driver's current tab (Chrome lets several
    clients attach): it records the requests the page sends, with their headers; it can drop the answers of matching
    requests after the server has handled them (Fetch at the Response stage, then failRequest), so that the server
    has made the change and the page never hears of it; and it can hold matching requests before they leave the
    browser until the test releases them. Use as a context manager."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as response:
            targets = json.load(response)
        page = next(t for t in targets if t["id"] == driver.current_window_handle)
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True)
        self.sending = threading.Lock()
        self.answered = threading.Condition()
        self.replies = {}
        self.next_id = 0
        self.requests = []          # every request the page sent: {"method", "url", "headers"}
        self.drops_left = 0
        self.dropped = []           # the URLs whose answers were dropped
        self.holding = False
        self.held = []              # the requests held back: (request id, url)
        self.traffic = threading.Condition()
        self.in_flight = {}         # request id -> url of each request sent and not yet finished or failed
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def send(self, method, params=None):
        with self.sending:
            self.next_id += 1
            self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params or {}}))
            return self.next_id

    def command(self, method, params=None, timeout=10):
        """Sends a command and waits for its reply (the protocol's own answer, not the page's work)."""
        number = self.send(method, params)
        with self.answered:
            if not self.answered.wait_for(lambda: number in self.replies, timeout):
                raise AssertionError(f"DevTools did not answer {method}")
            reply = self.replies.pop(number)
        if "error" in reply:
            raise AssertionError(f"DevTools refused {method}: {reply['error']}")
        return reply.get("result", {})

    def record_requests(self):
        self.command("Network.enable")

    def drop_answers(self, url_pattern, count=1):
        """The next `count` requests matching `url_pattern` (DevTools wildcards) reach the server, and their answers
        never reach the page: it sees a network error."""
        self.drops_left = count
        self.command("Fetch.enable", {"patterns": [{"urlPattern": url_pattern, "requestStage": "Response"}]})

    def hold_requests(self, url_pattern):
        """Requests matching `url_pattern` wait in the browser, not yet sent, until `release()`."""
        self.holding = True
        self.command("Fetch.enable", {"patterns": [{"urlPattern": url_pattern, "requestStage": "Request"}]})

    def release(self):
        """Sends the held requests on, and holds no more."""
        self.holding = False
        for request_id, _ in self.held:
            self.command("Fetch.continueRequest", {"requestId": request_id})
        self.held = []
        self.command("Fetch.disable")

    def forget_loads(self):
        """Forgets the requests in flight (those of a page about to be left); `wait_until_loaded` then waits for the
        ones sent from now on."""
        with self.traffic:
            self.in_flight.clear()

    def wait_until_loaded(self, timeout=20):
        """Waits until every request the page has sent (since `record_requests` or `forget_loads`) has finished or
        failed: what the page loads has crossed the network."""
        with self.traffic:
            if not self.traffic.wait_for(lambda: not self.in_flight, timeout):
                raise AssertionError(f"the page's requests did not finish: {sorted(self.in_flight.values())}")

    def sent(self, pattern):
        """The requests whose URL matches the regular expression `pattern`, in the order they were sent."""
        return [r for r in self.requests if re.search(pattern, r["url"])]

    def read(self):
        while True:
            try:
                message = json.loads(self.socket.recv())
            except Exception:  # the connection closed: the test is over
                return
            if "id" in message:
                with self.answered:
                    self.replies[message["id"]] = message
                    self.answered.notify_all()
            elif message.get("method") == "Network.requestWillBeSent":
                request = message["params"]["request"]
                self.requests.append({"method": request["method"], "url": request["url"],
                                      "headers": request.get("headers", {})})
                with self.traffic:
                    self.in_flight[message["params"]["requestId"]] = request["url"]
            elif message.get("method") in ("Network.loadingFinished", "Network.loadingFailed"):
                with self.traffic:
                    self.in_flight.pop(message["params"]["requestId"], None)
                    self.traffic.notify_all()
            elif message.get("method") == "Fetch.requestPaused":
                request_id = message["params"]["requestId"]
                if self.holding:
                    self.held.append((request_id, message["params"]["request"]["url"]))
                elif self.drops_left > 0:
                    self.drops_left -= 1
                    self.dropped.append(message["params"]["request"]["url"])
                    self.send("Fetch.failRequest", {"requestId": request_id, "errorReason": "ConnectionReset"})
                else:
                    self.send("Fetch.continueRequest", {"requestId": request_id})

    def close(self):
        try:
            self.socket.close()
        except Exception:  # already closed
            pass
        self.reader.join(timeout=5)


def wait_offline_ready(driver, timeout=20):
    """Waits until the service worker controls the page and keeps the page itself for an outage (what a reload while
    the server is down needs)."""
    driver.set_script_timeout(timeout)
    ready = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const deadline = Date.now() + arguments[0] * 1000;
        const check = async () => {
          if (navigator.serviceWorker && navigator.serviceWorker.controller) {
            for (const name of await caches.keys()) {
              if (name.startsWith('riffle-app-') && await (await caches.open(name)).match('/')) return true;
            }
          }
          return false;
        };
        (async () => {
          while (Date.now() < deadline) {
            if (await check()) return done(true);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          done(false);
        })();""", timeout)
    assert ready, "the service worker never took the page over with the app kept for an outage"


RECORD_SPEECH = """
    window.__said = [];
    for (const region of document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
      const name = Object.keys(region.dataset)[0] || region.getAttribute('role');
      new MutationObserver(() => {
        const text = region.textContent.trim();
        if (text) window.__said.push({region: name, text, at: performance.now()});
      }).observe(region, {childList: true, characterData: true, subtree: true});
    }"""


def listen(driver):
    """Starts recording what the page's live regions say (each change: region, text, time), in order."""
    driver.execute_script(RECORD_SPEECH)


def said(driver):
    return driver.execute_script("return window.__said")


def service_worker_eval(driver, expression, timeout=10):
    """Evaluates `expression` in the page origin's service worker (through a DevTools connection of the test's own to
    the worker's target) and returns its value, JSON-serialisable."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    origin = re.match(r"https?://[^/]+", driver.current_url).group(0)
    deadline = time.monotonic() + timeout
    while True:
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as response:
            targets = json.load(response)
        worker = next((t for t in targets if t.get("type") == "service_worker" and t["url"].startswith(origin)), None)
        if worker or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert worker, f"no service worker runs for {origin}"
    socket = websocket.create_connection(worker["webSocketDebuggerUrl"], suppress_origin=True, timeout=timeout)
    try:
        socket.send(json.dumps({"id": 1, "method": "Runtime.evaluate",
                                "params": {"expression": expression, "returnByValue": True, "awaitPromise": True}}))
        while True:
            message = json.loads(socket.recv())
            if message.get("id") == 1:
                break
    finally:
        socket.close()
    assert "exceptionDetails" not in message.get("result", {}), message
    return message["result"]["result"].get("value")
