"""Browser tests of the web app: a real `riffle serve`, headless Chromium, WebDriver actions for mouse drags.

Each test loads the page afresh (a new shuffled deck) and checks the result through the API, as a user's actions
must reach the server. Screenshots of every view go to artifacts/screenshots/.
"""

import json
import re
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, SCREENSHOTS, api


LOADS = iter(range(1, 1_000_000))


def open_app(driver, server, route="swipe", width=1280, height=900, query="", fresh=True):
    """Loads the app afresh (a unique query forces a real load, so each test starts with a new deck)."""
    driver.set_window_size(width, height)
    if fresh:
        # The app continues the deck this browser used last; a test starts from a new one.
        driver.get(f"{server}/css/app.css")
        driver.execute_script("localStorage.clear()")
    driver.get(f"{server}/?load={next(LOADS)}{query}#{route}")
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'true'"),
        "the app did not finish dealing its first cards")
    wait_for_animations(driver)


def wait_for_animations(driver):
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const s = window.riffleApp.swipe; return s.stack && !s.frameRequested && !s.pointer"))


def settled(driver):
    """Waits until every queued API call has reached the server."""
    WebDriverWait(driver, 15).until(lambda d: d.execute_script(
        "const s = window.riffleApp.session; return s.queue.length === 0 && !s.running && !s.failure"))


def deck_id(driver):
    return driver.execute_script("return window.riffleApp.session.deckId")


def top_code(driver):
    return driver.execute_script("return document.querySelector('.stack').dataset.topCode")


def pile_codes(server, deck, pile):
    body = api(server, f"deck/{deck}/pile/{pile}/list/")
    if not body.get("success"):
        return []
    return [card["code"] for card in body["piles"][pile].get("cards", [])]


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


def test_drag_right_past_threshold_keeps_the_card(driver, server):
    open_app(driver, server)
    code = top_code(driver)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    drag(driver, stack, 240, 10, steps=12, pause=0.01)
    settled(driver)
    assert pile_codes(server, deck_id(driver), "keep") == [code]
    assert top_code(driver) != code
    assert "Kept" in driver.execute_script("return document.body.dataset.lastAnnouncement")
    no_page_errors(driver)


def test_short_slow_drag_springs_back(driver, server):
    open_app(driver, server)
    code = top_code(driver)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    actions = ActionChains(driver, duration=0)
    actions.move_to_element(stack).click_and_hold()
    for _ in range(6):
        actions.move_by_offset(5, 0).pause(0.12)
    actions.perform()
    moved = driver.execute_script("return document.querySelector('.card.top').style.transform")
    assert 25 < float(re.findall(r"translate3d\(([-0-9.e]+)px", moved)[0]) < 35, moved
    ActionChains(driver, duration=0).pause(0.15).release().perform()
    wait_for_animations(driver)
    settled(driver)
    transform = driver.execute_script("return document.querySelector('.card.top').style.transform")
    offsets = [float(v) for v in re.findall(r"translate3d\(([-0-9.e]+)px, ([-0-9.e]+)px", transform)[0]]
    assert all(abs(v) < 0.5 for v in offsets), transform
    assert top_code(driver) == code
    assert pile_codes(server, deck_id(driver), "keep") == []
    assert pile_codes(server, deck_id(driver), "discard") == []
    no_page_errors(driver)


def test_undo_brings_the_card_back_from_its_pile(driver, server):
    open_app(driver, server)
    code = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
    settled(driver)
    deck = deck_id(driver)
    assert pile_codes(server, deck, "keep") == [code]
    driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").click()
    wait_for_animations(driver)
    settled(driver)
    assert top_code(driver) == code
    assert pile_codes(server, deck, "keep") == []
    drawn = api(server, f"deck/{deck}/drawn/")
    assert code in [card["code"] for card in drawn["cards"]], "the undone card is back in the hand, not the deck"
    no_page_errors(driver)


