"""Issue 32, "All views": the app through an outage, as a user meets it. After a real restart of the server the
pending changes of Swipe, Table and Piles are saved within 10 s without pressing Retry; a reload while the server is
down shows the app (from the service worker) with its pending changes; a new deploy replaces the kept app; the undo
history survives a reload; a stack that runs dry offline, and a card drawn into a pile offline, say what is going on;
no resync asks for a pile the deck does not have.

The server is really stopped (killed) and started again where the test is about the server going away; elsewhere
the page's requests to /api/ are blocked (Chrome's network blocking), which the page cannot tell from a dead server.
"""

import re
import shutil
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, RiffleServer, api
from webapp import (
    announcement, counts, deck_id, go, hand_codes, listen, no_page_errors, open_app, pile_codes, said, screenshot,
    server_down, server_up, settled, stack_label, sync_text, top_code, visible_rows, wait_banner, wait_for_animations,
    wait_offline_ready, wait_ready, reduced_motion,
)

RESEND_LIMIT_S = 10


def top_name(driver):
    return re.search(r"Top card: ([^.]+)\.", stack_label(driver)).group(1)


def banner_says(driver, text, timeout=10):
    WebDriverWait(driver, timeout).until(
        lambda d: text in d.find_element(By.CSS_SELECTOR, "[data-banner]").text, f"the banner never said {text!r}")


def saved_without_retry(driver, restarted_at):
    """Waits (at most RESEND_LIMIT_S after the server answers again) until the page says everything is saved; the
    test never presses Retry."""
    WebDriverWait(driver, RESEND_LIMIT_S, poll_frequency=0.1).until(
        lambda d: sync_text(d) == "All saved",
        f"the pending changes were not saved within {RESEND_LIMIT_S} s of the server's restart without Retry")
    seconds = time.monotonic() - restarted_at
    print(f"\nsaved {seconds:.1f} s after the server answered again, without Retry")
    return seconds


def test_after_a_restart_every_views_pending_changes_are_saved_within_10_s_without_retry(driver, restartable_server):
    server = restartable_server.base
    open_app(driver, server)
    kept = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    deck = deck_id(driver)
    for route in ("table", "piles", "swipe"):  # each view's code is loaded while the server is up
        go(driver, route)

    restartable_server.stop()
    passed = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_LEFT)
    wait_banner(driver, "not saved yet")
    go(driver, "table")
    driver.find_element(By.CSS_SELECTOR, "[data-action='draw']").click()
    go(driver, "piles")
    driver.find_element(By.CSS_SELECTOR, f".pile-keep li[data-code='{kept}'] [data-delete]").click()
    driver.find_element(By.CSS_SELECTOR, ".pile-discard [data-insert]").click()
    banner_says(driver, "4 changes not saved yet")

    restartable_server.start()
    saved_without_retry(driver, time.monotonic())
    discard = pile_codes(server, deck, "discard")
    assert discard[0] == passed and len(discard) == 2, discard
    assert pile_codes(server, deck, "keep") == []
    assert len(pile_codes(server, deck, "table")) == 1
    assert kept not in hand_codes(server, deck), "the returned card is back in the deck"
    assert not driver.find_element(By.CSS_SELECTOR, "[data-banner]").is_displayed()
    no_page_errors(driver)


def test_a_reload_during_an_outage_shows_the_app_and_its_pending_changes(driver, restartable_server):
    server = restartable_server.base
    open_app(driver, server)
    go(driver, "piles")
    go(driver, "swipe")
    wait_offline_ready(driver)
    kept = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    deck = deck_id(driver)

    restartable_server.stop()
    passed = top_code(driver)
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_LEFT)
    wait_banner(driver, "1 change not saved yet")
    go(driver, "piles")
    driver.find_element(By.CSS_SELECTOR, ".pile-keep [data-insert]").click()
    banner_says(driver, "2 changes not saved yet")

    driver.refresh()
    wait_ready(driver)
    assert driver.title == "Riffle", "the app, not the browser's error page"
    banner_says(driver, "2 changes not saved yet", timeout=20)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const s = document.getElementById('view-piles'); return !s.hidden && s.getAttribute('aria-busy') !== 'true'"),
        "the Piles view (kept by the service worker) did not open")
    WebDriverWait(driver, 10).until(lambda d: visible_rows(d, "discard") == [passed])
    assert visible_rows(driver, "keep") == [kept]
    waiting = driver.find_element(By.CSS_SELECTOR, ".pile-keep li.pending-row")
    assert waiting.is_displayed() and "waiting for the card server" in waiting.text
    screenshot(driver, "offline-reload-piles")
    go(driver, "swipe")
    assert top_code(driver) not in (kept, passed)
    screenshot(driver, "offline-reload-swipe")

    restartable_server.start()
    saved_without_retry(driver, time.monotonic())
    assert pile_codes(server, deck, "discard") == [passed]
    keep = pile_codes(server, deck, "keep")
    assert keep[0] == kept and len(keep) == 2, keep
    go(driver, "piles")
    WebDriverWait(driver, 10).until(lambda d: visible_rows(d, "keep") == keep)
    assert not driver.find_elements(By.CSS_SELECTOR, "li.pending-row")
    no_page_errors(driver)


