"""``referee rulebook``: list the shipped rulebooks, show one, check a house rulebook file.

Commands only format; loading and validation live in :mod:`referee.rulebook`.  Any
:class:`~referee.errors.RulebookError` reaches the root group, which prints ``Error: file:line: …``
with its hint and exits 2.
"""

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from referee.i18n import _, pgettext
from referee.plain_words import plural
from referee.resources import rulebooks_dir

if TYPE_CHECKING:

    from referee.rulebook import Rulebook

app = typer.Typer(
    help="Rulebooks: the shipped ones, their options and rule texts; check a house rulebook.",
    no_args_is_help=True,
)


def _console() -> "Console":
    """Standard output, without rich's guessing highlights (rule texts are plain prose)."""
    return Console(highlight=False, soft_wrap=False)


def _source_label(book: "Rulebook") -> str:
    """Where a rulebook came from, in words: "shipped", or its file."""
    path = Path(book.source)
    return _("shipped") if path.parent == rulebooks_dir().resolve() else str(path)


@app.command("list")
def list_rulebooks() -> None:
    """List the shipped rulebooks (name, game, title, what each extends) and the registered games."""
    from referee.rulebook import load_rulebook, shipped_rulebook_names

    table = Table(title=_("Shipped rulebooks"), title_justify="left")
    table.add_column(_("name"), no_wrap=True)
    table.add_column(_("game"), no_wrap=True)
    table.add_column(_("title"))
    table.add_column(_("source"))
    for name in shipped_rulebook_names():
        book = load_rulebook(name)
        source = _source_label(book)
        if book.extends:
            source = _("{source}, extends {rulebook}").format(source=source, rulebook=book.extends)
        table.add_row(book.name, book.game, book.title, source)
    console = _console()
    console.print(table)
    console.print(_games_table())


def _games_table() -> "object":
    """The registered games (:mod:`referee.engine.games`): what a rulebook's ``game`` may name."""
    from referee.engine.games import all_games, base_game

    table = Table(title=_("Registered games"), title_justify="left")
    for column in (_("name"), _("title"), _("rule prefix"), _("base game"), _("direction"), _("hand size")):
        table.add_column(column, no_wrap=column != _("title"))
    for game in all_games():
        base = base_game(game)
        direction = _("clockwise") if game.direction > 0 else _("counter-clockwise")
        title = game.title if game.replays else _("{game} (not replayed yet)").format(game=game.title)
        table.add_row(game.name, title, game.prefix, base.name if base else "—", direction, str(game.hand_size))
    return table


def _quoted(book: "Rulebook", rule_id: str) -> str:
    """The rule's quotes, each on a line of its own under its text (markup escaped), or nothing."""
    return "".join(f"\n[italic]{escape(str(quote))}[/]" for quote in book.rule_quotes(rule_id))


@app.command("show")
def show(
    name_or_file: Annotated[str, typer.Argument(help="A shipped rulebook name, or a rulebook .toml file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the rulebook as JSON.")] = False,
) -> None:
    """Show a rulebook: its options with their values, then every rule as it reads for those options."""
    from referee.rulebook import load_rulebook
    from referee.rulebook.model import fallback_notice

    book = load_rulebook(name_or_file)
    if as_json:
        from referee.report.json_doc import rulebook_json

        typer.echo(json.dumps(rulebook_json(book), indent=2, ensure_ascii=False))
        return
    console = _console()
    about = (_("{rulebook}, game {game}, extends {extends}") if book.extends else _("{rulebook}, game {game}")).format(
        rulebook=escape(book.name), game=book.game, extends=escape(book.extends or ""))
    console.print(f"[bold]{escape(book.title)}[/]  ({about})")
    console.print("[dim]" + _("source: {file}").format(file=escape(book.source)) + "[/]")

    options = Table(title=_("Options (* = not the seed's default)"), title_justify="left", expand=False)
    options.add_column(pgettext("a column", "option"), no_wrap=True)
    options.add_column(_("value"), no_wrap=True)
    options.add_column(_("description"))
    for name in book.schema_names():
        spec = book.spec(name)
        value = book.options[name]
        marker = "" if value == spec.default else " *"
        options.add_row(name, escape(str(value)) + marker, escape(spec.description))
    console.print(options)

    rules = Table(title=_("Rules"), title_justify="left", show_header=False)
    rules.add_column("id", no_wrap=True)
    rules.add_column("text")
    for rule_id in book.rule_ids():
        rules.add_row(rule_id, escape(book.shown_text(rule_id)) + _quoted(book, rule_id))
    console.print(rules)

    in_force = Table(title=_("Option rules in force"), title_justify="left", show_header=False)
    in_force.add_column("id", no_wrap=True)
    in_force.add_column("text")
    for name in book.schema_names():
        in_force.add_row(name, escape(book.shown_text(name)) + _quoted(book, name))
    console.print(in_force)
    notice = fallback_notice()
    if notice:
        console.print(escape(notice))


@app.command("check")
def check(
    file: Annotated[str, typer.Argument(help="The rulebook .toml file to check (or a shipped name).")],
) -> None:
    """Load and validate a rulebook file; report what it holds, or the first error at file:line."""
    from referee.rulebook import load_rulebook

    book = load_rulebook(file)
    what = (_("{game}, extends {rulebook}").format(game=book.game, rulebook=book.extends) if book.extends
            else book.game)
    typer.echo(_("ok: {rulebook} ({what}), {options}, {rules}").format(
        rulebook=book.name, what=what, options=plural(len(book.options), "option", "options"),
        rules=plural(len(book.rules), "rule", "rules")))
