"""Defects 1 and 2 of issue 14, as a user meets them: changes made while the server fails are never lost (two
different errors in a row, a reload in between, one Retry); a change the server refuses for good (two tabs on one
deck) is reported and later changes are saved; Reshuffle never empties a pile the user did not ask for.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import api, record_page_errors
from webapp import (
    code_of, counts, deck_id, go, hand_codes, no_page_errors, open_app, pile_codes, press_retry, screenshot,
    server_answers_busy, server_answers_normally, server_down, server_up, settled, sync_text, top_code, visible_rows,
    wait_banner, wait_for_animations, wait_ready, reduced_motion,
)


def test_the_two_error_outage_ends_with_the_api_holding_every_change(driver, server):
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    first = top_code(driver)
    stack.send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    deck = deck_id(driver)

    # The server stops: a swipe waits, visibly.
    server_down(driver)
    try:
        second = top_code(driver)
        stack.send_keys(Keys.ARROW_RIGHT)
        shown = wait_banner(driver, "cannot be reached")
        assert "1 change not saved yet" in shown.text
        # A second, different error: the table's Draw is answered 503. One banner counts both changes. (The 503s
        # start before the network comes back, so that the outbox's own resends never find the server answering.)
        server_answers_busy(driver)
        server_up(driver)
        go(driver, "table")
        driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
        WebDriverWait(driver, 10).until(lambda d: "2 changes not saved yet" in d.find_element(
            By.CSS_SELECTOR, "[data-banner]").text)
        assert sync_text(driver) == "2 not saved"
        waiting = driver.find_element(By.CSS_SELECTOR, "[aria-label='A card waiting for the card server']")
        assert waiting.is_displayed(), "the pending Draw shows on the table"
        screenshot(driver, "outage-two-errors")
        # The page is reloaded while the server is down again: the pending changes come back with it.
        server_down(driver)
        server_answers_normally(driver)
        driver.refresh()
        shown = wait_banner(driver, "not saved yet", timeout=20)
        assert "2 changes not saved yet" in shown.text, shown.text
        assert pile_codes(server, deck, "keep") == [first]
        go(driver, "swipe")
        # The stack names its top card once the reloaded page has dealt it again.
        third = WebDriverWait(driver, 10).until(lambda d: top_code(d), "the stack never named its top card")
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        stack.send_keys(Keys.ARROW_LEFT)
        WebDriverWait(driver, 10).until(lambda d: "3 changes not saved yet" in banner_text(d))
        retry = driver.find_element(By.CSS_SELECTOR, "[data-retry]")
        assert retry.get_attribute("aria-label") == "Retry: send all 3 changes"
    finally:
        server_up(driver)
    press_retry(driver)
    settled(driver)
    wait_ready(driver)
    assert pile_codes(server, deck, "keep") == [first, second]
    assert pile_codes(server, deck, "discard") == [third]
    assert len(pile_codes(server, deck, "table")) == 1
    go(driver, "table")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".table-card")) == 1
    # Later changes are saved too.
    go(driver, "swipe")
    fourth = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    assert pile_codes(server, deck, "keep") == [first, second, fourth]
    assert not driver.find_element(By.CSS_SELECTOR, "[data-banner]").is_displayed()
    no_page_errors(driver)


def banner_text(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-banner]").text


def test_two_tabs_on_one_deck_converge_and_later_changes_are_saved(driver, server):
    open_app(driver, server)
    first_tab = driver.current_window_handle
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    card = top_code(driver)
    stack.send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    deck = deck_id(driver)

    # A second tab opens the same deck (this browser's last deck) and returns the kept card to the deck.
    driver.switch_to.new_window("tab")
    second_tab = driver.current_window_handle
    try:
        record_page_errors(driver)
        open_app(driver, server, route="piles", fresh=False)
        two_tabs(driver, server, deck, card, first_tab, second_tab)
    finally:
        if second_tab in driver.window_handles:
            driver.switch_to.window(second_tab)
            driver.close()
        driver.switch_to.window(first_tab)
        server_up(driver)


def two_tabs(driver, server, deck, card, first_tab, second_tab):
    assert deck_id(driver) == deck
    assert visible_rows(driver, "keep") == [card]
    # The first tab is offline meanwhile, so it cannot hear of it, and undoes its swipe of that very card.
    driver.switch_to.window(first_tab)
    server_down(driver)
    driver.switch_to.window(second_tab)
    driver.find_element(By.CSS_SELECTOR, f".pile-keep li[data-code='{card}'] [data-delete]").click()
    settled(driver)
    assert pile_codes(server, deck, "keep") == []
    driver.switch_to.window(first_tab)
    try:
        driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").click()
        wait_for_animations(driver)
        assert top_code(driver) == card
        wait_banner(driver, "not saved yet")
    finally:
        server_up(driver)
    press_retry(driver)
    # The undo cannot be done any more: the page says so, reads the deck again, and goes on.
    notice = WebDriverWait(driver, 15).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-notice]") if d.find_element(
            By.CSS_SELECTOR, "[data-notice]").is_displayed() else None)
    assert "another tab" in notice.text or "refused" in notice.text, notice.text
    settled(driver)
    wait_for_animations(driver)
    # Later changes in the first tab are saved.
    later = top_code(driver)
    assert later != card, "the card another tab returned to the deck is not in this tab's stack"
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_LEFT)
    settled(driver)
    assert pile_codes(server, deck, "discard") == [later]
    # Both tabs agree with the API.
    for handle in (first_tab, second_tab):
        driver.switch_to.window(handle)
        go(driver, "piles")
        WebDriverWait(driver, 10).until(lambda d: visible_rows(d, "discard") == [later])
        assert visible_rows(driver, "keep") == pile_codes(server, deck, "keep")
        assert visible_rows(driver, "discard") == pile_codes(server, deck, "discard")
        go(driver, "swipe")
        in_stack, left = counts(driver)
        assert left == api(server, f"deck/{deck}/")["remaining"]
        assert in_stack == len(hand_codes(server, deck))
        no_page_errors(driver)


def keep_every_card(driver):
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    for _ in range(120):
        in_stack, left = counts(driver)
        if in_stack == 0 and left == 0:
            return
        if in_stack == 0:
            settled(driver)
            continue
        stack.send_keys(Keys.ARROW_RIGHT)
    raise AssertionError("the deck never ran out")


def test_reshuffle_never_empties_keep_and_says_what_it_does_with_each_pile(driver, server):
    with reduced_motion(driver):
        open_app(driver, server)
        deck = deck_id(driver)
        keep_every_card(driver)
        settled(driver)
        assert len(pile_codes(server, deck, "keep")) == 52
        panel = driver.find_element(By.CSS_SELECTOR, "[data-empty]")
        assert panel.is_displayed()
        assert "no discards to shuffle back in" in panel.text and "Keep (52)" in panel.text
        # Nothing to reshuffle: no button that could empty Keep.
        assert not driver.find_element(By.CSS_SELECTOR, "[data-action='reshuffle']").is_displayed()
        assert driver.switch_to.active_element.tag_name != "body", "focus stays in the view when Keep disables"
        assert len(pile_codes(server, deck, "keep")) == 52

        # Move three kept cards to Discard in Piles; now Reshuffle offers exactly those three.
        go(driver, "piles")
        for _ in range(3):
            handle = driver.find_elements(By.CSS_SELECTOR, ".pile-keep li.row .handle")[-1]
            handle.send_keys(Keys.ARROW_DOWN)
        settled(driver)
        moved = pile_codes(server, deck, "discard")
        assert len(moved) == 3
        go(driver, "swipe")
        button = driver.find_element(By.CSS_SELECTOR, "[data-action='reshuffle']")
        assert button.text == "Reshuffle 3 cards from Discard"
        assert "Keep (49)" in panel.text and "stay as they are" in panel.text
        button.click()
        WebDriverWait(driver, 15).until(lambda d: counts(d)[0] > 0)
        settled(driver)
        assert len(pile_codes(server, deck, "keep")) == 49, "Keep is untouched"
        assert pile_codes(server, deck, "discard") == []
        dealt = hand_codes(server, deck)
        assert sorted(dealt) == sorted(moved), "the three discards are dealt again"
        assert code_of(driver.find_element(By.CSS_SELECTOR, ".stack").get_attribute("aria-label").split(
            "Top card: ")[1].split(".")[0]) in moved
        no_page_errors(driver)


def test_a_card_returned_while_the_stack_is_empty_is_dealt_again(driver, server):
    with reduced_motion(driver):
        open_app(driver, server)
        deck = deck_id(driver)
        keep_every_card(driver)
        settled(driver)
        go(driver, "piles")
        row = driver.find_elements(By.CSS_SELECTOR, ".pile-keep li.row")[0]
        returned = code_of(row.find_element(By.CSS_SELECTOR, ".name").text)
        row.find_element(By.CSS_SELECTOR, "[data-delete]").click()
        settled(driver)
        go(driver, "swipe")
        WebDriverWait(driver, 10).until(lambda d: top_code(d) == returned)
        assert not driver.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed()
        assert hand_codes(server, deck) == [returned]
        no_page_errors(driver)


def test_quick_swipes_and_undos_on_a_slow_network_all_reach_the_api(driver, server):
    open_app(driver, server)
    deck = deck_id(driver)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 250, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        stack = driver.find_element(By.CSS_SELECTOR, ".stack")
        kept, passed = [], []
        for i in range(14):
            code = top_code(driver)
            if i % 5 == 4:
                stack.send_keys("z")           # undo the swipe before
                undone = (kept if kept and kept[-1] == last else passed).pop()
                assert undone == last
                # The label changes in the next animation frame, which a busy machine may delay past a still card.
                WebDriverWait(driver, 5).until(lambda d: top_code(d) == last, "the undone card is not on top")
                wait_for_animations(driver)
                continue
            right = i % 3 != 0
            stack.send_keys(Keys.ARROW_RIGHT if right else Keys.ARROW_LEFT)
            (kept if right else passed).append(code)
            last = code
            WebDriverWait(driver, 5).until(lambda d: top_code(d) != code, "the swiped card is still on top")
            wait_for_animations(driver)
        code = top_code(driver)
        stack.send_keys(Keys.ARROW_RIGHT)
        kept.append(code)
        # The swipe reaches the model when the card has flown off; its save takes at least 250 ms.
        WebDriverWait(driver, 5, poll_frequency=0.02).until(
            lambda d: sync_text(d).startswith("Saving"), "a save on its way never showed as pending")
        settled(driver, timeout=60)
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert pile_codes(server, deck, "keep") == kept
    assert pile_codes(server, deck, "discard") == passed
    in_stack, left = counts(driver)
    assert left == api(server, f"deck/{deck}/")["remaining"]
    assert in_stack == len(hand_codes(server, deck))
    go(driver, "piles")
    assert visible_rows(driver, "keep") == kept and visible_rows(driver, "discard") == passed
    no_page_errors(driver)


def test_a_swipe_in_one_tab_shows_in_the_other(driver, server):
    open_app(driver, server)
    first_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    second_tab = driver.current_window_handle
    try:
        record_page_errors(driver)
        open_app(driver, server, fresh=False)
        card = top_code(driver)
        driver.switch_to.window(first_tab)
        assert top_code(driver) == card, "both tabs show the same stack"
        driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_RIGHT)
        settled(driver)
        driver.switch_to.window(second_tab)
        WebDriverWait(driver, 10).until(lambda d: top_code(d) != card, "the other tab still shows the kept card")
        go(driver, "piles")
        WebDriverWait(driver, 10).until(lambda d: visible_rows(d, "keep") == [card])
        no_page_errors(driver)
    finally:
        if second_tab in driver.window_handles:
            driver.switch_to.window(second_tab)
            driver.close()
        driver.switch_to.window(first_tab)
