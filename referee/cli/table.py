"""``referee table [SESSION]``: record a night live at the table, one action per line.

The prompt (prompt_toolkit, imported here only when the command runs) shows a status line, completes
names, verbs and cards, keeps a history, refuses an illegal action at once with the reason and logs
it with one keystroke (``!``) when that is what really happened.  Every acknowledged line is
committed before the prompt returns.  Without a terminal (a pipe, a script) it reads the lines from
standard input and answers each in plain text.  See ``docs/table.md``.
"""

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.i18n import _, quoting_seeds
from referee.errors import InputError
from referee.plain_words import literal

if TYPE_CHECKING:
    from rich.console import Console

    from referee.recording.live_table import LiveTable


def _history_file() -> object:
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from referee.store.db import default_sqlite_path

    folder = default_sqlite_path().parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return FileHistory(str(folder / "table_history"))
    except OSError:
        return InMemoryHistory()


def table(
    ctx: typer.Context,
    session_id: Annotated[int | None, typer.Argument(metavar="[SESSION]",
                                                     help="The session to record (default: the last open one).")] = None,
    share: Annotated[bool, typer.Option("--share", help="Show the night on the players' phones too: starts "
                                        "`referee serve` beside the prompt and prints its link (and a QR code when a phone can open it).")] = False,
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS",
                                      help="With --share: where the scoreboard listens (127.0.0.1: this machine only; 0.0.0.0: the table's network, where everyone with the link sees the page).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", min=0, max=65535,
                                      help="With --share: the scoreboard's port (0: any free one).")] = 8765,
    db: DbOption = None,
) -> None:
    """Record a session live: a status line, short forms ('bob r 4'), completion, undo, '?' for the rules.

    Every action is stored (committed) before the next prompt; an illegal one is refused with the
    reason, and '!' logs it as it happened.
    """
    from referee.recording.live_table import LiveTable

    with open_for(ctx, db) as store:
        if session_id is None:
            open_ = [s for s in store.sessions() if s.status == "open"]
            if not open_:
                raise InputError(_("no open session to record"), hint=_("start one with `referee session new`"))
            session_id = open_[-1].id
            assert session_id is not None
        live = LiveTable(store, session_id, quote_rules=quoting_seeds())
        out = console(soft_wrap=True)
        from referee.engine.games import game_title

        out.print(literal(_("Session {session}: {table} ({game})").format(
            session=session_id, table=live.session.table_name, game=game_title(live.game))))
        board = None
        if share:
            from referee.scoreboard.server import announcement, bind

            board = bind(store, session_id, host, port)
            out.print(literal(_("The players can follow the night, read-only.")))
            for line in announcement(board):
                out.print(literal(line), highlight=False)
            board.start_in_thread()
        try:
            _record(live, out)
        finally:
            if board is not None:
                board.stop()


def _record(live: "LiveTable", out: "Console") -> None:
    """Read the scorekeeper's lines: the prompt at a terminal, else one line at a time from stdin."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from referee.cli.table_prompt import run_lines

        run_lines(live, sys.stdin, lambda text: out.print(literal(text)))
        return
    from prompt_toolkit import print_formatted_text

    from referee.cli import table_prompt

    session = table_prompt.make_session(live, history=_history_file())  # type: ignore[arg-type]
    table_prompt.run(live, session, lambda text: print_formatted_text(text, style=session.style))
