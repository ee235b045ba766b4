"""Issue 30's web-app part, as players meet it: every change happens once. A double-click on Play plays the selected
card once, and so does pressing Enter twice on Play while the play is on its way (the hand does not shift under the
pointer or the focus until the server confirms the play); a double-click on Deal deals once; a change whose answer was lost
(the DevTools protocol drops it after the server made the change) is resent with the same Idempotency-Key and
changes the deck once; a Take that loses its card to another player says so; every change a player sends carries
the player's token and a key of its own; changes made while the server was down are saved by themselves once it is
back. Everything is read from what a person sees (accessible names, visible text), the API and the network.
"""

import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import api
from test_play import button, card_button, close_menu, card_name, field, hand, join, play, select_cards, sit, text_shown
from webapp import PageWait
from webapp import (
    DevTools, deck_id, go, no_page_errors, open_app, pile_codes, server_down, server_up, settled, top_code, wait_banner,
)

KEY = re.compile(r"^[0-9a-f]{32}$")


def deal(driver, to, count):
    """Deals from the table menu (opened for it, closed after, as it lies over the felt)."""
    field(driver, "How many cards").clear()
    field(driver, "How many cards").send_keys(str(count))
    Select(field(driver, "Deal to")).select_by_visible_text(to)
    button(driver, "Deal").click()
    close_menu(driver)


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-play-status]").text


def live_and_saved(driver, timeout=15):
    PageWait(driver, timeout).until(lambda d: status(d) == "Live: all saved", "the table never said all saved")


def notice(driver):
    return driver.find_element(By.CSS_SELECTOR, ".play-notice").text


def centre_codes(server, deck):
    """The centre as the API lists it (a public pile: no token needed)."""
    body = api(server, f"deck/{deck}/pile/centre/list/")
    return [card["code"] for card in body["piles"]["centre"].get("cards", [])] if body.get("success") else []


def test_a_double_click_on_play_plays_the_selected_card_once(driver, server):
    deck = sit(driver, server, "ana").rsplit("/", 1)[1]
    deal(driver, "ana (you)", 5)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 5)
    before = hand(driver)
    target = before[1]
    select_cards(driver, [target])
    ActionChains(driver).double_click(button(driver, "Play")).perform()
    text_shown(driver, "Your hand: 4 cards")
    live_and_saved(driver)
    assert centre_codes(server, deck) == [target], "one card, the one clicked, is in the centre"
    assert sorted(hand(driver)) == sorted(code for code in before if code != target)
    assert api(server, f"deck/{deck}/")["remaining"] == 47
    assert notice(driver) == "", "nothing to report"
    no_page_errors(driver)


def test_enter_twice_on_play_while_the_play_is_on_its_way_plays_once_and_the_hand_holds_still(driver, server):
    deck = sit(driver, server, "ana").rsplit("/", 1)[1]
    deal(driver, "ana (you)", 4)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 4)
    before = hand(driver)
    card = card_button(driver, before[0])
    with DevTools(driver) as tools:
        # The play waits in the browser: no answer, and no event, can come until the test lets it go.
        tools.hold_requests("*/pile/centre/add/*")
        driver.execute_script("arguments[0].focus()", card)
        card.send_keys(" ")
        PageWait(driver, 5).until(lambda d: card.get_attribute("aria-pressed") == "true", "Space selects the card")
        play_button = button(driver, "Play")
        driver.execute_script("arguments[0].focus()", play_button)
        play_button.send_keys(Keys.ENTER)
        PageWait(driver, 10).until(lambda d: tools.held, "the play was never sent")
        # The card keeps its place and says its play is on its way; Enter again on Play does nothing.
        assert driver.switch_to.active_element == play_button
        assert card.accessible_name == f"{card_name(before[0])}, on its way"
        assert card.get_attribute("aria-disabled") == "true"
        play_button.send_keys(Keys.ENTER)
        assert [b.get_attribute("data-code") for b in driver.find_elements(By.CSS_SELECTOR, ".play-hand button")] \
            == before, "nothing moved in the hand"
        assert len(tools.held) == 1, "one play asked for"
        assert notice(driver) == "", "the second Enter is ignored, not refused"
        tools.release()
        PageWait(driver, 10).until(lambda d: len(hand(d)) == 3, "the played card left the hand")
    live_and_saved(driver)
    assert centre_codes(server, deck) == [before[0]]
    assert sorted(hand(driver)) == sorted(before[1:])
    assert api(server, f"deck/{deck}/")["remaining"] == 48
    focused = driver.switch_to.active_element
    assert focused.accessible_name == "Play", "the focus stays on Play"
    assert play_button.get_attribute("aria-disabled") == "true", "nothing is selected now"
    no_page_errors(driver)


