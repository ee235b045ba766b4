"""Issue 32's Done-when on display names: a player named with markup joins, plays and is announced; no script runs and
the name shows as typed, on every page (the others', a spectator's), in the move log and in the live region. A name in
another script ("José") is kept as typed too.
"""

from selenium.webdriver.common.by import By

from conftest import api, chromium
from test_play import button, card_name, field, hand, join, play, start_table, text_shown
from test_play_once import deal, live_and_saved
from test_play_table import moves
from webapp import PageWait
from webapp import no_page_errors, set_viewport

MARKUP = "<img src=x onerror=alert(1)>"


def test_a_player_named_with_markup_joins_plays_and_is_announced_as_text(driver, other, server):  # noqa: F811
    link = start_table(driver, server)
    deck = link.rsplit("/", 1)[1]
    field(driver, "Your name").send_keys("José")
    button(driver, "Join the table").click()
    text_shown(driver, "You are José.")
    join(other, server, link, MARKUP, width=360, height=740)
    text_shown(other, f"You are {MARKUP}.")
    text_shown(driver, f"{MARKUP}: 0 cards, face down")
    players = api(server, f"deck/{deck}/")["players"]
    assert [p["display_name"] for p in players] == ["José", MARKUP], players

    watcher = chromium()
    try:
        set_viewport(watcher, 740, 360)
        watcher.get(f"{link}/watch")
        text_shown(watcher, f"{MARKUP}: 0 cards, face down")
        deal(driver, MARKUP, 2)
        PageWait(other, 10).until(lambda d: len(hand(d)) == 2)
        card = hand(other)[0]
        play(other, [card])
        live_and_saved(other)
        said = f"{MARKUP} played the {card_name(card)} to the centre."
        PageWait(driver, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent") == said,
            "José's page announces the play with the name as typed")
        for page in (driver, watcher):
            PageWait(page, 10).until(lambda d: said in moves(d), f"the move log says {said!r}")
        PageWait(watcher, 10).until(lambda d: f"José dealt 2 cards to {MARKUP}." in moves(d), moves(watcher))
        for page in (driver, other, watcher):
            assert page.execute_script(
                "return document.querySelectorAll('img[src=\"x\"], img[onerror], [onerror]').length") == 0
            no_page_errors(page)
    finally:
        watcher.quit()
