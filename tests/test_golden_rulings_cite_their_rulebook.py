"""Every ruling of every golden night names a rule its night's rulebook has: the replay prints a rule's
text by its id, so a finding, a pot or a penalty citing no rule, or an id the rulebook does not hold,
would print nothing the players could read.  The golden nights reach rulings of every game the random-log properties
(tests/test_engine_properties.py, tests/test_engine_brag_properties.py) do not: stud's, a misdeal's, a
redeal's."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.handfile import read_night
from referee.handfile.replay import replay_night_file

GOLDEN = Path(__file__).parent / "golden"
GAMES = sorted(p.name for p in GOLDEN.iterdir() if p.is_dir())


def citations(replayed) -> list[tuple[str, str | None]]:
    """(what, rule id) of each ruling of a replayed hand: its findings' (notes, which are information
    rather than rulings, only when they cite one), its pots' and its penalties'."""
    r = replayed.replay
    return ([(f"finding {f.code} at action {f.action}", f.rule) for f in r.findings if f.rule or f.kind != "note"]
            + [(f"pot of {p.amount}", p.rule) for p in r.outcome.pots]
            + [(f"penalty of {p.payer}", p.rule) for p in r.outcome.penalties])


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_of_a_golden_night_cites_a_rule_of_its_rulebook(game: str) -> None:
    unknown = []
    for path in sorted((GOLDEN / game).glob("*.txt")):
        for replayed in replay_night_file(read_night(path)):
            unknown += [f"{path.name} hand {replayed.entry.number}: {what} cites {rule}"
                        for what, rule in citations(replayed) if rule is None or not replayed.rulebook.has_rule(rule)]
    assert unknown == []