def test_a_double_click_on_deal_deals_once(driver, server):
    deck = sit(driver, server, "ana").rsplit("/", 1)[1]
    field(driver, "How many cards").clear()
    field(driver, "How many cards").send_keys("5")
    Select(field(driver, "Deal to")).select_by_visible_text("ana (you)")
    ActionChains(driver).double_click(button(driver, "Deal")).perform()
    text_shown(driver, "Your hand: 5 cards")
    live_and_saved(driver)
    assert api(server, f"deck/{deck}/")["remaining"] == 47, "five cards dealt, not ten"
    assert len(hand(driver)) == 5
    text_shown(driver, "47 cards left in the deck.")
    no_page_errors(driver)


def test_a_draw_whose_answer_was_lost_is_resent_with_its_key_and_changes_the_deck_once(driver, server):
    """Needs the server to honour Idempotency-Key (issue 30, helper B's branch): until then the resent draw deals a
    second card, and the last assertion says so."""
    open_app(driver, server, route="table")
    deck = deck_id(driver)
    before = api(server, f"deck/{deck}/")["remaining"]
    with DevTools(driver) as tools:
        tools.record_requests()
        tools.drop_answers("*/api/deck/*/draw/*")
        driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
        PageWait(driver, 10).until(lambda d: tools.dropped, "the draw was never sent")
        # The page heard nothing; the outbox resends by itself (after about a second), with the same key.
        settled(driver, timeout=20)
        draws = tools.sent(r"/api/deck/[a-z0-9]+/draw/")
    assert len(draws) == 2, f"sent once, resent once: {[r['url'] for r in draws]}"
    keys = [request["headers"].get("Idempotency-Key") for request in draws]
    assert KEY.match(keys[0] or "") and keys[0] == keys[1], f"the resend carried the first key: {keys}"
    go(driver, "table")
    PageWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".table-card:not(.pending)")) == 1)
    assert len(pile_codes(server, deck, "table")) == 1
    remaining = api(server, f"deck/{deck}/")["remaining"]
    assert remaining == before - 1, (
        f"the deck changed twice ({before} -> {remaining} cards left): the server made the resent draw again "
        "instead of answering its first answer for the same Idempotency-Key")
    no_page_errors(driver)


