"""Issue 43's replay, in a browser: a three-player round played through the API (Ana, the host, and Bo join through
the API and Cy through her page, which keeps her seat; Ana deals five to everyone, Cy draws a card, Bo plays one to
the centre), then the table menu's History opened by a spectator (a phone, 360x740) and by Cy (a laptop, 1440x900).
Each steps through every event, forward by keyboard and back by the buttons; what they see (accessible names,
visible text) is checked: Cy sees her own dealt and drawn cards in the replay and nobody else's, the spectator sees
counts and the card played face up, never a hidden one; both see as many events as the API gives them. The replay's
code comes only once History is opened. Screenshots of the History at both sizes.
"""

import json
import re
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api, call
from test_accessibility import axe_source, run_axe
from test_play import button, card_name, join, leaks, open_menu, text_shown, watch
from test_play_phone import form
from webapp import PageWait
from webapp import no_page_errors, screenshot, set_viewport

PANEL = "//section[.//h2[normalize-space()='History']]"
REPLAY_FILES = ("/js/play-replay.js", "/js/play-replay-view.js")


def history_events(server, deck, token=None):
    """Every event of the deck's history as the API shows it to `token`'s player (a spectator without), page after
    page."""
    events, after = [], 0
    while True:
        status, page = call(server, "GET", f"deck/{deck}/history/?after={after}&limit=2", token)
        assert status == 200 and page["success"], page
        events += page["events"]
        if not page["more"]:
            return events
        after = page["events"][-1]["id"]


def seat(driver, deck):
    """The page's own seat (player name and token), as the page keeps it for a reload."""
    return json.loads(driver.execute_script(f"return localStorage.getItem('riffle.play.seat.{deck}')"))


def hand_codes(server, deck, player, token):
    status, body = call(server, "GET", f"deck/{deck}/pile/{player}/list/", token)
    assert status == 200, body
    return [card["code"] for card in body["piles"][player]["cards"]]


def loaded(driver):
    """The app's files the page has fetched, by path."""
    return set(driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"))


def panel_lines(driver):
    """The History panel's visible lines: its heading and buttons, the position, the event in words, the table."""
    return [line for line in driver.find_element(By.XPATH, PANEL).text.split("\n") if line]


def step_shown(driver):
    """(position, the event in words, the table's lines) as the History shows them now."""
    lines = panel_lines(driver)
    position = next(line for line in lines if re.fullmatch(r"Event \d+ of \d+", line))
    words = lines[lines.index("Next event") + 1]
    table = lines[lines.index("The table after it") + 1:]
    return position, words, table


def open_history(driver, shot):
    """Opens History from the table menu (as a person does; a screenshot `shot` of the menu), and waits for its first
    event; returns how many there are, as the position says."""
    assert not loaded(driver) & set(REPLAY_FILES), "the replay's code comes only with History"
    open_menu(driver)
    screenshot(driver, shot)
    button(driver, "History").click()
    PageWait(driver, 10).until(lambda d: any(re.fullmatch(r"Event 1 of \d+", line) for line in panel_lines(d)),
                               "History never showed its first event")
    assert set(REPLAY_FILES) <= loaded(driver)
    focused = driver.switch_to.active_element
    assert focused.accessible_name == "Next event", "the focus is on the way forward"
    return int(re.search(r"of (\d+)", step_shown(driver)[0]).group(1))


def step_through(driver, count):
    """Steps forward through every event by keyboard (Enter on "Next event", which keeps the focus), then back to the
    first by the "Previous event" button; returns every step as shown going forward. The way back shows the same."""
    forward = [step_shown(driver)]
    for number in range(2, count + 1):
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        PageWait(driver, 5).until(lambda d: step_shown(d)[0] == f"Event {number} of {count}")
        forward.append(step_shown(driver))
    assert driver.switch_to.active_element.accessible_name == "Next event"
    assert driver.switch_to.active_element.get_attribute("aria-disabled") == "true", "no event after the last"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert step_shown(driver)[0] == f"Event {count} of {count}"
    PageWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent")
                              == f"Event {count} of {count}: {forward[-1][1]}", "the step is said")
    previous = button(driver, "Previous event")
    for number in range(count - 1, 0, -1):
        previous.click()
        PageWait(driver, 5).until(lambda d: step_shown(d)[0] == f"Event {number} of {count}")
        assert step_shown(driver) == forward[number - 1], "the way back shows what the way forward showed"
    assert previous.get_attribute("aria-disabled") == "true", "no event before the first"
    return forward


def three_players(driver, server):
    """A new table with Ana (the host) and Bo joined through the API, and Cy through the page at 1440x900: the deck,
    every player's token by name, and Cy's seat."""
    deck = api(server, "deck/new/shuffle/")["deck_id"]
    tokens = {}
    for name, shown in (("ana", "Ana"), ("bo", "Bo")):
        request = urllib.request.Request(f"{server}/api/deck/{deck}/player/{name}/", method="POST",
                                         data=f"display_name={shown}".encode())
        with urllib.request.urlopen(request, timeout=5) as response:
            tokens[name] = json.load(response)["token"]
    join(driver, server, f"{server}/?play=1#play/{deck}", "Cy", 1440, 900)
    cy = seat(driver, deck)
    tokens[cy["player"]] = cy["token"]
    return deck, tokens, cy


