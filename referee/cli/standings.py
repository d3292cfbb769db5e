"""``referee standings``: players' results across nights (aliases merged), over a date range or a
season, in the terminal or as CSV; ``referee import-ledger``: a PokerNow ledger CSV recorded as a
night of the store, so that it counts in the standings."""

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.money import format_money
from referee.money.settings import check_setting
from referee.plain_words import literal, plural

if TYPE_CHECKING:
    from referee.ledger.kept import Progress


FromOption = Annotated[str | None, typer.Option("--from", metavar="YYYY-MM-DD",
                                                 help="Nights that started on this day or later.")]
ToOption = Annotated[str | None, typer.Option("--to", metavar="YYYY-MM-DD",
                                              help="Nights that started on this day or earlier.")]


def standings(
    ctx: typer.Context,
    start: FromOption = None,
    end: ToOption = None,
    season: Annotated[str | None, typer.Option("--season", metavar="NAME|YEAR",
                                               help="A named season's league table (`referee season list`), or the "
                                                    "nights of one calendar year (instead of --from/--to).")] = None,
    table: Annotated[str | None, typer.Option("--table", metavar="NAME", help="Only the nights at this table.")] = None,
    currency: Annotated[str | None, typer.Option("--currency", metavar="CODE",
                                                 help="Add up the nights kept in this currency (default: the "
                                                      "currency of most of them).")] = None,
    include_open: Annotated[bool, typer.Option("--open", help="Count nights still open (provisional).")] = False,
    csv: Annotated[str | None, typer.Option("--csv", metavar="FILE", help="Write the standings as CSV (- for the terminal).")] = None,
    verify: Annotated[bool, typer.Option("--verify", help="Recompute every counted night's hash chain (as `referee "
                                                          "db verify` does), not only the head its kept figures "
                                                          "were signed at.")] = False,
    db: DbOption = None,
) -> None:
    """Players' results across nights: one row per person, aliases merged."""
    from referee.ledger.standings import day_range
    from referee.ledger.standings import standings as add_up

    if season is not None and not (season.strip().isascii() and season.strip().isdigit()):
        if start or end:  # a named season: its league table
            raise InputError(_("--season and --from/--to both given"), where="--season",
                             hint=_("give one or the other"))
        return league_standings(ctx, season, csv, db)
    first, last = day_range(start, end, season)
    if currency is not None:
        try:
            currency = check_setting("currency", currency)[1]
        except InputError as err:
            raise err.located("--currency") from None
    with open_for(ctx, db) as store:
        result = add_up(store, start=first, end=last, table=table, currency=currency, include_open=include_open,
                        verify=verify, progress=replay_progress())
    for _night, warning in result.broken:  # on stderr, whatever the output: a night left out is never silent
        typer.echo(_("Warning: not counted: {why}").format(why=warning), err=True)
    if csv is not None:
        from referee.ledger.csv_files import STANDINGS_COLUMNS, csv_text, standings_rows, write_text

        written = write_text(csv, csv_text(STANDINGS_COLUMNS, standings_rows(result)), option="--csv")
        if written is not None:
            typer.echo(_("Wrote the standings of {nights} to {file}").format(
                nights=plural(len(result.sessions), "night", "nights"), file=written))
        return
    print_standings(result, season)


def league_standings(ctx: typer.Context, season: str, csv: str | None, db: str | None) -> None:
    """``standings --season NAME``: the named season's league table, points and money side by side."""
    from referee.season.report import season_report
    from referee.season.terminal import league_rows, print_league

    with open_for(ctx, db) as store:
        report = season_report(store, season, with_players=False)
    if csv is not None:
        from referee.ledger.csv_files import csv_text, write_text

        columns = ("rank", "player", "nights", "counted", "points", "net", "net_cents", "currency", "tie_break")
        rows = [[row.rank or "", row.player, row.nights, row.counted, row.points, report.money(row.net_cents),
                 row.net_cents, report.currency, cells[-1]]
                for row, cells in zip(report.league.rows, league_rows(report.league, report.signed), strict=True)]
        written = write_text(csv, csv_text(columns, rows), option="--csv")
        if written is not None:
            typer.echo(_("Wrote the league table of {season} to {file}").format(season=report.span.name, file=written))
        return
    out = console()
    print_league(out, report.league, report.signed, _("Standings · {season} · {currency}").format(
        season=report.span.words(), currency=report.currency))
    for sid, why in report.skipped:
        out.print("[dim]" + _("Not counted: session {session}, {why}").format(session=sid, why=literal(why)) + "[/]")


