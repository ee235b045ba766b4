"""Issue 32's Play view, as players meet it on today's server: the hand docked along the bottom edge, fanned and
wholly on screen at 360x740 and 740x360; sorted by suit or rank; several cards selected and played at once; a card
dragged onto the centre and onto another player (a gift); the move log; undo of one's own last play while it is on
top; the host removes a player; a spectator follows through the watch link without joining; a name typed with
markup shows as typed and runs nothing. Everything is read from what a person sees (accessible names, visible
text) and checked against the API. Screenshots at 360x740, 740x360 and 1440x900.
"""

import re
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api, chromium
from test_play import (
    HAND, button, card_button, card_name, field, hand, join, play, select_cards, sit, start_table, text_shown,
)
from test_play_once import centre_codes, deal, live_and_saved
from webapp import PageWait
from webapp import no_page_errors, screenshot, set_viewport

PHONES = [(360, 740), (740, 360)]
SIZES = PHONES + [(1440, 900)]


LOG_LINES = "ul[aria-labelledby='play-log-title'] li"


def moves(driver):
    """The move log's lines, newest first, as the table menu lists them (the menu may be closed: its text is read; the
    newest line also shows on the felt). The log re-renders on every event, so a line found may be
    replaced before it is read: then the new lines are read (callers also use this outside PageWait, for a wait's
    message)."""
    for _ in range(10):
        try:
            return [item.get_attribute("textContent") for item in driver.find_elements(By.CSS_SELECTOR, LOG_LINES)]
        except StaleElementReferenceException:
            continue
    return [item.get_attribute("textContent") for item in driver.find_elements(By.CSS_SELECTOR, LOG_LINES)]


