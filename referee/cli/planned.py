"""Commands that arrive with later work.

They are registered now so that the command tree, its help and shell completion have their final
shape; each says what it will hold.  Run, one says in one line that it is not built yet and exits
with code 2 (a script must not take it for a success); ``--help`` still shows what it will do.
"""

from __future__ import annotations

import typer

PLANNED_GROUPS: dict[str, str] = {
    "table": "Seats and the live table: who sits where, who deals, stacks at a glance.",
    "act": "Record what happens at the table as it happens, with an immediate legality warning.",
}


def register(app: typer.Typer) -> None:
    for name, help_text in PLANNED_GROUPS.items():
        group = typer.Typer(help=help_text, invoke_without_command=True)

        @group.callback()
        def _group(ctx: typer.Context) -> None:
            if ctx.invoked_subcommand is None:
                typer.echo(f"Error: `referee {ctx.info_name}` is not built yet; see `referee {ctx.info_name} --help` "
                           "for what it will do", err=True)
                raise typer.Exit(2)

        app.add_typer(group, name=name)
