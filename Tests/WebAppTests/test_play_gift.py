"""Issue 40, in a browser: a gift can be undone while the receiver has not moved. Three players (Ana hosts at 360x740,
Bo at 740x360, Zoë at 1440x900) and a spectator: Ana gives Bo a card and takes it back with "Undo the gift", and it
goes back in its place in her hand while Bo, Zoë and the spectator see Bo's count go back; once Bo has played, "Undo
the gift" is gone and the server refuses it, changing nothing. Everything is read from what a person sees
(accessible names, visible text) and checked against the API.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_play import (
    button, card_button, card_name, deal_to_everyone, field, hand, press_card, text_shown,
    three_players_and_a_spectator,
)
from test_play_once import live_and_saved
from test_play_phone import change_number, form, seat_token
from test_play_table import moves
from webapp import PageWait
from webapp import no_page_errors, screenshot


def gift_undo_buttons(driver):
    return [b for b in driver.find_elements(By.CSS_SELECTOR, "button")
            if b.is_displayed() and b.accessible_name.startswith("Undo the gift")]


def table_of_three(driver, players, server):
    """Ana (the host), Bo and Zoë seated at three sizes, a spectator watching, and three cards dealt to each."""
    ana = driver
    bo, zoe, watcher = players
    deck = three_players_and_a_spectator(ana, players, server).rsplit("/", 1)[1]
    deal_to_everyone(ana, 3)
    for page in (ana, bo, zoe):
        PageWait(page, 10).until(lambda d: len(hand(d)) == 3, "3 cards each")
    live_and_saved(ana)
    return deck, ana, bo, zoe, watcher


def give_to_bo(ana, code):
    press_card(ana, card_button(ana, code))
    PageWait(ana, 5).until(lambda d: card_button(d, code).get_attribute("aria-pressed") == "true")
    Select(field(ana, "to")).select_by_visible_text("Bo")
    button(ana, "Give").click()


def test_undo_the_gift_puts_the_card_back_and_everyone_sees_the_count_go_back(driver, players, server):
    deck, ana, bo, zoe, watcher = table_of_three(driver, players, server)
    dealt = hand(ana)
    give_to_bo(ana, dealt[1])
    PageWait(bo, 10).until(lambda d: len(hand(d)) == 4, "Bo got the card")
    for page in (ana, zoe, watcher):
        text_shown(page, "Bo: 4 cards, face down")
    live_and_saved(ana)
    before = change_number(server, deck)
    for name, page in (("ana", ana), ("bo", bo), ("zoe", zoe), ("watcher", watcher)):
        size = page.execute_script("return `${innerWidth}x${innerHeight}`")
        screenshot(page, f"gift-given-{name}-{size}")

    button(ana, f"Undo the gift: take back the {card_name(dealt[1])} from Bo").click()
    PageWait(ana, 10).until(lambda d: hand(d) == dealt, "the card is back in its place, not at the end")
    live_and_saved(ana)
    assert change_number(server, deck) == before + 1, "one change"
    PageWait(bo, 10).until(lambda d: len(hand(d)) == 3, "the card left Bo's hand")
    for page in (ana, zoe, watcher):
        text_shown(page, "Bo: 3 cards, face down")
    PageWait(bo, 10).until(lambda d: "Ana took back 1 card from you." in moves(d), moves(bo))
    PageWait(watcher, 10).until(lambda d: "Ana took back 1 card from Bo." in moves(d), moves(watcher))
    PageWait(ana, 10).until(lambda d: f"You took back the {card_name(dealt[1])} from Bo." in moves(d), moves(ana))
    assert not gift_undo_buttons(ana), "one undo per gift"
    assert not [line for page in (zoe, watcher) for line in moves(page) if card_name(dealt[1]) in line], \
        "nobody but Bo (who held it) is told which card it was"
    for page in (ana, bo, zoe, watcher):
        no_page_errors(page)


def test_once_the_receiver_plays_the_gift_cannot_be_undone(driver, players, server):
    deck, ana, bo, zoe, watcher = table_of_three(driver, players, server)
    dealt = hand(ana)
    give_to_bo(ana, dealt[0])
    PageWait(bo, 10).until(lambda d: len(hand(d)) == 4, "Bo got the card")
    live_and_saved(ana)
    PageWait(ana, 10).until(lambda d: gift_undo_buttons(d), "Undo the gift is offered")

    # Bo plays one of his own cards (not the gift): Ana's "Undo the gift" goes as the stream tells her.
    own = next(code for code in hand(bo) if code != dealt[0])
    press_card(bo, card_button(bo, own))
    button(bo, "Play").click()
    text_shown(ana, f"Bo played the {card_name(own)} to the centre.")
    PageWait(ana, 10).until(lambda d: not gift_undo_buttons(d), "Undo the gift is gone")
    # And the server refuses it, in the one fixed sentence, changing nothing.
    before = change_number(server, deck)
    status, body = form(server, f"deck/{deck}/player/Bo/take-back/", [], seat_token(ana, deck))
    assert status == 409 and body["error"] == "The gift can no longer be taken back: Bo has moved since.", body
    assert change_number(server, deck) == before
    assert len(hand(ana)) == 2 and len(hand(bo)) == 3
    text_shown(watcher, "Bo: 3 cards, face down")
    for page in (ana, bo, zoe, watcher):
        no_page_errors(page)
