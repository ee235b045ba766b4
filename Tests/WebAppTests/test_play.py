"""Issue 15's browser test: two Chromium windows (two WebDriver sessions) join one live table as two players. Ana
deals five cards face down to Bo; Bo sees their five faces; Ana's page, its DOM and every network response body
(read from Chrome's performance log, the event stream included), never contains those cards; Bo plays one to the
centre and Ana sees it within a second without reloading. The pages are driven by what a person sees: accessible
names, labels and visible text. Also: the Play view's layout at four sizes (screenshots) and axe-core's checks.
"""

import json
import re
import time
import urllib.parse
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPO, chromium
from test_accessibility import axe_source, run_axe
from webapp import PageWait
from webapp import code_of, no_page_errors, screenshot, set_viewport

SIZES = [(320, 568), (360, 740), (768, 1024), (1920, 1080)]
WEB_ROOT = REPO / "Sources" / "RiffleWebApp" / "Public"


@pytest.fixture()
def dealer():
    browser = chromium(performance_log=True)
    browser.execute_cdp_cmd("Network.enable", {"maxTotalBufferSize": 64 << 20, "maxResourceBufferSize": 8 << 20})
    yield browser
    browser.quit()


@pytest.fixture()
def receiver():
    browser = chromium()
    yield browser
    browser.quit()


def menu_toggle(driver):
    """The Play view's "Table menu" button, when the page shows one."""
    toggles = [b for b in driver.find_elements(By.CSS_SELECTOR, "button[aria-controls='play-drawer']") if b.is_displayed()]
    return toggles[0] if toggles else None


def open_menu(driver):
    """Opens the Play view's table menu (moves, dealing, host tools), as a person does to reach them."""
    toggle = menu_toggle(driver)
    if toggle and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
        PageWait(driver, 5).until(lambda d: d.find_element(By.ID, "play-drawer").is_displayed())


def close_menu(driver):
    """Closes the table menu (it lies over the felt), if it is open."""
    toggle = menu_toggle(driver)
    if toggle and toggle.get_attribute("aria-expanded") == "true":
        close = [b for b in driver.find_elements(By.CSS_SELECTOR, "#play-drawer button")
                 if b.accessible_name == "Close the menu"]
        close[0].click()
        PageWait(driver, 5).until(lambda d: not d.find_element(By.ID, "play-drawer").is_displayed())


def in_menu(driver, element):
    return driver.execute_script("return Boolean(arguments[0].closest('#play-drawer'))", element)


def button(driver, name):
    """The visible, enabled button whose accessible name is `name`: on the page, or in the Play view's table menu
    (opened for it, as a person would); a button outside the menu closes the menu first (it lies over the felt)."""
    def find(d):
        for element in d.find_elements(By.CSS_SELECTOR, "button"):
            if element.is_displayed() and element.is_enabled() and element.accessible_name == name:
                return element
        return False
    # A render may replace a button while it is being looked at: look again.
    try:
        found = PageWait(driver, 2, ignored_exceptions=[StaleElementReferenceException]).until(find)
    except TimeoutException:
        if menu_toggle(driver):
            open_menu(driver)
        found = PageWait(driver, 10, ignored_exceptions=[StaleElementReferenceException]).until(
            find, f"no button named {name!r}")
    if not in_menu(driver, found) and menu_toggle(driver) and found != menu_toggle(driver):
        close_menu(driver)
    into_view(driver, found)
    return found


def into_view(driver, element):
    """Scrolls the page as a person would to reach a control: to the middle of the screen, clear of the docked hand
    (WebDriver scrolls only what is off screen, and a control under the dock is on screen but covered)."""
    try:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    except StaleElementReferenceException:
        pass


def field(driver, label):
    """The form field a visible label names (waiting for it to show; in the Play view's table menu, opened for it)."""
    path = f"//label[normalize-space()={json.dumps(label)}]"

    def labels(d):
        return [e for e in d.find_elements(By.XPATH, path) if e.is_displayed()]
    try:
        found = PageWait(driver, 2).until(labels)
    except TimeoutException:
        if menu_toggle(driver):
            open_menu(driver)
        found = PageWait(driver, 10).until(labels, f"no field labelled {label!r}")
    control = driver.find_element(By.ID, found[0].get_attribute("for"))
    into_view(driver, control)
    return control


