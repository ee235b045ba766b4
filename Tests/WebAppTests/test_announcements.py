"""Issue 32's accessibility defects outside Play, as a screen reader user meets them (what the live regions say, in
order): the first swipe of an outage is heard, then the outage, never the outage instead of the swipe; moving a Table
card with the arrow keys says where it went (and when it cannot go further).
"""

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from webapp import (
    announcement, listen, no_page_errors, open_app, said, server_down, server_up, settled, stack_label, wait_banner,
)


def test_the_first_offline_swipe_is_heard_and_then_the_outage(driver, server):
    open_app(driver, server)
    listen(driver)
    name = re.search(r"Top card: ([^.]+)\.", stack_label(driver)).group(1)
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
        wait_banner(driver, "not saved yet")
        WebDriverWait(driver, 5).until(lambda d: any("not saved yet" in s["text"] for s in said(d)),
                                       "the outage was never said")
        heard = said(driver)
        kept = [i for i, s in enumerate(heard) if s["text"].startswith(f"Kept {name}.")]
        outage = [i for i, s in enumerate(heard) if "not saved yet" in s["text"]]
        print(f"\nheard, in order: {[s['text'] for s in heard]}")
        assert kept, f"what was kept was never said: {heard}"
        assert kept[0] < outage[0], "the swipe is said before the outage"
        assert announcement(driver).startswith(f"Kept {name}."), "the outage did not replace the swipe"
    finally:
        server_up(driver)
    settled(driver)
    no_page_errors(driver)


def test_moving_a_table_card_with_the_arrow_keys_says_where_it_went(driver, server):
    open_app(driver, server, route="table")
    driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
    settled(driver)
    card = WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".table-card:not(.pending)"))
    name = card.get_attribute("aria-label").split(":")[0]
    before = card.rect
    card.send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(driver, 5).until(lambda d: announcement(d).startswith(f"Moved the {name} right: now "))
    assert card.rect["x"] > before["x"]
    assert re.search(r"now (in the middle|on the (left|right|centre) side|at the (top|bottom) (left|right|centre))"
                     r" of the table", announcement(driver)), announcement(driver)
    # All the way up: the last step says where it is, and one more says it cannot go further.
    for _ in range(30):
        card.send_keys(Keys.ARROW_UP)
        if "already at the top edge" in announcement(driver):
            break
    WebDriverWait(driver, 5).until(
        lambda d: announcement(d) == f"The {name} is already at the top edge of the table.")
    card.send_keys(Keys.ARROW_LEFT)
    WebDriverWait(driver, 5).until(lambda d: "against the top" in announcement(d))
    no_page_errors(driver)