def test_a_spectator_and_a_player_replay_a_three_player_round(driver, other, server):
    deck, tokens, cy = three_players(driver, server)

    # The round, through the API.
    status, body = form(server, f"deck/{deck}/deal/", [("count", "5")], tokens["ana"])
    assert status == 200, body
    dealt = {name: hand_codes(server, deck, name, token) for name, token in tokens.items()}
    assert all(len(codes) == 5 for codes in dealt.values()), dealt
    status, body = call(server, "GET", f"deck/{deck}/pile/{cy['player']}/deal/?count=1", cy["token"])
    assert status == 200, body
    drawn = [code for code in hand_codes(server, deck, cy["player"], cy["token"]) if code not in dealt[cy["player"]]]
    assert len(drawn) == 1
    played = dealt["bo"][0]
    status, body = call(server, "GET", f"deck/{deck}/pile/centre/add/?cards={played}&from=bo", tokens["bo"])
    assert status == 200, body
    text_shown(driver, "1 card in the centre")
    hidden_from_spectator = [code for codes in dealt.values() for code in codes if code != played] + drawn
    hidden_from_cy = [code for name in ("ana", "bo") for code in dealt[name] if code != played]

    # The spectator, on a phone.
    watch(other, server, f"{server}/?play=1#play/{deck}", 360, 740)
    text_shown(other, "1 card in the centre")
    spectator_events = history_events(server, deck)
    count = open_history(other, "history-menu-spectator-360x740")
    assert count == len(spectator_events), "the spectator sees every event the API gives a spectator"
    screenshot(other, "history-spectator-first-360x740")
    steps = step_through(other, count)
    assert leaks([json.dumps(steps)], hidden_from_spectator) == set(), "a hidden card in the spectator's replay"
    deal_step = next(step for step in steps if step[1] == "Ana dealt 5 cards to everyone.")
    assert deal_step[2] == ["The deck: 37 cards.", "Ana's hand: 5 cards, face down.", "Bo's hand: 5 cards, face down.",
                            "Cy's hand: 5 cards, face down."], deal_step
    assert "Cy dealt 1 card to themselves." in [step[1] for step in steps]
    assert steps[-1][1] == f"Bo played the {card_name(played)} to the centre."
    assert steps[-1][2] == ["The deck: 36 cards.", "Ana's hand: 5 cards, face down.", "Bo's hand: 4 cards, face down.",
                            "Cy's hand: 6 cards, face down.", f"The centre: 1 card: the {card_name(played)}."]
    following = button(other, "Next event")
    for _ in range(count - 1):
        following.send_keys(Keys.ENTER)
    PageWait(other, 5).until(lambda d: step_shown(d)[0] == f"Event {count} of {count}")
    screenshot(other, "history-spectator-360x740")
    assert run_axe(other, axe_source(), "play-history-spectator-360x740") == []
    set_viewport(other, 1440, 900)
    screenshot(other, "history-spectator-1440x900")

    # Cy, on a laptop.
    cy_events = history_events(server, deck, cy["token"])
    count = open_history(driver, "history-menu-player-1440x900")
    assert count == len(cy_events) == len(spectator_events), "Cy sees as many events as the API gives her"
    steps = step_through(driver, count)
    assert leaks([json.dumps(steps)], hidden_from_cy) == set(), "another's hidden card in Cy's replay"
    mine = ", ".join(f"the {card_name(code)}" for code in dealt[cy["player"]][:-1]) \
        + f" and the {card_name(dealt[cy['player']][-1])}"
    deal_step = next(step for step in steps if step[1] == "Ana dealt 5 cards to everyone.")
    assert deal_step[2][:2] == ["The deck: 37 cards.", f"Your hand: 5 cards: {mine}."], deal_step
    draw_step = next(step for step in steps if step[1] == f"You dealt yourself the {card_name(drawn[0])}.")
    assert draw_step[2][1] == f"Your hand: 6 cards: {mine.replace(' and the', ', the')} and the {card_name(drawn[0])}."
    assert draw_step[2][2:] == ["Ana's hand: 5 cards, face down.", "Bo's hand: 5 cards, face down."]
    assert steps[-1][2][-1] == f"The centre: 1 card: the {card_name(played)}."
    screenshot(driver, "history-player-first-1440x900")
    # On to the draw, by the button: Cy's whole hand shows.
    shown = steps.index(draw_step) + 1
    for number in range(2, shown + 1):
        button(driver, "Next event").click()
        PageWait(driver, 5).until(lambda d: step_shown(d)[0] == f"Event {number} of {count}")
    assert step_shown(driver) == draw_step
    assert run_axe(driver, axe_source(), "play-history-player-1440x900") == []
    screenshot(driver, "history-player-1440x900")
    set_viewport(driver, 360, 740)
    screenshot(driver, "history-player-360x740")

    # Escape closes the History; the focus goes back to the History button in the table menu.
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    PageWait(driver, 5).until(lambda d: not d.find_elements(By.XPATH, PANEL))
    assert driver.switch_to.active_element.accessible_name == "History"
    assert history_events(server, deck) == spectator_events, "nothing happened at the table meanwhile"
    no_page_errors(driver)
    no_page_errors(other)
