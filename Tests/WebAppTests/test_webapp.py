"""Browser tests of the web app: a real `riffle serve`, headless Chromium, WebDriver actions for mouse drags.

Each test loads the page afresh (a new shuffled deck) and checks the result through the API, as a user's actions
must reach the server. Screenshots of every view go to artifacts/screenshots/.
"""

import json
import re
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, api
from webapp import (
    announcement, code_of, counts, deck_id, drag, go, no_page_errors, open_app, pile_codes, screenshot,
    server_answers_busy, server_answers_normally, press_retry, server_down, server_up, settled, top_code, visible_rows,
    wait_banner, wait_for_animations, wait_ready, reduced_motion,
)



def test_drag_right_past_threshold_keeps_the_card(driver, server):
    open_app(driver, server)
    code = top_code(driver)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    drag(driver, stack, 240, 10, steps=12, pause=0.01)
    settled(driver)
    assert pile_codes(server, deck_id(driver), "keep") == [code]
    assert top_code(driver) != code
    assert "Kept" in announcement(driver)
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
    assert 25 < float(re.findall(r"matrix\((?:[-0-9.e]+, ){4}([-0-9.e]+)", moved)[0]) < 35, moved
    ActionChains(driver, duration=0).pause(0.15).release().perform()
    wait_for_animations(driver)
    settled(driver)
    transform = driver.execute_script("return document.querySelector('.card.top').style.transform")
    offsets = [float(v) for v in re.findall(r"matrix\((?:[-0-9.e]+, ){4}([-0-9.e]+), ([-0-9.e]+)\)", transform)[0]]
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


def test_redo_swipes_the_undone_card_again_and_saves_it(driver, server):
    open_app(driver, server)
    first = top_code(driver)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    stack.send_keys(Keys.ARROW_RIGHT)
    wait_for_animations(driver)
    stack.send_keys("z")
    wait_for_animations(driver)
    settled(driver)
    deck = deck_id(driver)
    assert top_code(driver) == first
    assert pile_codes(server, deck, "keep") == []
    stack.send_keys(Keys.SHIFT, "z")
    wait_for_animations(driver)
    settled(driver)
    assert top_code(driver) != first
    assert pile_codes(server, deck, "keep") == [first]
    assert "Shift+Z" in driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").get_attribute("aria-keyshortcuts")
    no_page_errors(driver)


def test_the_stack_is_dealt_again_as_it_runs_low(driver, server):
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    in_stack, left = counts(driver)
    assert (in_stack, left) == (10, 42)
    for _ in range(8):
        stack.send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    wait_for_animations(driver)
    in_stack, left = counts(driver)
    deck = deck_id(driver)
    assert len(pile_codes(server, deck, "keep")) == 8
    assert in_stack >= 5, "the stack was topped up"
    assert left == api(server, f"deck/{deck}/")["remaining"]
    assert in_stack == len(api(server, f"deck/{deck}/drawn/")["cards"])
    no_page_errors(driver)


def test_draw_on_the_table_places_a_card_inside_the_viewport(driver, server):
    open_app(driver, server, route="table")
    WebDriverWait(driver, 10).until(
        lambda d: "42 cards left" in d.find_element(By.CSS_SELECTOR, "[data-table-remaining]").text)
    for expected_left in (41, 40, 39):
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
    go(driver, "piles")
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".pile-keep li.row")) == 2)
    assert visible_rows(driver, "keep") == [kept_a, kept_b]

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
    assert visible_rows(driver, "discard") == [passed, kept_a]

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
    go(driver, "piles")
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
    assert visible_rows(driver, "keep") == keep
    no_page_errors(driver)


def test_server_errors_show_a_message_and_retry_keeps_every_card(driver, server):
    open_app(driver, server)
    code = top_code(driver)
    deck = deck_id(driver)
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
        shown = wait_banner(driver, "cannot be reached")
        assert "1 change not saved yet" in shown.text
        screenshot(driver, "swipe-error")
        assert pile_codes(server, deck, "keep") == []
        go(driver, "piles")
        assert visible_rows(driver, "keep") == [code], "the card stays where the user put it"
    finally:
        server_up(driver)
    press_retry(driver)
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


