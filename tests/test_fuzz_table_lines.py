"""Bad lines at the table, fuzzed: whatever the scorekeeper types at the table prompt (or passes to
``referee act``), the LiveTable stores it, answers it, or refuses it in one line; a refused line
leaves the store row for row as it was; the status line is always drawn.  Every game, on a real
SQLite store.  The inputs mix lines a game would take (what the status line offers the player to
act, the example nights' lines) with random text and those lines garbled, so the junk arrives at
every point of a hand, not only at its start; now and then the refused line is forced (``!``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import event, example, given
from hypothesis import strategies as st

from helpers.fuzz import EXAMPLES, Corpus, fuzz_settings, line_like, mutated, store_rows, tried
from referee.recording.live_table import LiveTable, Refused, Said, Stored
from referee.rulebook.loader import load_rulebook, shipped_rulebook_names
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

pytestmark = pytest.mark.fuzz

GAMES = sorted(shipped_rulebook_names())
SEATED = ("Ann", "Bob", "Cy", "Dee")
LINES = Corpus("table lines", sorted({
    line.split("#")[0].strip()
    for path in EXAMPLES.glob("*.txt")
    for line in path.read_text(encoding="utf-8").splitlines()
    if re.match(r"(Ann|Bob|Cy|Dee)\b", line)
} | {"new hand", "undo", "?", "void 1", "misdeal", "Eve sits down with 50 after Cy", "Bob leaves", "Bob adds 50",
     "dealer: Cy", "option draw.limit_pre = 3", "rulebook: whiskey_poker", "shuffled", "ann show JsJh", "bob r 4"}))
TABLE_WORDS = ("new hand", "undo", "?", "!", "void", "sits down with", "leaves", "adds", "dealer:", "option",
               "rulebook:", "shuffled", "Eve", "draw.limit_pre", "=")


#: lines once crashed the table (the explicit example runs them): a digit int() cannot read, lone
#: surrogates (bytes that are not UTF-8, decoded leniently) in a line that would be stored
REGRESSIONS = ("ann: raises to ²", "misdeal: \ud800 x", "Eve\udcff sits down with 50")


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, int]]:
    """For each shipped rulebook a store whose session has hand 1 begun, four players of 100 chips."""
    folder = tmp_path_factory.mktemp("tables")
    made = {}
    for name in GAMES:
        path = folder / f"{name}.sqlite3"
        with open_store(f"sqlite:///{path}") as store:
            with store.transaction() as tx:
                session = tx.new_session(table_name="Kitchen", rulebook=name, chip_value_cents=25, options={},
                                            seats=[SeatSpec(n, 100) for n in SEATED[: _players(name)]])
            assert session.id is not None
            assert isinstance(LiveTable(store, session.id).enter("new hand"), Stored)
        made[name] = (path, session.id)
    return made


def _players(rulebook: str) -> int:
    return 4 if load_rulebook(rulebook).game != "nine_card_brag" else 3


def offered(table: LiveTable) -> list[str]:
    """Lines the status line suggests: the player to act, and each thing he may do (its first word and
    the first number shown)."""
    status = table.status()
    if not status.to_act:
        return ["new hand"]
    lines = []
    for legal in status.legal:
        word, *rest = legal.split()
        number = re.search(r"\d+", " ".join(rest))
        lines.append(f"{status.to_act.lower()} {word}" + (f" {number[0]}" if number else ""))
    return lines or ["new hand"]


@given(st.sampled_from(GAMES), st.data())
@fuzz_settings(0.04, per_example=8)
@example("jackpots", None)
def test_a_line_at_the_table_is_stored_answered_or_refused_leaving_the_store_as_it_was(
        tables: dict[str, tuple[Path, int]], tmp_path_factory: pytest.TempPathFactory, rulebook: str,
        data: st.DataObject | None) -> None:
    template, session_id = tables[rulebook]
    work = tmp_path_factory.getbasetemp() / "table.sqlite3"
    shutil.copyfile(template, work)
    url = f"sqlite:///{work}"
    with open_store(url) as store:
        table = LiveTable(store, session_id)
        for step in range(8 if data else len(REGRESSIONS)):
            kind = data.draw(st.sampled_from(("offered", "offered", "junk", "garbled", "force"))) if data else "junk"
            if kind == "offered":
                line = data.draw(st.sampled_from(offered(table)))
            elif kind == "garbled":
                line = data.draw(mutated(Corpus("offered", offered(table)) if data.draw(st.booleans()) else LINES,
                                         TABLE_WORDS))
            elif kind == "junk":
                line = data.draw(line_like(TABLE_WORDS)) if data else REGRESSIONS[step]
            else:
                line = "!"
            before = store_rows(url)
            tried("table lines")
            entry = table.force() if line == "!" else table.enter(line)
            event(f"{kind} line: {type(entry).__name__}")
            if isinstance(entry, Refused | Said):
                assert store_rows(url) == before, f"{line!r} was {entry!r} yet the store changed"
            if isinstance(entry, Refused):
                assert entry.reason.strip() and "\n" not in entry.reason, entry
                assert not entry.stale and not entry.retry, entry  # one recorder: no race, no outage
            else:
                assert isinstance(entry, Stored | Said), entry
            table.status().line()
            table.status().toolbar(80)
