"""Defect 3 of issue 14 and the layout from a small phone to a desktop, portrait and landscape: every view at
320x568, 360x740, 740x360 (a phone on its side), 768x1024 and 1920x1080 is photographed to artifacts/screenshots,
the top card is at least 40% of the viewport's shorter side and lies inside the viewport, the stack's buttons are
on screen, and nothing scrolls sideways.
"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from webapp import go, no_page_errors, open_app, screenshot, settled, wait_for_animations, wait_for_css_animations

SIZES = [(320, 568), (360, 740), (740, 360), (768, 1024), (1920, 1080)]


def geometry(driver):
    return driver.execute_script("""
        const rect = (el) => { const r = el.getBoundingClientRect();
          return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
        return {
          viewport: {width: innerWidth, height: innerHeight},
          card: rect(document.querySelector('.card.top')),
          buttons: [...document.querySelectorAll('.controls .button')].map(rect),
          scrollWidth: document.documentElement.scrollWidth,
        };""")


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_view_at_every_size_and_the_top_card_is_large(driver, server, width, height):
    open_app(driver, server, width=width, height=height)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT):
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    size = f"{width}x{height}"
    shape = geometry(driver)
    viewport = shape["viewport"]
    shorter = min(viewport["width"], viewport["height"])
    card = shape["card"]
    print(f"\n{size}: top card {card['width']:.0f}x{card['height']:.0f} px, "
          f"{card['height'] / shorter:.0%} of the shorter side ({shorter} px)")
    assert card["height"] >= 0.4 * shorter, f"{size}: the top card is {card['height']:.0f} px high"
    assert card["left"] >= 0 and card["right"] <= viewport["width"]
    assert card["top"] >= 0 and card["bottom"] <= viewport["height"], f"{size}: the top card is cut off: {card}"
    for button in shape["buttons"]:
        assert button["bottom"] <= viewport["height"] and button["right"] <= viewport["width"], \
            f"{size}: a stack button is off screen: {button}"
        assert min(button["width"], button["height"]) >= 24, "targets are at least 24 px (WCAG 2.5.8)"
    assert shape["scrollWidth"] <= viewport["width"], "no horizontal scrolling"
    screenshot(driver, f"swipe-{size}")

    go(driver, "table")
    draw = driver.find_element(By.CSS_SELECTOR, "[data-action='draw']")
    for _ in range(4):
        draw.click()
    settled(driver)
    WebDriverWait(driver, 5).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".table-card")) == 4)
    wait_for_css_animations(driver)  # the dealt cards have landed
    table = driver.find_element(By.CSS_SELECTOR, "[data-table]").rect
    assert table["height"] >= 150 and table["width"] >= 200, f"{size}: the table is {table}"
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    screenshot(driver, f"table-{size}")

    go(driver, "piles")
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 3)
    wait_for_css_animations(driver)  # the rows' flash has ended
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    screenshot(driver, f"piles-{size}")
    no_page_errors(driver)
