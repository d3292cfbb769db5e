"""The top-level typer app: groups, ``--version``, and the one error style."""

from __future__ import annotations

import sys

import typer

from referee import __version__
from referee.errors import RefereeError

app = typer.Typer(
    name="referee",
    help="Hand-history recorder and dispute referee for home poker games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Hand-history recorder and dispute referee for home poker games."""


def print_error(err: RefereeError) -> None:
    """``Error: <where>: <message>`` and the hint, on stderr, in the one style of the project."""
    from rich.console import Console

    console = Console(stderr=True, highlight=False, soft_wrap=True)
    console.print(f"[bold red]Error:[/] {err}", markup=True)
    if err.hint:
        console.print(f"[dim]Hint:[/] {err.hint}", markup=True)


def main() -> None:
    """Console-script entry point: run the app, turning every RefereeError into exit code 2."""
    try:
        app(standalone_mode=False)
    except RefereeError as err:
        print_error(err)
        sys.exit(err.exit_code)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except typer.Abort:
        print("Aborted.", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        sys.exit(130)
