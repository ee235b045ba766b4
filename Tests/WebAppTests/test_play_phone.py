"""Issue 40, in a browser: Play on a phone. Three players (Ana hosts at 360x740, Bo at 740x360, Zoë at 1440x900) and
a spectator: the host deals 13 to everyone with one tap (one change on the server); at every size the whole hand,
every seat, the deck, the centre and the turn cue are on screen at scroll 0, each card keeps a 24x24 px area of its
own to tap; a tap lifts a card and a tap on a pile plays it; a double-click or a double-tap plays one card once;
Enter plays the focused card, which is the first control the keyboard reaches; strict turns disable Play and say
whose turn it is; notices can be dismissed and go by themselves with the next change made; a face-up pile spreads
its last eight cards; a face turned through the API shows; screenshots of the round at the three sizes. Everything
is read from what a person sees (accessible names, visible text) and checked against the API.
"""

import json
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_play import (
    HAND, button, card_button, card_name, close_menu, deal_to_everyone, field, hand, host_and_guest, open_menu,
    press_card, sit, text_shown, three_players_and_a_spectator,
)
from test_play_once import centre_codes, live_and_saved
from webapp import PageWait
from webapp import no_page_errors, screenshot, set_viewport

SIZES = [(360, 740), (740, 360), (1440, 900)]