def test_a_view_never_opened_here_says_why_it_cannot_open_offline(driver, restartable_server):
    open_app(driver, restartable_server.base)
    wait_offline_ready(driver)
    restartable_server.stop()
    driver.refresh()
    wait_ready(driver)
    driver.execute_script("location.hash = '#piles'")
    note = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "#view-piles [data-unavailable]"))
    assert "could not be loaded" in note.text and "Open it again once the server is back" in note.text
    WebDriverWait(driver, 5).until(lambda d: "could not be loaded" in announcement(d))
    screenshot(driver, "offline-piles-never-opened")
    restartable_server.start()
    driver.execute_script("location.hash = '#swipe'")
    go(driver, "piles")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-unavailable]")
    no_page_errors(driver)


def test_a_new_deploy_replaces_the_kept_app(driver, tmp_path):
    root = tmp_path / "public"
    shutil.copytree(REPO / "Sources" / "RiffleWebApp" / "Public", root)
    process = RiffleServer(database=tmp_path / "riffle.sqlite", web_root=root, log_name="webapp-deploy-server.log")
    process.start()
    try:
        open_app(driver, process.base)
        wait_offline_ready(driver)
        first = kept_versions(driver)
        assert len(first) == 1

        # A deploy changes the page's title; the next online load serves it and installs the worker of its version.
        index = root / "index.html"
        index.write_text(index.read_text().replace("<title>Riffle</title>", "<title>Riffle, redeployed</title>"))
        driver.refresh()
        wait_ready(driver)
        assert driver.title == "Riffle, redeployed"
        # Installed, it keeps the app under its own version, and once active deletes the old version's cache and takes
        # the page over: then the one kept version is the new one, with the new page in it.
        WebDriverWait(driver, 20).until(
            lambda d: only_new_page_kept(kept_pages(d), first),
            "the new version's worker did not replace the old one, with the new page kept")
        wait_offline_ready(driver)

        # Offline, the kept app is the new one, whole.
        kept = kept_pages(driver)
        process.stop()
        driver.refresh()
        wait_ready(driver)
        assert driver.title == "Riffle, redeployed", f"kept before the outage: {kept}; now {kept_pages(driver)}"
        no_page_errors(driver)
    finally:
        process.close()


def only_new_page_kept(kept, first):
    versions = {name: title for name, title in kept.items() if name.startswith("riffle-app-")}
    return (kept["controller"] == "activated" and len(versions) == 1 and list(versions) != first
            and list(versions.values()) == ["Riffle, redeployed"])


def kept_pages(driver):
    """Each kept version's page title, and the worker that controls the page (for a failure's message)."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const kept = {controller: navigator.serviceWorker.controller && navigator.serviceWorker.controller.state};
          for (const name of await caches.keys()) {
            const page = await (await caches.open(name)).match('/');
            kept[name] = page ? ((await page.text()).match(/<title>(.*)<\\/title>/) || [])[1] : null;
          }
          done(kept);
        })();""")


