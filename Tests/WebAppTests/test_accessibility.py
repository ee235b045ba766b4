"""Defect 5 of issue 14 and WCAG 2.2 AA: axe-core finds no violation (of any impact) on Swipe, Table and Piles, also
with the error banner, offline, with pending rows and after a reload (issue 32); the focus ring has >= 3:1 contrast
against what surrounds it; after a swipe the new top card is announced; the empty deck is announced and focus stays
in the view.
"""

import importlib.util
import json
import pathlib
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS
from webapp import (
    announcement, counts, go, no_page_errors, open_app, press_retry, server_down, server_up, settled, top_code,
    wait_banner, wait_for_animations, reduced_motion,
)


def axe_source():
    """axe.min.js from PyPI: axe-playwright-python ships axe-core 4.x (axe-selenium-python an older 3.x)."""
    for package in ("axe_playwright_python", "axe_selenium_python"):
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            for candidate in pathlib.Path(list(spec.submodule_search_locations)[0]).rglob("axe.min.js"):
                return candidate.read_text()
    pytest.fail("axe.min.js not found: pip install --no-deps axe-playwright-python (scripts/test-webapp.sh does)")


def run_axe(driver, source, name, strict=False):
    """Runs axe-core on the page; returns its serious and critical violations, or every violation when `strict`."""
    driver.execute_script(source)
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ['violations']}).then((r) => done({
          version: axe.version,
          violations: r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))}));""")
    serious = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{name}.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"\naxe {result['version']} on {name}: {len(result['violations'])} violations, {len(serious)} serious or "
          f"critical")
    return result["violations"] if strict else serious


def test_axe_finds_no_violation_on_any_view(driver, server):
    driver.set_script_timeout(30)
    source = axe_source()
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_LEFT):
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    found = {}
    found["swipe"] = run_axe(driver, source, "swipe", strict=True)
    go(driver, "table")
    driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
    settled(driver)
    found["table"] = run_axe(driver, source, "table", strict=True)
    driver.find_element(By.CSS_SELECTOR, "[data-action='new-deck']").click()
    found["table-confirm"] = run_axe(driver, source, "table-confirm", strict=True)
    driver.find_element(By.CSS_SELECTOR, "[data-action='cancel-new-deck']").click()
    go(driver, "piles")
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 2)
    found["piles"] = run_axe(driver, source, "piles", strict=True)
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, ".pile-keep li.row [data-delete]").click()
        wait_banner(driver, "not saved yet")
        found["piles-error"] = run_axe(driver, source, "piles-error", strict=True)
    finally:
        server_up(driver)
    press_retry(driver)
    settled(driver)
    assert {name: v for name, v in found.items() if v} == {}
    no_page_errors(driver)


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def pixel_colours(driver, element, outside):
    """Colours of the screenshot at points `outside` px beyond the element's left edge, centre height."""
    import base64
    import struct
    import zlib
    png = base64.b64decode(driver.get_screenshot_as_base64())
    # A minimal PNG reader (8-bit RGB/RGBA, no interlace) for the few pixels the check needs.
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, colour = 8, b"", 0, 0, 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", data[:10])
            assert depth == 8
        elif kind == b"IDAT":
            idat += data
        pos += 12 + length
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    rect = element.rect
    y = int(rect["y"] + rect["height"] / 2)
    return [tuple(rows[y][(int(rect["x"]) - d) * channels:(int(rect["x"]) - d) * channels + 3]) for d in outside]


def test_the_focus_ring_has_three_to_one_contrast(driver, server):
    open_app(driver, server)
    for selector in ("[data-action='pass']", "nav a[href='#table']"):
        element = driver.find_element(By.CSS_SELECTOR, selector)
        driver.execute_script("arguments[0].focus({focusVisible: true})", element)
        # Keyboard focus, as a user gets it: Tab onto the element from the one before.
        driver.execute_script("""
            const el = arguments[0]; const all = [...document.querySelectorAll('a, button, [tabindex="0"]')]
              .filter((e) => !e.disabled && e.offsetParent);
            all[all.indexOf(el) - 1].focus();""", element)
        driver.switch_to.active_element.send_keys(Keys.TAB)
        assert driver.switch_to.active_element == element
        ring, halo, beyond = pixel_colours(driver, element, [4, 7, 14])
        print(f"\n{selector}: ring {ring}, halo {halo}, page {beyond}: "
              f"{contrast(ring, halo):.1f}:1 against the halo, {contrast(ring, beyond):.1f}:1 / halo "
              f"{contrast(halo, beyond):.1f}:1 against the page")
        assert contrast(ring, halo) >= 3, "the ring stands out from its halo"
        assert max(contrast(ring, beyond), contrast(halo, beyond)) >= 3, "the indicator stands out from the page"