def text_shown(driver, text, timeout=10):
    PageWait(driver, timeout, poll_frequency=0.02).until(
        lambda d: text in d.find_element(By.TAG_NAME, "main").text, f"the page never showed {text!r}")


HAND = "#view-play ul[aria-labelledby='play-hand-title'] button"


def hand(driver):
    """The codes of the cards in this player's hand (not those on their way elsewhere), in the order shown, from the
    card buttons' accessible names in the list the "Your hand" heading names."""
    for _ in range(10):
        try:
            names = [b.accessible_name for b in driver.find_elements(By.CSS_SELECTOR, HAND)]
            break
        except StaleElementReferenceException:
            continue  # the hand was drawn again meanwhile
    else:
        raise AssertionError("the hand never held still long enough to be read")
    return [code_of(n) for n in names if " of " in n and not n.endswith(", on its way")]


def card_button(driver, code):
    """The hand's button for a card (a toggle that selects it)."""
    return PageWait(driver, 10, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: next((b for b in d.find_elements(By.CSS_SELECTOR, HAND) if b.accessible_name == card_name(code)), False),
        f"no card {code} in the hand")


def press_card(driver, card):
    """Taps a card of the fanned hand where a person would: on its visible strip, near its left edge (the cards to
    its right overlap the rest)."""
    ActionChains(driver).move_to_element_with_offset(card, -card.size["width"] // 2 + 6, -card.size["height"] // 4) \
        .click().perform()


def select_cards(driver, codes):
    """Selects exactly these cards of the hand (pressing each card's toggle as needed)."""
    for code in codes:
        card = card_button(driver, code)
        if card.get_attribute("aria-pressed") != "true":
            press_card(driver, card)
        PageWait(driver, 5).until(lambda d: card_button(d, code).get_attribute("aria-pressed") == "true")


def play(driver, codes, onto="Centre"):
    """Plays cards from the hand as a person does: lifts them (a tap each), then presses Play (the centre) or taps
    the pile on the felt."""
    select_cards(driver, codes)
    if onto == "Centre":
        button(driver, "Play").click()
    else:
        pile = {"Face down": "the face-down pile"}.get(onto, f"the pile {onto}")
        suffix = " face down" if onto == "Face down" else ""
        names = ", ".join(f"the {card_name(c)}" for c in codes[:-1])
        listed = f"{names} and the {card_name(codes[-1])}" if len(codes) > 1 else f"the {card_name(codes[0])}"
        button(driver, f"Play {listed}{suffix} to {pile}").click()


def join(driver, server, link, name, width=1280, height=900):
    set_viewport(driver, width, height)
    driver.get(f"{server}/css/app.css")
    driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.get(link)
    field(driver, "Your name").send_keys(name)
    button(driver, "Join the table").click()
    text_shown(driver, f"You are {name}.")


def start_table(driver, server):
    set_viewport(driver, 1280, 900)
    driver.get(f"{server}/css/app.css")
    driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.get(f"{server}/?play=1#play")
    button(driver, "Start a new table").click()
    PageWait(driver, 10).until(lambda d: re.search(r"#play/[a-z0-9]+$", d.current_url))
    return driver.current_url


def sit(driver, server, name, width=None, height=None):
    """Starts a table in this browser (at `width` x `height` once started, when given) and joins it as `name`, its
    host; returns the table's link."""
    link = start_table(driver, server)
    if width:
        set_viewport(driver, width, height)
    field(driver, "Your name").send_keys(name)
    button(driver, "Join the table").click()
    text_shown(driver, f"You are {name}.")
    return link


def watch(driver, server, link, width, height):
    """Opens the table's watch link in this browser at `width` x `height`: a spectator, without a seat."""
    set_viewport(driver, width, height)
    driver.get(f"{server}/css/app.css")
    driver.get(f"{link}/watch")


def host_and_guest(host, guest, server, host_name, guest_name, guest_size):
    """`host_name` starts a table and sits at 360x740 (the host), then `guest_name` joins in `guest`'s browser at
    `guest_size` (width, height); returns the table's link once the host sees the guest seated."""
    link = sit(host, server, host_name, 360, 740)
    join(guest, server, link, guest_name, *guest_size)
    text_shown(host, f"{guest_name}: 0 cards, face down")
    return link


def three_players_and_a_spectator(ana, players, server, bo_size=(740, 360), watcher_size=(360, 740)):
    """Ana starts a table and hosts it at 360x740, Bo joins at `bo_size` and Zoë at 1440x900, and the spectator
    (`players`: Bo's, Zoë's and the spectator's browsers) watches at `watcher_size`; returns the table's link once
    Ana, Bo and the spectator see Zoë seated."""
    bo, zoe, watcher = players
    link = sit(ana, server, "Ana", 360, 740)
    join(bo, server, link, "Bo", *bo_size)
    join(zoe, server, link, "Zoë", 1440, 900)
    watch(watcher, server, link, *watcher_size)
    for page in (ana, bo, watcher):
        text_shown(page, "Zoë: 0 cards, face down")
    return link


def deal_to_everyone(driver, count):
    """The host's "Deal to everyone" in the table menu, `count` cards each."""
    field(driver, "Cards each").clear()
    field(driver, "Cards each").send_keys(str(count))
    button(driver, "Deal to everyone").click()


class NetworkRecord:
    """Every response body the dealer's page received, and every event-stream message, from the performance log."""

    def __init__(self, driver):
        self.driver = driver
        self.responses = {}     # request id -> url
        self.bodies = {}        # request id -> body text
        self.stream_messages = []

    def collect(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method"), message.get("params", {})
            if method == "Network.responseReceived":
                self.responses[params["requestId"]] = params["response"]["url"]
            elif method == "Network.eventSourceMessageReceived":
                self.stream_messages.append(f"{params.get('eventName')} {params.get('eventId')} {params.get('data')}")
            elif method == "Network.loadingFinished" and params["requestId"] in self.responses:
                self.read_body(params["requestId"])
        # A response still streaming (the event stream) has no loadingFinished: read what it has so far.
        for request_id in self.responses:
            if request_id not in self.bodies:
                self.read_body(request_id, final=False)

    def read_body(self, request_id, final=True):
        try:
            body = self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request_id})
        except WebDriverException:
            return
        text = body.get("body", "")
        if body.get("base64Encoded"):
            return  # images and wasm: no card codes in text form
        if final:
            self.bodies[request_id] = text
        else:
            self.bodies.setdefault(request_id, text)

    def api_bodies(self):
        return {self.responses[rid]: body for rid, body in self.bodies.items() if "/api/" in self.responses[rid]}

    def texts(self):
        """What the server said to this page: every API body and event-stream message."""
        return list(self.api_bodies().values()) + self.stream_messages

    def assert_other_responses_are_the_app_files(self):
        """Every response outside /api/ is a file of the web app, byte for byte what the server sends anyone who
        asks for it without a token (the file on disk, without its comments for scripts and style sheets): the same
        for every visitor, so it can carry no dealt card. (Card images come base64-encoded and are not read.)"""
        for request_id, body in self.bodies.items():
            url = self.responses[request_id]
            if "/api/" in url:
                continue
            path = urllib.parse.urlparse(url).path.lstrip("/") or "index.html"
            assert (WEB_ROOT / path).exists(), f"{url} is not one of the app's files"
            with urllib.request.urlopen(url, timeout=10) as response:
                assert response.read().decode() == body, f"{url} is not the app's file as anyone gets it"


