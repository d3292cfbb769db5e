"""Tests for behaviour a second mutation run (bench/mutation.py --sample 200, seed 7) showed no test
noticed changing.

Each docstring names the rule and the situation; the mutant it kills is named by file and function.
"""

from __future__ import annotations

from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file


def night(rulebook: str, body: str, *options: str, seats: str, dealer: str = "Ann"):
    text = (f"rulebook: {rulebook}\n" + "".join(f"option {o}\n" for o in options)
            + f"seats: {seats}\ndealer: {dealer}\n\n")
    return replay_night_file(parse_night(text + body))


def hand(rulebook: str, lines: str, *options: str, seats: str, dealer: str = "Ann"):
    (replayed,) = night(rulebook, "hand 1\n" + lines, *options, seats=seats, dealer=dealer)
    return replayed.replay


def codes(replay, kind: str | None = None) -> list[tuple[int | None, str, str | None, str | None]]:
    return [(f.action, f.code, f.player, f.rule) for f in replay.findings if kind is None or f.kind == kind]


def test_odd_chips_of_several_split_pots_are_all_carried():
    """common.showdown_tie = split: "Tied best hands share the pot equally; an odd chip that cannot be
    divided stays in the pot for the next deal".  Dee is all in for 1: the main pot of 8 is tied three
    ways (2 each, 2 left) and the side pot of 5 two ways (2 each, 1 left): 3 chips stay, not only the
    last pot's 1 (state.py award: the odd chips summed over the pots)."""
    r = hand("straight_draw", """Bob: bets 2
Cy: calls
Dee: all in
Ann: calls
Bob: stands pat
Cy: stands pat
Dee: stands pat
Ann: stands pat
Bob: bets 1
Cy: calls
Ann: folds
Bob: shows 9h 8c 7d 6s 5h
Cy: shows 9d 8h 7s 6c 5d
Dee: shows 9c 8d 7h 6d 5s
""", "common.showdown_tie = split", seats="Ann 100, Bob 100, Cy 100, Dee 1")
    o = r.outcome
    assert [(p.amount, p.left_over) for p in o.pots] == [(8, 2), (5, 1)]
    assert o.carried == 3
