"""Issue 40, in a browser: names, presence, reloads and the first load of a table link. Display names everywhere (a
player who left is named as the others saw them, never by their hidden id); a name is refused only when a display
name is taken, not because another player's hidden id is that name; nobody is told "back online" who never went
offline; after a reload the move log shows the round so far; a reload while the server is down shows the last table
the device saw, marked as not live; a plain reload fills the log with the moves made while the page was closed; a
table link's first load is at most 100 KB and fetches neither riffle.wasm nor the swipe view; axe finds nothing
serious with the move log open and full, at 360x740, 740x360 and 1440x900.
"""

from selenium.webdriver.common.by import By

from conftest import chromium
from test_accessibility import axe_source, run_axe
from test_delivery import transferred
from test_play import (
    button, card_button, card_name, deal_to_everyone, field, hand, host_and_guest, join, open_menu, press_card, sit,
    start_table, text_shown,
)
from test_play_once import live_and_saved
from test_play_table import moves
from webapp import DevTools, PageWait
from webapp import no_page_errors, screenshot, server_down, server_up, set_viewport, wait_offline_ready

FIRST_LOAD_LIMIT = 100 * 1024


def last_move(driver):
    return driver.find_element(By.CSS_SELECTOR, ".play-last-move").text


def test_names_not_ids_a_hidden_id_never_refuses_a_name_and_presence_only_for_real_changes(driver, other, server):
    # A name in another script gets a hidden id made from nothing ASCII: "player". "player" is nobody's display name:
    # it is not refused because of 山田's hidden id.
    link = host_and_guest(driver, other, server, "山田", "player", (360, 740))
    text_shown(other, "山田: 0 cards, face down")
    third = chromium()
    try:
        # Bób's hidden id is "Bob": every page names Bób.
        join(third, server, link, "Bób", 740, 360)
        text_shown(driver, "Bób: 0 cards, face down")
        # A display name that is taken is refused, in words.
        taken = chromium()
        try:
            set_viewport(taken, 360, 740)
            taken.get(f"{server}/css/app.css")
            taken.execute_script("localStorage.clear(); sessionStorage.clear()")
            taken.get(link)
            field(taken, "Your name").send_keys("bób")
            button(taken, "Join the table").click()
            text_shown(taken, "bób is already playing at this table: choose another name.")
        finally:
            taken.quit()
        # The host removes Bób: named, never by id, on every page.
        button(driver, "Remove Bób").click()
        button(driver, "Yes, remove Bób").click()
        PageWait(other, 10).until(lambda d: "Bób left the table." in moves(d), moves(other))
        PageWait(third, 10).until(lambda d: "Your seat as Bób was removed" in d.find_element(By.TAG_NAME, "main").text)
    finally:
        third.quit()
    texts = moves(driver) + moves(other)
    assert not [text for text in texts if "back online" in text], f"nobody went offline: {texts}"
    assert not [text for text in texts if "player-2" in text or "Bob" in text], texts
    no_page_errors(driver)
    no_page_errors(other)


def test_a_reload_keeps_the_move_log_and_one_during_an_outage_shows_the_last_table(driver, restartable_server):
    server = restartable_server.base
    link = sit(driver, server, "ana", 360, 740)
    deal_to_everyone(driver, 6)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 6)
    dealt = hand(driver)
    press_card(driver, card_button(driver, dealt[0]))
    button(driver, "Play").click()
    live_and_saved(driver)
    logged = moves(driver)
    assert any("dealt" in line for line in logged), logged
    assert any("played" in line for line in logged), logged

    driver.refresh()
    text_shown(driver, "You are ana.")
    live_and_saved(driver)
    PageWait(driver, 10).until(lambda d: moves(d)[:len(logged)] == logged, "the move log after a reload")
    wait_offline_ready(driver)

    # The server is down: a reload shows the table as the device last saw it, not live.
    server_down(driver)
    try:
        driver.refresh()
        text_shown(driver, "You are ana.")
        text_shown(driver, "Your hand: 5 cards")
        text_shown(driver, "1 card in the centre")
        PageWait(driver, 15).until(lambda d: "Not live" in d.find_element(By.CSS_SELECTOR, "[data-play-status]").text
                                   or "cannot be reached" in d.find_element(By.CSS_SELECTOR, "[data-play-status]").text)
        assert moves(driver)[:len(logged)] == logged
        screenshot(driver, "phone-reload-offline-360x740")
    finally:
        server_up(driver)
    live_and_saved(driver, timeout=20)
    no_page_errors(driver)