def test_keyboard_swipes_and_undo(driver, server):
    open_app(driver, server)
    first = top_code(driver)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    stack.send_keys(Keys.ARROW_LEFT)
    wait_for_animations(driver)
    second = top_code(driver)
    stack.send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    deck = deck_id(driver)
    assert pile_codes(server, deck, "discard") == [first]
    assert pile_codes(server, deck, "keep") == [second]
    label = stack.get_attribute("aria-label")
    assert "Top card:" in label
    stack.send_keys("z")
    wait_for_animations(driver)
    settled(driver)
    assert top_code(driver) == second
    assert pile_codes(server, deck, "keep") == []
    no_page_errors(driver)


def test_refill_appends_cards_after_every_five_swipes(driver, server):
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    before = driver.execute_script("return window.riffleApp.swipe.cards.length")
    for _ in range(5):
        stack.send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    wait_for_animations(driver)
    after = driver.execute_script("return window.riffleApp.swipe.cards.length")
    assert after == before + 5
    assert len(pile_codes(server, deck_id(driver), "keep")) == 5
    assert driver.execute_script("return window.riffleApp.swipe.stack.remainingCount") == after - 5
    no_page_errors(driver)


def test_draw_on_the_table_places_a_card_inside_the_viewport(driver, server):
    open_app(driver, server, route="table")
    WebDriverWait(driver, 10).until(
        lambda d: "52 cards left" in d.find_element(By.CSS_SELECTOR, "[data-table-remaining]").text)
    for expected_left in (51, 50, 49):
        driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
        WebDriverWait(driver, 10).until(
            lambda d: f"{expected_left} cards left" in d.find_element(By.CSS_SELECTOR, "[data-table-remaining]").text)
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".table-card.dealt"))
    geometry = driver.execute_script("""
        const table = document.querySelector('[data-table]').getBoundingClientRect();
        return {
          table: {left: table.left, top: table.top, right: table.right, bottom: table.bottom, height: table.height},
          viewport: {width: innerWidth, height: innerHeight},
          cards: [...document.querySelectorAll('.table-card')].map((c) => {
            const r = c.getBoundingClientRect();
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
          }),
        };""")
    assert len(geometry["cards"]) == 3
    table = geometry["table"]
    for card in geometry["cards"]:
        assert card["left"] >= table["left"] - 0.5 and card["right"] <= table["right"] + 0.5
        assert card["top"] >= table["top"] - 0.5 and card["bottom"] <= table["bottom"] + 0.5
        assert card["left"] >= 0 and card["top"] >= 0
        assert card["right"] <= geometry["viewport"]["width"] and card["bottom"] <= geometry["viewport"]["height"]
        assert abs(card["height"] - 0.2 * table["height"]) < 1.0
        assert abs(card["width"] / card["height"] - 226 / 314) < 0.01
    screenshot(driver, "table-desktop")

    # Cards land at random places and may overlap: drag the last one dealt, which is on top, towards
    # the middle of the table so that the edge never stops it.
    card = driver.find_elements(By.CSS_SELECTOR, ".table-card")[-1]
    before = card.rect
    dx = 40 if before["x"] + before["width"] / 2 < (table["left"] + table["right"]) / 2 else -40
    dy = 30 if before["y"] + before["height"] / 2 < (table["top"] + table["bottom"]) / 2 else -30
    drag(driver, card, dx, dy, steps=5, pause=0)
    after = driver.find_elements(By.CSS_SELECTOR, ".table-card")[-1].rect
    assert abs(after["x"] - before["x"] - dx) < 2 and abs(after["y"] - before["y"] - dy) < 2, \
        f"a dragged table card follows the pointer: {before} -> {after}"
    no_page_errors(driver)


def deal_into_piles(driver, keys):
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    codes = []
    for key in keys:
        codes.append(top_code(driver))
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    return codes


