"""``referee session``: start a night at a table, list the nights, show one.

The rulebook and its ``--option`` overrides are validated with
``load_rulebook(...).with_options(...)`` before anything is written; the chip value is read with
``Decimal`` here at the edge (``0.25`` or ``25c``) and stored as integer cents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.db import DbOption, open_for
from referee.errors import InputError

if TYPE_CHECKING:
    from referee.store import GameSession, Seat

app = typer.Typer(help="Sessions: one night at one table, its players, rulebook and chip value.", no_args_is_help=True)

DEFAULT_CHIP_VALUE = "1.00"
_CHIP_HINT = "write the value of one chip in money, like 0.25, or in cents, like 25c"


def parse_chip_value(text: str) -> int:
    """The value of one chip in integer cents: ``"0.25"`` → 25, ``"25c"`` → 25, ``"2"`` → 200."""
    raw = text.strip()
    bad = InputError(f"bad chip value {text!r}", where="--chip-value", hint=_CHIP_HINT)
    if raw.lower().endswith("c"):
        digits = raw[:-1].strip()
        if not digits.isdigit():
            raise bad
        cents = int(digits)
    else:
        from decimal import Decimal, InvalidOperation

        try:
            amount = Decimal(raw)
        except InvalidOperation:
            raise bad from None
        if not amount.is_finite():
            raise bad
        scaled = amount * 100
        if scaled != scaled.to_integral_value():
            raise InputError(f"chip value {text!r} has a fraction of a cent", where="--chip-value", hint=_CHIP_HINT)
        cents = int(scaled)
    if cents <= 0:
        raise InputError(f"chip value {text!r} must be more than zero", where="--chip-value", hint=_CHIP_HINT)
    return cents


def format_cents(cents: int) -> str:
    """Integer cents as money text: 25 → ``0.25``, 1250 → ``12.50``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def parse_option(text: str) -> tuple[str, str]:
    """``name=value`` from ``--option``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise InputError(f"bad option {text!r}", where="--option",
                         hint="write NAME=VALUE, e.g. --option draw.limit_pre=3 (see `referee rulebook show`)")
    return name.strip(), value.strip()


def parse_player(text: str, default_buy_in: int) -> tuple[str, int]:
    """``NAME`` or ``NAME:BUYIN`` (buy-in in whole chips) from ``--player``."""
    name, sep, buy_in = text.rpartition(":")
    if not sep:
        return text.strip(), default_buy_in
    if not buy_in.strip().isdigit():
        raise InputError(f"bad buy-in {buy_in!r} for {name.strip()!r}", where=f"--player {text}",
                         hint="write NAME:CHIPS with a whole number of chips, e.g. --player Alice:100")
    return name.strip(), int(buy_in)


@app.command("new")
def new(
    ctx: typer.Context,
    table: Annotated[str, typer.Option("--table", metavar="NAME", help="The table's name, e.g. 'Friday game'.")],
    rulebook: Annotated[str, typer.Option("--rulebook", metavar="NAME",
                                          help="A shipped rulebook name, or a house rulebook .toml file.")],
    player: Annotated[list[str], typer.Option("--player", "-p", metavar="NAME[:BUYIN]",
                                              help="A player, in seat order, with his buy-in in chips.")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE",
                                                     help="Override one rulebook option for this session.")] = None,
    chip_value: Annotated[str, typer.Option("--chip-value", metavar="MONEY",
                                            help="What one chip is worth: 0.25, or 25c.")] = DEFAULT_CHIP_VALUE,
    buy_in: Annotated[int, typer.Option("--buy-in", metavar="CHIPS", min=0,
                                        help="Buy-in for players given without :BUYIN.")] = 0,
    db: DbOption = None,
) -> None:
    """Start a session: seat the players (new names become players) under a validated rulebook."""
    from pathlib import Path

    from referee.rulebook import load_rulebook
    from referee.store import SeatSpec

    cents = parse_chip_value(chip_value)
    overrides = dict(parse_option(text) for text in option or [])
    seats = [SeatSpec(*parse_player(text, buy_in)) for text in player]
    if len(seats) < 2:
        raise InputError("a session needs at least two players", where="--player",
                         hint="repeat --player for each player, e.g. --player Alice:100 --player Bob:100")
    book = load_rulebook(rulebook).with_options(overrides, where="--option")
    validated = {name: book.options[name] for name in overrides}
    # A shipped rulebook is stored by name; a house rulebook file by its absolute path.
    from referee.resources import rulebooks_dir

    source = Path(book.source).resolve()
    stored_name = book.name if source.parent == rulebooks_dir().resolve() else str(source)
    with open_for(ctx, db) as store:
        session = store.new_session(table_name=table, rulebook=stored_name, options=validated,
                                    chip_value_cents=cents, seats=seats)
        assert session.id is not None
        placed = store.seats(session.id)
    who = ", ".join(f"{seat.name} {seat.buy_in}" for seat in placed)
    typer.echo(f"Session {session.id} started: table {session.table_name!r}, rulebook {book.name}"
               f"{_options_text(validated)}, chip {format_cents(cents)}")
    typer.echo(f"Seats (buy-in in chips): {who}")


def _options_text(options: dict[str, Any]) -> str:
    return f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""


def _when(session: GameSession) -> str:
    return session.started_at.strftime("%Y-%m-%d %H:%M UTC")


@app.command("list")
def list_sessions(ctx: typer.Context, db: DbOption = None) -> None:
    """List the sessions: number, start, table, rulebook, seated players, hands, events, status."""
    from rich.console import Console
    from rich.table import Table

    with open_for(ctx, db) as store:
        summaries = store.session_summaries()
    if not summaries:
        typer.echo("No sessions yet: start one with `referee session new`.")
        return
    from rich import box

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True, caption_justify="left",
                  caption="* with option overrides: `referee session show ID` shows them")
    numeric = ("id", "seats", "hands", "events")
    for column in ("id", "started (UTC)", "table", "rulebook", "seats", "hands", "events", "status"):
        table.add_column(column, justify="right" if column in numeric else "left",
                         no_wrap=column in ("id", "started (UTC)", "status"))
    for s in summaries:
        g = s.session
        table.add_row(str(g.id), f"{g.started_at:%Y-%m-%d %H:%M}", g.table_name, g.rulebook + ("*" if g.options else ""),
                      str(s.players), str(s.hands), str(s.events), g.status)
    Console(highlight=False, soft_wrap=False).print(table)


def _session_json(session: GameSession, seats: list[Seat], players: dict[int, str], hands: int, events: int,
                  chain: Any) -> dict[str, Any]:
    return {
        "id": session.id,
        "table": session.table_name,
        "started_at": session.started_at.isoformat(),
        "ended_at": session.ended_at.isoformat() if session.ended_at else None,
        "status": session.status,
        "rulebook": session.rulebook,
        "options": session.options,
        "chip_value_cents": session.chip_value_cents,
        "seats": [{"number": s.number, "name": s.name, "player": players[s.player_id], "buy_in": s.buy_in}
                  for s in seats],
        "hands": hands,
        "events": events,
        "chain": {"ok": chain.ok, "head": chain.head, "problem": chain.problem},
    }


@app.command("show")
def show(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session number (see `referee session list`).")],
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the session as JSON.")] = False,
) -> None:
    """Show one session: table, rulebook and options, chip value, seats and buy-ins, hands, chain state."""
    with open_for(ctx, db) as store:
        session = store.session(session_id)
        seats = store.seats(session_id)
        players = {p.id: p.name for p in store.players() if p.id is not None}
        hands = len(store.hands(session_id))
        chain = store.verify_chain(session_id)
    data = _session_json(session, seats, players, hands, chain.events, chain)
    if as_json:
        import json

        typer.echo(json.dumps(data, indent=2))
        return
    cents = session.chip_value_cents
    typer.echo(f"Session {session.id}: {session.table_name}")
    typer.echo(f"  started     {_when(session)}" + (f", ended {session.ended_at:%Y-%m-%d %H:%M UTC}"
                                                      if session.ended_at else ""))
    typer.echo(f"  status      {session.status}")
    typer.echo(f"  rulebook    {session.rulebook}{_options_text(session.options)}")
    typer.echo(f"  chip value  {format_cents(cents)}")
    typer.echo(f"  hands       {hands}, events {chain.events}, "
               + ("chain intact" if chain.ok else f"CHAIN BROKEN at {chain.problem}"))
    typer.echo("  seats")
    for seat in seats:
        person = players[seat.player_id]
        also = f" (player {person})" if person != seat.name else ""
        typer.echo(f"    {seat.number}. {seat.name}{also}: buy-in {seat.buy_in} chips = {format_cents(seat.buy_in * cents)}")
