"""Issue 32's layout defects outside Play, measured as a user would see them: Table cards are large enough to read on a
phone on its side (740x360) and are dealt side by side, not on top of each other; the KEEP and PASS stamps leave the
card's corner index (its rank and suit) clear; the Swipe view fits the screen, with nothing to scroll. Screenshots
of every view at 360x740, 740x360 and 1440x900 go to artifacts/screenshots.
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from webapp import (
    go, no_page_errors, open_app, screenshot, server_down, server_up, settled, wait_banner, wait_for_animations,
    wait_for_css_animations,
)

SIZES = [(360, 740), (740, 360), (1440, 900)]
IDS = [f"{w}x{h}" for w, h in SIZES]
# The corner index of the card art (CardArtwork.drawIndices), as fractions of the card: the rank and suit within the
# top-left 17% x 20% (the joker's letters run to 31% down), and the same turned about the centre.
INDEX_BOXES = [(0, 0, 0.17, 0.31), (0.83, 0.69, 1, 1)]
READABLE_HEIGHT = 96  # px: a corner index about 10 px high


def rects(driver, selector):
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0])].map((e) => {
          const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; });""",
                                 selector)


def overlap(a, b):
    return max(0, min(a["right"], b["right"]) - max(a["left"], b["left"])) * \
        max(0, min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]))


@pytest.mark.parametrize("width,height", SIZES, ids=IDS)
def test_table_cards_are_readable_and_dealt_side_by_side(driver, server, width, height):
    open_app(driver, server, route="table", width=width, height=height)
    draw = driver.find_element(By.CSS_SELECTOR, "[data-action='draw']")
    for _ in range(5):
        draw.click()
    settled(driver)
    WebDriverWait(driver, 5).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".table-card:not(.pending)")) == 5)
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".table-card.dealt"))
    table = rects(driver, "[data-table]")[0]
    cards = rects(driver, ".table-card")
    heights = {round(c["bottom"] - c["top"]) for c in cards}
    print(f"\n{width}x{height}: table {table['right'] - table['left']:.0f}x{table['bottom'] - table['top']:.0f}, "
          f"cards {heights} px high")
    for card in cards:
        assert card["bottom"] - card["top"] >= READABLE_HEIGHT, f"{width}x{height}: a card is {card} (unreadable)"
        assert card["left"] >= table["left"] - 0.5 and card["right"] <= table["right"] + 0.5
        assert card["top"] >= table["top"] - 0.5 and card["bottom"] <= table["bottom"] + 0.5
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            assert overlap(a, b) == 0, f"{width}x{height}: two cards overlap: {a} {b}"
    screenshot(driver, f"table-5-cards-{width}x{height}")
    no_page_errors(driver)


def test_the_stamps_leave_the_corner_index_clear(driver, server):
    for width, height in SIZES:
        open_app(driver, server, width=width, height=height)
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        for dx in (60, -60):  # KEEP while dragged right, PASS while dragged left
            actions = ActionChains(driver, duration=0).move_to_element(stack).click_and_hold()
            for _ in range(6):
                actions.move_by_offset(dx / 6, 0).pause(0.02)
            actions.perform()
            try:
                shape = driver.execute_script("""
                    const card = document.querySelector('.card.top');
                    const box = (e) => { const r = e.getBoundingClientRect();
                      return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
                    const stamp = [...card.querySelectorAll('.overlay')].find((o) => Number(o.style.opacity) > 0);
                    return {card: box(card), stamp: stamp && box(stamp), kind: stamp && stamp.textContent};""")
                screenshot(driver, f"swipe-{'keep' if dx > 0 else 'pass'}-stamp-{width}x{height}")
            finally:
                ActionChains(driver, duration=0).move_by_offset(-dx, 0).pause(0.2).release().perform()
            wait_for_animations(driver)
            assert shape["stamp"], "a stamp shows while the card is dragged"
            card = shape["card"]
            w, h = card["right"] - card["left"], card["bottom"] - card["top"]
            for box in INDEX_BOXES:
                index = {"left": card["left"] + box[0] * w, "top": card["top"] + box[1] * h,
                         "right": card["left"] + box[2] * w, "bottom": card["top"] + box[3] * h}
                assert overlap(shape["stamp"], index) == 0, \
                    f"{width}x{height}: {shape['kind']} covers the corner index: {shape['stamp']} over {index}"
    no_page_errors(driver)


@pytest.mark.parametrize("width,height", SIZES, ids=IDS)
def test_every_view_fits_the_screen_with_nothing_to_scroll(driver, server, width, height):
    open_app(driver, server, width=width, height=height)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_LEFT, Keys.ARROW_RIGHT):
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    size = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
                                 " innerWidth, innerHeight]")
    print(f"\n{width}x{height}: the Swipe page is {size[0]}x{size[1]} in a {size[2]}x{size[3]} viewport")
    assert size[0] <= size[2] and size[1] <= size[3], f"{width}x{height}: the Swipe view scrolls: {size}"
    screenshot(driver, f"swipe-{width}x{height}")
    # With the outage banner showing too.
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
        wait_banner(driver, "not saved yet")
        wait_for_animations(driver)
        size = driver.execute_script("return [document.documentElement.scrollWidth, "
                                     "document.documentElement.scrollHeight, innerWidth, innerHeight]")
        assert size[0] <= size[2] and size[1] <= size[3], f"{width}x{height}: with the banner, Swipe scrolls: {size}"
        screenshot(driver, f"swipe-banner-{width}x{height}")
    finally:
        server_up(driver)
    settled(driver)
    go(driver, "table")
    driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
    settled(driver)
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".table-card.dealt"))
    screenshot(driver, f"table-{width}x{height}")
    go(driver, "piles")
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 4)
    wait_for_css_animations(driver)  # the rows' flash has ended
    screenshot(driver, f"piles-{width}x{height}")
    no_page_errors(driver)