def print_standings(result: object, season: str | None) -> None:
    from referee.ledger.standings import Standings

    assert isinstance(result, Standings)
    out = console()
    span = (_("season {season}").format(season=season) if season else
            _("{start} to {end}").format(start=result.start or _("the first night"), end=result.end or _("the last")))
    nights = plural(len(result.sessions), "night", "nights")
    out.print("[bold]" + _("Standings") + f"[/] · {span} · {nights} · {result.currency}")
    if not result.rows:
        out.print(_("No nights to count: see the skipped ones below.") if result.skipped else _("No nights to count."))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for column, justify in (("#", "right"), (_("Player"), "left"), (_("Nights"), "right"), (_("Won"), "right"),
                            (_("Hands"), "right"), (_("Net"), "right"), (_("Best"), "right"), (_("Worst"), "right"),
                            (_("Also as"), "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for row in result.rows:
        also = [n for n in row.names if n != row.player]
        table.add_row(str(row.rank), literal(row.player), str(row.nights), str(row.won_nights), str(row.hands),
                      result.money(row.net_cents), result.money(row.best_cents), result.money(row.worst_cents),
                      literal(", ".join(also)))
    if result.rows:
        out.print(table)
    for sid, why in result.skipped:
        out.print("[dim]" + _("Not counted: session {session}, {why}").format(session=sid, why=literal(why)) + "[/]")
    if result.sessions and not result.chains_checked:
        out.print("[dim]" + _("Each night's kept figures were checked against the head of its log; `referee "
                              "standings --verify` also recomputes every event's hash (as `referee db verify` "
                              "does).") + "[/]")


def replay_progress() -> "Progress | None":
    """A progress bar on standard error while nights are replayed (their kept figures out of date),
    when it is a terminal; None (nothing shown) otherwise."""
    import sys

    if not sys.stderr.isatty():
        return None

    def bar(nights: Sequence[object]) -> Iterable[object]:
        from rich.progress import track

        said = ngettext("Replaying {count} night (kept figures out of date)",
                        "Replaying {count} nights (kept figures out of date)", len(nights)).format(count=len(nights))
        return track(nights, description=said,
                     console=console(stderr=True), transient=True)

    return bar  # type: ignore[return-value]


def import_ledger(
    ctx: typer.Context,
    path: Annotated[str, typer.Argument(metavar="FILE.csv", help="A PokerNow ledger (Ledger, then Download Ledger).")],
    table: Annotated[str | None, typer.Option("--table", metavar="NAME", help="The table's name (default: PokerNow).")] = None,
    unit: Annotated[str, typer.Option("--unit", metavar="auto|cents|dollars",
                                      help="The file's amounts: auto-detected unless said.")] = "auto",
    currency: Annotated[str, typer.Option("--currency", metavar="CODE", help="The game's currency.")] = "USD",
    name: Annotated[list[str] | None, typer.Option("--name", metavar="NICK=NAME",
                                                   help="Seat a PokerNow nickname as this player (an existing "
                                                        "name or alias merges his results).")] = None,
    again: Annotated[bool, typer.Option("--again", help="Import the ledger even though the store already holds "
                                                         "it (a second copy, counted twice).")] = False,
    db: DbOption = None,
) -> None:
    """Record a PokerNow ledger CSV as a closed night (no hands): buy-ins and cash-outs per player.

    Rows are merged per player; totals that do not balance are refused with the file and row; the
    night runs from the ledger's first to its last timestamp; the same ledger twice is refused unless
    --again."""
    from referee.ledger.pokernow import read_pokernow_ledger, record_pokernow

    if unit not in ("auto", "cents", "dollars"):
        raise InputError(_("unknown unit {unit!r}").format(unit=unit), where="--unit", hint=_("use auto, cents or dollars"))
    try:
        code = check_setting("currency", currency)[1]
    except InputError as err:
        raise err.located("--currency") from None
    names: dict[str, str] = {}
    for text in name or []:
        nick, sep, seat = text.partition("=")
        if not sep or not nick.strip() or not seat.strip():
            raise InputError(_("bad --name {text!r}").format(text=text), where="--name",
                             hint=_('write NICK=NAME, e.g. --name "Big Mike=Mike"'))
        names[nick.strip()] = seat.strip()
    ledger = read_pokernow_ledger(path, unit=unit)  # type: ignore[arg-type]
    with open_for(ctx, db, create=True) as store:
        sid, seats, known = record_pokernow(store, ledger, table=table or "PokerNow", names=names, currency=code,
                                            again=again)

    total = format_money(sum(p.buy_in for p in ledger.players), code)
    typer.echo(_("Imported {file} as session {session}: {players}, buy-ins {total} (amounts read as {unit}: "
                 "{why})").format(file=ledger.source, session=sid, players=ngettext(
                     "{count} player", "{count} players", len(ledger.players)).format(count=len(ledger.players)),
                                  total=total, unit=ledger.unit, why=ledger.unit_reason))
    if ledger.started is not None and ledger.ended is not None:
        typer.echo("  " + _("played {start} to {end} UTC (the ledger's own times)").format(
            start=f"{ledger.started:%Y-%m-%d %H:%M}", end=f"{ledger.ended:%Y-%m-%d %H:%M}"))
    for seat, player in seats:
        merged = (" " + _("(rows {rows} merged)").format(rows=", ".join(map(str, player.rows)))
                  if len(player.rows) > 1 else "")
        renamed = _("{nickname!r} sits as {name}").format(nickname=player.name, name=seat) if seat != player.name else seat
        if merged or seat != player.name:
            typer.echo(f"  {renamed}{merged}")
        if seat in known:
            said = (_("{name}: a player already in the store: their results count as one (to seat them apart: "
                      "--name \"{nickname}=NAME\")") if known[seat] == seat else
                    _("{name} is {player}, a player already in the store: their results count as one (to seat "
                      "them apart: --name \"{nickname}=NAME\")"))
            typer.echo("  " + said.format(name=seat, player=known[seat], nickname=player.name))
    typer.echo(_("See it with: referee report {session}").format(session=sid))
