"""``referee season``: named seasons of a club's league (a span of days, a table, a scoring file),
made, listed, shown with their league table, closed; ``season check FILE`` checks a scoring file
and names every bad field, a line each."""

from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.errors import InputError
from referee.i18n import _, pgettext
from referee.plain_words import literal, plural

app = typer.Typer(help="Named seasons: a club's league over a span of days, scored by a scoring file.",
                  no_args_is_help=True)


@app.command("new")
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help='The season\'s name, like "Winter 2027".')],
    start: Annotated[str, typer.Option("--from", metavar="YYYY-MM-DD", help="Its first day.")],
    end: Annotated[str, typer.Option("--to", metavar="YYYY-MM-DD", help="Its last day.")],
    table: Annotated[str | None, typer.Option("--table", metavar="NAME",
                                              help="Only the nights at this table (default: every table).")] = None,
    scoring: Annotated[str | None, typer.Option(
        "--scoring", metavar="FILE",
        help="A scoring TOML file, or a shipped one by name (`referee season check --list`); default: net money.")] = None,
    db: DbOption = None,
) -> None:
    """Make a named season: the nights from --from to --to (at --table) belong to it by their day."""
    from referee.ledger.standings import parse_day
    from referee.season.scoring import load_scoring
    from referee.store.seasons import add_season

    first, last = parse_day(start, "--from"), parse_day(end, "--to")
    text = source = None
    if scoring is not None:
        _scoring, text, source = load_scoring(scoring)
    with open_for(ctx, db, create=True) as store:
        season = add_season(store, name, first, last, table=table, scoring=text, scoring_source=source)
    said = (_("Made the season {season}: {first} to {last} at {table}, scored by {scoring}") if season.table else
            _("Made the season {season}: {first} to {last}, every table, scored by {scoring}"))
    typer.echo(said.format(season=season.name, first=season.first_day, last=season.last_day, table=season.table,
                           scoring=source or _("net money")))
    typer.echo(_('See it with: referee season show "{season}"').format(season=season.name))


@app.command("list")
def list_seasons(ctx: typer.Context, db: DbOption = None) -> None:
    """Every named season: its days, table, scoring and whether it is closed."""
    from referee.season.nights import resolve_span
    from referee.store.seasons import seasons

    out = console()
    with open_for(ctx, db) as store:
        found = [(season, resolve_span(store, season.name)) for season in seasons(store)]
    if not found:
        out.print(_('No seasons yet: `referee season new "Winter 2027" --from 2027-01-01 --to 2027-03-31` makes one.'))
        return
    from referee.report.terminal import _table

    table = _table((_("Season"), "left"), (_("From"), "left"), (_("To"), "left"), (_("Table"), "left"),
                   (_("Scoring"), "left"), (_("State"), "left"))
    for season, span in found:
        table.add_row(literal(season.name), str(season.first_day), str(season.last_day),
                      literal(season.table or _("every table")), literal(span.scoring.name),
                      pgettext("season state", "closed") if season.closed else pgettext("season state", "open"))
    out.print(table)


@app.command("show")
def show(ctx: typer.Context, name: Annotated[str, typer.Argument(metavar="NAME", help="The season.")],
         db: DbOption = None) -> None:
    """A season: its days, table and scoring rules, and its league table."""
    from referee.season.report import season_report
    from referee.season.terminal import print_league

    with open_for(ctx, db) as store:
        report = season_report(store, name, with_players=False)
    out = console()
    season = report.span.season
    closed = season is not None and season.closed
    state = pgettext("season state", "closed") if closed else pgettext("season state", "open")
    out.print(f"[bold]{literal(report.span.words())}[/] · {state}")
    print_league(out, report.league, report.signed, _("League table"))
    for sid, why in report.skipped:
        out.print("[dim]" + _("Not counted: session {session}, {why}").format(session=sid, why=literal(why)) + "[/]")


@app.command("close")
def close(ctx: typer.Context, name: Annotated[str, typer.Argument(metavar="NAME", help="The season.")],
          db: DbOption = None) -> None:
    """Close a season: its table is final.

    A night recorded later in its days is still counted: it belongs to the season by its day."""
    from referee.store.seasons import close_season

    with open_for(ctx, db) as store:
        season = close_season(store, name)
    typer.echo(_("Closed the season {season} ({when} UTC)").format(
        season=season.name, when=f"{season.closed_at:%Y-%m-%d %H:%M}"))  # type: ignore[str-format]


@app.command("check")
def check(
    path: Annotated[str | None, typer.Argument(metavar="FILE", help="The scoring TOML file (or a shipped one's name).")] = None,
    list_presets: Annotated[bool, typer.Option("--list", help="List the shipped scoring files.")] = False,
) -> None:
    """Check a scoring file: its rules in words, or every bad field, each on a line (file:line), exit 2."""
    from referee.season.scoring import ScoringErrors, load_scoring, preset_names

    if list_presets:
        for name in preset_names():
            scoring = load_scoring(name)[0]
            typer.echo(f"{name}: {'; '.join(scoring.rules())}")
        return
    if path is None:
        raise InputError(_("no scoring file given"), where="FILE",
                         hint=_("referee season check FILE, or --list for the shipped ones"))
    try:
        scoring, _read, display = load_scoring(path, where="FILE")
    except ScoringErrors as err:
        from referee.cli.app import print_error

        for each in err.errors:
            print_error(each)
        bad = plural(len(err.errors), "bad field", "bad fields")
        typer.echo(f"{display_of(path)}: {bad}", err=True)
        raise typer.Exit(2) from None
    typer.echo(_("{file}: {scoring}: good").format(file=display, scoring=scoring.name))
    for rule in scoring.rules():
        typer.echo(f"  {rule}")


def display_of(path: str) -> str:
    from referee.season.scoring import preset_names

    return path if path in preset_names() else str(path)
