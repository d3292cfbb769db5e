"""Where a command's night comes from: a hand file, or a recorded session (the database alone).

:func:`load_night` reads either and gives the night with what a session's log holds besides (the
money paid at the opening, the events after the last hand).  A hand file with bad lines is reported
line by line, every bad line at once (:func:`report_file_errors`), and nothing is replayed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from referee.cli.db import open_for
from referee.cli.output import console
from referee.errors import HandFileErrors, InputError, shortened
from referee.i18n import _, ngettext
from referee.plain_words import literal

if TYPE_CHECKING:
    from referee.engine.events import NightEvent, SitDown
    from referee.handfile.model import Night


@dataclass(frozen=True)
class Loaded:
    """A night to replay: ``session`` is its session id when it comes from the database."""

    night: Night
    session: int | None = None
    opening: tuple[SitDown, ...] = ()
    closing: tuple[NightEvent, ...] = ()
    #: a session's: the seq of the last event of the log read (what an append checks it against)
    head: int | None = None


def report_file_errors(err: HandFileErrors, imported: bool = False) -> None:
    """Every bad line, one ``Error: …`` line each (its hint after it on the line), then exit 2: nothing
    was replayed (or, ``imported``, nothing was imported)."""
    out = console(stderr=True, soft_wrap=True)  # the message may quote what the user typed: print it as typed
    for each in err.errors:
        hint = (" [dim]— " + _("hint: {hint}").format(hint=literal(shortened(each.hint))) + "[/]") if each.hint else ""
        out.print("[bold red]" + _("Error:") + f"[/] {literal(shortened(str(each)))}{hint}")
    said = (ngettext("{count} bad line: nothing was imported; fix it and run it again",
                     "{count} bad lines: nothing was imported; fix them and run it again", len(err.errors))
            if imported else
            ngettext("{count} bad line: nothing was replayed; fix it and run it again",
                     "{count} bad lines: nothing was replayed; fix them and run it again", len(err.errors)))
    typer.echo(said.format(count=len(err.errors)), err=True)
    raise typer.Exit(2)


def load_night(ctx: typer.Context, file: Path | None, session: int | None, db: str | None) -> Loaded:
    """The night of ``file`` or of ``session`` (exactly one of them)."""
    if (file is None) == (session is None):
        raise InputError(_("name a hand file or a session, not both") if file else _("nothing to replay"),
                         hint=_("referee replay night.txt, or referee replay --session ID"))
    if session is not None:
        from referee.recording.session_log import read_session_log, rulebook_notes

        with open_for(ctx, db) as store:
            snapshot = store.log_snapshot(session)  # the database alone
        log = read_session_log(snapshot)
        for note in rulebook_notes(log.night):
            typer.echo(_("Note: {note}").format(note=note), err=True)
        head = snapshot.events[-1].seq if snapshot.events else 0
        return Loaded(log.night, session, log.opening, log.closing, head)
    from referee.handfile import read_night

    assert file is not None
    try:
        night = read_night(file)
        return Loaded(night, closing=night.closing)
    except HandFileErrors as err:
        report_file_errors(err)
        raise  # not reached


def session_or_file(text: str) -> tuple[Path | None, int | None]:
    """``SESSION|FILE`` as given on a command line: a whole number is a session id, unless a file
    of that name exists; anything else is a hand file."""
    path = Path(text)
    if text.isascii() and text.isdigit() and not path.exists():
        return None, int(text)
    return path, None


__all__ = ["Loaded", "load_night", "report_file_errors", "session_or_file"]
