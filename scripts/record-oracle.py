#!/usr/bin/env python3
"""Records the original Deck of Cards service's answers to a list of request scenarios.

The recorded answers are the oracle of the differential suite in
Tests/DeckServiceTests/Compatibility: it replays every scenario against `riffle serve` and
compares status and JSON (after the same normalization) step by step. Only requests and answers
are stored, never the original's code.

Run the original locally first (crobertsbmw/deckofcards @ 07e6e13, outside this repository):

    git --git-dir=<mirror of crobertsbmw/deckofcards> archive 07e6e13 | tar -x -C /tmp/deckofcards
    python3 -m venv /tmp/deckofcards-venv
    /tmp/deckofcards-venv/bin/pip install "Django==3.2.14" django-cors-headers gunicorn
    cd /tmp/deckofcards
    printf 'from spades.settings import *\nSECURE_SSL_REDIRECT = False\n' > oracle_settings.py
    DJANGO_SETTINGS_MODULE=oracle_settings /tmp/deckofcards-venv/bin/python manage.py migrate
    /tmp/deckofcards-venv/bin/gunicorn -b 127.0.0.1:PORT -w 1 spades.wsgi:application \\
        --env DJANGO_SETTINGS_MODULE=oracle_settings

then record:

    scripts/record-oracle.py --base http://127.0.0.1:PORT \\
        --output Tests/CompatibilityFixtures/deckofcards-oracle.json

Normalization (the Swift replay applies the same): a deck id bound by a step (`bind`) is written
as `{name}` wherever it appears (paths, `deck_id`, `Location`); the image URLs' scheme and host
are written as `{base}`. Steps whose cards are random say so in `cards`: `unordered` compares card
codes as a multiset, `count` only their number and shape. Where Riffle deliberately differs (a
documented improvement, see docs/API-DIFFERENCES.md), the step carries `riffle`: the answer
Riffle must give by its own rule, next to the recorded one.
"""

import argparse
import http.client
import json
import re
import sys
import urllib.parse

ORIGINAL_IMAGE_BASE = "https://deckofcardsapi.com"
UNKNOWN = "aaaaaaaaaaaa"

BOUNDARY = "----riffleoracle7MA4YWxk"
# Fields deck_count=2 and cards (AS,KH, then a file part named cards that must be skipped).
MULTIPART_BODY = (
    "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"deck_count\"\r\n\r\n2\r\n"
    "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"cards\"\r\n\r\nAS,KH\r\n"
    "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"cards\"; filename=\"c.txt\"\r\n"
    "Content-Type: text/plain\r\n\r\nQH\r\n"
    "--" + BOUNDARY + "--\r\n")
MULTIPART_COUNT = (
    "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\n3\r\n"
    "--" + BOUNDARY + "--\r\n")


def step(method, path, query=None, body=None, content_type=None, bind=None, cards="exact", riffle=None,
         headers=None, note=None):
    """One request. `path` may name bound decks as `{name}`; `query`/`body` are sent as written."""
    entry = {"method": method, "path": path}
    if query is not None:
        entry["query"] = query
    if body is not None:
        entry["body"] = body
    if content_type is not None:
        entry["contentType"] = content_type
    if headers:
        entry["headers"] = headers
    if bind:
        entry["bind"] = bind
    if cards != "exact":
        entry["cards"] = cards
    if riffle is not None:
        entry["riffle"] = riffle
    if note:
        entry["note"] = note
    return entry


def get(path, query=None, **kwargs):
    return step("GET", path, query, **kwargs)


def post(path, body=None, query=None, content_type="application/x-www-form-urlencoded", **kwargs):
    return step("POST", path, query, body=body, content_type=content_type, **kwargs)


def error(status, message):
    """Riffle's own answer: exactly `success` false and `error`."""
    return {"status": status, "json": {"success": False, "error": message}}