def kept_versions(driver):
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.keys().then((names) => done(names.filter((n) => n.startsWith('riffle-app-')).sort()));""")


def test_undo_history_survives_a_reload(driver, server):
    open_app(driver, server)
    stack = driver.find_element(By.CSS_SELECTOR, ".stack")
    swiped = []
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_LEFT, Keys.ARROW_RIGHT):
        swiped.append(top_code(driver))
        stack.send_keys(key)
        wait_for_animations(driver)
    settled(driver)
    deck = deck_id(driver)
    after = top_code(driver)

    driver.refresh()
    wait_ready(driver)
    assert top_code(driver) == after
    undo = driver.find_element(By.CSS_SELECTOR, "[data-action='undo']")
    assert undo.is_enabled(), "Undo is offered after the reload"
    undo.click()
    wait_for_animations(driver)
    assert top_code(driver) == swiped[2]
    assert announcement(driver).startswith(f"Undone: {top_name(driver)} is back on top")
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys("z")
    wait_for_animations(driver)
    assert top_code(driver) == swiped[1]
    settled(driver)
    assert pile_codes(server, deck, "keep") == [swiped[0]]
    assert pile_codes(server, deck, "discard") == []
    assert {swiped[1], swiped[2]} <= set(hand_codes(server, deck))
    # Once more after another reload: the one swipe left in the history comes back, then there is nothing to undo.
    driver.refresh()
    wait_ready(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").click()
    wait_for_animations(driver)
    assert top_code(driver) == swiped[0]
    settled(driver)
    assert pile_codes(server, deck, "keep") == []
    assert not driver.find_element(By.CSS_SELECTOR, "[data-action='undo']").is_enabled()
    no_page_errors(driver)


def test_a_stack_that_runs_dry_offline_says_more_cards_come_when_the_server_is_back(driver, server):
    with reduced_motion(driver):
        open_app(driver, server, width=360, height=740)
        deck = deck_id(driver)
        listen(driver)
        server_down(driver)
        try:
            stack = driver.find_element(By.CSS_SELECTOR, ".stack")
            for _ in range(20):
                in_stack, _ = counts(driver)
                if in_stack == 0:
                    break
                stack.send_keys(Keys.ARROW_RIGHT)
                WebDriverWait(driver, 5).until(lambda d: counts(d)[0] == in_stack - 1)
            panel = driver.find_element(By.CSS_SELECTOR, "[data-empty]")
            WebDriverWait(driver, 5).until(lambda d: panel.is_displayed(), "the empty stack says nothing")
            assert "Waiting for the card server" in panel.text
            assert "More cards come when the card server is back" in panel.text
            assert not driver.find_element(By.CSS_SELECTOR, "[data-action='reshuffle']").is_displayed()
            assert driver.switch_to.active_element.tag_name != "body", "focus stays in the view"
            WebDriverWait(driver, 5).until(lambda d: any(
                "More cards come when the card server is back" in s["text"] for s in said(d)))
            screenshot(driver, "offline-stack-dry-360x740")
        finally:
            server_up(driver)
        # The outbox resends by itself: the swipes are saved and the stack is dealt again.
        WebDriverWait(driver, RESEND_LIMIT_S).until(lambda d: counts(d)[0] > 0, "no card came back")
        assert not driver.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed()
        settled(driver)
        assert len(pile_codes(server, deck, "keep")) == 10
        no_page_errors(driver)


def test_an_offline_draw_into_a_pile_shows_a_pending_row_then_says_which_card_arrived(driver, server):
    open_app(driver, server, route="piles")
    deck = deck_id(driver)
    listen(driver)
    server_down(driver)
    try:
        driver.find_element(By.CSS_SELECTOR, ".pile-keep [data-insert]").click()
        row = WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".pile-keep li.pending-row"))
        WebDriverWait(driver, 5).until(lambda d: "waiting for the card server" in row.text)
        assert not driver.find_element(By.CSS_SELECTOR, ".pile-keep .pile-empty").is_displayed()
        assert any(s["text"] == "Drawing a card into Keep." for s in said(driver))
        screenshot(driver, "offline-piles-pending")
    finally:
        server_up(driver)
    row = WebDriverWait(driver, RESEND_LIMIT_S).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".pile-keep li.row"), "the drawn card never came")
    name = row.find_element(By.CSS_SELECTOR, ".name").text
    WebDriverWait(driver, 5).until(lambda d: any(s["text"] == f"Drew the {name} into Keep." for s in said(d)),
                                   "which card arrived was never said")
    assert not driver.find_elements(By.CSS_SELECTOR, "li.pending-row")
    settled(driver)
    assert pile_codes(server, deck, "keep") == visible_rows(driver, "keep")
    no_page_errors(driver)


API_REQUESTS = """return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/'))
                    .map((e) => ({url: e.name, status: e.responseStatus}));"""


def resync_requests(driver):
    """The API requests of two reloads and of the browser coming back online with the tab shown again: each reads
    the deck back from the server."""
    requests = []
    for _ in range(2):
        driver.refresh()
        wait_ready(driver)
        settled(driver)
        requests += driver.execute_script(API_REQUESTS)
    seen = len(driver.execute_script(API_REQUESTS))
    driver.execute_script("window.dispatchEvent(new Event('online'));"
                          "document.dispatchEvent(new Event('visibilitychange'))")
    settled(driver)
    return requests + driver.execute_script(API_REQUESTS)[seen:]


def test_no_resync_asks_for_a_pile_the_deck_does_not_have(driver, server):
    # A new deck, nothing swiped yet: no pile to list.
    open_app(driver, server)
    requests = resync_requests(driver)
    assert [r["url"] for r in requests if "/list/" in r["url"]] == []
    # Passed cards only: Discard is listed, Keep and the table (which the deck does not have) are not.
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_LEFT)
    settled(driver)
    requests += resync_requests(driver)
    listings = [r["url"] for r in requests if "/list/" in r["url"]]
    assert listings and all("/pile/discard/list/" in url for url in listings), listings
    # Kept ones too.
    driver.find_element(By.CSS_SELECTOR, ".stack").send_keys(Keys.ARROW_RIGHT)
    settled(driver)
    more = resync_requests(driver)
    assert {re.search(r"/pile/(\w+)/list/", r["url"]).group(1) for r in more if "/list/" in r["url"]} == \
        {"keep", "discard"}
    failed = [r for r in requests + more if r["status"] >= 400]
    assert failed == [], f"API requests answered with an error: {failed}"
    no_page_errors(driver)
