"""The players' page tells only what the table has seen: swapping every card the table has not seen
changes nothing a phone is sent.

"No card and nothing decided by a card reaches a phone before the table sees it": for every golden
night, every example night, the nights it once leaked and random nights of every game, after every
event of the log, the same log is written again with every card the table has not seen by then
swapped for another card of the pack, and the page's data (the JSON of ``…/state`` and of each ``state`` event; the page itself is
fixed, one per language) must be byte-identical; in Russian too, for the once-leaked nights and the brag example.  A page that
settled an unshown showdown from the scorekeeper's ``dealt`` lines, named the hand that won, ruled on an opener's logged deal or showed a card given into a
face-down widow would differ (tests/helpers/swap.py says what "seen" means, apart from the engine).

How much: every golden, example and once-leaked night at every step; ``REFEREE_SWAP_NIGHTS`` random nights of three
hands per game (default 3; CI may raise it).  The run's summary line counts the (night, step) pairs
compared.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers.scoreboard import random_night, record_step_by_step
from helpers.swap import COMPARED, LEAKED_ONCE, first_difference, page_data, prefixes, read, swapped

from referee.engine.games import game_names
from referee.handfile import parse_night, read_night
from referee.handfile.model import Night
from referee.ledger.ledger import people_of
from referee.scoreboard.view import PublicPage
from referee.store.store import Store, open_store

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = ROOT / "examples"
RANDOM_NIGHTS = int(os.environ.get("REFEREE_SWAP_NIGHTS", "3") or 3)

def check_night(store: Store, night: Night, name: str, seed: int = 0) -> int:
    """Record ``night``, then compare the page of each prefix of its log with that of the prefix with
    its unseen cards swapped; the number of steps where some card was swapped."""
    for sid, _, _ in record_step_by_step(store, night, table_name=name[:60]):
        pass
    recorded = read(store.log_snapshot(sid))
    people = people_of(store, sid)
    plain, other = PublicPage(), PublicPage()
    rng = random.Random(seed)
    kept: dict = {}
    swapping = 0
    for step, prefix in enumerate(prefixes(recorded), 1):
        twin, moved = swapped(recorded, prefix, rng, kept)
        a = page_data(lambda s: plain.view(s, people), prefix)
        b = page_data(lambda s: other.view(s, people), twin)
        assert a == b, f"{name}, after event {step} of the log: {first_difference(a, b)}"
        COMPARED["steps"] += 1
        swapping += moved > 0
    COMPARED["swapping"] += swapping
    return swapping


def _golden(game: str) -> list[Path]:
    return sorted((GOLDEN / game).glob("*.txt"))


@pytest.mark.parametrize("game", game_names())
def test_no_unseen_card_changes_the_page_of_a_golden_night(game: str, tmp_path: Path) -> None:
    assert _golden(game), f"no golden night of {game}"
    with open_store(f"sqlite:///{tmp_path / 'golden.sqlite3'}") as store:
        for path in _golden(game):
            check_night(store, read_night(path), path.name)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_no_unseen_card_changes_the_page_of_an_example_night(path: Path, tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'example.sqlite3'}") as store:
        check_night(store, read_night(path), path.name)


@pytest.mark.parametrize("name", sorted(LEAKED_ONCE))
def test_no_unseen_card_changes_the_page_of_a_night_it_once_leaked(name: str, tmp_path: Path) -> None:
    """The nights of the issue: a showdown decided by logged deals in every game that has one, an
    opener's logged deal, a card given into a face-down widow."""
    with open_store(f"sqlite:///{tmp_path / 'leaked.sqlite3'}") as store:
        assert check_night(store, parse_night(LEAKED_ONCE[name]), name)


def test_no_unseen_card_changes_the_page_in_russian(tmp_path: Path) -> None:
    """A page that speaks Russian (the engine's words, the page's own) tells no more than one in English:
    the nights it once leaked, and the brag example night (whose table plays from a Russian seed)."""
    from referee.i18n import speaking

    with speaking("ru"), open_store(f"sqlite:///{tmp_path / 'russian.sqlite3'}") as store:
        for name, text in sorted(LEAKED_ONCE.items()):
            assert check_night(store, parse_night(text), f"{name} in Russian")
        check_night(store, read_night(EXAMPLES / "three-card-brag.txt"), "three-card-brag.txt in Russian")


@pytest.mark.parametrize("game", game_names())
@settings(max_examples=RANDOM_NIGHTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_no_unseen_card_changes_the_page_of_a_random_night(game: str, seed: int, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    """Random nights of every game, every player dealt real cards (helpers.scoreboard.random_night):
    there is always something to swap."""
    folder = tmp_path_factory.mktemp("random")
    with open_store(f"sqlite:///{folder / 'random.sqlite3'}") as store:
        night = parse_night(random_night(game, seed, hands=3))
        assert check_night(store, night, f"{game} seed {seed}", seed), f"seed {seed}: no card to swap"
