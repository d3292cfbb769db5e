"""docs/ledger.md shows the states a night can be in as a table (state, what it allows, what it refuses
and what to do instead); it is the code's table, :data:`referee.night.states.STEPS`, word for word."""

from __future__ import annotations

from pathlib import Path

from referee.night.states import STEPS, NightState, Step, legal_steps

DOC = Path(__file__).resolve().parents[1] / "docs" / "ledger.md"


def doc_table() -> dict[NightState, dict[Step, str | None]]:
    """The table between the ``night-states`` markers of docs/ledger.md, read back into the code's shape:
    each state's steps, None for a step it allows, else what to do instead (``N`` for the session)."""
    text = DOC.read_text(encoding="utf-8")
    body = text.split("<!-- night-states:", 1)[1].split("<!-- /night-states -->", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("|")][2:]  # past the header and its rule
    out: dict[NightState, dict[Step, str | None]] = {}
    state: NightState | None = None
    for row in rows:
        cells = [cell.strip() for cell in row.strip().strip("|").split(" | ")]
        assert len(cells) == 4, row
        if cells[0]:
            state = NightState(cells[0])
            allows = [] if cells[1] == "nothing" else cells[1].split(", ")
            out[state] = {Step(step): None for step in allows}
        assert state is not None, row
        refused = ([step for step in Step if step not in out[state]] if cells[2] == "every other step"
                   else [Step(cells[2])])
        for step in refused:
            out[state][step] = cells[3]
    return out


def test_the_states_table_in_the_docs_is_the_codes() -> None:
    code = {state: {step: None if hint is None else hint.format(sid="N") for step, hint in steps.items()}
            for state, steps in STEPS.items()}
    assert doc_table() == code


def test_the_doc_lists_what_each_state_allows_in_the_codes_order() -> None:
    text = DOC.read_text(encoding="utf-8")
    for state in NightState:
        allows = ", ".join(legal_steps(state)) or "nothing"
        assert f"| {state} | {allows} |" in text