def test_move_a_row_between_piles_by_its_handle(driver, server):
    open_app(driver, server)
    kept_a, kept_b, passed = deal_into_piles(driver, [Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT])
    deck = deck_id(driver)
    driver.execute_script("location.hash = '#piles'")
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".pile-keep li.row")) == 2)
    assert [r.get_attribute("data-code") for r in driver.find_elements(By.CSS_SELECTOR, ".pile-keep li.row")] == [
        kept_a, kept_b]

    # Pointer drag: the first keep row's handle onto the discard pile, below its only row.
    handle = driver.find_element(By.CSS_SELECTOR, f".pile-keep li[data-code='{kept_a}'] .handle")
    target = driver.find_element(By.CSS_SELECTOR, f".pile-discard li[data-code='{passed}']")
    actions = ActionChains(driver, duration=0)
    actions.move_to_element(handle).click_and_hold()
    start = handle.rect
    end = target.rect
    dx = end["x"] + 20 - (start["x"] + start["width"] / 2)
    dy = end["y"] + end["height"] * 0.85 - (start["y"] + start["height"] / 2)
    for _ in range(10):
        actions.move_by_offset(dx / 10, dy / 10).pause(0.02)
    actions.release().perform()
    settled(driver)
    assert pile_codes(server, deck, "keep") == [kept_b]
    assert pile_codes(server, deck, "discard") == [passed, kept_a]
    assert [r.get_attribute("data-code") for r in driver.find_elements(By.CSS_SELECTOR, ".pile-discard li.row")] == [
        passed, kept_a]

    # Keyboard alternative: the handle with ArrowUp moves the row up, past the top into the previous pile.
    handle = driver.find_element(By.CSS_SELECTOR, f".pile-discard li[data-code='{kept_a}'] .handle")
    handle.send_keys(Keys.ARROW_UP)
    settled(driver)
    assert pile_codes(server, deck, "discard") == [kept_a, passed]
    focused = driver.switch_to.active_element
    focused.send_keys(Keys.ARROW_UP)
    settled(driver)
    assert pile_codes(server, deck, "keep") == [kept_b, kept_a]
    assert pile_codes(server, deck, "discard") == [passed]
    screenshot(driver, "piles-desktop")
    no_page_errors(driver)


def test_return_a_row_to_the_deck_and_draw_one_into_a_pile(driver, server):
    open_app(driver, server)
    kept, passed = deal_into_piles(driver, [Keys.ARROW_RIGHT, Keys.ARROW_LEFT])
    deck = deck_id(driver)
    driver.execute_script("location.hash = '#piles'")
    row = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f".pile-discard li[data-code='{passed}']"))
    remaining = api(server, f"deck/{deck}/")["remaining"]
    row.find_element(By.CSS_SELECTOR, "[data-delete]").click()
    settled(driver)
    assert pile_codes(server, deck, "discard") == []
    assert api(server, f"deck/{deck}/")["remaining"] == remaining + 1
    assert driver.find_elements(By.CSS_SELECTOR, f"li[data-code='{passed}']") == []

    driver.find_element(By.CSS_SELECTOR, ".pile-keep [data-insert]").click()
    settled(driver)
    keep = pile_codes(server, deck, "keep")
    assert len(keep) == 2 and keep[0] == kept
    rows = [r.get_attribute("data-code") for r in driver.find_elements(By.CSS_SELECTOR, ".pile-keep li.row")]
    assert rows == keep
    no_page_errors(driver)


