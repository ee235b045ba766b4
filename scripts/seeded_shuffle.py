#!/usr/bin/env python3
"""riffle-shuffle-v1, riffle-commit-v1 and riffle-mix-v1, written again from their description (docs/SEEDED-SHUFFLE.md) with
Python's own SHA-256: an independent implementation that the Swift one is checked against, and a way for anyone to
recompute a revealed shuffle without Riffle.

    scripts/seeded_shuffle.py SEED [--decks N] [--jokers] [--cards AS,KH,...]   # the order, top card first
    scripts/seeded_shuffle.py SEED --commit ROUND [--decks N] ...                # the commitment
    scripts/seeded_shuffle.py SEED --entropy TEXT [--entropy TEXT ...] ...       # the order with players' entropy
    scripts/seeded_shuffle.py --vectors                                          # the published test vectors
    scripts/seeded_shuffle.py --vectors-json                                     # the same, as JSON
"""

import argparse
import hashlib
import json
import sys

VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K"]
SUITS = ["S", "D", "C", "H"]
STANDARD = [value + suit for suit in SUITS for value in VALUES]
VECTOR_SEEDS = ["riffle", "2026", "game night \N{BLACK SPADE SUIT}"]


def unshuffled(decks=1, jokers=False, cards=None):
    """The cards in their starting order, top first: one copy repeated `decks` times."""
    copy = list(cards) if cards is not None else STANDARD + (["X1", "X2"] if jokers else [])
    return copy * decks


def words(seed):
    key = hashlib.sha256(b"riffle-shuffle-v1\x00" + seed.encode("utf-8")).digest()
    block = 0
    while True:
        digest = hashlib.sha256(key + block.to_bytes(8, "big")).digest()
        for index in range(4):
            yield int.from_bytes(digest[index * 8:index * 8 + 8], "big")
        block += 1


def shuffled(seed, items):
    size = len(seed.encode("utf-8"))
    if size < 1 or size > 256:
        raise ValueError("a seed is 1 to 256 bytes of text")
    result = list(items)
    stream = words(seed)
    for position in range(len(result) - 1, 0, -1):
        bound = position + 1
        limit = (2**64 - 1) // bound * bound
        while True:
            word = next(stream)
            if word < limit:
                break
        other = word % bound
        result[position], result[other] = result[other], result[position]
    return result


def commitment(seed, cards, round_number):
    message = b"riffle-commit-v1\x00" + seed.encode("utf-8") + b"\x00" + ",".join(cards).encode() + b"\x00"
    return hashlib.sha256(message + str(round_number).encode()).hexdigest()


def mixed(seed, entropy):
    """riffle-mix-v1: the seed a round's order comes from once players have added entropy."""
    if not entropy:
        return seed
    message = b"riffle-mix-v1"
    for part in [seed] + entropy:
        data = part.encode("utf-8")
        message += len(data).to_bytes(4, "big") + data
    return "riffle-mix-v1:" + hashlib.sha256(message).hexdigest()


def vectors():
    lines = []
    for seed in VECTOR_SEEDS:
        for decks in (1, 6):
            cards = unshuffled(decks)
            lines.append(f"seed {seed!r}, {decks} deck{'s' if decks > 1 else ''} ({len(cards)} cards):")
            lines.append(" ".join(shuffled(seed, cards)))
            lines.append(f"commitment, round 1: {commitment(seed, cards, 1)}")
            lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seed", nargs="?")
    parser.add_argument("--decks", type=int, default=1)
    parser.add_argument("--jokers", action="store_true")
    parser.add_argument("--cards", help="a partial deck's cards, in their listed order")
    parser.add_argument("--commit", type=int, metavar="ROUND", help="print the commitment for this round instead")
    parser.add_argument("--entropy", action="append", default=[], metavar="TEXT",
                        help="a player's entropy (riffle-mix-v1), in the order added; the order comes from the mixed seed")
    parser.add_argument("--vectors", action="store_true", help="print the published test vectors")
    parser.add_argument("--vectors-json", action="store_true", help="the test vectors as JSON, for other checks")
    options = parser.parse_args()
    if options.vectors:
        print(vectors())
        return 0
    if options.vectors_json:
        print(json.dumps([
            {"seed": seed, "decks": decks, "order": " ".join(shuffled(seed, unshuffled(decks))),
             "commitment": commitment(seed, unshuffled(decks), 1)}
            for seed in VECTOR_SEEDS for decks in (1, 6)
        ], ensure_ascii=False))
        return 0
    if options.seed is None:
        parser.error("give a seed, or --vectors")
    cards = unshuffled(options.decks, options.jokers, options.cards.split(",") if options.cards else None)
    if options.commit is not None:
        print(commitment(options.seed, cards, options.commit))
    else:
        print(" ".join(shuffled(mixed(options.seed, options.entropy), cards)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
