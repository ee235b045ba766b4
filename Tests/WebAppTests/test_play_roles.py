"""Issue 30's roles, as the players' pages show them: the host's new round (a full reshuffle) shows on every
player's page, hands empty and the deck whole, with the players still seated; a player the host removes is told so
on their page and can join again. Both need the server's roles (helper A's branch): until then the reshuffle takes
the players' hands away for good and there is no way to remove a player, and the tests say so.
"""

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from conftest import api, call
from test_play import open_menu, button, field, hand, join, sit, text_shown
from test_play_once import deal, live_and_saved
from webapp import PageWait
from webapp import no_page_errors


def buttons(driver):
    return [b.accessible_name for b in driver.find_elements(By.CSS_SELECTOR, "#view-play button") if b.is_displayed()]


def heard(driver, words, timeout=10):
    PageWait(driver, timeout).until(
        lambda d: words in d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent"),
        f"the live region never said {words!r}")


def test_the_hosts_new_round_shows_on_every_players_page(driver, other, server):
    link = sit(driver, server, "ana")          # the first to join hosts the table
    deck = link.rsplit("/", 1)[1]
    join(other, server, link, "bo")
    text_shown(driver, "bo: 0 cards, face down")
    deal(driver, "bo", 5)
    text_shown(other, "Your hand: 5 cards")
    deal(driver, "ana (you)", 4)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 4)
    deal(driver, "the centre (face up)", 2)
    text_shown(other, "2 cards in the centre")
    open_menu(driver)
    open_menu(other)
    assert "Start a new round" in buttons(driver), "the host may start a new round"
    assert "Start a new round" not in buttons(other), "another player may not"

    button(driver, "Start a new round").click()
    button(driver, "Collect and shuffle").click()
    PageWait(driver, 10).until(lambda d: api(server, f"deck/{deck}/")["remaining"] == 52, "no new round")
    for name in ("ana", "bo"):
        listing = api(server, f"deck/{deck}/pile/{name}/list/")
        assert listing.get("success") and listing["piles"][name] == {"remaining": 0, "private": True}, (
            f"after the new round {name} is no longer seated ({listing}): the server's full reshuffle removes the "
            "players' hands instead of emptying them")
    for page, me, them in ((driver, "ana", "bo"), (other, "bo", "ana")):
        text_shown(page, "52 cards left in the deck.")
        text_shown(page, "Your hand: 0 cards")
        text_shown(page, "0 cards in the centre")
        text_shown(page, f"{them}: 0 cards, face down")
        text_shown(page, f"You are {me}.")
        assert hand(page) == []
        live_and_saved(page)
    heard(other, "ana started a new round: every card is back in the deck.")
    # The round goes on: the host deals again, to both.
    deal(driver, "bo", 3)
    text_shown(other, "Your hand: 3 cards")
    no_page_errors(driver)
    no_page_errors(other)


def test_a_removed_players_page_explains_and_offers_to_join_again(driver, server):
    deck = api(server, "deck/new/shuffle/")["deck_id"]
    status, host = call(server, "POST", f"deck/{deck}/player/host/")
    assert status == 200, host
    join(driver, server, f"{server}/?play=1#play/{deck}", "bo")
    text_shown(driver, "host: 0 cards, face down")
    status, body = call(server, "GET", f"deck/{deck}/pile/bo/deal/?count=3", host["token"])
    assert status == 200, body
    text_shown(driver, "Your hand: 3 cards")

    status, body = call(server, "DELETE", f"deck/{deck}/player/bo/", host["token"])
    assert status == 200 and body.get("success"), (
        f"the host could not remove bo: {status} {body} (the server has no DELETE /api/deck/<id>/player/<name>/ yet)")
    # The view redraws its heading when it explains the seat: a heading read just before it is replaced is stale, not
    # wrong, so the wait reads it again.
    title = PageWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: d.find_element(By.ID, "play-title") if d.find_element(By.ID, "play-title").text
        == "You are no longer at this table" else None, "bo's page never said the seat was removed")
    assert driver.switch_to.active_element == title, "the explanation takes the focus"
    text_shown(driver, "Your seat as bo was removed")
    assert "Reading the table" not in driver.find_element(By.TAG_NAME, "main").text
    assert {"Join again", "Start a new table"} <= set(buttons(driver))

    button(driver, "Join again").click()
    assert field(driver, "Your name").get_attribute("value") == "bo"
    button(driver, "Join the table").click()
    text_shown(driver, "You are bo.")
    text_shown(driver, "Your hand: 0 cards")
    status, body = call(server, "GET", f"deck/{deck}/pile/bo/deal/?count=2", host["token"])
    assert status == 200, body
    text_shown(driver, "Your hand: 2 cards")
    live_and_saved(driver)
    no_page_errors(driver)