def test_swipes_announce_the_new_top_card_and_the_empty_deck_keeps_focus(driver, server):
    with reduced_motion(driver):
        open_app(driver, server)
        first = top_code(driver)
        keep = driver.find_element(By.CSS_SELECTOR, "[data-action='keep']")
        keep.click()
        nxt = top_code(driver)
        WebDriverWait(driver, 5).until(lambda d: announcement(d).startswith("Kept"))
        said = announcement(driver)
        assert re.search(r"Next: [^.]+\.", said), said
        from webapp import code_of
        assert code_of(re.search(r"Kept ([^.]+)\.", said).group(1)) == first
        assert code_of(re.search(r"Next: ([^.]+)\.", said).group(1)) == nxt
        # Keep every card with the keyboard, each key once the last one shows in the counts (as a
        # person sees a swipe land before the next): Enter on the Keep button while it has focus, and
        # once Keep has disabled under the keyboard and handed focus to the stack, the right arrow there.
        # Focus stays on the stack or its buttons throughout.
        for _ in range(200):
            shown = counts(driver)
            in_stack, left = shown
            if in_stack == 0 and left == 0:
                break
            if in_stack > 0:
                active = driver.switch_to.active_element
                if active == keep:
                    active.send_keys(Keys.ENTER)
                else:
                    assert "stack" in (active.get_attribute("class") or ""), \
                        f"focus left the stack and its buttons for <{active.tag_name}> {active.text[:60]!r}"
                    active.send_keys(Keys.ARROW_RIGHT)
            # An empty stack is dealt again by itself; either way the counts must move on.
            WebDriverWait(driver, 10).until(
                lambda d: counts(d) != shown,
                f"a key press at {shown} did not show" if in_stack else "the stack was not dealt again")
        settled(driver)
        WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed())
        active = driver.switch_to.active_element
        assert active.tag_name != "body", "focus dropped to the page"
        assert active.text == "The deck is empty." or "stack" in (active.get_attribute("class") or "")
        WebDriverWait(driver, 5).until(lambda d: "The deck is empty" in announcement(d))
        no_page_errors(driver)


def test_axe_finds_no_violation_at_all_offline_with_pending_rows_and_after_a_reload(driver, server):
    """Issue 32's states of Swipe, Table and Piles: axe-core finds no violation of any impact (minor included)."""
    from webapp import deck_id, wait_ready
    driver.set_script_timeout(30)
    source = axe_source()
    found = {}

    def check(name):
        found[name] = run_axe(driver, source, name, strict=True)

    with reduced_motion(driver):
        open_app(driver, server)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        for key in (Keys.ARROW_RIGHT, Keys.ARROW_LEFT):
            stack.send_keys(key)
        settled(driver)
        check("swipe-online")
        driver.refresh()
        wait_ready(driver)
        check("swipe-undo-after-reload")
        driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").click()
        settled(driver)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        server_down(driver)
        try:
            for _ in range(20):
                if counts(driver)[0] == 0:
                    break
                stack.send_keys(Keys.ARROW_RIGHT)
            WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed())
            check("swipe-offline-waiting")
            go(driver, "table")
            driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
            check("table-offline-pending")
            go(driver, "piles")
            driver.find_element(By.CSS_SELECTOR, ".pile-discard [data-insert]").click()
            WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".pile-discard li.pending-row"))
            check("piles-offline-pending")
        finally:
            server_up(driver)
        settled(driver)
        go(driver, "table")
        card = driver.find_element(By.CSS_SELECTOR, ".table-card")
        card.send_keys(Keys.ARROW_DOWN)
        check("table-after-a-keyboard-move")
        go(driver, "piles")
        check("piles-online")
        assert deck_id(driver)
    assert {name: v for name, v in found.items() if v} == {}
    no_page_errors(driver)


def test_axe_finds_no_violation_at_all_in_any_state_of_the_play_view(driver, server):
    """Issue 32: the Play view's states, each at a phone size and on a laptop: joining, the table with a fanned hand,
    cards selected, a move logged with Undo on offer, the host's confirmations, a gift received, and a spectator's
    watch page."""
    from conftest import chromium
    from test_play import button, field, hand, join, play, select_cards, start_table, text_shown

    driver.set_script_timeout(30)
    source = axe_source()
    found = {}
    link = start_table(driver, server)
    found["play-join"] = run_axe(driver, source, "play-join", strict=True)
    field(driver, "Your name").send_keys("ana")
    button(driver, "Join the table").click()
    text_shown(driver, "You are ana.")
    other = chromium()
    try:
        join(other, server, link, "bo")
        text_shown(driver, "bo: 0 cards, face down")
        field(driver, "How many cards").clear()
        field(driver, "How many cards").send_keys("6")
        Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
        Select(field(driver, "Deal to")).select_by_visible_text("ana (you)")
        button(driver, "Deal").click()
        WebDriverWait(driver, 10).until(lambda d: len(hand(d)) == 6)
        for width, height in ((360, 740), (740, 360), (1440, 900)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            found[f"play-table-{width}x{height}"] = run_axe(driver, source, f"play-table-{width}x{height}", strict=True)
        cards = hand(driver)
        select_cards(driver, cards[:2])
        found["play-selected"] = run_axe(driver, source, "play-selected", strict=True)
        play(driver, cards[:2])
        WebDriverWait(driver, 10).until(lambda d: len(hand(d)) == 4)
        button(driver, "Undo your last play: take back the " + " and the ".join(
            __import__("test_play").card_name(c) for c in cards[:2]))
        found["play-logged-undo"] = run_axe(driver, source, "play-logged-undo", strict=True)
        button(driver, "Start a new round").click()
        button(driver, "Collect and shuffle")
        found["play-new-round"] = run_axe(driver, source, "play-new-round", strict=True)
        button(driver, "Cancel").click()
        button(driver, "Remove bo").click()
        button(driver, "Yes, remove bo")
        found["play-remove"] = run_axe(driver, source, "play-remove", strict=True)
        button(driver, "Keep them").click()
        select_cards(driver, hand(driver)[:1])
        button(driver, "Give").click()
        WebDriverWait(other, 10).until(lambda d: len(hand(d)) == 1)
        other.set_script_timeout(30)
        found["play-gift-received"] = run_axe(other, source, "play-gift-received", strict=True)
        other.get(f"{link}/watch")
        text_shown(other, "You are watching")
        found["play-watch"] = run_axe(other, source, "play-watch", strict=True)
    finally:
        other.quit()
    assert {name: v for name, v in found.items() if v} == {}
    no_page_errors(driver)