def leaks(texts, codes):
    """Which of `codes` (or their card names) appear in any of `texts`."""
    found = set()
    for text in texts:
        for code in codes:
            name = card_name(code)
            if re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", text) or name in text:
                found.add(code)
    return found


def card_name(code):
    ranks = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "0": "10"}
    suits = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
    return f"{ranks.get(code[0], code[0])} of {suits[code[1]]}"


def dom(driver):
    """The page's whole DOM as text (markup, attributes, the live region's words), without the favicon: its
    percent-encoded SVG (`%3C/svg%3E`) would read as the code 3C."""
    return driver.execute_script("""
        const page = document.documentElement.cloneNode(true);
        page.querySelector('link[rel="icon"]').remove();
        return page.outerHTML;""")


def test_a_face_down_deal_stays_hidden_from_the_dealer_and_a_play_shows_live(dealer, receiver, server):
    record = NetworkRecord(dealer)
    link = start_table(dealer, server)
    deck = link.rsplit("/", 1)[1]
    field(dealer, "Your name").send_keys("ana")
    button(dealer, "Join the table").click()
    text_shown(dealer, "You are ana.")
    shared = field(dealer, "Share this table").get_attribute("value")
    assert shared.endswith(f"#play/{deck}")

    join(receiver, server, shared, "bo")
    text_shown(dealer, "bo: 0 cards, face down")
    text_shown(receiver, "ana: 0 cards, face down")

    count = field(dealer, "How many cards")
    count.clear()
    count.send_keys("5")
    Select(field(dealer, "Deal to")).select_by_visible_text("bo")
    button(dealer, "Deal").click()

    PageWait(receiver, 10).until(lambda d: len(hand(d)) == 5, "Bo never saw five cards")
    dealt = hand(receiver)
    faces = receiver.find_elements(By.CSS_SELECTOR, ".play-hand img")
    assert [img.get_attribute("src").rsplit("/", 1)[1] for img in faces] == [f"{code}.svg" for code in dealt]
    PageWait(receiver, 10).until(lambda d: all(d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", img) for img in faces), "faces not drawn")
    text_shown(dealer, "bo: 5 cards, face down")
    text_shown(receiver, "Your hand: 5 cards")
    screenshot(receiver, "play-receiver-dealt")
    screenshot(dealer, "play-dealer-dealt")

    record.collect()
    assert record.stream_messages, "the dealer's event stream was recorded"
    assert any("/events/" in url for url in record.responses.values())
    assert any("/deal/" in url for url in record.api_bodies()), "the deal's answer was recorded"
    record.assert_other_responses_are_the_app_files()
    assert leaks(record.texts(), dealt) == set(), "a dealt card reached the dealer's page over the network"
    assert leaks([dom(dealer)], dealt) == set(), "a dealt card is in the dealer's DOM"
    assert leaks([dom(receiver)], dealt) == set(dealt), "the check finds the cards where they are shown"

    played = dealt[2]
    play(receiver, [played])
    clicked = time.monotonic()
    PageWait(dealer, 1.0, poll_frequency=0.02).until(
        lambda d: f"Take the {card_name(played)}" in [b.accessible_name for b in d.find_elements(By.CSS_SELECTOR, "#view-play button")],
        "the dealer did not see the played card within 1 s")
    seen_after = time.monotonic() - clicked
    print(f"\nthe dealer saw the card Bo played {seen_after * 1000:.0f} ms after the click (no reload)")
    assert f"the {card_name(played)} on top" in dealer.find_element(By.CSS_SELECTOR, ".play-pile .play-count").text
    PageWait(dealer, 5).until(
        lambda d: f"bo played the {card_name(played)} to the centre" in d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent"),
        "the live region did not announce Bo's play")
    text_shown(dealer, "bo: 4 cards, face down")
    screenshot(dealer, "play-dealer-sees-play")

    record.collect()
    print(f"checked the dealer's DOM, {len(record.api_bodies())} API response bodies, "
          f"{len(record.stream_messages)} event-stream messages and {len(record.bodies) - len(record.api_bodies())} "
          "app files for Bo's cards")
    hidden = [code for code in dealt if code != played]
    record.assert_other_responses_are_the_app_files()
    assert leaks(record.texts(), hidden) == set(), "a card still in Bo's hand reached the dealer"
    assert leaks([dom(dealer)], hidden) == set(), "a card still in Bo's hand is in the dealer's DOM"
    assert leaks(record.stream_messages, [played]) == {played}, "the played card, now public, came by the stream"
    assert dealer.execute_script("return performance.getEntriesByType('navigation').length") == 1
    no_page_errors(dealer)
    no_page_errors(receiver)


def test_reload_keeps_the_player_and_the_view_works_by_keyboard(driver, server):
    link = start_table(driver, server)
    field(driver, "Your name").send_keys("cy")
    button(driver, "Join the table").click()
    text_shown(driver, "You are cy.")
    Select(field(driver, "Deal to")).select_by_visible_text("cy (you)")
    count = field(driver, "How many cards")
    count.clear()
    count.send_keys("3")
    button(driver, "Deal").click()
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 3)
    before = hand(driver)
    driver.refresh()
    text_shown(driver, "You are cy.")
    PageWait(driver, 10).until(lambda d: sorted(hand(d)) == sorted(before), "the reload lost the hand")

    first = card_button(driver, before[0])
    driver.execute_script("arguments[0].focus()", first)
    first.send_keys(" ")
    PageWait(driver, 5).until(lambda d: card_button(d, before[0]).get_attribute("aria-pressed") == "true")
    play_button = button(driver, "Play")
    driver.execute_script("arguments[0].focus()", play_button)
    play_button.send_keys("\n")
    # The card keeps its place until the server confirms the play; the Play button keeps the focus.
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 2 and d.execute_script(
        "return document.querySelectorAll('#view-play button[aria-label$=\", on its way\"]').length === 0"))
    focused = driver.switch_to.active_element
    assert focused.accessible_name == "Play", "the focus stays where the player pressed"
    take = button(driver, f"Take the {card_name(before[0])}")
    take.send_keys(" ")
    PageWait(driver, 10).until(lambda d: sorted(hand(d)) == sorted(before))
    assert link.endswith(driver.current_url.rsplit("#", 1)[1])
    no_page_errors(driver)


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_play_layout(dealer, receiver, server, width, height):
    link = start_table(dealer, server)
    field(dealer, "Your name").send_keys("ana")
    button(dealer, "Join the table").click()
    text_shown(dealer, "You are ana.")
    join(receiver, server, link, "bo")
    text_shown(dealer, "bo: 0 cards, face down")
    set_viewport(dealer, width, height)
    for to, count in (("bo", "6"), ("ana (you)", "7"), ("the centre (face up)", "1")):
        Select(field(dealer, "Deal to")).select_by_visible_text(to)
        field(dealer, "How many cards").clear()
        field(dealer, "How many cards").send_keys(count)
        button(dealer, "Deal").click()
    PageWait(dealer, 10).until(lambda d: len(hand(d)) == 7)
    text_shown(dealer, "bo: 6 cards, face down")
    dealer.execute_script("return new Promise((r) => Promise.all([...document.images].map((i) => i.decode().catch(() => {}))).then(r))")
    size = f"{width}x{height}"
    shape = dealer.execute_script("""
        const r = (el) => el.getBoundingClientRect();
        return {scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
                buttons: [...document.querySelectorAll('#view-play button')].filter((b) => b.offsetParent).map((b) => {
                  const x = r(b); return {w: x.width, h: x.height, right: x.right, name: b.textContent}; })};""")
    assert shape["scrollWidth"] <= shape["width"], f"{size}: the page scrolls sideways"
    for b in shape["buttons"]:
        assert b["right"] <= shape["width"] + 0.5, f"{size}: a button is off screen: {b}"
        assert min(b["w"], b["h"]) >= 24, f"{size}: a target smaller than 24 px: {b}"
    dealer.execute_script("window.scrollTo(0, 0)")
    screenshot(dealer, f"play-{size}")
    no_page_errors(dealer)


def test_axe_finds_no_serious_or_critical_violation_on_the_play_view(driver, server):
    driver.set_script_timeout(30)
    source = axe_source()
    set_viewport(driver, 1280, 900)
    driver.get(f"{server}/css/app.css")
    driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.get(f"{server}/?axe=1#play")
    button(driver, "Start a new table")
    found = {"play-start": run_axe(driver, source, "play-start")}
    button(driver, "Start a new table").click()
    field(driver, "Your name")
    found["play-join"] = run_axe(driver, source, "play-join")
    field(driver, "Your name").send_keys("ana")
    button(driver, "Join the table").click()
    text_shown(driver, "You are ana.")
    Select(field(driver, "Deal to")).select_by_visible_text("ana (you)")
    button(driver, "Deal").click()
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 5)
    found["play-table"] = run_axe(driver, source, "play-table")
    button(driver, "Start a new round").click()
    button(driver, "Collect and shuffle")
    found["play-new-round"] = run_axe(driver, source, "play-new-round")
    button(driver, "Cancel").click()
    assert {name: v for name, v in found.items() if v} == {}
    no_page_errors(driver)