def bad_parameter(name):
    """Riffle's JSON 400 for a parameter Python's int() refuses (the original answers an HTML 500)."""
    return {"status": 400, "errorMentions": "'" + name + "'", "rule": "non-integer count/deck_count"}


def scenario(name, covers, steps):
    return {"name": name, "covers": covers, "steps": steps}


SCENARIOS = [
    # ---------------------------------------------------------------- endpoints and aliases
    scenario("new deck, info, draw and its alias", ["endpoints: /deck/new/, /deck/<id>/, /deck/<id>/draw/, /draw/<id>/"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/draw/{d}/", "count=1"),
        get("/api/deck/{d}/draw/"),
        get("/api/deck/{d}/"),
    ]),
    scenario("the /new/ alias with jokers and a shoe", ["endpoints: /new/ alias", "cards: unshuffled order with jokers",
                                                     "deck_count repeats the sequence"], [
        get("/api/new/", "deck_count=2&jokers_enabled=true", bind="d"),
        get("/api/deck/{d}/draw/", "count=56"),
        get("/api/deck/{d}/"),
    ]),
    scenario("jokers_enabled booleans in any case", ["requests: booleans"], [
        get("/api/deck/new/", "jokers_enabled=TRUE", bind="a"),
        get("/api/deck/new/", "jokers_enabled=True", bind="b"),
        get("/api/deck/new/", "jokers_enabled=1", bind="c"),
        get("/api/deck/new/", "jokers_enabled=FaLsE", bind="e"),
    ]),
    scenario("new shuffled deck and the /shuffle/ alias", ["endpoints: /deck/new/shuffle/, /shuffle/ alias"], [
        get("/api/deck/new/shuffle/", bind="d"),
        get("/api/deck/{d}/draw/", "count=52", cards="unordered"),
        get("/api/deck/{d}/draw/", "count=1"),
        get("/api/shuffle/", "deck_count=3", bind="e"),
        get("/api/deck/{e}/"),
    ]),
    scenario("main-stack over-draw", ["errors: main-deck draw with count > remaining"], [
        get("/api/deck/new/", "cards=AS,KH,0D", bind="d"),
        get("/api/deck/{d}/draw/", "count=5"),
        get("/api/deck/{d}/"),
        get("/api/deck/{d}/draw/", "count=1"),
    ]),
    scenario("new deck and draw", ["endpoints: /deck/new/draw/"], [
        get("/api/deck/new/draw/", "count=3", bind="d", cards="count"),
        get("/api/deck/{d}/"),
        get("/api/deck/new/draw/", "count=2&jokers_enabled=true&deck_count=2", bind="e", cards="count"),
        get("/api/deck/{e}/"),
    ]),
    scenario("full reshuffle and its alias clear piles", ["endpoints: /deck/<id>/shuffle/, /shuffle/<id>/"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=3"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,2S"),
        get("/api/deck/{d}/shuffle/"),
        get("/api/deck/{d}/pile/p/add/", "cards=KH"),
        get("/api/deck/{d}/draw/", "count=2", cards="count"),
        get("/api/shuffle/{d}/"),
        get("/api/deck/{d}/pile/p/list/",
            riffle=dict(error(404, "The pile, p does not exist."), rule="unknown pile")),
    ]),
    scenario("remaining=true shuffles only the stack", ["endpoints: /shuffle/ with remaining=true"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=3"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,3S"),
        get("/api/deck/{d}/shuffle/", "remaining=true"),
        get("/api/deck/{d}/pile/p/list/"),
        get("/api/shuffle/{d}/", "remaining=TRUE"),
        get("/api/deck/{d}/"),
    ]),
    scenario("reshuffle switches jokers and replaces contents for good", ["endpoints: /shuffle/ jokers_enabled, cards"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/shuffle/", "jokers_enabled=true"),
        get("/api/deck/{d}/shuffle/"),
        get("/api/deck/{d}/shuffle/", "cards=AS,KH,X1"),
        get("/api/deck/{d}/shuffle/"),
        get("/api/deck/{d}/shuffle/", "jokers_enabled=false&cards=X1,2C,X2"),
        get("/api/deck/{d}/draw/", "count=2"),
    ]),
    scenario("a partial deck is remembered by reshuffles", ["endpoints: /deck/new/ cards remembered"], [
        get("/api/deck/new/", "cards=AS,2S,KH&deck_count=2", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/shuffle/"),
        get("/api/deck/{d}/draw/", "count=6", cards="unordered"),
    ]),
    scenario("return, with and without cards", ["endpoints: /deck/<id>/return/", "issue 16 case 8"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=3"),
        get("/api/deck/{d}/return/", "cards=2S"),
        get("/api/deck/{d}/draw/", "count=50"),
        get("/api/deck/{d}/"),
        get("/api/deck/{d}/return/"),
        get("/api/deck/{d}/draw/", "count=52"),
        get("/api/deck/{d}/return/", "cards=3s,AS,zz,KH"),
        get("/api/deck/{d}/draw/", "count=5"),
    ]),
    scenario("return in a partial deck's own order", ["issue 16 case 8"], [
        get("/api/deck/new/", "cards=KH,AS,2C", bind="d"),
        get("/api/deck/{d}/draw/", "count=3"),
        get("/api/deck/{d}/return/", "cards=AS"),
        get("/api/deck/{d}/draw/"),
        get("/api/deck/{d}/return/"),
        get("/api/deck/{d}/draw/", "count=3"),
    ]),
    scenario("return with jokers and a card in a pile", ["issue 16 case 8", "endpoints: return ignores piled cards"], [
        get("/api/deck/new/", "jokers_enabled=true", bind="d"),
        get("/api/deck/{d}/draw/", "count=54"),
        get("/api/deck/{d}/pile/p/add/", "cards=X1,AS"),
        get("/api/deck/{d}/return/"),
        get("/api/deck/{d}/draw/", "count=3"),
        get("/api/deck/{d}/pile/p/list/"),
    ]),
    scenario("return with deck_count 2 counts copies", ["issue 16 case 8 (improvement kept)", "piles and return with deck_count > 1"], [
        get("/api/deck/new/", "deck_count=2", bind="d"),
        get("/api/deck/{d}/draw/", "count=53"),
        get("/api/deck/{d}/return/",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 104},
                    "rule": "returns with deck_count > 1: each copy counts"}),
    ]),
    # ---------------------------------------------------------------- piles
    scenario("pile add, list, draw and return", ["endpoints: pile add, list, draw, return"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=6"),
        get("/api/deck/{d}/pile/p1/add/", "cards=AS,2S,3S"),
        get("/api/deck/{d}/pile/p2/add/", "cards=4S,as"),
        get("/api/deck/{d}/pile/p1/list/"),
        get("/api/deck/{d}/pile/p2/list/"),
        get("/api/deck/{d}/pile/p1/add/", "cards=2S"),
        get("/api/deck/{d}/pile/p1/list/"),
        get("/api/deck/{d}/pile/p3/add/", "cards=KH,QH"),
        get("/api/deck/{d}/pile/p1/draw/"),
        get("/api/deck/{d}/pile/p1/draw/", "count=2"),
        get("/api/deck/{d}/pile/p2/return/", "cards=AS,KH"),
        get("/api/deck/{d}/pile/p2/return/"),
        get("/api/deck/{d}/pile/p2/list/"),
        get("/api/deck/{d}/"),
    ]),
    scenario("pile draw locations", ["endpoints: pile draw bottom/random", "issue 16 case 9"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=10"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,2S,3S,4S,5S,6S,7S,8S,9S,0S"),
        get("/api/deck/{d}/pile/p/draw/bottom/", "count=2"),
        get("/api/deck/{d}/pile/p/draw/BOTTOM/"),
        get("/api/deck/{d}/pile/p/draw/sideways/", "count=2"),
        get("/api/deck/{d}/pile/p/draw/Top/"),
        get("/api/deck/{d}/pile/p/draw/random/", "count=2", cards="count"),
        get("/api/deck/{d}/pile/p/draw/Random/", cards="count"),
        get("/api/deck/{d}/pile/p/list/", cards="count"),
    ]),
    scenario("pile draw of named cards", ["endpoints: pile draw with cards", "errors: pile lacks cards"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=4"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,2S,3S,4S"),
        get("/api/deck/{d}/pile/p/draw/", "cards=3S,as"),
        get("/api/deck/{d}/pile/p/draw/", "cards=KH"),
        get("/api/deck/{d}/pile/p/draw/bottom/", "cards=4s&count=3"),
        get("/api/deck/{d}/pile/p/draw/", "cards=zz"),
        get("/api/deck/{d}/pile/p/list/"),
    ]),
    scenario("pile shuffle", ["endpoints: pile shuffle"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=5"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,2S,3S,4S,5S"),
        get("/api/deck/{d}/pile/p/shuffle/"),
        get("/api/deck/{d}/pile/p/list/", cards="unordered"),
    ]),
    scenario("pile errors", ["errors: pile rows", "issue 16 case 10"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/pile/p/add/"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS"),
        get("/api/deck/{d}/pile/p/draw/", "count=2"),
        get("/api/deck/{d}/pile/nope/return/"),
        get("/api/deck/{d}/pile/nope/shuffle/",
            riffle=dict(error(404, "The pile, nope does not exist."), rule="unknown pile")),
        get("/api/deck/{d}/pile/nope/draw/",
            riffle=dict(error(404, "The pile, nope does not exist."), rule="unknown pile")),
        get("/api/deck/{d}/pile/nope/list/",
            riffle=dict(error(404, "The pile, nope does not exist."), rule="unknown pile")),
        get("/api/deck/{d}/pile/p/list/"),
    ]),
    scenario("pile list on a deck that never had a pile", ["Riffle: unknown piles 404"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/pile/p/list/",
            riffle=dict(error(404, "The pile, p does not exist."), rule="unknown pile")),
    ]),
    scenario("cards still in the stack are ignored but the pile is created", ["endpoints: pile add ignores stack cards"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,KH"),
        get("/api/deck/{d}/pile/p/list/"),
    ]),
    scenario("pile count=0 draws nothing", ["Riffle: negative count 400, pile count=0"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,2S"),
        get("/api/deck/{d}/pile/p/draw/", "count=0",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "cards": [],
                                            "piles": {"p": {"remaining": 2}}},
                    "rule": "pile count=0 draws nothing"}),
    ]),
    scenario("multi-deck piles count copies", ["Riffle: piles with deck_count > 1"], [
        get("/api/deck/new/", "deck_count=2", bind="d"),
        get("/api/deck/{d}/draw/", "count=1"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 103,
                                            "piles": {"p": {"remaining": 1}}},
                    "rule": "piles with deck_count > 1: each copy counts"}),
    ]),
    scenario("duplicate codes never duplicate a card", ["Riffle: duplicate codes"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=1"),
        get("/api/deck/{d}/pile/p/add/", "cards=AS,AS",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 51,
                                            "piles": {"p": {"remaining": 1}}},
                    "rule": "duplicate codes never duplicate a card"}),
    ]),
    scenario("a card in no copy of a partial deck is not made up", ["Riffle: partial-deck pile add"], [
        get("/api/deck/new/", "cards=AS,2S", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/pile/p/add/", "cards=KH,AS",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 0,
                                            "piles": {"p": {"remaining": 1}}},
                    "rule": "a card in no copy of a partial deck is ignored"}),
    ]),
    # ---------------------------------------------------------------- numbered cases of issue 16
    scenario("case 1: cards= makes a 0-card deck", ["issue 16 case 1"], [
        get("/api/deck/new/", "cards=", bind="d"),
        get("/api/deck/{d}/shuffle/"),
        get("/api/deck/{d}/draw/"),
        get("/api/deck/{d}/return/",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 0},
                    "rule": "return adds no card a deck never had"}),
        get("/api/deck/new/shuffle/", "cards=", bind="e"),
        get("/api/deck/{e}/"),
        get("/api/deck/new/", "cards=zz,Q", bind="f"),
        get("/api/deck/new/", "cards", bind="g"),
    ]),
    scenario("case 1: cards= on a reshuffle and a return", ["issue 16 case 1"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/return/", "cards="),
        get("/api/deck/{d}/shuffle/", "cards="),
        get("/api/deck/{d}/shuffle/"),
    ]),
    scenario("case 1: cards= on pile add creates an empty pile", ["issue 16 case 1"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/pile/empty/add/", "cards="),
        get("/api/deck/{d}/pile/empty/draw/"),
        get("/api/deck/{d}/pile/hand/add/", "cards=AS"),
        get("/api/deck/{d}/pile/hand/add/", "cards="),
        get("/api/deck/{d}/pile/hand/draw/", "cards="),
        get("/api/deck/{d}/pile/empty/list/"),
        get("/api/deck/{d}/pile/hand/return/", "cards="),
    ]),
    scenario("case 2: partial decks keep only the deck's cards", ["issue 16 case 2", "requests: card lists"], [
        get("/api/deck/new/", "cards=as,ad,zz,AS,10H,X1", bind="d"),
        get("/api/deck/{d}/draw/", "count=3"),
        get("/api/deck/new/", "cards=AS,X1,X2&jokers_enabled=true", bind="e"),
        get("/api/deck/{e}/draw/", "count=3"),
        get("/api/deck/new/shuffle/", "cards=X1,X2,KD&jokers_enabled=false", bind="f"),
        get("/api/deck/{f}/draw/", "count=2"),
        get("/api/deck/new/", "cards=AS,%20KH,KH%20,0h", bind="g"),
        get("/api/deck/{g}/draw/", "count=2"),
    ]),
    scenario("case 2: a jokers deck's reshuffle keeps named jokers", ["issue 16 case 2"], [
        get("/api/deck/new/", "jokers_enabled=true", bind="d"),
        get("/api/deck/{d}/shuffle/", "cards=X2,KH"),
        get("/api/deck/{d}/shuffle/", "jokers_enabled=false&cards=X2,KH"),
        get("/api/deck/{d}/draw/"),
    ]),
    scenario("case 3: /deck/new/draw/ ignores cards", ["issue 16 case 3"], [
        get("/api/deck/new/draw/", "cards=AS,KH&count=2", bind="d", cards="count"),
        get("/api/deck/{d}/"),
        get("/api/deck/new/draw/", "cards=&count=0", bind="e"),
        get("/api/deck/{e}/"),
    ]),
    scenario("case 4: reshuffle validates deck_count first", ["issue 16 case 4", "errors: max/min decks"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=2"),
        get("/api/deck/{d}/shuffle/", "deck_count=21"),
        get("/api/deck/{d}/shuffle/", "deck_count=0"),
        get("/api/shuffle/{d}/", "deck_count=-3"),
        get("/api/deck/{d}/"),
        get("/api/deck/{d}/shuffle/", "deck_count=abc", riffle=bad_parameter("deck_count")),
        get("/api/deck/{d}/"),
        get("/api/deck/{d}/shuffle/", "deck_count=3"),
        get("/api/deck/{d}/shuffle/", "remaining=true&deck_count=abc"),
        get("/api/deck/{d}/shuffle/", "remaining=true&deck_count=50"),
    ]),
    scenario("case 4 and 11: unknown decks check deck_count first", ["issue 16 case 4", "issue 16 case 11",
                                                                   "errors: unknown deck id"], [
        get("/api/deck/" + UNKNOWN + "/shuffle/", "deck_count=21"),
        get("/api/shuffle/" + UNKNOWN + "/", "deck_count=0"),
        get("/api/deck/" + UNKNOWN + "/shuffle/", "deck_count=5"),
        get("/api/deck/" + UNKNOWN + "/shuffle/"),
        get("/api/deck/" + UNKNOWN + "/shuffle/", "remaining=true&deck_count=21"),
    ]),
    scenario("new decks: deck_count limits", ["errors: max/min decks"], [
        get("/api/deck/new/", "deck_count=21"),
        get("/api/deck/new/", "deck_count=0"),
        get("/api/deck/new/shuffle/", "deck_count=-1"),
        get("/api/new/", "deck_count=20", bind="d"),
        get("/api/deck/{d}/"),
        get("/api/deck/new/", "deck_count=99999999999999999999999"),
        get("/api/deck/new/draw/", "deck_count=21",
            riffle=dict(error(200, "The max number of Decks is 20."), rule="deck_count outside 1-20 on /deck/new/draw/")),
        get("/api/deck/new/draw/", "deck_count=0",
            riffle=dict(error(200, "The min number of Decks is 1."), rule="deck_count outside 1-20 on /deck/new/draw/")),
    ]),
    scenario("case 5: integers as Python's int() reads them", ["issue 16 case 5", "requests: integers"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=%201%20"),
        get("/api/deck/{d}/draw/", "count=+2"),
        get("/api/deck/{d}/draw/", "count=%2B2"),
        get("/api/deck/{d}/draw/", "count=1_0"),
        get("/api/deck/{d}/draw/", "count=%091%0A"),
        get("/api/deck/{d}/draw/", "count=-0"),
        get("/api/deck/{d}/draw/", "count=007"),
        get("/api/deck/{d}/draw/", "count=%EF%BC%92"),
        get("/api/deck/{d}/draw/", "count=%C2%A01"),
        get("/api/deck/{d}/draw/", "count=%E2%80%A81%0B"),
        get("/api/deck/{d}/"),
        get("/api/deck/new/", "deck_count=%2B2", bind="e"),
        get("/api/deck/new/", "deck_count=%200_2%20", bind="f"),
    ]),
    scenario("case 5: anything else is a JSON 400", ["issue 16 case 5", "Riffle: non-integer count"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=1__0", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=_1", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=1_", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=%2B_1", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=%2B%201", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=2.5", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=abc", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=undefined", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=0x10", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=%1C1", riffle=bad_parameter("count")),
        get("/api/deck/{d}/draw/", "count=%C2%B2", riffle=bad_parameter("count")),
        get("/api/deck/new/", "deck_count=2.0", riffle=bad_parameter("deck_count")),
        get("/api/deck/new/draw/", "deck_count=x", riffle=bad_parameter("deck_count")),
        get("/api/deck/{d}/"),
    ]),
    scenario("negative counts", ["Riffle: negative count 400"], [
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw/", "count=-1",
            riffle={"status": 400, "errorMentions": "'count'", "rule": "negative count"}),
        get("/api/deck/{d}/",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 52, "shuffled": False},
                    "rule": "a refused request changes nothing"}),
    ]),
    scenario("case 6: the last repeated parameter wins", ["issue 16 case 6", "requests: repeated parameters"], [
        get("/api/deck/new/", "deck_count=3&deck_count=1", bind="d"),
        get("/api/deck/{d}/draw/", "count=1&count=3"),
        get("/api/deck/new/", "cards=AS&cards=KH,QH", bind="e"),
        get("/api/deck/{e}/draw/", "count=2"),
    ]),
    scenario("case 7: POST reads the form body only", ["issue 16 case 7", "requests: POST"], [
        post("/api/deck/new/shuffle/", query="deck_count=3", content_type=None, bind="a"),
        post("/api/deck/new/", body="deck_count=2", query="deck_count=5", bind="b"),
        post("/api/deck/{b}/draw/", body="count=2&count=3", query="count=7"),
        post("/api/deck/{b}/draw/", query="count=7"),
        post("/api/deck/new/", body="deck_count=2", content_type="text/plain", bind="c"),
        post("/api/deck/new/", body="deck_count=2", content_type=None, bind="e"),
        post("/api/deck/new/", body="cards=AS%2CKH&jokers_enabled=true", bind="f"),
        post("/api/deck/{f}/draw/", body="count=2"),
        post("/api/deck/{f}/pile/p/add/", body="cards=KH", query="cards=AS"),
        post("/api/deck/{f}/pile/p/add/", query="cards=AS"),
        post("/api/deck/{f}/pile/p/list/"),
        post("/api/deck/new/", body=MULTIPART_BODY, content_type="multipart/form-data; boundary=" + BOUNDARY,
             query="deck_count=5", bind="g"),
        post("/api/deck/{g}/draw/", body=MULTIPART_COUNT, content_type="multipart/form-data; boundary=" + BOUNDARY),
    ]),
    # ---------------------------------------------------------------- requests, errors, other
    scenario("trailing slash redirects", ["requests: 301 without the trailing slash"], [
        get("/api/deck/new", "deck_count=2"),
        get("/api/deck/new/", bind="d"),
        get("/api/deck/{d}/draw"),
        get("/api/deck/{d}/pile/p/add", "cards=AS"),
        get("/api/deck/{d}/"),
    ]),
    scenario("unknown decks", ["errors: unknown deck id", "endpoints: /draw/new/ is unknown"], [
        get("/api/deck/" + UNKNOWN + "/"),
        get("/api/deck/" + UNKNOWN + "/draw/"),
        get("/api/draw/new/"),
        get("/api/deck/" + UNKNOWN + "/return/"),
        get("/api/deck/" + UNKNOWN + "/pile/p/add/", "cards=AS"),
        get("/api/deck/" + UNKNOWN + "/pile/p/list/"),
        get("/api/deck/" + UNKNOWN + "/pile/p/return/"),
        get("/api/deck/" + UNKNOWN + "/pile/p/draw/"),
        get("/api/deck/ABCDEFGHIJKL/"),
    ]),
    scenario("other methods reach the endpoints", ["requests: any method"], [
        step("PUT", "/api/deck/new/", "deck_count=2", bind="d"),
        step("DELETE", "/api/deck/{d}/draw/", "count=2"),
        step("PATCH", "/api/deck/{d}/"),
    ]),
    scenario("HEAD never changes state", ["Riffle: HEAD"], [
        get("/api/deck/new/", bind="d"),
        step("HEAD", "/api/deck/{d}/draw/", "count=5",
             riffle={"status": 200, "noBody": True, "rule": "HEAD never changes state"}),
        get("/api/deck/{d}/",
            riffle={"status": 200, "json": {"success": True, "deck_id": "{d}", "remaining": 52, "shuffled": False},
                    "rule": "HEAD never changes state"}),
    ]),
    scenario("CORS preflight", ["other: CORS preflight"], [
        get("/api/deck/new/", bind="d"),
        step("OPTIONS", "/api/deck/{d}/draw/", headers={"Origin": "http://example.com",
                                                       "Access-Control-Request-Method": "GET"},
             riffle={"status": 200, "noBody": True, "headers": ["access-control-allow-origin",
                                                                "access-control-allow-methods",
                                                                "access-control-allow-headers",
                                                                "access-control-max-age"],
                     "rule": "OPTIONS is a CORS preflight answer"}),
        get("/api/deck/{d}/"),
    ]),
    scenario("unknown paths", ["Riffle: unmatched paths JSON 404"], [
        get("/api/deck/new/draw/now/", riffle={"status": 404, "errorMentions": "/api/deck/new/draw/now/",
                                              "rule": "unmatched paths"}),
        get("/api/", riffle={"status": 404, "errorMentions": "/api/", "rule": "unmatched paths"}),
    ]),
]