def test_a_table_links_first_load_is_at_most_100_kb_without_the_engine_or_the_swipe_view(driver, restartable_server):
    server = restartable_server.base
    link = start_table(driver, server)
    deck = link.rsplit("/", 1)[1]
    field(driver, "Your name").send_keys("ana")
    button(driver, "Join the table").click()
    text_shown(driver, "You are ana.")
    fresh = chromium()
    try:
        set_viewport(fresh, 360, 740)
        fresh.execute_cdp_cmd("Network.enable", {})
        fresh.execute_cdp_cmd("Network.clearBrowserCache", {})
        with DevTools(fresh) as tools:
            tools.record_requests()
            fresh.get(f"{server}/#play/{deck}")
            field(fresh, "Your name")
            tools.wait_until_loaded()
            entries = transferred(fresh)
        total = sum(entry["bytes"] for entry in entries)
        names = [entry["name"] for entry in entries]
        print(f"\nfirst load of a table link: {total} bytes ({total / 1024:.1f} KB) in {len(entries)} requests")
        for entry in sorted(entries, key=lambda e: -e["bytes"])[:8]:
            print(f"  {entry['bytes']:>7}  {entry['name']}")
        assert not [name for name in names if "riffle.wasm" in name or "swipe-view" in name or "engine.js" in name], names
        assert total <= FIRST_LOAD_LIMIT, f"first load {total} bytes"
    finally:
        fresh.quit()


def test_axe_finds_nothing_serious_on_play_with_the_move_log_open_and_full(driver, other, server):
    driver.set_script_timeout(30)
    source = axe_source()
    link = start_table(driver, server)
    field(driver, "Your name").send_keys("ana")
    button(driver, "Join the table").click()
    join(other, server, link, "bo")
    text_shown(driver, "bo: 0 cards, face down")
    deal_to_everyone(driver, 20)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 20)
    # Fifteen plays fill the log past its height.
    for _ in range(15):
        code = hand(driver)[0]
        press_card(driver, card_button(driver, code))
        button(driver, "Play").click()
        live_and_saved(driver)
    PageWait(driver, 10).until(lambda d: len(moves(d)) >= 16)
    found = {}
    for width, height in ((360, 740), (740, 360), (1440, 900)):
        set_viewport(driver, width, height)
        open_menu(driver)
        overflow = driver.execute_script(
            "const log = document.querySelector('.play-log'); return log.scrollHeight > log.clientHeight")
        assert overflow, "the log is full: it scrolls"
        serious = run_axe(driver, source, f"play-log-open-{width}x{height}")
        screenshot(driver, f"phone-log-open-{width}x{height}")
        if serious:
            found[f"{width}x{height}"] = serious
    assert found == {}
    no_page_errors(driver)


def test_a_new_device_reads_the_round_so_far_from_the_servers_history(driver, other, server):
    link = sit(driver, server, "ana", 360, 740)
    deal_to_everyone(driver, 4)
    PageWait(driver, 10).until(lambda d: len(hand(d)) == 4)
    first = hand(driver)[0]
    press_card(driver, card_button(driver, first))
    button(driver, "Play").click()
    live_and_saved(driver)
    # A spectator's first visit, on a device of its own: the round so far, as a spectator may see it.
    set_viewport(other, 740, 360)
    other.get(f"{server}/css/app.css")
    other.execute_script("localStorage.clear(); sessionStorage.clear()")
    other.get(f"{link}/watch")
    text_shown(other, "You are watching")
    PageWait(other, 10).until(lambda d: f"ana played the {card_name(first)} to the centre." in moves(d), moves(other))
    assert "ana joined the table." in moves(other)
    assert not [line for line in moves(other) if any(card_name(code) in line for code in hand(driver))], \
        "the hand dealt to ana stays hidden from the spectator's history"
    screenshot(other, "phone-history-watcher-740x360")
    no_page_errors(other)


def test_a_reload_shows_the_moves_made_while_the_page_was_closed(driver, other, server):
    ana, bo = driver, other
    link = host_and_guest(ana, bo, server, "Ana", "Bo", (740, 360))
    deal_to_everyone(ana, 3)
    PageWait(bo, 10).until(lambda d: len(hand(d)) == 3, "3 cards each")
    live_and_saved(ana)
    logged = moves(ana)

    # Ana's page is closed (she goes elsewhere) while Bo plays two cards, one at a time.
    ana.get(f"{server}/css/app.css")
    played = hand(bo)[:2]
    for code in played:
        press_card(bo, card_button(bo, code))
        button(bo, "Play").click()
        text_shown(bo, f"You played the {card_name(code)} to the centre.")
        live_and_saved(bo)

    ana.get(link)
    text_shown(ana, "You are Ana.")
    live_and_saved(ana)
    wanted = [f"Bo played the {card_name(code)} to the centre." for code in played]
    PageWait(ana, 10).until(lambda d: all(line in moves(d) for line in wanted), f"the missed moves: {moves(ana)}")
    lines = moves(ana)  # newest first
    assert all(lines.count(line) == 1 for line in wanted), f"once each: {lines}"
    assert lines.index(wanted[1]) < lines.index(wanted[0]), f"in order: {lines}"
    assert all(lines.index(line) > lines.index(wanted[0]) for line in logged), f"after the kept log: {lines}"
    assert not [line for line in lines if "missing" in line], lines
    no_page_errors(ana)
    no_page_errors(bo)
