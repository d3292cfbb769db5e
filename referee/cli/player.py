"""``referee player``: one player across nights, and the players of the store.

``referee player NAME`` shows a player (it is ``referee player show NAME``: a word that names no
subcommand is taken as a player's name, :class:`PlayerGroup`); ``referee player list`` lists
everyone with his nights and when he was last seen.  Other commands about a player join the group
here (``app.command(...)``): ``pay-details`` (how he wants to be paid, :mod:`referee.cli.pay_details`).
"""

from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.cli.pay_details import pay_details
from referee.i18n import _


class PlayerGroup(TyperGroup):
    """The ``player`` group: ``referee player NAME …`` is ``referee player show NAME …`` when ``NAME``
    names none of its subcommands (a player called like a subcommand: ``referee player show list``)."""

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        if args and self.get_command(ctx, args[0]) is None:  # a name, or show's options before it
            return "show", self.get_command(ctx, "show"), args
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=PlayerGroup,
    no_args_is_help=True,
    context_settings={"ignore_unknown_options": True},  # `player --season 2026 Bob`: show's options, passed on
    help="A player across nights: `referee player NAME [--season NAME] [--pdf FILE]` shows him (the same as "
         "`referee player show NAME`); `referee player list` lists everyone; `referee player pay-details NAME` "
         "keeps how he wants to be paid.",
)


@app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player (his name or any alias).")],
    season: Annotated[str | None, typer.Option("--season", metavar="NAME",
                                               help="Only the nights of this season (a named season, or a year).")] = None,
    pdf: Annotated[str | None, typer.Option("--pdf", metavar="FILE", help="Write his page as a PDF file.")] = None,
    db: DbOption = None,
) -> None:
    """A player across nights (the same as `referee player NAME`).

    Every night he played, his totals, his running net, best and worst night, hands played and won
    per game, and the findings and rulings that concern him; his aliases merged."""
    from referee.season.player import player_page

    with open_for(ctx, db) as store:
        page = player_page(store, name, season=season)
    if pdf is not None:
        from referee.season.pdf import write_player_pdf

        path = write_player_pdf(page, pdf)
        typer.echo(_("Wrote the page of {name} to {file}").format(name=page.player, file=path))
        return
    from referee.season.terminal import print_player

    print_player(console(), page)


@app.command("list")
def list_players(ctx: typer.Context, db: DbOption = None) -> None:
    """Everyone who played a night that counts: his nights and the day he was last seen."""
    from referee.season.player import player_list
    from referee.season.terminal import print_player_list

    with open_for(ctx, db) as store:
        rows = player_list(store)
    print_player_list(console(), rows)


app.command("pay-details")(pay_details)
