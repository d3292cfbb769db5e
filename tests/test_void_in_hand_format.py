"""A night's void and its undoing are lines of the hand format (``night void: …``, ``night void
undone: …`` after the last hand), so a text export carries them as the JSON export does: each
imports into a fresh store as a night void (or void no more) for the same reasons."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from helpers.nights import DISPUTED
from referee.cli import app
from referee.errors import HandFileError
from referee.handfile import parse_night, write_night
from referee.engine.events import Unvoided, Voided
from referee.recording.night_file import record_night
from referee.store.store import open_store

runner = CliRunner()


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def voids_of(url: str) -> tuple[str | None, list[tuple[str, str]]]:
    """The void reason on the one session of ``url`` and its log's voids and undoings, in order."""
    with open_store(url) as store:
        [game] = store.sessions()
        assert store.audit_session(game.id) == []  # type: ignore[arg-type]
        return game.void_reason, [(row.kind, row.payload["why"]) for row in store.events(game.id)  # type: ignore[arg-type]
                                  if row.kind in ("Voided", "Unvoided")]


@pytest.mark.parametrize("undone", [False, True])
def test_a_void_travels_in_the_text_export_as_in_the_json_export(tmp_path: Path, undone: bool) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with open_store(url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
    assert cli("session", "void", str(sid), "--why", "typed up twice", "--db", url).exit_code == 0
    if undone:
        assert cli("session", "unvoid", str(sid), "--why", "the other copy was voided", "--db", url).exit_code == 0
    facts = voids_of(url)
    assert facts == ((None, [("Voided", "typed up twice"), ("Unvoided", "the other copy was voided")]) if undone
                     else ("typed up twice", [("Voided", "typed up twice")]))
    text, as_json = tmp_path / "night.txt", tmp_path / "night.json"
    assert cli("export", str(sid), "-o", str(text), "--db", url).exit_code == 0
    assert cli("export", str(sid), "--json", "-o", str(as_json), "--db", url).exit_code == 0
    written = text.read_text()
    assert written.endswith("\nafter the last hand\nnight void: typed up twice\n"
                            + ("night void undone: the other copy was voided\n" if undone else ""))
    assert "# not in the hand format: void" not in written
    for exported in (text, as_json):
        elsewhere = f"sqlite:///{tmp_path / (exported.suffix[1:] + '.db')}"
        imported = cli("import", str(exported), "--db", elsewhere)
        assert imported.exit_code == 0, imported.output
        assert voids_of(elsewhere) == facts, exported


def test_the_void_lines_read_as_the_nights_void_and_write_back_as_themselves() -> None:
    text = DISPUTED_TEXT + "\nafter the last hand\nnight void: typed up twice\nnight void undone:  the other  copy\n"
    night = parse_night(text)
    assert night.closing == (Voided("typed up twice"), Unvoided("the other copy"))
    assert parse_night(write_night(night)) == night
    with pytest.raises(HandFileError, match="gives no reason") as refused:
        parse_night(DISPUTED_TEXT + "\nafter the last hand\nnight void:\n", source="night.txt")
    assert refused.value.where == f"night.txt:{len(DISPUTED_TEXT.splitlines()) + 3}"


DISPUTED_TEXT = write_night(DISPUTED)
