"""docs/json.md documents each JSON form once, and what it documents is what the form's function makes:
for every section titled with a function of ``referee.report.json_doc`` (``## A transfer
(`transfer_json`)``), the fields of its table are exactly the keys that function gives for a real
night (the Friday jackpots example recorded, closed and settled; a false open of the demo's night)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from referee.handfile import read_night
from referee.handfile.replay import replay_night_file
from referee.ledger.ledger import session_ledger
from referee.ledger.paying import ways_to_pay
from referee.recording.night_file import record_night
from referee.report import json_doc
from referee.store.store import open_store

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "json.md"
FRIDAY = ROOT / "examples" / "jackpots-friday.txt"
DEMO = ROOT / "examples" / "demo-night.txt"  # a false open: findings and a penalty
#: the counts the log gives each player at the end of the Friday night
CASH_OUTS = {"Ann": 113, "Bob": 92, "Cy": 89, "Dee": 108, "Eve": 78}

_TITLE = re.compile(r"^#+ .*\(`(\w+_json)`\)\s*$")
_ROW = re.compile(r"^\| `(\w+)` \|")


def documented_forms() -> dict[str, set[str]]:
    """Each function a section of docs/json.md is titled with, and the fields of that section's table
    (up to the next title)."""
    forms: dict[str, set[str]] = {}
    current: str | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            found = _TITLE.match(line)
            current = found.group(1) if found else None
            if current is not None:
                assert current not in forms, f"docs/json.md documents {current} twice"
                forms[current] = set()
        elif current is not None and (row := _ROW.match(line)):
            forms[current].add(row.group(1))
    return forms


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """One example of every form, made by its function from the Friday night."""
    night = read_night(FRIDAY)
    replayed = replay_night_file(night, snapshots=True)
    demo = replay_night_file(read_night(DEMO), snapshots=True).hands
    hand = next(h for h in demo if h.replay.outcome.penalties)
    found = next(h for h in demo if h.replay.findings)
    url = f"sqlite:///{tmp_path_factory.mktemp('forms') / 'forms.sqlite3'}"
    with open_store(url) as store:
        sid = record_night(store, night, table_name="Friday", chip_value_cents=25)
        store.close_session(sid, CASH_OUTS)
        session, chain = store.log_snapshot(sid).session, store.verify_chain(sid)
        ledger, _, _ = session_ledger(store, sid)
    settlement = ledger.settle()
    return {
        "night_json": json_doc.night_json(night, replayed),
        "hand_json": json_doc.hand_json(hand),
        "table_json": json_doc.table_json(hand.replay.states[0]),
        "finding_json": json_doc.finding_json(found.replay.findings[0], found.rulebook, found.line_of),
        "pot_json": json_doc.pot_json(replayed.hands[0].replay.outcome.pots[0]),
        "penalty_json": json_doc.penalty_json(hand.replay.outcome.penalties[0]),
        "session_json": json_doc.session_json(session),
        "chain_json": json_doc.chain_json(chain),
        "transfer_json": json_doc.transfer_json(settlement.transfers[0], ledger.money),
        "settlement_json": json_doc.settlement_json(ledger, settlement),
        "rulebook_json": json_doc.rulebook_json(hand.rulebook),
        "pay_way_json": json_doc.pay_way_json(ways_to_pay({"paypal": "AnnExample"}, "Ann", 275, "EUR", "en_GB", "€2.75")[0]),
    }


def test_every_form_is_documented_once() -> None:
    forms = documented_forms()
    assert sorted(forms) == sorted(name for name in json_doc.__all__ if name.endswith("_json")
                                   and name not in ("amended_json", "change_json", "ruling_json", "timeline_json"))


@pytest.mark.parametrize("function", sorted(documented_forms()))
def test_a_documented_form_has_the_keys_its_function_makes(function: str, made: dict[str, dict[str, Any]]) -> None:
    assert sorted(documented_forms()[function]) == sorted(made[function])


def test_a_step_of_the_timeline_is_the_table_after_it_with_the_action_in_words() -> None:
    """A timeline step holds the table form whole (docs/json.md: "the step's own fields, then the table's")."""
    replayed = replay_night_file(read_night(FRIDAY), snapshots=True)
    hand = replayed.hands[0]
    for step, state in zip(json_doc.timeline_json(hand), hand.replay.states, strict=True):
        table = json_doc.table_json(state)
        assert {k: step[k] for k in table} == table
        assert set(step) - set(table) == {"line", "text", "from_ruling", "codes"}
