"""Golden hand files: hands with hand-checked rulings, replayed and compared (issue 3, item 8).

Each ``tests/golden/<game>/<nn>_<what>.txt`` is a hand file (``docs/hand-format.md``) whose leading
comment lines name the rule(s) it shows and quote the situation; ``<same>.expected.json`` holds the
ruling the rules require, hand by hand, as a stable subset of the replay's JSON (``docs/json.md``):
how the hand ended, the pots and their winners, the final stacks, the carried and undecided chips,
the penalties, the next dealer, and each finding's kind, action number, player and rule id (notes,
which are information rather than rulings, are left out).

A file whose log cannot be replayed at all (a card in two hands; kept in ``<game>/errors/``) expects ``error`` instead of
``hands``: the error's message (hand and action), source line and hint, as the user sees it.

A hand's expectation may also hold ``state_after``: what the game keeps about the hand and carries
to the next deal (compared key by key with the outcome's ``facts`` and the carry it leaves; only the
keys written are compared), and a file's a ``night`` object (compared key by key with the night's
``winner``, ``final_stacks`` and the game's facts about the night).

The expectations were written and checked by hand against RULES.md and the seeds; they pin what the
rules say, not what the engine happens to do.  ``REFEREE_GOLDEN_UPDATE=1 pytest tests/test_golden.py``
rewrites them from the engine, for a new file: check every value by hand before committing it.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from referee.errors import InputError
from referee.handfile import read_night
from referee.handfile.replay import ReplayedHand, replay_night_file
from referee.rulebook import load_rulebook

GOLDEN = Path(__file__).parent / "golden"
#: a log that cannot be replayed at all expects its error; such files live in ``<game>/errors/`` so that the
#: tests that replay every golden night (tests/test_replay_referee.py, tests/test_session_log.py) pass them by
FILES = sorted(GOLDEN.glob("*/*.txt")) + sorted(GOLDEN.glob("*/errors/*.txt"))
UPDATE = os.environ.get("REFEREE_GOLDEN_UPDATE") == "1"
#: at least this many hands per game (issue 3, item 8: at least 60 across the three games; issue 8, item 8:
#: at least 60 across the brag family; issue 9, item 8: at least 45 hands and whole games of whiskey poker
#: and La Viuda each)
MINIMUM_HANDS = {"straight_draw": 25, "jackpots": 25, "five_card_stud": 10, "whiskey_poker": 45, "la_viuda": 45,
                 "three_card_brag": 40, "seven_card_brag": 10, "nine_card_brag": 8, "stop_the_bus": 12}
BRAG_FAMILY = ("three_card_brag", "seven_card_brag", "nine_card_brag", "stop_the_bus")
_RULE_ID = r"[a-z0-9_]+\.[a-z0-9_.]*[a-z0-9_]"
#: a leading comment naming rules: ``# jackpots.9: ...``, ``# draw.7.4 / draw.max_draw = 3: ...``
RULE_COMMENT = re.compile(rf"^# (?P<rules>{_RULE_ID}(?: / {_RULE_ID})*)(?: = \S+)?[:,]")


def _finding_key(f: dict[str, Any]) -> tuple[Any, ...]:
    return (f["action"] is None, f["action"] or 0, f["kind"], f["player"] or "", f["rule"] or "")


def _penalty_key(p: dict[str, Any]) -> tuple[Any, ...]:
    return (p["payer"], p["payee"] or "", p["amount"], p["rule"])


def summary(hand: ReplayedHand) -> dict[str, Any]:
    """The stable subset of one replayed hand that a golden file pins."""
    outcome = hand.replay.outcome
    findings = [
        {"kind": f.kind, "action": f.action, "player": f.player, "rule": f.rule}
        for f in hand.replay.findings
        if f.kind != "note"
    ]
    penalties = [{"payer": p.payer, "payee": p.payee, "amount": p.amount, "rule": p.rule} for p in outcome.penalties]
    return {
        "hand": hand.entry.number,
        "result": outcome.kind,
        "pots": [
            {"amount": p.amount, "winners": list(p.winners), "decided": p.decided, "left_over": p.left_over}
            for p in outcome.pots
        ],
        "stacks_after": dict(outcome.stacks),
        "carried_pot": outcome.carried,
        "undecided": outcome.undecided,
        "penalties": sorted(penalties, key=_penalty_key),
        "next_dealer": outcome.next_hand.dealer,
        "findings": sorted(findings, key=_finding_key),
    }


def state_after(hand: ReplayedHand) -> dict[str, Any]:
    """What the game keeps about the hand and carries on: the outcome's facts and the carry it leaves."""
    outcome = hand.replay.outcome
    return {**outcome.facts, **outcome.next_hand.carry.to_dict()}


