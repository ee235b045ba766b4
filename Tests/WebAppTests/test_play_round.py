"""Issue 32's Done-when, in a browser: three players (two on phones at 360x740, one on a laptop at 1440x900) and a
spectator (a phone held sideways, 740x360) play a short round on issue 32's server. They join (one with a name in
another script), the host changes the seats, the turn passes, each plays cards by drag and by keyboard, the host
starts a new round, one player's connection drops and returns (the others see them go offline after the grace
period and come back), and the spectator follows throughout. No hidden card appears in another's DOM or in the
first player's network traffic. Screenshots of each step at each page's size.
"""

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import RiffleServer, chromium
from test_play import (
    NetworkRecord, button, card_button, card_name, dom, field, hand, leaks, text_shown, three_players_and_a_spectator,
)
from test_play_once import centre_codes, live_and_saved
from test_play_table import card_by_keyboard, drag_to, moves, on_screen, tab_to
from webapp import PageWait
from webapp import no_page_errors, screenshot

GRACE_S = 2


@pytest.fixture()
def table_server():
    """A server of this test's own with a short presence grace period (the default is 10 s)."""
    process = RiffleServer(log_name="webapp-round-server.log")
    process.command += ["--presence-grace", str(GRACE_S)]
    process.start()
    yield process
    process.close()


@pytest.fixture()
def browsers():
    """Ana's (with Chrome's performance log, to read every answer she gets), Bo's, Zoë's and a spectator's."""
    ana = chromium(performance_log=True)
    ana.execute_cdp_cmd("Network.enable", {"maxTotalBufferSize": 64 << 20, "maxResourceBufferSize": 8 << 20})
    others = [chromium() for _ in range(3)]
    yield [ana, *others]
    for browser in (ana, *others):
        browser.quit()


def shot(pages, step):
    for name, page in pages.items():
        size = page.execute_script("return `${innerWidth}x${innerHeight}`")
        screenshot(page, f"round-{step}-{name}-{size}")


def player_line(driver, shown):
    """The visible lines of a player's seat on the felt (name and count, then online and turn marks)."""
    seats = driver.find_elements(By.CSS_SELECTOR, "ul[aria-label='Other players'] > li")
    return next((seat.text for seat in seats if seat.text.startswith(f"{shown}:")), "")


