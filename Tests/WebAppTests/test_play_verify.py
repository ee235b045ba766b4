"""Issue 43's commit and reveal, in a browser: "Verify this round" in the Play view's History. Ana (the host) and Bo
join through the API and Cy through her page; Ana's full reshuffle starts round 1 (its commitment announced, its seed
secret), she deals five to everyone, Cy draws a card, Bo plays one to the centre, Ana puts one of hers back under the
deck, a card is drawn from the bottom (Bo added entropy of his own before the deal: the order is the mixed seed's,
riffle-mix-v1); then Ana shuffles again, which starts round 2 and reveals round 1's seed.

A spectator (a phone, 360x740) and Cy (a laptop, 1440x900) open History, choose round 1, step through its events
(forward by keyboard, back by the buttons) and read its check, computed in their browser: the round, the commitment
and the revealed seed as the API gives them, the commitment recomputed, the stack's steps, one line per card taken
(each where the seed's order has it, as scripts/seeded_shuffle.py, Python's own implementation of the doc, computes
it), Cy's own cards cross-checked, the seed's order, and the verdict. Round 2, being played, shows its commitment
and says its seed is not revealed yet. Checked by what a person sees (accessible names, visible text), with axe, and
photographed at both sizes. The check's code and shuffle.wasm come only once a round is shown.
"""

import importlib.util
import json
import re
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import REPO, call
from test_accessibility import axe_source, run_axe
from test_play import button, card_name, field, text_shown, watch
from test_play_history import PANEL, hand_codes, loaded, open_history, panel_lines, three_players
from test_play_phone import form
from webapp import PageWait
from webapp import no_page_errors, screenshot, set_viewport

VERIFY_FILES = ("/js/play-verify.js", "/js/play-verify-view.js", "/js/seeded-shuffle.js", "/shuffle.wasm",
                "/css/play-verify.css")
VERIFIED = "Verified: every card dealt came from where the commitment says."