def test_server_errors_show_a_message_and_retry_keeps_every_card(driver, server):
    open_app(driver, server)
    code = top_code(driver)
    driver.execute_script("""
        window.__realFetch = window.fetch;
        window.fetch = (url, options) => String(url).includes('/api/')
          ? Promise.reject(new TypeError('Failed to fetch')) : window.__realFetch(url, options);""")
    driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
    banner = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-banner]") if d.find_element(
            By.CSS_SELECTOR, "[data-banner]").is_displayed() else None)
    assert "cannot be reached" in banner.text
    screenshot(driver, "swipe-error")
    deck = deck_id(driver)
    assert pile_codes(server, deck, "keep") == []
    assert driver.execute_script(
        "return window.riffleApp.piles.cardsIn('keep').map((c) => c.code)") == [code], "the card stays in view"
    driver.execute_script("window.fetch = window.__realFetch")
    banner.find_element(By.CSS_SELECTOR, "[data-retry]").click()
    settled(driver)
    assert not driver.find_element(By.CSS_SELECTOR, "[data-banner]").is_displayed()
    assert pile_codes(server, deck, "keep") == [code]
    no_page_errors(driver)


def test_engine_time_per_frame_is_reported(driver, server):
    open_app(driver, server, route="swipe", query="&debug=1")
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    drag(driver, stack, 40, 0, steps=20, pause=0.016)   # springs back: many frames with 3 cards drawn
    wait_for_animations(driver)
    stats = driver.execute_script("const s = window.riffleStats; return Object.assign({}, s)")
    assert stats["frames"] > 10
    assert isinstance(stats["averageFrameMs"], (int, float)) and stats["averageFrameMs"] >= 0
    assert len(stats["recentFrameMs"]) > 0
    assert stats["visibleCards"] >= 3
    bench = driver.execute_script("return window.riffleStats.benchmark(20000)")
    assert bench["msPerFrame"] > 0 and bench["visibleCards"] >= 3
    overlay = driver.find_element(By.CSS_SELECTOR, "[data-debug]")
    assert overlay.is_displayed() and "ms/frame" in overlay.text
    report = {
        "frames": stats["frames"], "averageFrameMs": stats["averageFrameMs"], "maxFrameMs": stats["maxFrameMs"],
        "benchmarkMsPerFrame": bench["msPerFrame"], "benchmarkMsPerFrameExport": bench["msPerFrameExport"],
        "benchmarkVisibleCards": bench["visibleCards"],
        "wasmBytes": stats["wasmBytes"],
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "webapp-perf.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"\nengine time per frame in Chromium: {json.dumps(report)}")
    no_page_errors(driver)


@pytest.mark.parametrize("width,height,suffix", [(1280, 900, "desktop"), (360, 740, "phone")])
def test_screenshots_of_every_view(driver, server, width, height, suffix):
    open_app(driver, server, width=width, height=height)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT):
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    screenshot(driver, f"swipe-{suffix}")
    # Mid-drag: the KEEP overlay shows on the card following the pointer.
    ActionChains(driver, duration=0).move_to_element(stack).click_and_hold().move_by_offset(60, 0).pause(
        0.05).move_by_offset(30, 5).perform()
    time.sleep(0.1)
    screenshot(driver, f"swipe-drag-{suffix}")
    ActionChains(driver, duration=0).move_by_offset(-90, -5).pause(0.3).release().perform()
    wait_for_animations(driver)
    driver.execute_script("location.hash = '#table'")
    draw = driver.find_element(By.CSS_SELECTOR, "[data-action='draw']")
    for left in (51, 50, 49, 48, 47):
        draw.click()
        WebDriverWait(driver, 10).until(
            lambda d: f"{left} cards left" in d.find_element(By.CSS_SELECTOR, "[data-table-remaining]").text)
    time.sleep(0.4)
    screenshot(driver, f"table-{suffix}")
    driver.execute_script("location.hash = '#piles'")
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 3)
    time.sleep(0.8)
    screenshot(driver, f"piles-{suffix}")
    width_ok = driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    assert width_ok, "no horizontal scrolling"
    no_page_errors(driver)