def form(base, path, fields, token):
    """POSTs a form to the API as a player; returns the status and the body."""
    request = urllib.request.Request(f"{base}/api/{path}", data="&".join(f"{k}={v}" for k, v in fields).encode(),
                                     method="POST", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.status, json.load(error)


def change_number(base, deck):
    with urllib.request.urlopen(f"{base}/api/deck/{deck}/", timeout=5) as response:
        return int(response.headers["ETag"].strip('"'))


def seat_token(driver, deck):
    """The page's own seat token, as the page keeps it for a reload (the player's own device)."""
    return json.loads(driver.execute_script(f"return localStorage.getItem('riffle.play.seat.{deck}')"))["token"]


def visible_box(driver, selector):
    """For every displayed element matching `selector`: whether it lies wholly inside the viewport and, outside the
    docked hand, wholly above the dock (not covered by it)."""
    return driver.execute_script("""
        const dock = document.querySelector('.play-dock');
        const dockTop = dock ? dock.getBoundingClientRect().top : innerHeight;
        return [...document.querySelectorAll(arguments[0])].filter((e) => e.offsetParent !== null).map((e) => {
          const r = e.getBoundingClientRect();
          const bottom = dock && dock.contains(e) ? innerHeight : dockTop;
          return {text: (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
                  inside: r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5
                          && r.bottom <= bottom + 0.5};
        });""", selector)


def tap_areas(driver):
    """For each card of the hand: whether a 24x24 px square of it takes a tap (the element at each of the square's
    corners and centre is that card's button), searched over the card's box."""
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0])].map((button) => {
          const r = button.getBoundingClientRect();
          const hits = (x, y) => { const e = document.elementFromPoint(x, y); return e && button.contains(e); };
          for (let y = r.top + 1; y + 23 <= r.bottom - 1; y += 2) {
            for (let x = r.left + 1; x + 23 <= r.right - 1; x += 2) {
              if ([[x, y], [x + 23, y], [x, y + 23], [x + 23, y + 23], [x + 12, y + 12]].every(([a, b]) => hits(a, b))) {
                return {name: button.getAttribute('aria-label'), ok: true};
              }
            }
          }
          return {name: button.getAttribute('aria-label'), ok: false};
        });""", HAND)


def one_screen(driver, size):
    """Asserts the one-screen promise at scroll 0: hand, seats, deck, centre and turn cue on screen, 24 px targets."""
    driver.execute_script("window.scrollTo(0, 0)")
    for selector in (HAND, "ul[aria-label='Other players'] > li", ".play-my-seat", ".play-stack",
                     "ul[aria-label='Table piles'] > li:first-child", ".play-turn-cue", ".play-turn"):
        boxes = visible_box(driver, selector)
        assert boxes and all(box["inside"] for box in boxes), f"{size}: {selector} off screen: {boxes}"
    areas = tap_areas(driver)
    assert areas and all(area["ok"] for area in areas), f"{size}: a card has no 24x24 area to tap: {areas}"


def shot(pages, step):
    for name, page in pages.items():
        size = page.execute_script("return `${innerWidth}x${innerHeight}`")
        screenshot(page, f"phone-{step}-{name}-{size}")


def test_one_screen_deal_to_everyone_and_direct_play_at_three_sizes(driver, players, server):
    ana = driver
    bo, zoe, watcher = players
    deck = three_players_and_a_spectator(ana, players, server).rsplit("/", 1)[1]
    pages = {"ana": ana, "bo": bo, "zoe": zoe, "watcher": watcher}

    # Only the host deals to everyone: one tap, one change, 13 each in seat order.
    open_menu(bo)
    assert not [b for b in bo.find_elements(By.TAG_NAME, "button") if b.is_displayed()
                and b.accessible_name == "Deal to everyone"], "only the host is offered to deal to everyone"
    close_menu(bo)
    before = change_number(server, deck)
    deal_to_everyone(ana, 13)
    for page in (ana, bo, zoe):
        PageWait(page, 10).until(lambda d: len(hand(d)) == 13, "13 cards each")
    assert change_number(server, deck) == before + 1, "one change"
    text_shown(watcher, "Ana: 13 cards, face down")
    # The host starts the turns: the first seat (Ana) has them.
    button(ana, "Start turns").click()
    close_menu(ana)
    PageWait(ana, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".play-turn-cue").text == "Your turn")
    for page in (bo, zoe):
        PageWait(page, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".play-turn-cue").text == "Ana's turn")
    text_shown(watcher, "It is Ana's turn.")

    for page, size in ((ana, SIZES[0]), (bo, SIZES[1]), (zoe, SIZES[2])):
        one_screen(page, size)
    for width, height in SIZES:
        set_viewport(ana, width, height)
        one_screen(ana, (width, height))
        screenshot(ana, f"phone-ana-13-cards-{width}x{height}")
    set_viewport(ana, 360, 740)
    shot(pages, "1-dealt")

    # A tap lifts two cards; a tap on the centre plays them there.
    dealt = hand(ana)
    for code in dealt[:2]:
        press_card(ana, card_button(ana, code))
        PageWait(ana, 5).until(lambda d: card_button(d, code).get_attribute("aria-pressed") == "true")
    button(ana, f"Play the {card_name(dealt[0])} and the {card_name(dealt[1])} to the centre").click()
    PageWait(ana, 10).until(lambda d: centre_codes(server, deck) == dealt[:2], "a tap on the pile played them")
    live_and_saved(ana)

    # A double-click plays one card to the centre, once.
    card = card_button(ana, dealt[2])
    ActionChains(ana).move_to_element_with_offset(card, -card.size["width"] // 2 + 6, -card.size["height"] // 4) \
        .double_click().perform()
    PageWait(ana, 10).until(lambda d: centre_codes(server, deck) == dealt[:3], "the double-click played it")
    live_and_saved(ana)
    assert centre_codes(server, deck) == dealt[:3] and len(hand(ana)) == 10, "once"
    assert not ana.find_element(By.CSS_SELECTOR, ".play-notice").text, "no refusal for a second play"

    # A double-tap (touch) plays one card, once.
    card = card_button(ana, dealt[3])
    rect = ana.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + 8, r.top + 8]", card)
    touch = ActionBuilder(ana, mouse=PointerInput(POINTER_TOUCH, "finger"))
    for _ in range(2):
        touch.pointer_action.move_to_location(int(rect[0]), int(rect[1])).pointer_down().pointer_up().pause(0.05)
    touch.perform()
    PageWait(ana, 10).until(lambda d: centre_codes(server, deck) == dealt[:4], "the double-tap played it")
    live_and_saved(ana)
    assert len(hand(ana)) == 9 and not ana.find_element(By.CSS_SELECTOR, ".play-notice").text

    # The keyboard reaches the hand first; Enter plays the focused card.
    ana.execute_script("document.activeElement.blur(); document.getElementById('main').focus()")
    ana.switch_to.active_element.send_keys(Keys.TAB)
    focused = ana.switch_to.active_element
    assert focused.get_attribute("data-code"), f"the first control after the skip target is a card: {focused.accessible_name}"
    code = focused.get_attribute("data-code")
    focused.send_keys(Keys.ENTER)
    PageWait(ana, 10).until(lambda d: centre_codes(server, deck)[-1:] == [code], "Enter played the focused card")
    live_and_saved(ana)
    text_shown(bo, f"Ana played the {card_name(code)} to the centre.")
    shot(pages, "2-played")
    for page in pages.values():
        no_page_errors(page)


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_strict_turns_disable_play_and_notices_can_be_dismissed_and_clear(driver, other, server, width, height):
    ana, bo = driver, other
    deck = host_and_guest(ana, bo, server, "Ana", "Bo", (width, height)).rsplit("/", 1)[1]
    deal_to_everyone(ana, 5)
    PageWait(bo, 10).until(lambda d: len(hand(d)) == 5)
    field(ana, "Strict turns: only the player whose turn it is moves cards").click()
    button(ana, "Start turns").click()
    close_menu(ana)
    PageWait(bo, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".play-turn-cue").text == "Ana's turn")

    # Out of turn: Play is disabled, and the dock says whose turn it is.
    bo_cards = hand(bo)
    press_card(bo, card_button(bo, bo_cards[0]))
    play_button = next(b for b in bo.find_elements(By.TAG_NAME, "button") if b.accessible_name == "Play")
    assert play_button.get_attribute("aria-disabled") == "true"
    text_shown(bo, "It is Ana's turn.")
    description = bo.execute_script(
        "return arguments[0].getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id).textContent).join(' ')",
        play_button)
    assert "It is Ana's turn." in description, description
    play_button.click()
    # Enter on a card out of turn: refused in words, in a notice that can be dismissed.
    card_button(bo, bo_cards[1]).send_keys(Keys.ENTER)
    PageWait(bo, 5).until(lambda d: "It is Ana's turn" in d.find_element(By.CSS_SELECTOR, ".play-notice").text)
    assert centre_codes(server, deck) == [] and len(hand(bo)) == 5, "nothing was played out of turn"
    button(bo, "Dismiss the notice").click()
    PageWait(bo, 5).until(lambda d: not d.find_element(By.CSS_SELECTOR, ".play-notice").is_displayed())
    screenshot(bo, f"phone-strict-out-of-turn-{width}x{height}")

    # A notice goes by itself once a change is made: Bo's turn, and he plays.
    card_button(bo, bo_cards[1]).send_keys(Keys.ENTER)
    PageWait(bo, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".play-notice").is_displayed())
    button(ana, "Pass the turn").click()
    PageWait(bo, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".play-turn-cue").text == "Your turn")
    card_button(bo, bo_cards[1]).send_keys(Keys.ENTER)
    PageWait(bo, 10).until(lambda d: centre_codes(server, deck) == [bo_cards[1]], "Bo played in his turn")
    PageWait(bo, 10).until(lambda d: not d.find_element(By.CSS_SELECTOR, ".play-notice").is_displayed(),
                           "the old notice went with the change made")
    no_page_errors(ana)
    no_page_errors(bo)


def test_a_trick_spreads_readably_and_a_face_turned_elsewhere_shows(driver, server):
    link = sit(driver, server, "ana", 360, 740)
    deck = link.rsplit("/", 1)[1]
    deal_to_everyone(driver, 10)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 10)
    dealt = hand(driver)
    for code in dealt[:9]:
        press_card(driver, card_button(driver, code))
    button(driver, "Play").click()
    PageWait(driver, 10).until(lambda d: len(centre_codes(server, deck)) == 9)
    live_and_saved(driver)
    for width, height in SIZES:
        set_viewport(driver, width, height)
        spread = driver.execute_script("""
            const pile = [...document.querySelectorAll("ul[aria-label='Table piles'] > li")]
              .find((li) => li.querySelector('h4').textContent === 'The centre');
            return [...pile.querySelectorAll('.play-spread img')].map((img) => {
              const r = img.getBoundingClientRect();
              return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
            });""")
        assert len(spread) == 8, f"{width}x{height}: the last eight cards show: {spread}"
        assert all(b["left"] - a["left"] >= 14 for a, b in zip(spread, spread[1:])), f"each card's index shows: {spread}"
        assert all(box["right"] <= width and box["left"] >= 0 and box["bottom"] <= height for box in spread)
        screenshot(driver, f"phone-trick-{width}x{height}")
    set_viewport(driver, 360, 740)
    # A pile turned face down from elsewhere (the API, as the CLI and the SDK do): the Play view shows it.
    status, _ = form(server, f"deck/{deck}/pile/centre/face/", [("face", "down")], seat_token(driver, deck))
    assert status == 200
    text_shown(driver, "9 cards, face down.")
    PageWait(driver, 10).until(lambda d: "turned the centre face down" in d.find_element(By.CSS_SELECTOR, ".play-last-move").text)
    assert driver.find_elements(By.CSS_SELECTOR, "ul[aria-label='Table piles'] > li:first-child .play-back")
    no_page_errors(driver)


def test_deal_5_to_everyone_with_four_players_is_one_tap_and_one_change(driver, server):
    link = sit(driver, server, "Ana", 360, 740)
    deck = link.rsplit("/", 1)[1]
    tokens = {}
    for name in ("bo", "cy", "di"):
        request = urllib.request.Request(f"{server}/api/deck/{deck}/player/{name}/", data=b"", method="POST")
        with urllib.request.urlopen(request, timeout=5) as response:
            tokens[name] = json.load(response)["token"]
    text_shown(driver, "di: 0 cards, face down")
    before = change_number(server, deck)
    button(driver, "Deal 5 to everyone").click()
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 5, "five cards in Ana's hand")
    live_and_saved(driver)
    assert change_number(server, deck) == before + 1, "one change"
    for name, token in tokens.items():
        request = urllib.request.Request(f"{server}/api/deck/{deck}/pile/{name}/list/",
                                         headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert len(json.load(response)["piles"][name]["cards"]) == 5, name
    text_shown(driver, "32 cards left in the deck.")
    assert not [b for b in driver.find_elements(By.TAG_NAME, "button")
                if b.is_displayed() and b.accessible_name == "Deal 5 to everyone"], "offered only while hands are empty"
    no_page_errors(driver)


def test_undo_puts_the_card_back_in_its_place(driver, server):
    link = sit(driver, server, "ana", 360, 740)
    deck = link.rsplit("/", 1)[1]
    deal_to_everyone(driver, 5)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 5)
    dealt = hand(driver)
    press_card(driver, card_button(driver, dealt[1]))
    button(driver, "Play").click()
    PageWait(driver, 10).until(lambda d: centre_codes(server, deck) == [dealt[1]])
    live_and_saved(driver)
    button(driver, f"Undo your last play: take back the {card_name(dealt[1])}").click()
    PageWait(driver, 10).until(lambda d: centre_codes(server, deck) == [])
    live_and_saved(driver)
    assert hand(driver) == dealt, "the card is back where it was, not at the end"
    no_page_errors(driver)