def test_three_players_and_a_spectator_play_a_short_round(browsers, table_server):
    base = table_server.base
    ana, bo, zoe, watcher = browsers
    record = NetworkRecord(ana)
    link = three_players_and_a_spectator(ana, [bo, zoe, watcher], base, bo_size=(360, 740), watcher_size=(740, 360))
    deck = link.rsplit("/", 1)[1]
    pages = {"ana": ana, "bo": bo, "zoe": zoe, "watcher": watcher}
    text_shown(zoe, "Bo: 0 cards, face down")
    # Everyone online, the host marked.
    PageWait(ana, 10).until(lambda d: "online" in player_line(d, "Zoë") and "online" in player_line(d, "Bo"))
    shot(pages, "1-joined")

    # Seats: the host moves Zoë one seat earlier (Ana, Zoë, Bo); Bo sees Ana then Zoë after him.
    button(ana, "Seat Zoë one earlier").click()
    PageWait(bo, 10).until(lambda d: [li.text.split(":")[0] for li in d.find_elements(
        By.CSS_SELECTOR, "ul[aria-label='Other players'] > li")] == ["Ana", "Zoë"], "Bo sees the new seats")
    # The turn: the host starts the turns (the first seat), deals five to each, and passes it on.
    button(ana, "Start turns").click()
    text_shown(bo, "It is Ana's turn.")
    for to in ("Bo", "Zoë", "Ana (you)"):
        field(ana, "How many cards").clear()
        field(ana, "How many cards").send_keys("5")
        Select(field(ana, "Deal to")).select_by_visible_text(to)
        button(ana, "Deal").click()
    for page in (ana, bo, zoe):
        PageWait(page, 10).until(lambda d: len(hand(d)) == 5, "five cards each")
    for page in (ana, bo):
        assert all(card["inside"] for card in on_screen(page)), "the whole hand is on screen"
    button(ana, "Pass the turn").click()
    for page in (ana, bo, watcher):
        text_shown(page, "It is Zoë's turn.")
    text_shown(zoe, "It is your turn.")
    shot(pages, "2-dealt-turn-passed")

    # Zoë plays by drag; a play out of turn is refused with words.
    zoe_card = hand(zoe)[0]
    zoe.execute_script("window.scrollTo(0, 0)")
    centre = zoe.find_element(By.XPATH, "//li[.//h4[normalize-space()='The centre']]")
    drag_to(zoe, card_button(zoe, zoe_card), centre)
    PageWait(ana, 10).until(lambda d: centre_codes(base, deck) == [zoe_card], "Zoë's drag played the card")
    text_shown(watcher, f"1 card in the centre; the {card_name(zoe_card)} on top.")
    button(zoe, "Pass the turn").click()
    text_shown(bo, "It is your turn.")

    # Bo plays by keyboard alone, then passes the turn.
    bo_card = hand(bo)[2]
    # The keyboard starts from the top of the page (a click in the middle of the page would land on the felt).
    bo.execute_script("document.activeElement.blur()")
    card_by_keyboard(bo, bo_card).send_keys(Keys.SPACE)
    tab_to(bo, "Play").send_keys(Keys.ENTER)
    PageWait(bo, 10).until(lambda d: centre_codes(base, deck) == [zoe_card, bo_card], "Bo's keyboard play")
    tab_to(bo, "Pass the turn").send_keys(Keys.ENTER)
    text_shown(ana, "It is your turn.")
    PageWait(watcher, 10).until(lambda d: f"Bo played the {card_name(bo_card)} to the centre." in moves(d))
    shot(pages, "3-played")

    # No hidden card in another's page: each hand only in its owner's DOM (and not in the spectator's).
    hands = {"ana": hand(ana), "bo": hand(bo), "zoe": hand(zoe)}
    for owner, cards in hands.items():
        for name, page in pages.items():
            if name != owner:
                assert leaks([dom(page)], cards) == set(), f"{owner}'s cards are in {name}'s page"
    record.collect()
    hidden = hands["bo"] + hands["zoe"]
    assert leaks(record.texts(), hidden) == set(), "another's hand reached Ana over the network"

    # Bo's connection drops (his phone leaves the page: its event stream closes; Chrome's offline emulation would
    # leave an open stream open): after the grace period the others see him offline; then he is back, the same seat.
    bo.get("about:blank")
    for page in (ana, zoe):
        PageWait(page, GRACE_S + 15).until(lambda d: "offline" in player_line(d, "Bo"), "Bo shown offline")
    PageWait(ana, 10).until(lambda d: "Bo went offline." in moves(d))
    text_shown(watcher, "Bo: 4 cards, face down")
    shot({"ana": ana, "zoe": zoe, "watcher": watcher}, "4-bo-offline")
    bo.get(link)
    text_shown(bo, "You are Bo.")
    for page in (ana, zoe):
        PageWait(page, 20).until(lambda d: "online" in player_line(d, "Bo"), "Bo shown online again")
    PageWait(ana, 10).until(lambda d: "Bo is back online." in moves(d))
    PageWait(bo, 10).until(lambda d: len(hand(d)) == 4, "Bo's hand is as he left it")
    live_and_saved(bo, timeout=20)

    # The host starts a new round: every hand empties, on every page; the spectator follows.
    button(ana, "Start a new round").click()
    button(ana, "Collect and shuffle").click()
    for page in (ana, bo, zoe):
        text_shown(page, "Your hand: 0 cards")
    text_shown(watcher, "52 cards left in the deck.")
    shot(pages, "5-new-round")
    for page in pages.values():
        no_page_errors(page)
