"""``referee report SESSION``: the night's report — standings, the ledger, the settlement, the
findings and rulings, the hands that have one — in the terminal with rich, as a PDF (``--pdf
night.pdf``, WeasyPrint, imported only then), or the ledger as CSV (``--csv ledger.csv``).
``--hands all`` lists every hand, in the terminal and in the PDF alike."""

import sys
from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.errors import InputError
from referee.i18n import _

HANDS = ("flagged", "all")


def report(
    ctx: typer.Context,
    session_id: Annotated[int | None, typer.Argument(metavar="SESSION", help="The session to report.")] = None,
    season: Annotated[str | None, typer.Option(
        "--season", metavar="NAME",
        help="Report a season instead (a named season or a year): its league table, each player's line and "
             "chart, its nights, its disputes and rulings, the open tab.")] = None,
    pdf: Annotated[str | None, typer.Option("--pdf", metavar="FILE", help="Write the report as a PDF file (- for standard output, when it is not a terminal).")] = None,
    hands: Annotated[str, typer.Option(
        "--hands", metavar="flagged|all",
        help="The hands listed: those with a finding or a ruling (flagged, the default), or all of them.")] = "flagged",
    template_dir: Annotated[str | None, typer.Option(
        "--template-dir", metavar="FOLDER",
        help="A folder with a house's session.html.j2 and/or session.css (copies of referee's reports/).")] = None,
    csv: Annotated[str | None, typer.Option("--csv", metavar="FILE",
                                            help="Write the ledger as CSV, one row per player (- for the terminal).")] = None,
    db: DbOption = None,
) -> None:
    """The session report: standings, ledger, settlement, findings and rulings, the hands that have one
    (or with --season NAME, the season's report)."""
    if season is not None:
        if session_id is not None:
            raise InputError(_("both a session and --season given"), where="--season",
                             hint=_("referee report SESSION for a night, referee report --season NAME for a season"))
        return season_report(ctx, season, pdf, db)
    if session_id is None:
        raise InputError(_("no session given"), where="SESSION",
                         hint=_("referee report SESSION (`referee session list` lists them), or --season NAME"))
    if pdf == "-" and (csv == "-" or sys.stdout.isatty()):
        raise InputError(_("'-' writes the PDF to standard output, which is where --csv - writes too") if csv == "-"
                         else _("'-' writes the PDF to standard output, which is a terminal here"),
                         where="--pdf", hint=_("redirect it (referee report 1 --pdf - > night.pdf), or give a file "
                                               "name: --pdf night.pdf"))
    if hands not in HANDS:
        raise InputError(_("unknown hand list {hands!r}").format(hands=hands), where="--hands",
                         hint=_("--hands flagged (those with a finding or a ruling, the default) or --hands all"))
    from referee.ledger.standings import replaying
    from referee.report.document import report_of

    with open_for(ctx, db) as store:
        game = store.session(session_id)  # a missing session is its own error
        with replaying(game):  # a void night, or one whose log does not replay: named, with the fix
            night = report_of(store, session_id, all_hands=hands == "all")
    for note in night.rulebook_notes:
        typer.echo(_("Note: {note}").format(note=note), err=True)
    if night.chain_ok is False:  # on stderr, whatever the output: a report of a changed log is never silent
        typer.echo(_("Warning: session {session}: its log was changed after recording (its hash chain does not "
                     "verify); `referee db verify --session {session}` says what no longer fits").format(
            session=session_id), err=True)
    if csv is not None:
        from referee.ledger.csv_files import LEDGER_COLUMNS, csv_text, ledger_rows, write_text

        written = write_text(csv, csv_text(LEDGER_COLUMNS, ledger_rows(night.ledger)), option="--csv")
        if written is not None:
            typer.echo(_("Wrote the ledger of session {session} to {file}").format(session=session_id, file=written),
                       err=pdf == "-")  # not into the PDF
    if pdf == "-":  # the PDF itself on standard output, for a pipe or a file: never onto a terminal
        from referee.report.pdf import render_pdf

        out = sys.stdout.buffer
        render_pdf(night, out, template_dir)
        out.flush()
    elif pdf is not None:
        from referee.report.pdf import write_pdf

        path = write_pdf(night, pdf, template_dir)
        typer.echo(_("Wrote the report of session {session} to {file}").format(session=session_id, file=path))
    if pdf is None and csv is None:
        from referee.report.terminal import print_report

        print_report(console(), night)


def season_report(ctx: typer.Context, name: str, pdf: str | None, db: str | None) -> None:
    """``report --season NAME``: the season's report in the terminal, or as a PDF."""
    from referee.season.report import season_report as report_of_season

    with open_for(ctx, db) as store:
        report = report_of_season(store, name)
    if pdf is not None:
        from referee.season.pdf import render_season_pdf, write_season_pdf

        if pdf == "-":
            if sys.stdout.isatty():
                raise InputError(_("'-' writes the PDF to standard output, which is a terminal here"), where="--pdf",
                                 hint=_("redirect it, or give a file name: --pdf season.pdf"))
            render_season_pdf(report, sys.stdout.buffer)
            sys.stdout.buffer.flush()
            return
        path = write_season_pdf(report, pdf)
        said = (_("Wrote the report of the season {season} to {file}") if report.span.name
                else _("Wrote the report of the season of every night to {file}"))
        typer.echo(said.format(season=report.span.name, file=path))
        return
    from referee.season.terminal import print_season

    print_season(console(), report)