def _normalise(expected_hand: dict[str, Any]) -> dict[str, Any]:
    out = dict(expected_hand)
    out["findings"] = sorted(out["findings"], key=_finding_key)
    out["penalties"] = sorted(out["penalties"], key=_penalty_key)
    return out


def _subset(got: dict[str, Any], keys: dict[str, Any]) -> dict[str, Any]:
    return {k: got.get(k, "<missing>") for k in keys}


def _expected_path(path: Path) -> Path:
    return path.with_suffix(".expected.json")


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(GOLDEN).with_suffix("")) for p in FILES])
def test_golden_hand(path: Path) -> None:
    """Replay the golden night and compare every hand with its hand-checked ruling."""
    night = read_night(path)
    expected_file = _expected_path(path)
    if not UPDATE and "error" in (expected := json.loads(expected_file.read_text())):
        assert expected["file"] == path.name
        with pytest.raises(InputError) as info:
            replay_night_file(night)
        err = info.value
        where = (err.where or "").rsplit(":", 1)
        got_error = {"message": err.message, "line": int(where[1]) if len(where) == 2 and where[1].isdigit() else None,
                     "hint": err.hint}
        assert got_error == expected["error"], f"{path.name}: the error"
        return
    replayed = replay_night_file(night)
    got = [summary(h) for h in replayed]
    if UPDATE:
        expected_file.write_text(json.dumps({"file": path.name, "hands": got}, indent=2, ensure_ascii=False) + "\n")
        return
    expected = json.loads(expected_file.read_text())
    assert expected["file"] == path.name
    want = [_normalise(h) for h in expected["hands"]]
    assert len(got) == len(want), f"{path.name}: {len(got)} hands replayed, {len(want)} expected"
    for hand, g, w in zip(replayed, got, want):
        state = w.pop("state_after", None)
        assert g == w, f"{path.name}, hand {w['hand']}"
        if state is not None:
            assert _subset(state_after(hand), state) == state, f"{path.name}, hand {w['hand']}: state after"
    if "night" in expected:
        result = replayed.result
        night_got = {"winner": result.winner, "final_stacks": result.stacks, **result.facts}
        assert _subset(night_got, expected["night"]) == expected["night"], f"{path.name}: the night"


def test_every_golden_file_names_real_rules_and_has_its_expectation() -> None:
    """A golden file opens with comment lines naming the rule(s) it shows (rule ids the rulebook
    knows) and quoting the situation, and has an expected-result file next to it."""
    assert FILES
    for path in FILES:
        lines = path.read_text().splitlines()
        comments = [line for line in lines[: next(i for i, x in enumerate(lines) if not x.startswith("#"))]]
        assert comments, f"{path.name}: no leading comment naming its rule"
        named = [m["rules"] for line in comments if (m := RULE_COMMENT.match(line))]
        assert named, f"{path.name}: the leading comments name no rule id"
        book = load_rulebook(read_night(path).rulebook)
        for group in named:
            for rule in group.split(" / "):
                assert book.has_rule(rule), f"{path.name}: {rule} is not a rule of {book.name}"
        assert _expected_path(path).exists(), f"{path.name}: no expected-result file"


def test_the_golden_files_cover_each_game() -> None:
    """Issue 3, item 8: at least 60 hands across straight draw, Jackpots and five-card stud."""
    counts: dict[str, int] = {}
    for path in FILES:
        night = read_night(path)
        counts[night.game] = counts.get(night.game, 0) + len(night.hands)
    for game, minimum in MINIMUM_HANDS.items():
        assert counts.get(game, 0) >= minimum, f"{game}: {counts.get(game, 0)} golden hands, want {minimum}"
    assert sum(counts.values()) >= 60
    assert sum(counts.get(game, 0) for game in BRAG_FAMILY) >= 60
