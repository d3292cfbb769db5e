"""``referee serve SESSION``: the night on the players' phones, read-only, live.

It prints the page's URL (with the session's read token), who can open it, and a QR code of it when
a phone can, then serves until Ctrl-C.  It binds to 127.0.0.1 (this machine only) unless ``--host``
says otherwise (``--host 0.0.0.0``: the table's network, and the link carries the machine's address
there).  Nothing it serves can change the log.
"""

from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.i18n import _
from referee.plain_words import literal


def serve(
    ctx: typer.Context,
    session_id: Annotated[int | None, typer.Argument(metavar="SESSION", help="The session to show.")] = None,
    season: Annotated[str | None, typer.Option("--season", metavar="NAME",
                                               help="Serve a named season instead: its league table and each "
                                                    "player's page, read-only.")] = None,
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS",
                                      help="Where to listen: 127.0.0.1 this machine only; 0.0.0.0 every network of it (everyone there with the link sees the page).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", min=0, max=65535,
                                      help="The port (0: any free one).")] = 8765,
    qr: Annotated[bool, typer.Option("--qr/--no-qr", help="Print a QR code of the URL.")] = True,
    db: DbOption = None,
) -> None:
    """Show a session live on the players' phones: a read-only page, a link with a read token, a QR code
    (or with --season NAME, a season's league table and players' pages)."""
    from referee.errors import InputError

    if (session_id is None) == (season is None):
        raise InputError(_("give a session or --season NAME") if season is None
                         else _("both a session and --season given"),
                         where="SESSION", hint=_("referee serve SESSION, or referee serve --season NAME"))
    if season is not None:
        return serve_season(ctx, season, host, port, qr, db)
    assert session_id is not None
    from referee.night.life import not_void
    from referee.store.chain import broken_chain
    from referee.scoreboard.server import bind

    with open_for(ctx, db) as store:
        not_void(store, session_id)  # a void night goes on no more: not served either
        chain = store.verify_chain(session_id)
        if not chain.ok:  # a log changed after recording is not shown to the players as the night
            raise broken_chain(chain, f"session {session_id}")
        board = bind(store, session_id, host, port)
        run_board(board, _("Session {session}: the table's scoreboard, read-only.").format(session=session_id), qr)


def run_board(board: object, title: str, qr: bool) -> None:
    """Say what is served and where (:func:`~referee.scoreboard.server.announcement`), then serve
    until Ctrl-C."""
    from referee.scoreboard.server import Scoreboard, announcement

    assert isinstance(board, Scoreboard)
    out = console(soft_wrap=True)
    out.print(literal(title))
    for line in announcement(board, qr):
        out.print(literal(line), highlight=False)
    out.print(literal(_("Ctrl-C stops it.")))
    try:
        board.serve()
    except KeyboardInterrupt:
        pass


def serve_season(ctx: typer.Context, name: str, host: str, port: int, qr: bool, db: str | None) -> None:
    """``serve --season NAME``: the season's pages, read-only, until Ctrl-C."""
    from referee.scoreboard.server import bind_season
    from referee.store.seasons import find_season, unknown_season

    with open_for(ctx, db) as store:
        season = find_season(store, name)
        if season is None:
            raise unknown_season(store, name)
        board = bind_season(store, season, host, port)
        run_board(board, _("Season {season}: the league table and each player's page, read-only.").format(
            season=season.name), qr)
