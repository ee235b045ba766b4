"""Defects 4 and 6 of issue 14, each checked through what a user sees or hears and the API."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import api
from webapp import (
    counts, deck_id, pile_codes, go, no_page_errors, open_app, press_retry, server_down, server_up, settled,
    wait_banner, wait_for_animations, wait_ready, reduced_motion,
)

RECORD_ANNOUNCEMENTS = """
    window.__heard = [];
    for (const region of document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
      new MutationObserver(() => { if (region.textContent.trim()) window.__heard.push(region.textContent.trim()); })
        .observe(region, {childList: true, characterData: true, subtree: true});
    }"""


def heard(driver):
    return driver.execute_script("return window.__heard")


def covered(driver, selector):
    """Whether something else is drawn over the middle of the element (what a user would see hiding it)."""
    return driver.execute_script("""
        const el = document.querySelector(arguments[0]); const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(top && (top === el || el.contains(top)));""", selector)


def test_a_row_dragged_out_of_its_pile_stays_visible(driver, server):
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_RIGHT):
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    go(driver, "piles")
    handle = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".pile-keep li.row .handle"))
    pile = driver.find_element(By.CSS_SELECTOR, ".pile-keep").rect
    # Drag the row up, out of its pile's box, and hold it there.
    actions = ActionChains(driver, duration=0).move_to_element(handle).click_and_hold()
    for _ in range(6):
        actions.move_by_offset(0, -(pile["height"] / 2 + 40) / 6).pause(0.02)
    actions.perform()
    try:
        row = driver.execute_script("return document.querySelector('.row.lifted').getBoundingClientRect()")
        assert row["bottom"] < pile["y"] + 10, "the row is outside its pile"
        hit = driver.execute_script("""
            const r = document.querySelector('.row.lifted').getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return top ? top.closest('.row.lifted') !== null : false;""")
        assert hit, "the dragged row is drawn, not clipped by its pile"
    finally:
        ActionChains(driver, duration=0).release().perform()
    no_page_errors(driver)


def test_no_ghost_of_the_other_stamp_while_dragging(driver, server):
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    actions = ActionChains(driver, duration=0).move_to_element(stack).click_and_hold()
    for _ in range(8):
        actions.move_by_offset(8, 0).pause(0.02)
    actions.perform()
    try:
        keep, passed = driver.execute_script("""
            const top = document.querySelector('.card.top');
            return [top.querySelector('.overlay-keep'), top.querySelector('.overlay-pass')]
              .map((o) => Number(getComputedStyle(o).opacity));""")
        assert keep > 0, "dragging right shows KEEP"
        assert passed == 0, f"no PASS ghost while dragging right (opacity {passed})"
    finally:
        ActionChains(driver, duration=0).move_by_offset(-64, 0).pause(0.3).release().perform()
    wait_for_animations(driver)
    no_page_errors(driver)


def test_one_deck_per_page_load_and_each_draw_is_announced_once(driver, server):
    open_app(driver, server, route="swipe")
    new_decks = driver.execute_script(
        "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/deck/new/')).length")
    assert new_decks == 1, "one deck per page load (the table uses the same deck)"
    driver.refresh()
    wait_ready(driver)
    assert driver.execute_script(
        "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/deck/new/')).length"
    ) == 0, "a reload continues the deck"
    go(driver, "table")
    driver.execute_script(RECORD_ANNOUNCEMENTS)
    left = api(server, f"deck/{deck_id(driver)}/")["remaining"]
    driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
    settled(driver)
    WebDriverWait(driver, 5).until(lambda d: any("Dealt" in m for m in heard(d)))
    # Not a wait for work: this checks that something does not happen (a second announcement of the same draw), so
    # it listens on for a while in which a repeat would have come.
    driver.execute_script("return new Promise((resolve) => setTimeout(resolve, 300))")
    dealt = [m for m in heard(driver) if "Dealt" in m or "left" in m]
    assert len(dealt) == 1, f"each Draw is announced once: {heard(driver)}"
    assert f"{left - 1} cards left" in dealt[0]
    no_page_errors(driver)


def test_the_live_region_covers_nothing_and_the_counts_show_under_the_error_banner(driver, server):
    open_app(driver, server, width=360, height=740, route="table")
    live = driver.execute_script("return document.querySelector('[data-live]').getBoundingClientRect()")
    assert live["width"] <= 1 and live["height"] <= 1, "announcements are for screen readers: no toast on screen"
    assert not covered(driver, "[data-table-remaining]")
    go(driver, "swipe")
    assert not covered(driver, ".hint-keys")
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
        wait_banner(driver, "not saved yet")
        assert not covered(driver, "[data-counts]")
        assert not covered(driver, "[data-sync]")
    finally:
        server_up(driver)
    press_retry(driver)
    settled(driver)
    no_page_errors(driver)


def test_touch_devices_are_not_told_about_arrow_keys(driver, server):
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "pointer", "value": "coarse"}, {"name": "hover", "value": "none"}]})
    try:
        open_app(driver, server, width=360, height=740)
        assert driver.execute_script("return matchMedia('(pointer: coarse)').matches")
        assert not driver.find_element(By.CSS_SELECTOR, ".hint-keys").is_displayed()
        hint = driver.find_element(By.CSS_SELECTOR, ".hint-touch")
        assert hint.is_displayed() and "←" not in hint.text and "Drag the card" in hint.text
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    open_app(driver, server)
    assert driver.find_element(By.CSS_SELECTOR, ".hint-keys").is_displayed()


def test_new_deck_with_the_server_down_says_so_and_is_done_on_retry(driver, server):
    open_app(driver, server, route="table")
    old = deck_id(driver)
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, "[data-action='new-deck']").click()
        confirm = driver.find_element(By.CSS_SELECTOR, "[data-confirm]")
        assert confirm.is_displayed() and "start empty" in confirm.text
        driver.find_element(By.CSS_SELECTOR, "[data-action='confirm-new-deck']").click()
        wait_banner(driver, "not saved yet")
        no_page_errors(driver)
    finally:
        server_up(driver)
    press_retry(driver)
    settled(driver)
    WebDriverWait(driver, 10).until(lambda d: deck_id(d) != old)
    WebDriverWait(driver, 10).until(lambda d: "42 cards left in the deck" in d.find_element(
        By.CSS_SELECTOR, "[data-table-remaining]").text)
    no_page_errors(driver)


def test_counts_say_one_card_not_one_cards(driver, server):
    with reduced_motion(driver):
        open_app(driver, server)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        for _ in range(120):
            in_stack, left = counts(driver)
            if in_stack == 1 and left == 0:
                break
            if in_stack == 0:
                settled(driver)
                continue
            stack.send_keys(Keys.ARROW_LEFT)
            # One key press swipes one card: wait for the counts line to show it before
            # reading it again, or a stale "2 cards" would send one press too many.
            before = (in_stack, left)
            WebDriverWait(driver, 10).until(
                lambda d: counts(d) != before, "a left arrow press changed neither count")
        assert driver.find_element(By.CSS_SELECTOR, "[data-counts]").text == \
            "1 card in the stack · 0 cards left in the deck"
        settled(driver)
        no_page_errors(driver)


def at_rest(transform):
    import re
    offsets = [float(v) for v in re.findall(r"matrix\((?:[-0-9.e]+, ){4}([-0-9.e]+), ([-0-9.e]+)\)", transform)[0]]
    return all(abs(v) < 0.5 for v in offsets)


def test_reduced_motion_releases_a_drag_without_animating_it(driver, server):
    with reduced_motion(driver):
        open_app(driver, server)
        from webapp import drag, top_code
        first = top_code(driver)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        next_frame = """return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(
            () => resolve(document.querySelector('.card.top').style.transform))))"""
        # A short drag springs back at once.
        drag(driver, stack, 30, 0, steps=3, pause=0.05)
        transform = driver.execute_script(next_frame)
        assert at_rest(transform), transform
        assert top_code(driver) == first
        # A long fast drag swipes at once: the next card is on top, still, in the next frame.
        drag(driver, stack, 260, 0, steps=4, pause=0.01)
        transform = driver.execute_script(next_frame)
        assert top_code(driver) != first
        assert at_rest(transform), transform
        assert len(driver.find_elements(By.CSS_SELECTOR, ".card")) <= 3, "no card is still flying off"
        settled(driver)
        assert pile_codes(server, deck_id(driver), "keep") == [first]
        no_page_errors(driver)


def test_shift_shows_the_top_card_moving_to_the_bottom(driver, server):
    open_app(driver, server)
    from webapp import top_code
    first = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-action='shift']").click()
    # Right after the click the shifted card is still drawn (sliding down behind the stack), then it goes.
    moving = driver.execute_script("""
        return [...document.querySelectorAll('.card')].filter((c) => getComputedStyle(c).opacity > 0.5)
          .map((c) => c.dataset.code);""")
    assert first in moving, f"the shifted card does not vanish at once: {moving}"
    WebDriverWait(driver, 3).until(lambda d: first not in d.execute_script(
        "return [...document.querySelectorAll('.card')].map((c) => c.dataset.code)"))
    assert top_code(driver) != first
    assert driver.find_elements(By.CSS_SELECTOR, "[data-action='undo']")[0].is_enabled()
    no_page_errors(driver)


def test_a_card_dragged_past_the_edge_does_not_scroll_the_page(driver, server):
    open_app(driver, server, width=360, height=740)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    actions = ActionChains(driver, duration=0).move_to_element(stack).click_and_hold()
    for _ in range(10):
        actions.move_by_offset(16, 0).pause(0.02)  # the card's right edge ends well past the viewport's
    actions.perform()
    try:
        page_width, view_width = driver.execute_script(
            "return [document.scrollingElement.scrollWidth, document.documentElement.clientWidth]")
        assert page_width <= view_width, f"the page grew to {page_width} px wide in a {view_width} px view"
    finally:
        ActionChains(driver, duration=0).move_by_offset(-160, 0).pause(0.3).release().perform()
    wait_for_animations(driver)
    no_page_errors(driver)