def test_reduced_motion_swipes_without_animation_and_an_empty_deck_offers_a_reshuffle(driver, server):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_app(driver, server)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        stack.send_keys(Keys.ARROW_LEFT)
        # Without motion the swipe is drawn at once: no animation frames are pending.
        assert driver.execute_script("return window.riffleApp.swipe.stack.isAnimating(performance.now() / 1000)") \
            is False
        for _ in range(150):
            done = driver.execute_script(
                "const a = window.riffleApp; return a.session.remaining === 0 && a.swipe.stack.remainingCount === 0"
                " && a.session.queue.length === 0")
            if done:
                break
            stack.send_keys(Keys.ARROW_LEFT)
        settled(driver)
        deck = deck_id(driver)
        assert len(pile_codes(server, deck, "discard")) == 52
        panel = WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-empty]") if d.find_element(
                By.CSS_SELECTOR, "[data-empty]").is_displayed() else None)
        assert "empty" in panel.text
        screenshot(driver, "swipe-empty")
        panel.find_element(By.CSS_SELECTOR, "[data-action='reshuffle']").click()
        WebDriverWait(driver, 15).until(
            lambda d: d.execute_script("return window.riffleApp.swipe.stack.remainingCount") > 0)
        settled(driver)
        assert pile_codes(server, deck, "discard") == []
        assert api(server, f"deck/{deck}/")["remaining"] == 52 - driver.execute_script(
            "return window.riffleApp.swipe.stack.remainingCount")
        assert not driver.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed()
        assert driver.execute_script("return window.riffleApp.swipe.stack.canUndo") is False, \
            "cards shuffled back into the deck leave the undo history"
        no_page_errors(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_reload_continues_the_same_deck_with_its_stack_and_piles(driver, server):
    open_app(driver, server)
    kept, passed = deal_into_piles(driver, [Keys.ARROW_RIGHT, Keys.ARROW_LEFT])
    deck = deck_id(driver)
    stack_before = driver.execute_script(
        "const s = window.riffleApp.swipe; const out = [];"
        "for (let p = 0; p < s.stack.remainingCount; p++)"
        "  out.push(s.cards[window.riffleApp.engine.exports.riffle_stack_index_at_position(s.stack.handle, p)].code);"
        "return out;")
    open_app(driver, server, route="piles", fresh=False)
    assert deck_id(driver) == deck
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 2)
    assert [r.get_attribute("data-code") for r in driver.find_elements(By.CSS_SELECTOR, ".pile-keep li.row")] == [kept]
    assert [r.get_attribute("data-code") for r in driver.find_elements(By.CSS_SELECTOR, ".pile-discard li.row")] == [
        passed]
    stack_after = driver.execute_script("return window.riffleApp.swipe.cards.map((c) => c.code)")
    assert stack_after[:len(stack_before)] == stack_before, "the hand comes back in the order it was dealt"
    no_page_errors(driver)


def test_an_error_answer_is_shown_and_retried_in_the_piles_view(driver, server):
    open_app(driver, server)
    kept, = deal_into_piles(driver, [Keys.ARROW_RIGHT])
    deck = deck_id(driver)
    driver.execute_script("location.hash = '#piles'")
    row = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f".pile-keep li[data-code='{kept}']"))
    driver.execute_script("""
        window.__realFetch = window.fetch;
        window.fetch = (url, options) => String(url).includes('/return/')
          ? Promise.resolve(new Response(JSON.stringify({success: false, error: 'The database is busy.'}),
              {status: 503, headers: {'Content-Type': 'application/json'}}))
          : window.__realFetch(url, options);""")
    row.find_element(By.CSS_SELECTOR, "[data-delete]").click()
    banner = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-banner]") if d.find_element(
            By.CSS_SELECTOR, "[data-banner]").is_displayed() else None)
    assert "The database is busy." in banner.text
    assert pile_codes(server, deck, "keep") == [kept], "the server still has the card until the retry"
    driver.execute_script("window.fetch = window.__realFetch")
    banner.find_element(By.CSS_SELECTOR, "[data-retry]").click()
    settled(driver)
    assert pile_codes(server, deck, "keep") == []
    assert driver.find_elements(By.CSS_SELECTOR, f"li[data-code='{kept}']") == []
    no_page_errors(driver)
