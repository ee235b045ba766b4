"""What the browser tests share: opening the app, reading what a user sees (accessible names, visible text) and
what the API holds, and making the server unreachable for the page (Chrome's network blocking, which survives a
reload) or answer with an error.

Nothing here reads the app's private state: the deck id comes from the requests the page made to the API, the
top card from the stack's accessible name, pile contents from the visible rows or the API.
"""

import re
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SCREENSHOTS, api

LOADS = iter(range(1, 1_000_000))
VALUES = {"Ace": "A", "Jack": "J", "Queen": "Q", "King": "K", "10": "0"}
SUITS = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}


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
    """Waits until the cards stop moving (the top card's transform is the same over 80 ms)."""
    def still(d):
        script = "const c = document.querySelector('.card.top'); return c ? c.style.transform : ''"
        first = d.execute_script(script)
        time.sleep(0.08)
        return d.execute_script(script) == first and not d.find_elements(By.CSS_SELECTOR, ".stack.dragging")
    WebDriverWait(driver, 10).until(still)


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


def banner(driver):
    element = driver.find_element(By.CSS_SELECTOR, "[data-banner]")
    return element if element.is_displayed() else None


def wait_banner(driver, text=None, timeout=10):
    return WebDriverWait(driver, timeout).until(
        lambda d: banner(d) if banner(d) and (text is None or text in banner(d).text) else None,
        f"no banner saying {text!r}")


def go(driver, route):
    driver.execute_script(f"location.hash = '#{route}'")