def bound_path(path, bindings):
    for name, value in bindings.items():
        path = path.replace("{" + name + "}", value)
    return path


def normalize(value, bindings):
    """Replaces bound deck ids with `{name}` and the image host with `{base}`, recursively."""
    if isinstance(value, dict):
        return {key: normalize(item, bindings) for key, item in value.items()}
    if isinstance(value, list):
        return [normalize(item, bindings) for item in value]
    if isinstance(value, str):
        for name, deck_id in bindings.items():
            value = value.replace(deck_id, "{" + name + "}")
        if value.startswith(ORIGINAL_IMAGE_BASE + "/"):
            value = "{base}" + value[len(ORIGINAL_IMAGE_BASE):]
        return value
    return value


def sort_cards(value):
    """`cards` arrays sorted by code, recursively, for steps that compare them as a multiset."""
    if isinstance(value, dict):
        return {key: (sorted(item, key=lambda card: card["code"]) if key == "cards" and isinstance(item, list)
                      else sort_cards(item)) for key, item in value.items()}
    if isinstance(value, list):
        return [sort_cards(item) for item in value]
    return value


def send(base, entry, bindings):
    parsed = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
    target = bound_path(entry["path"], bindings)
    if "query" in entry:
        target += "?" + entry["query"]
    headers = dict(entry.get("headers", {}))
    if "contentType" in entry:
        headers["Content-Type"] = entry["contentType"]
    body = entry.get("body")
    connection.request(entry["method"], target, body=body.encode() if body is not None else None, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response, data


def record(base):
    recorded = []
    for item in SCENARIOS:
        bindings = {}
        steps = []
        for entry in item["steps"]:
            response, data = send(base, entry, bindings)
            content_type = (response.getheader("Content-Type") or "").split(";")[0]
            answer = {"status": response.status}
            if content_type == "application/json" and data:
                body = json.loads(data)
                if "bind" in entry and isinstance(body, dict) and body.get("success"):
                    bindings[entry["bind"]] = body["deck_id"]
                answer["json"] = normalize(body, bindings)
                if entry.get("cards") == "unordered":
                    answer["json"] = sort_cards(answer["json"])
            elif data:
                answer["body"] = content_type or "unknown"
            if response.getheader("Location"):
                answer["location"] = normalize(response.getheader("Location"), bindings)
            cors = response.getheader("Access-Control-Allow-Origin")
            if cors:
                answer["accessControlAllowOrigin"] = cors
            steps.append(dict(entry, original=answer))
        recorded.append(dict(item, steps=steps))
        print("recorded", item["name"], file=sys.stderr)
    return recorded


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the original service, such as http://127.0.0.1:8000")
    parser.add_argument("--output", required=True, help="the fixture file to write")
    arguments = parser.parse_args()
    scenarios = record(arguments.base)
    document = {
        "source": "crobertsbmw/deckofcards @ 07e6e13 (Django 3.2.14, django-cors-headers, gunicorn, "
                  "SECURE_SSL_REDIRECT off), run locally; recorded by scripts/record-oracle.py",
        "normalization": "bound deck ids as {name}; image URL scheme and host as {base}; "
                         "cards: unordered = multiset of codes, count = number and shape only",
        "scenarios": scenarios,
    }
    with open(arguments.output, "w") as output:
        json.dump(document, output, indent=1, ensure_ascii=True)
        output.write("\n")
    count = sum(len(item["steps"]) for item in scenarios)
    print("recorded %d scenarios, %d requests" % (len(scenarios), count), file=sys.stderr)


if __name__ == "__main__":
    main()