def test_reduced_motion_swipes_without_animation_and_an_empty_deck_offers_to_reshuffle_the_discards(driver, server):
    with reduced_motion(driver):
        open_app(driver, server)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        first = top_code(driver)
        stack.send_keys(Keys.ARROW_LEFT)
        # Without motion the swipe is drawn at once: in the very next frame the new top card sits still.
        transform = driver.execute_script("""
            return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(
              () => resolve(document.querySelector('.card.top').style.transform))));""")
        assert top_code(driver) != first
        offsets = [float(v) for v in re.findall(r"matrix\((?:[-0-9.e]+, ){4}([-0-9.e]+), ([-0-9.e]+)\)", transform)[0]]
        assert all(abs(v) < 0.5 for v in offsets), transform
        for _ in range(120):
            in_stack, left = counts(driver)
            if in_stack == 0 and left == 0:
                break
            stack.send_keys(Keys.ARROW_LEFT)
            if in_stack <= 1:
                settled(driver)
        settled(driver)
        deck = deck_id(driver)
        assert len(pile_codes(server, deck, "discard")) == 52
        panel = WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-empty]") if d.find_element(
                By.CSS_SELECTOR, "[data-empty]").is_displayed() else None)
        assert "The deck is empty" in panel.text and "52 cards in Discard" in panel.text
        screenshot(driver, "swipe-empty")
        panel.find_element(By.CSS_SELECTOR, "[data-action='reshuffle']").click()
        WebDriverWait(driver, 15).until(lambda d: counts(d)[0] > 0)
        settled(driver)
        assert pile_codes(server, deck, "discard") == []
        in_stack, left = counts(driver)
        assert api(server, f"deck/{deck}/")["remaining"] == left == 52 - in_stack
        assert not driver.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed()
        assert not driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").is_enabled(), \
            "cards shuffled back into the deck leave the undo history"
        no_page_errors(driver)


def test_a_reload_continues_the_same_deck_with_its_stack_piles_and_table(driver, server):
    open_app(driver, server)
    kept, passed = deal_into_piles(driver, [Keys.ARROW_RIGHT, Keys.ARROW_LEFT])
    deck = deck_id(driver)
    top = top_code(driver)
    go(driver, "table")
    driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
    settled(driver)
    table = pile_codes(server, deck, "table")
    assert len(table) == 1
    open_app(driver, server, route="piles", fresh=False)
    assert deck_id(driver) == deck
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 2)
    assert visible_rows(driver, "keep") == [kept]
    assert visible_rows(driver, "discard") == [passed]
    assert top_code(driver) == top, "the stack comes back with the same top card"
    go(driver, "table")
    cards = driver.find_elements(By.CSS_SELECTOR, ".table-card")
    assert [code_of(c.get_attribute("aria-label").split(":")[0]) for c in cards] == table, \
        "the table is kept on reload"
    no_page_errors(driver)


def test_an_error_answer_is_shown_and_retried_in_the_piles_view(driver, server):
    open_app(driver, server)
    kept, = deal_into_piles(driver, [Keys.ARROW_RIGHT])
    deck = deck_id(driver)
    go(driver, "piles")
    row = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f".pile-keep li[data-code='{kept}']"))
    assert visible_rows(driver, "keep") == [kept]
    server_answers_busy(driver)
    row.find_element(By.CSS_SELECTOR, "[data-delete]").click()
    shown = wait_banner(driver, "The database is busy.")
    assert pile_codes(server, deck, "keep") == [kept], "the server still has the card until the retry"
    server_answers_normally(driver)
    press_retry(driver)
    settled(driver)
    assert pile_codes(server, deck, "keep") == []
    assert driver.find_elements(By.CSS_SELECTOR, f"li[data-code='{kept}']") == []
    no_page_errors(driver)
