"""``referee report SESSION``: the night's report — standings, the ledger, the settlement, the hands,
the findings and rulings — in the terminal with rich, as a PDF (``--pdf night.pdf``, WeasyPrint,
imported only then), or the ledger as CSV (``--csv ledger.csv``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for


@contextmanager
def _no_cycle_collector() -> Iterator[None]:
    """Reading, replaying and rendering a night make hundreds of thousands of objects that live until
    the report is written and are then freed by reference counting: the cyclic collector would only
    walk them again and again (a tenth of a 300-hand night's PDF), so it waits until the end."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def report(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="SESSION", help="The session to report.")],
    pdf: Annotated[str | None, typer.Option("--pdf", metavar="FILE", help="Write the report as a PDF file.")] = None,
    template_dir: Annotated[str | None, typer.Option(
        "--template-dir", metavar="FOLDER",
        help="A folder with a house's session.html.j2 and/or session.css (copies of referee's reports/).")] = None,
    csv: Annotated[str | None, typer.Option("--csv", metavar="FILE",
                                            help="Write the ledger as CSV, one row per player (- for the terminal).")] = None,
    db: DbOption = None,
) -> None:
    """The session report: standings, ledger, settlement, hands, findings and rulings."""
    with _no_cycle_collector():
        from referee.ledger.standings import replaying
        from referee.report.document import report_of

        with open_for(ctx, db) as store:
            game = store.session(session_id)  # a missing session is its own error
            with replaying(game):  # a void night, or one whose log does not replay: named, with the fix
                night = report_of(store, session_id)
        if csv is not None:
            from referee.ledger.csv_files import LEDGER_COLUMNS, csv_text, ledger_rows, write_text

            written = write_text(csv, csv_text(LEDGER_COLUMNS, ledger_rows(night.ledger)), option="--csv")
            if written is not None:
                typer.echo(f"Wrote the ledger of session {session_id} to {written}")
        if pdf is not None:
            from referee.report.pdf import write_pdf

            path = write_pdf(night, pdf, template_dir)
            typer.echo(f"Wrote the report of session {session_id} to {path}")
        if pdf is None and csv is None:
            from referee.cli.output import console
            from referee.report.terminal import print_report

            print_report(console(), night)