def test_a_deal_whose_answer_was_lost_is_resent_with_its_key_and_deals_once(driver, server):
    """The Play view's outbox, with the event stream cut so that only the key can tell the server it is a resend.
    Needs the server to honour Idempotency-Key (helper B's branch)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events/*"]})
    try:
        deck = sit(driver, server, "ana").rsplit("/", 1)[1]
    except BaseException:
        server_up(driver)
        raise
    with DevTools(driver) as tools:
        tools.record_requests()
        try:
            tools.drop_answers("*/pile/ana/deal/*")
            deal(driver, "ana (you)", 5)
            PageWait(driver, 10).until(lambda d: tools.dropped, "the deal was never sent")
            PageWait(driver, 20).until(lambda d: len(tools.sent(r"/pile/ana/deal/")) == 2, "never resent")
        finally:
            server_up(driver)
        live_and_saved(driver, timeout=20)
        deals = tools.sent(r"/pile/ana/deal/")
    keys = [request["headers"].get("Idempotency-Key") for request in deals]
    assert len(keys) == 2 and KEY.match(keys[0] or "") and keys[0] == keys[1], keys
    remaining = api(server, f"deck/{deck}/")["remaining"]
    assert remaining == 47, (
        f"{52 - remaining} cards dealt for one deal of 5: the server made the resent deal again instead of answering "
        "its first answer for the same Idempotency-Key")
    text_shown(driver, "Your hand: 5 cards")
    assert len(hand(driver)) == 5
    no_page_errors(driver)


def test_a_take_that_loses_its_card_to_another_player_says_someone_else_took_it(driver, other, server):
    link = sit(driver, server, "ana")
    deck = link.rsplit("/", 1)[1]
    join(other, server, link, "bo")
    text_shown(driver, "bo: 0 cards, face down")
    deal(driver, "the centre (face up)", 1)
    PageWait(other, 10).until(lambda d: any(n.startswith("Take the ") for n in
                                                 [b.accessible_name for b in d.find_elements(By.TAG_NAME, "button")]))
    card = centre_codes(server, deck)[0]
    name = card_name(card)
    with DevTools(other) as tools:
        # Bo reaches for it; his request waits in his browser while Ana's is made.
        tools.hold_requests("*/pile/bo/add/*")
        button(other, f"Take the {name}").click()
        PageWait(other, 10).until(lambda d: tools.held, "Bo's take was never sent")
        button(driver, f"Take the {name}").click()
        PageWait(driver, 10).until(lambda d: hand(d) == [card], "Ana did not get the card")
        tools.release()
        PageWait(other, 10).until(
            lambda d: f"Someone else took the {name} first" in notice(d), "Bo was not told someone else took it")
    live_and_saved(other)
    text_shown(other, "Your hand: 0 cards")
    assert hand(other) == []
    assert f"The {name}, on its way to your hand" not in other.find_element(By.TAG_NAME, "main").text
    assert centre_codes(server, deck) == []
    text_shown(other, "ana: 1 card, face down")
    no_page_errors(driver)
    no_page_errors(other)


def test_every_change_of_a_player_carries_the_token_and_a_key_of_its_own(driver, server):
    with DevTools(driver) as tools:
        tools.record_requests()
        sit(driver, server, "ana")
        deal(driver, "ana (you)", 3)
        PageWait(driver, 10).until(lambda d: len(hand(d)) == 3)
        first = hand(driver)[0]
        play(driver, [first])
        PageWait(driver, 10).until(lambda d: len(hand(d)) == 2)
        button(driver, f"Take the {card_name(first)}").click()
        PageWait(driver, 10).until(lambda d: len(hand(d)) == 3)
        live_and_saved(driver)
        requests = tools.sent(r"/api/deck/")
    joins = [r for r in requests if re.search(r"/player/ana/$", r["url"])]
    assert len(joins) == 1 and "Authorization" not in joins[0]["headers"], "joining needs no token (there is none yet)"
    token = None
    changes = [r for r in requests if re.search(r"/pile/[^/]+/(deal|add)/", r["url"])]
    assert re.search(r"/pile/centre/add/\?cards=[0-9A-Z]{2}&from=ana$", changes[1]["url"]), "a play says where from"
    assert len(changes) == 3, [r["url"] for r in changes]
    for request in changes:
        authorization = request["headers"].get("Authorization", "")
        assert re.match(r"^Bearer [A-Za-z0-9_-]{43}$", authorization), request
        token = token or authorization
        assert authorization == token, "the same player's token on every change"
        assert KEY.match(request["headers"].get("Idempotency-Key", "")), request
    assert len({r["headers"]["Idempotency-Key"] for r in changes}) == 3, "a key of its own for each change"
    take = changes[-1]
    assert re.search(r"/pile/ana/add/\?cards=[0-9A-Z]{2}&from=centre$", take["url"]), "a take says where from"
    reads = [r for r in requests if "/list/" in r["url"]]
    assert reads and all(r["headers"].get("Authorization") == token for r in reads), "reads send the token too"
    assert all("Idempotency-Key" not in r["headers"] for r in reads), "reads change nothing: no key"
    no_page_errors(driver)


def test_changes_made_while_the_server_was_down_are_saved_by_themselves_once_it_is_back(driver, server):
    open_app(driver, server)
    deck = deck_id(driver)
    server_down(driver)
    try:
        first = top_code(driver)
        driver.find_element(By.CSS_SELECTOR, "[data-action='keep']").click()
        wait_banner(driver, "1 change not saved yet")
    finally:
        server_up(driver)
    # No Retry: the outbox tries again by itself, at most 5 s (+20%) after its last try.
    settled(driver, timeout=10)
    assert not driver.find_element(By.CSS_SELECTOR, "[data-banner]").is_displayed()
    assert pile_codes(server, deck, "keep") == [first]
    no_page_errors(driver)
