"""The top-level typer app: groups, ``--version``, and the one error style.

Every :class:`~referee.errors.RefereeError` raised by any command is caught once, here, in
:class:`RefereeGroup.invoke`, printed as ``Error: …`` plus a hint, and turned into exit code 2.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from referee import __version__
from referee.errors import RefereeError


def print_error(err: RefereeError) -> None:
    """``Error: <where>: <message>`` and the hint, on stderr, in the one style of the project."""
    from referee.cli.output import console, literal

    out = console(stderr=True, soft_wrap=True)  # the message may quote what the user typed: print it as typed
    out.print(f"[bold red]Error:[/] {literal(err)}")
    if err.hint:
        out.print(f"[dim]Hint:[/] {literal(err.hint)}")


def print_usage_error(err: Any) -> None:
    """A click usage error (a missing argument, a mistyped option, a word where a number goes) in the
    one style too: ``Error: <command>: <what>`` and a hint with the usage, two lines, no panel."""
    from referee.cli.output import console, literal

    ctx = getattr(err, "ctx", None)
    message = " ".join(err.format_message().split())
    message = message.replace("Input should be a valid integer, unable to parse string as an integer",
                              "expected a whole number")
    where = f"{ctx.command_path}: " if ctx is not None else ""
    out = console(stderr=True, soft_wrap=True)
    out.print(f"[bold red]Error:[/] {literal(where + message)}")
    if ctx is not None:
        usage = " ".join(ctx.get_usage().split())
        out.print(f"[dim]Hint:[/] {literal(usage)}; `{literal(ctx.command_path)} --help` says more")


class RefereeGroup(TyperGroup):
    """The root command group: turns a RefereeError from any subcommand into ``Error: …``, exit 2;
    click's usage errors are printed in that style too (not typer's panel)."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        import sys

        from typer._click import exceptions  # typer 0.29 carries its own click (pinned <0.30)

        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except exceptions.ClickException as err:
            if type(err).__name__ != "NoArgsIsHelpError":  # the help was printed: nothing to add
                print_usage_error(err)
            sys.exit(err.exit_code)
        except exceptions.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except RefereeError as err:
            print_error(err)
            raise typer.Exit(err.exit_code) from None


app = typer.Typer(
    name="referee",
    cls=RefereeGroup,
    help="Hand-history recorder and dispute referee for home poker games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    db: str | None = typer.Option(
        None, "--db", metavar="URL",
        help="Database URL for every command (also REFEREE_DB); see `referee db info`.",
    ),
) -> None:
    """Hand-history recorder and dispute referee for home poker games."""
    ctx.meta["referee.db"] = db  # read by referee.cli.db.open_for; a command's own --db wins


def main() -> None:
    """Console-script entry point."""
    app(prog_name="referee")


def _register_groups() -> None:
    from referee.cli import (act, db, demo, dispute, replay, report, rulebook, session, settle, standings, table,
                             transfer)

    app.command(name="demo")(demo.demo)
    app.add_typer(session.app, name="session")
    app.command(name="table")(table.table)
    app.command(name="act")(act.act)
    app.command(name="replay")(replay.replay)
    app.command(name="dispute")(dispute.dispute)
    app.command(name="import")(transfer.import_night)
    app.command(name="export")(transfer.export_session)
    app.command(name="settle")(settle.settle)
    app.command(name="report")(report.report)
    app.command(name="standings")(standings.standings)
    app.command(name="import-ledger")(standings.import_ledger)
    app.add_typer(rulebook.app, name="rulebook")
    app.add_typer(db.app, name="db")


_register_groups()