def on_screen(driver):
    """Each hand card's box and whether it lies wholly inside the viewport."""
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0])].map((b) => {
          const r = b.getBoundingClientRect();
          return {name: b.getAttribute('aria-label'), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                  inside: r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5};
        });""", HAND)


def drag_to(driver, card, target):
    """Drags a hand card (pressed on its visible strip) onto a target on the felt, in small pointer moves."""
    ActionChains(driver, duration=50) \
        .move_to_element_with_offset(card, -card.size["width"] // 2 + 6, -card.size["height"] // 4).click_and_hold() \
        .move_by_offset(0, -20).move_to_element(target).move_by_offset(2, 2).release().perform()


def test_the_whole_hand_is_on_screen_at_phone_sizes_and_sorts(driver, server):
    sit(driver, server, "ana")
    deal(driver, "ana (you)", 13)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 13)
    dealt = hand(driver)
    for width, height in SIZES:
        set_viewport(driver, width, height)
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        PageWait(driver, 5).until(lambda d: all(card["inside"] for card in on_screen(d)),
                                       f"{width}x{height}: a card of the hand is off screen: {on_screen(driver)}")
        driver.execute_script("window.scrollTo(0, 0)")
        assert all(card["inside"] for card in on_screen(driver)), f"{width}x{height}: the dock moves with the page"
        boxes = on_screen(driver)
        # Every card shows a strip of its own (its corner index), left to right in each row (two rows on a phone).
        assert all(b["left"] + 8 <= nxt["left"] for b, nxt in zip(boxes, boxes[1:]) if abs(b["top"] - nxt["top"]) < 20), boxes
        screenshot(driver, f"play-hand-{width}x{height}")

    set_viewport(driver, 360, 740)
    button(driver, "By suit").click()
    suits = "SHCD"
    ranks = "234567890JQKA"
    by_suit = sorted(dealt, key=lambda c: (suits.index(c[1]), ranks.index(c[0])))
    PageWait(driver, 5).until(lambda d: hand(d) == by_suit, "sorted by suit")
    assert button(driver, "By suit").get_attribute("aria-pressed") == "true"
    button(driver, "By rank").click()
    by_rank = sorted(dealt, key=lambda c: (ranks.index(c[0]), suits.index(c[1])))
    PageWait(driver, 5).until(lambda d: hand(d) == by_rank, "sorted by rank")
    driver.refresh()
    text_shown(driver, "You are ana.")
    PageWait(driver, 10).until(lambda d: hand(d) == by_rank, "the order chosen outlives a reload")
    no_page_errors(driver)


def test_several_cards_at_once_then_undo_the_last_play_while_it_is_on_top(driver, server):
    deck = sit(driver, server, "ana").rsplit("/", 1)[1]
    set_viewport(driver, 360, 740)
    deal(driver, "ana (you)", 6)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 6)
    dealt = hand(driver)
    play(driver, dealt[:3])
    text_shown(driver, "Your hand: 3 cards")
    live_and_saved(driver)
    assert centre_codes(server, deck) == dealt[:3], "three cards in one play, in the hand's order"
    names = ", ".join(f"the {card_name(c)}" for c in dealt[:2]) + f" and the {card_name(dealt[2])}"
    PageWait(driver, 5).until(lambda d: f"You played {names} to the centre." in moves(d), moves(driver))
    screenshot(driver, "play-after-three-cards-360x740")

    undo = button(driver, "Undo your last play: take back " + names)
    undo.click()
    PageWait(driver, 10).until(lambda d: sorted(hand(d)) == sorted(dealt), "the play came back")
    live_and_saved(driver)
    assert centre_codes(server, deck) == []
    assert not [b for b in driver.find_elements(By.TAG_NAME, "button")
                if b.is_displayed() and b.accessible_name.startswith("Undo your last play")], "nothing left to undo"

    # A play someone covered can no longer be taken back.
    play(driver, [dealt[0]])
    text_shown(driver, "Your hand: 5 cards")
    button(driver, f"Undo your last play: take back the {card_name(dealt[0])}")
    play(driver, [dealt[1]])
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 4)
    live_and_saved(driver)
    undo_names = [b.accessible_name for b in driver.find_elements(By.TAG_NAME, "button") if b.is_displayed()]
    assert f"Undo your last play: take back the {card_name(dealt[1])}" in undo_names
    assert f"Undo your last play: take back the {card_name(dealt[0])}" not in undo_names
    no_page_errors(driver)


def test_drag_a_card_onto_the_centre_and_onto_another_player(driver, other, server):
    link = sit(driver, server, "ana")
    deck = link.rsplit("/", 1)[1]
    join(other, server, link, "bo", width=360, height=740)
    set_viewport(driver, 360, 740)
    text_shown(driver, "bo: 0 cards, face down")
    deal(driver, "ana (you)", 5)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 5)
    dealt = hand(driver)
    driver.execute_script("window.scrollTo(0, 0)")

    centre = driver.find_element(By.XPATH, "//li[.//h4[normalize-space()='The centre']]")
    drag_to(driver, card_button(driver, dealt[0]), centre)
    PageWait(driver, 10).until(lambda d: centre_codes(server, deck) == [dealt[0]], "the dragged card is played")
    PageWait(other, 10).until(
        lambda d: f"ana played the {card_name(dealt[0])} to the centre." in moves(d), "Bo's move log shows it")

    # Two selected cards dragged together onto Bo: a gift.
    select_cards(driver, dealt[1:3])
    bo = driver.find_element(By.XPATH, "//li[p[starts-with(normalize-space(), 'bo:')]]")
    drag_to(driver, card_button(driver, dealt[1]), bo)
    PageWait(other, 10).until(lambda d: sorted(hand(d)) == sorted(dealt[1:3]), "Bo got both cards")
    live_and_saved(driver)
    text_shown(driver, "bo: 2 cards, face down")
    assert sorted(hand(driver)) == sorted(dealt[3:])
    PageWait(other, 10).until(lambda d: any(line.startswith("ana gave you the ") for line in moves(d)), moves(other))
    PageWait(driver, 10).until(lambda d: "You gave bo 2 cards." in moves(d), moves(driver))
    screenshot(driver, "play-after-drag-360x740")
    screenshot(other, "play-gift-received-360x740")
    no_page_errors(driver)
    no_page_errors(other)


def test_the_host_removes_a_player_and_a_spectator_follows_without_joining(driver, other, server):
    link = sit(driver, server, "ana")
    deck = link.rsplit("/", 1)[1]
    watch = field(driver, "Watch link (no seat)").get_attribute("value")
    assert watch.endswith(f"#play/{deck}/watch")
    join(other, server, link, "bo")
    text_shown(driver, "bo: 0 cards, face down")
    deal(driver, "bo", 3)
    deal(driver, "the centre (face up)", 1)

    spectator = chromium()
    try:
        set_viewport(spectator, 740, 360)
        spectator.get(f"{server}/css/app.css")
        spectator.execute_script("localStorage.clear(); sessionStorage.clear()")
        spectator.get(watch)
        text_shown(spectator, "You are watching")
        text_shown(spectator, "bo: 3 cards, face down")
        top = centre_codes(server, deck)[0]
        text_shown(spectator, f"1 card in the centre; the {card_name(top)} on top.")
        assert not spectator.find_elements(By.CSS_SELECTOR, HAND), "a spectator has no hand"
        assert "Take the" not in spectator.find_element(By.TAG_NAME, "main").text
        assert api(server, f"deck/{deck}/pile/ana/list/")["piles"].keys() == {"ana", "bo", "centre"}, "nobody joined"

        select_cards(other, hand(other)[:1])
        played = hand(other)[0]
        button(other, "Play").click()
        text_shown(spectator, f"2 cards in the centre; the {card_name(played)} on top.")
        PageWait(spectator, 10).until(
            lambda d: f"bo played the {card_name(played)} to the centre." in moves(d), moves(spectator))
        screenshot(spectator, "play-spectator-740x360")

        button(driver, "Remove bo").click()
        button(driver, "Yes, remove bo").click()
        PageWait(other, 10).until(lambda d: "You are no longer at this table" in d.find_element(By.TAG_NAME, "main").text)
        text_shown(driver, "Nobody else yet: share the link.")
        PageWait(spectator, 10).until(
            lambda d: "bo:" not in d.find_element(By.TAG_NAME, "main").text, "the spectator sees Bo leave")
        assert "bo" not in api(server, f"deck/{deck}/pile/ana/list/")["piles"]
        # The spectator joins from the watch page; a reload then plays on as that player.
        button(spectator, "Join this table").click()
        field(spectator, "Your name").send_keys("cy")
        button(spectator, "Join the table").click()
        text_shown(spectator, "You are cy.")
        assert spectator.current_url.endswith(f"#play/{deck}")
        spectator.refresh()
        text_shown(spectator, "You are cy.")
        text_shown(driver, "cy: 0 cards, face down")
        no_page_errors(spectator)
    finally:
        spectator.quit()
    no_page_errors(driver)
    no_page_errors(other)


MARKUP = "<img src=x onerror=alert(1)>"


def test_a_name_typed_with_markup_shows_as_typed_and_runs_nothing(driver, other, server):
    link = start_table(driver, server)
    set_viewport(driver, 360, 740)
    field(driver, "Your name").send_keys(MARKUP)
    button(driver, "Join the table").click()
    text_shown(driver, f"You are {MARKUP}.")
    said = driver.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent")
    assert said == f"You joined the table as {MARKUP}.", said
    join(other, server, link, "bo")
    deal(driver, "bo", 2)
    deal(driver, f"{MARKUP} (you)", 2)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 2)
    play(driver, hand(driver)[:1])
    live_and_saved(driver)
    for page in (driver, other):
        assert page.execute_script("return document.querySelectorAll('main img[src=\"x\"], img[onerror]').length") == 0
        assert page.execute_script("return window.__riffleErrors") == [], "no script ran, nothing failed"
    no_page_errors(driver)
    no_page_errors(other)


def tab_to(driver, name, starts=False, limit=120):
    """Presses Tab (as a keyboard user does) until the focused form control (not a link: the header's Play link
    shares a name) has the accessible name `name` (or one starting with it); returns that control."""
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(limit):
        active = driver.switch_to.active_element
        label = active.accessible_name or ""
        if active.tag_name in ("button", "input", "select") and (label == name or (starts and label.startswith(name))):
            return active
        (active if active.tag_name != "html" else body).send_keys(Keys.TAB)
    raise AssertionError(f"Tab never reached {name!r}")


def card_by_keyboard(driver, code, limit=120):
    """Tabs into the hand (one card of it is in the tab order) and moves with the arrow keys to a card."""
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(limit):
        active = driver.switch_to.active_element
        if active.get_attribute("aria-pressed") is not None and active.get_attribute("data-code"):
            break
        (active if active.tag_name != "html" else body).send_keys(Keys.TAB)
    else:
        raise AssertionError("Tab never reached the hand")
    names = [b.accessible_name for b in driver.find_elements(By.CSS_SELECTOR, HAND)]
    here = names.index(driver.switch_to.active_element.accessible_name)
    there = names.index(card_name(code))
    key = Keys.ARROW_RIGHT if there > here else Keys.ARROW_LEFT
    for _ in range(abs(there - here)):
        driver.switch_to.active_element.send_keys(key)
    active = driver.switch_to.active_element
    assert active.accessible_name == card_name(code), active.accessible_name
    return active


def test_a_whole_round_by_keyboard_alone(driver, other, server):
    link = sit(driver, server, "ana")
    deck = link.rsplit("/", 1)[1]
    join(other, server, link, "bo")
    set_viewport(driver, 360, 740)
    text_shown(driver, "bo: 0 cards, face down")
    driver.execute_script("document.activeElement.blur()")

    tab_to(driver, "Table menu").send_keys(Keys.ENTER)
    count = tab_to(driver, "How many cards")
    count.send_keys(Keys.CONTROL, "a")
    count.send_keys("5")
    tab_to(driver, "Deal to").send_keys("ana")
    tab_to(driver, "Deal").send_keys(Keys.ENTER)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 5)
    dealt = hand(driver)

    # Into the hand: one card is in the tab order; arrows move, Space selects.
    card_by_keyboard(driver, dealt[0]).send_keys(Keys.SPACE)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert driver.switch_to.active_element.accessible_name == card_name(dealt[1])
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    tab_to(driver, "Play").send_keys(Keys.ENTER)
    PageWait(driver, 10).until(lambda d: centre_codes(server, deck) == dealt[:2], "two cards played by keyboard")
    live_and_saved(driver)

    tab_to(driver, "Undo your last play", starts=True).send_keys(Keys.ENTER)
    PageWait(driver, 10).until(lambda d: sorted(hand(d)) == sorted(dealt), "taken back by keyboard")
    live_and_saved(driver)

    card_by_keyboard(driver, dealt[4]).send_keys(Keys.SPACE)
    tab_to(driver, "Give").send_keys(Keys.ENTER)
    PageWait(other, 10).until(lambda d: hand(d) == [dealt[4]], "Bo got the card given by keyboard")
    live_and_saved(driver)

    card_by_keyboard(driver, dealt[0]).send_keys(Keys.SPACE)
    tab_to(driver, "Play").send_keys(Keys.ENTER)
    PageWait(driver, 10).until(lambda d: centre_codes(server, deck) == [dealt[0]])
    tab_to(driver, f"Take the {card_name(dealt[0])}").send_keys(Keys.ENTER)
    PageWait(driver, 10).until(lambda d: centre_codes(server, deck) == [], "taken by keyboard")
    live_and_saved(driver)

    tab_to(driver, "Table menu").send_keys(Keys.ENTER)
    tab_to(driver, "Start a new round").send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.accessible_name == "Collect and shuffle"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    PageWait(driver, 10).until(lambda d: api(server, f"deck/{deck}/")["remaining"] == 52, "a new round")
    text_shown(other, "Your hand: 0 cards")
    text_shown(driver, "Your hand: 0 cards")
    no_page_errors(driver)
    no_page_errors(other)


PLAY_ROUTE_LIMIT = 60 * 1024


def test_the_play_routes_own_code_is_at_most_60_kb_gzipped(driver, server):
    """Issue 32's budget: what opening Play fetches beyond the first load (its scripts and style sheet), as the server
    sends it compressed: the play-*.js modules, and the modules only Play uses (the event kinds, keyed rendering)."""
    sit(driver, server, "ana")
    names = driver.execute_script("return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
    own = sorted({name for name in names
                  if re.match(r"^/(js/(play[-\w]*|event-kinds|keyed-render)\.js|css/play\.css)$", name)})
    assert {"/js/play-view.js", "/js/event-kinds.js", "/js/keyed-render.js", "/css/play.css"} <= set(own), own
    total = 0
    for path in own:
        request = urllib.request.Request(server + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers.get("Content-Encoding") == "gzip", path
            total += len(response.read())
    print(f"\nthe Play route's own code: {len(own)} files, {total} bytes gzipped ({total / 1024:.1f} KB): {own}")
    assert total <= PLAY_ROUTE_LIMIT, f"{total} bytes"


def test_a_take_names_the_card_a_long_name_shows_whole_and_joining_keeps_the_focus(driver, other, server):
    """Issue 32's Play defects: "bo took 1 card" did not name the face-up card; a long player name was clipped; the
    focus dropped to <body> after joining."""
    long_name = "a_very_long_player_name_32_chars"
    link = sit(driver, server, "ana", 360, 740)
    focused = driver.switch_to.active_element
    assert focused.tag_name != "body" and focused.text.startswith("Your hand"), "the focus is on the hand's heading"
    join(other, server, link, long_name, width=360, height=740)
    assert other.switch_to.active_element.text.startswith("Your hand")
    text_shown(driver, f"{long_name}: 0 cards, face down")
    clipped = driver.execute_script("""
        return [...document.querySelectorAll('#view-play p, #view-play li, #view-play h4')]
          .filter((e) => e.textContent.includes(arguments[0]) && e.scrollWidth > e.clientWidth + 1).length""", long_name)
    assert clipped == 0, "the long name is shown whole"
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    deal(driver, "the centre (face up)", 1)
    top = centre_codes(server, deck := link.rsplit("/", 1)[1])[0]
    button(other, f"Take the {card_name(top)}").click()
    PageWait(driver, 10).until(
        lambda d: f"{long_name} took the {card_name(top)} from the centre." in moves(d), moves(driver))
    heard = driver.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent")
    assert heard == f"{long_name} took the {card_name(top)} from the centre.", heard
    assert centre_codes(server, deck) == []
    no_page_errors(driver)
    no_page_errors(other)