def seeded_shuffle():
    """scripts/seeded_shuffle.py: riffle-shuffle-v1 and riffle-commit-v1 written again in Python from the doc."""
    spec = importlib.util.spec_from_file_location("seeded_shuffle", REPO / "scripts" / "seeded_shuffle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def round_page(server, deck, number, token=None):
    """Round `number`'s history, every page, as `token`'s player (a spectator without) gets it: its events, and the
    last page's round, cards and steps."""
    events, after = [], 0
    while True:
        status, page = call(server, "GET", f"deck/{deck}/history/?round={number}&after={after}&limit=100", token)
        assert status == 200 and page["success"], page
        events += page["events"]
        if not page["more"]:
            return {"events": events, "round": page["round"], "cards": page.get("cards", page["round"].get("cards")),
                    "steps": page.get("steps", page["round"].get("steps"))}
        after = page["events"][-1]["id"]


def step_shown(driver):
    """(position, the event in words, the table's lines) as the History shows a round's step now."""
    lines = panel_lines(driver)
    position = next(line for line in lines if re.fullmatch(r"Event \d+ of \d+", line))
    words = lines[lines.index("Next event") + 1]
    table = lines[lines.index("The table after it") + 1:lines.index("Verify this round")]
    return position, words, table


def verify_section(driver):
    return driver.find_element(By.XPATH, "//section[h3[normalize-space()='Verify this round']]")


def verify_lines(driver):
    return [line for line in verify_section(driver).text.split("\n") if line]


def list_items(driver, heading):
    """The visible lines of the check's list under `heading` (the list the heading names)."""
    title = verify_section(driver).find_element(By.XPATH, f".//h4[normalize-space()={json.dumps(heading)}]")
    items = driver.find_elements(By.CSS_SELECTOR, f"[aria-labelledby='{title.get_attribute('id')}'] li")
    return [item.text for item in items]


def fact(driver, term):
    """A value of the round's facts (Round, Commitment, Seed, Recomputed here), as shown."""
    return verify_section(driver).find_element(
        By.XPATH, f".//dt[normalize-space()={json.dumps(term)}]/following-sibling::dd[1]").text


def choose_round(driver, label, number, count_events):
    """Chooses a round in the History's "Show", as a person does, and waits for its first event; checks the position
    counts the round's events."""
    Select(field(driver, "Show")).select_by_visible_text(label)
    PageWait(driver, 10).until(
        lambda d: any(line == f"Event 1 of {count_events}" for line in panel_lines(d)), f"round {number} never showed")
    try:
        PageWait(driver, 10).until(lambda d: fact(d, "Round").startswith(f"{number},"))
    except TimeoutException:
        raise AssertionError(f"the check never named round {number}: {panel_lines(driver)}") from None


def replay(driver, count):
    """Steps through the round: forward by keyboard (Enter on "Next event"), then back by "Previous event" to the
    first; the way back shows what the way forward showed. Returns the steps as shown going forward."""
    driver.execute_script("arguments[0].focus()", button(driver, "Next event"))
    forward = [step_shown(driver)]
    for number in range(2, count + 1):
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        PageWait(driver, 5).until(lambda d: step_shown(d)[0] == f"Event {number} of {count}")
        forward.append(step_shown(driver))
    assert driver.switch_to.active_element.get_attribute("aria-disabled") == "true", "no event after the last"
    previous = button(driver, "Previous event")
    for number in range(count - 1, 0, -1):
        previous.click()
        PageWait(driver, 5).until(lambda d: step_shown(d)[0] == f"Event {number} of {count}")
        assert step_shown(driver) == forward[number - 1], "the way back shows what the way forward showed"
    return forward


def check_shown(driver, expected, viewer_words):
    """The round's check as the page shows it, against what the API and Python's seeded_shuffle give."""
    PageWait(driver, 15).until(lambda d: VERIFIED in verify_lines(d) or "Not verified" in " ".join(verify_lines(d)),
                               "the check never finished")
    lines = verify_lines(driver)
    assert VERIFIED in lines, lines
    assert fact(driver, "Round") == "1, over"
    assert fact(driver, "Commitment") == expected["commitment"]
    assert fact(driver, "Seed") == expected["seed"]
    assert fact(driver, "Recomputed here") == f"{expected['commitment']}\nIt matches the commitment."
    assert fact(driver, "Players' entropy") == "bo: “bo rolled 3 5”"
    assert fact(driver, "Order from") == expected["order_seed"]
    assert ("Computed in this browser by PlayingCards' own shuffle, built for WebAssembly (shuffle.wasm).") in lines
    assert list_items(driver, "The stack, step by step") == expected["steps"]
    rows = list_items(driver, "Every card taken, checked")
    assert rows == expected["rows"], rows
    mine = verify_section(driver).find_element(By.XPATH, ".//section[h4[normalize-space()='Your cards']]")
    assert mine.text.split("\n")[1] == viewer_words
    summary = verify_section(driver).find_element(By.TAG_NAME, "summary")
    assert summary.text == f"The seed's order: {len(expected['order'])} cards, top first"
    summary.click()
    order = [item.text for item in verify_section(driver).find_elements(By.CSS_SELECTOR, "details li")]
    assert order == [f"the {card_name(code)}" for code in expected["order"]], "the seed's order as Python gives it"
    summary.click()


def expected_check(round_one, shuffle):
    """What the check must show, computed here, from the API's round and Python's seeded_shuffle."""
    seed = round_one["round"]["seed"]
    cards = round_one["cards"].split(",")
    number = round_one["round"]["number"]
    assert shuffle.commitment(seed, cards, number) == round_one["round"]["commitment"], "the server's commitment"
    texts = [entry["text"] for entry in round_one["round"].get("entropy", [])]
    order = shuffle.shuffled(shuffle.mixed(seed, texts), cards)
    stack, top, rows, steps, left = list(order), 0, [], [], len(order)
    words = {"top": "from the top", "bottom": "from the bottom"}
    for step in round_one["steps"]:
        taken = step.get("cards", [])
        if step["step"] in words:
            for code in taken:
                expected = stack[top] if step["step"] == "top" else stack.pop()
                if step["step"] == "top":
                    top += 1
                assert code == expected, f"the server's step took {code} where the order has {expected}"
                rows.append(f"Card {len(rows) + 1}: the {card_name(code)}, {words[step['step']]}. "
                            "The seed's order has it there.")
            left -= len(taken)
            noun = "card" if len(taken) == 1 else "cards"
            steps.append(f"{len(taken)} {noun} taken {words[step['step']]}: {left} left.")
        else:
            assert step["step"] == "under", step
            stack += taken
            left += len(taken)
            noun = "card" if len(taken) == 1 else "cards"
            steps.append(f"{len(taken)} {noun} put back under the stack: {left} in it.")
    return {"commitment": round_one["round"]["commitment"], "seed": seed, "order": order, "rows": rows,
            "order_seed": shuffle.mixed(seed, texts),
            "steps": steps, "taken": [code for step in round_one["steps"] if step["step"] in words
                                      for code in step["cards"]]}


def names(codes):
    listed = [f"the {card_name(code)}" for code in codes]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + f" and {listed[-1]}"


def test_a_spectator_and_a_player_verify_a_revealed_round(driver, other, server):
    shuffle = seeded_shuffle()
    deck, tokens, cy = three_players(driver, server)

    # Round 1, through the API: the host's full reshuffle announces its commitment, not its seed.
    status, body = call(server, "GET", f"deck/{deck}/shuffle/", tokens["ana"])
    assert status == 200, body
    announced = body["round"]
    assert announced["number"] == 1 and announced["scheme"] == "riffle-commit-v1", announced
    assert re.fullmatch(r"[0-9a-f]{64}", announced["commitment"]) and "seed" not in announced, announced
    # Bo adds entropy of his own before the first card leaves the stack (riffle-mix-v1).
    status, body = form(server, f"deck/{deck}/round/entropy/", [("entropy", "bo rolled 3 5")], tokens["bo"])
    assert status == 200, body
    status, body = form(server, f"deck/{deck}/deal/", [("count", "5")], tokens["ana"])
    assert status == 200, body
    dealt = {name: hand_codes(server, deck, name, token) for name, token in tokens.items()}
    status, body = call(server, "GET", f"deck/{deck}/pile/{cy['player']}/deal/?count=1", cy["token"])
    assert status == 200, body
    drawn = [code for code in hand_codes(server, deck, cy["player"], cy["token"]) if code not in dealt[cy["player"]]]
    played = dealt["bo"][0]
    status, body = call(server, "GET", f"deck/{deck}/pile/centre/add/?cards={played}&from=bo", tokens["bo"])
    assert status == 200, body
    returned = dealt["ana"][4]
    status, body = call(server, "GET", f"deck/{deck}/pile/ana/return/?cards={returned}", tokens["ana"])
    assert status == 200, body
    status, body = call(server, "GET", f"deck/{deck}/draw/bottom/?count=1", tokens["ana"])
    assert status == 200, body
    text_shown(driver, "1 card in the centre")
    status, page = call(server, "GET", f"deck/{deck}/history/?round=1", cy["token"])
    assert status == 200 and "seed" not in page["round"] and not page.get("steps"), page

    # Ana shuffles again: round 2 starts, and round 1's seed is revealed.
    status, body = call(server, "GET", f"deck/{deck}/shuffle/", tokens["ana"])
    assert status == 200 and body["round"]["number"] == 2, body
    round_two = body["round"]
    spectator_round = round_page(server, deck, 1)
    cy_round = round_page(server, deck, 1, cy["token"])
    assert spectator_round["round"]["over"] and re.fullmatch(r"[0-9a-f]{64}", spectator_round["round"]["seed"])
    assert spectator_round["round"]["commitment"] == announced["commitment"]
    assert spectator_round["round"]["entropy"] == [{"player": "bo", "text": "bo rolled 3 5"}], spectator_round["round"]
    expected = expected_check(spectator_round, shuffle)
    assert len(expected["rows"]) == 15 + 1 + 1, expected["rows"]
    mine = dealt[cy["player"]] + drawn
    assert [code for code in expected["taken"] if code in mine] == mine, "Cy's cards, in the order she got them"
    rows_of_mine = [expected["taken"].index(code) + 1 for code in mine]

    # The spectator, on a phone.
    watch(other, server, f"{server}/?play=1#play/{deck}", 360, 740)
    text_shown(other, "Cy: 0 cards, face down")
    open_history(other, "verify-menu-spectator-360x740")
    assert not loaded(other) & set(VERIFY_FILES), "the check's code comes only with a round"
    options = [option.text for option in Select(field(other, "Show")).options]
    assert options == ["Every event", "Round 2, being played", "Round 1"], options
    choose_round(other, "Round 1", 1, len(spectator_round["events"]))
    assert set(VERIFY_FILES) <= loaded(other)
    check_shown(other, expected, "You are watching: no card of this round was dealt to you.")
    screenshot(other, "verify-spectator-check-360x740")
    steps = replay(other, len(spectator_round["events"]))
    assert steps[0][1] == "Ana started a new round: every card is back in the deck.", steps[0]
    assert steps[1][1] == "Bo added entropy to round 1: “bo rolled 3 5”.", steps[1]
    assert "Ana dealt 5 cards to everyone." in [step[1] for step in steps]
    assert " drew " in steps[-1][1], steps[-1]
    assert VERIFIED in verify_lines(other), "stepping leaves the check as it was"
    into = verify_section(other)
    other.execute_script("arguments[0].scrollIntoView({block: 'start'})", into)
    screenshot(other, "verify-spectator-360x740")
    assert run_axe(other, axe_source(), "play-verify-spectator-360x740") == []
    assert other.execute_script("return document.documentElement.scrollWidth <= innerWidth"), "nothing wider than the phone"
    set_viewport(other, 1440, 900)
    screenshot(other, "verify-spectator-1440x900")

    # Round 2 is being played: its commitment only.
    set_viewport(other, 360, 740)
    choose_round(other, "Round 2, being played", 2, len(round_page(server, deck, 2)["events"]))
    assert fact(other, "Round") == "2, being played"
    assert fact(other, "Commitment") == round_two["commitment"]
    assert fact(other, "Seed") == "Not revealed yet: the seed is shown once the round is over."
    assert "Only the commitment is known: the order cannot be checked before the seed is revealed." in verify_lines(other)
    assert not [line for line in verify_lines(other) if line.startswith("Verified")]
    screenshot(other, "verify-spectator-round-2-360x740")

    # The check can fail: the same round with two of its first cards swapped in the answer (as a server that dealt
    # other cards than the committed order would record them) is not verified, and the page says where.
    other.execute_script("""
        const fetched = window.fetch;
        window.fetch = async (url, options) => {
          const response = await fetched(url, options);
          if (!String(url).includes('round=1')) return response;
          const page = await response.json();
          const cards = page.round.steps[0].cards;
          [cards[0], cards[1]] = [cards[1], cards[0]];
          return new Response(JSON.stringify(page), { status: response.status, headers: response.headers });
        };""")
    first, second = expected["taken"][:2]
    choose_round(other, "Round 1", 1, len(spectator_round["events"]))
    PageWait(other, 15).until(lambda d: any(line.startswith("Not verified") for line in verify_lines(d)),
                              "the swapped cards were never caught")
    lines = verify_lines(other)
    assert "Not verified: 2 cards were not where the seed's order has them (card 1, 2)." in lines, lines
    assert VERIFIED not in lines
    rows = list_items(other, "Every card taken, checked")
    assert rows[0] == (f"Card 1: the {card_name(second)}, from the top. The seed's order has the {card_name(first)} "
                       "there: it does not match."), rows[0]
    assert rows[2:] == expected["rows"][2:]
    assert fact(other, "Recomputed here") == f"{expected['commitment']}\nIt matches the commitment."
    other.execute_script("arguments[0].scrollIntoView({block: 'start'})", verify_section(other))
    screenshot(other, "verify-spectator-tampered-360x740")

    # Cy, on a laptop: her own cards are cross-checked.
    text_shown(driver, "Your hand: 0 cards")
    open_history(driver, "verify-menu-player-1440x900")
    choose_round(driver, "Round 1", 1, len(cy_round["events"]))
    own = (f"Your {len(mine)} cards from the deck ({names(mine)}) are among the cards taken, in the order you got "
           "them.")
    check_shown(driver, expected, own)
    cross = [item.text for item in verify_section(driver).find_elements(
        By.XPATH, ".//section[h4[normalize-space()='Your cards']]//li")]
    assert cross == [f"The {card_name(code)}: card {row} taken, where the seed's order has it."
                     for code, row in zip(mine, rows_of_mine)], cross
    steps = replay(driver, len(cy_round["events"]))
    mine_dealt = names(dealt[cy["player"]])
    deal_step = next(step for step in steps if step[1] == "Ana dealt 5 cards to everyone.")
    assert deal_step[2][1] == f"Your hand: 5 cards: {mine_dealt}.", deal_step
    assert run_axe(driver, axe_source(), "play-verify-player-1440x900") == []
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", verify_section(driver))
    screenshot(driver, "verify-player-1440x900")
    own_cards = verify_section(driver).find_element(By.XPATH, ".//h4[normalize-space()='Your cards']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", own_cards)
    screenshot(driver, "verify-player-own-cards-1440x900")
    set_viewport(driver, 360, 740)
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", verify_section(driver))
    screenshot(driver, "verify-player-360x740")
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")

    # Escape closes the History; the focus goes back to the History button.
    button(driver, "Previous event").send_keys(Keys.ESCAPE)
    PageWait(driver, 5).until(lambda d: not d.find_elements(By.XPATH, PANEL))
    assert driver.switch_to.active_element.accessible_name == "History"
    no_page_errors(driver)
    no_page_errors(other)


VERIFY_LIMIT = 32 * 1024


def test_the_checks_own_code_and_wasm_are_at_most_32_kb_gzipped(server):
    """What showing a round fetches beyond the History (never with Play: the Play route's budget holds without it):
    the check's scripts and style sheet and shuffle.wasm, as the server sends them compressed."""
    total = 0
    for path in VERIFY_FILES + ("/js/shuffle-wasm.js",):
        request = urllib.request.Request(server + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers.get("Content-Encoding") == "gzip", path
            total += len(response.read())
    print(f"\nthe round check's own code and wasm: {total} bytes gzipped ({total / 1024:.1f} KB)")
    assert total <= VERIFY_LIMIT, f"{total} bytes"
