"""``referee session``: start a night at a table, list the nights, show one, close it (cash-outs)
or delete one started by mistake.

The rulebook and its ``--option`` overrides are validated with
``load_rulebook(...).with_options(...)`` before anything is written; money is read with ``Decimal``
here at the edge (``0.25`` or ``25c``) and stored as integer cents.  Names and table names a user
typed are printed as typed (:mod:`referee.cli.output`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.db import DbOption, open_for
from referee.errors import InputError, excerpt
from referee.money import AMOUNT_HINT, AMOUNT_LIMIT, check_amount, check_count

if TYPE_CHECKING:
    from referee.session_log import LogSnapshot
    from referee.store import GameSession

app = typer.Typer(help="Sessions: one night at one table, its players, rulebook and chip value.", no_args_is_help=True)

DEFAULT_CHIP_VALUE = "1.00"
_CHIP_HINT = "write the value of one chip in money, like 0.25, or in cents, like 25c"


def parse_money(text: str, *, what: str = "chip value", where: str = "--chip-value", hint: str = _CHIP_HINT,
                positive: bool = True) -> int:
    """Money in integer cents: ``"0.25"`` → 25, ``"25c"`` → 25, ``"2"`` → 200."""
    raw = text.strip()
    bad = InputError(f"bad {what} {text!r}", where=where, hint=hint)
    if raw.lower().endswith("c"):
        digits = raw[:-1].strip()
        if not digits.isdigit():
            raise bad
        cents = check_count(digits, what, where=where)
    else:
        from decimal import Decimal, InvalidOperation

        try:
            amount = Decimal(raw)
        except InvalidOperation:
            raise bad from None
        if not amount.is_finite():
            raise bad
        if amount.adjusted() >= len(str(AMOUNT_LIMIT)):  # too large in cents too, and never converted (1e99999)
            raise InputError(f"{what} {excerpt(text)} is more than {AMOUNT_LIMIT:,} cents", where=where, hint=AMOUNT_HINT)
        scaled = amount * 100
        if scaled != scaled.to_integral_value():
            raise InputError(f"{what} {text!r} has a fraction of a cent", where=where, hint=hint)
        cents = int(scaled)
    if cents < 0 or (positive and cents == 0):
        raise InputError(f"{what} {text!r} must be more than zero", where=where, hint=hint)
    return check_amount(cents, what, where=where)


def parse_chip_value(text: str) -> int:
    """The value of one chip in integer cents: ``"0.25"`` → 25, ``"25c"`` → 25, ``"2"`` → 200."""
    return parse_money(text)


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


_PLAYER_HINT = ("write NAME, NAME:CHIPS or NAME:CHIPS=MONEY (chips bought, money paid when it is not "
                "chips x chip value), e.g. --player Alice:100 or --player Alice:100=20.00")


def parse_player(text: str, default_buy_in: int | None) -> tuple[str, int, int | None]:
    """``NAME``, ``NAME:CHIPS`` or ``NAME:CHIPS=MONEY`` from ``--player``: name, chips, cents paid.
    A name is one word and holds no ``:``; ``NAME`` alone buys ``default_buy_in`` chips (``--buy-in``),
    and is refused when none was given (a player seated with no chips could not play)."""
    where = f"--player {text}" if len(text) <= 40 else f"--player {excerpt(text)}"
    name, sep, buy_in = text.partition(":")
    name = name.strip()
    from referee.handfile.parser import NAME_RE

    if not NAME_RE.fullmatch(name):
        raise InputError(f"{excerpt(text)} does not begin with a player's name", where=where,
                         hint="a name is one word before any ':', like Ann, Mary_Ann or O'Neil; " + _PLAYER_HINT)
    if not sep:
        if default_buy_in is None:
            raise InputError(f"no chips given for {name}", where=where,
                             hint=f"give the chips each player buys, e.g. --player {name}:100, or --buy-in 100 "
                                  "for every player given without them")
        return name, default_buy_in, None
    chips, paid_sep, paid = buy_in.partition("=")
    if not chips.strip().isdigit():
        raise InputError(f"bad buy-in {excerpt(chips)} for {excerpt(name)}", where=where, hint=_PLAYER_HINT)
    count = check_count(chips, "buy-in", where=where)
    cents = parse_money(paid, what="money paid", where=where, hint=_PLAYER_HINT,
                        positive=False) if paid_sep else None
    return name, count, cents


def parse_cash_out(text: str) -> tuple[str, int]:
    """``NAME:CHIPS`` from ``--cash-out``: the chips counted in front of a player."""
    name, sep, chips = text.rpartition(":")
    if not sep or not name.strip() or not chips.strip().isdigit():
        raise InputError(f"bad cash-out {text!r}", where="--cash-out",
                         hint="write NAME:CHIPS with the chips counted in front of him, e.g. --cash-out Ann:120")
    return name.strip(), check_count(chips, "cash-out", where="--cash-out")


def rulebook_for(rulebook: str | None, game: str | None) -> str:
    """The rulebook named by ``--rulebook``, or the shipped one of ``--game``."""
    from referee.rulebook import load_rulebook, shipped_rulebook_names
    from referee.rulebook.schema import GAMES

    if game is None:
        if rulebook is None:
            raise InputError("no game or rulebook given", where="--rulebook",
                             hint="give --game jackpots (a shipped game) or --rulebook NAME|FILE.toml")
        return rulebook
    wanted = "_".join(game.lower().replace("-", " ").split())
    shipped = [n for n in shipped_rulebook_names() if load_rulebook(n).game == wanted]
    if wanted not in GAMES or not shipped:
        raise InputError(f"no game {game!r}", where="--game",
                         hint="games: " + ", ".join(g for g in GAMES if any(
                             load_rulebook(n).game == g for n in shipped_rulebook_names())))
    if rulebook is not None and load_rulebook(rulebook).game != wanted:
        raise InputError(f"rulebook {rulebook!r} is not for {game}", where="--game",
                         hint="give --game or --rulebook, or a rulebook of that game")
    return rulebook or (wanted if wanted in shipped else shipped[0])


@app.command("new")
def new(
    ctx: typer.Context,
    table: Annotated[str, typer.Option("--table", metavar="NAME", help="The table's name, e.g. 'Friday game'.")],
    player: Annotated[list[str], typer.Option("--player", "-p", metavar="NAME[:CHIPS[=MONEY]]",
                                              help="A player, in seat order (clockwise), with the chips he buys "
                                                   "and, if not chips x chip value, the money he pays.")],
    rulebook: Annotated[str | None, typer.Option("--rulebook", metavar="NAME",
                                                 help="A shipped rulebook name, or a house rulebook .toml file.")] = None,
    game: Annotated[str | None, typer.Option("--game", metavar="GAME",
                                             help="The game, played by its shipped rulebook (instead of --rulebook).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE",
                                                     help="Override one rulebook option for this session.")] = None,
    dealer: Annotated[str | None, typer.Option("--dealer", metavar="NAME",
                                               help="Who deals first (default: the first player).")] = None,
    chip_value: Annotated[str, typer.Option("--chip-value", metavar="MONEY",
                                            help="What one chip is worth: 0.25, or 25c.")] = DEFAULT_CHIP_VALUE,
    buy_in: Annotated[int | None, typer.Option("--buy-in", metavar="CHIPS", min=0, max=AMOUNT_LIMIT,
                                               help="Buy-in for players given without :CHIPS, and for late "
                                                    "arrivals.")] = None,
    currency: Annotated[str | None, typer.Option("--currency", metavar="CODE",
                                                 help="The night's currency (ISO 4217, default EUR).")] = None,
    locale: Annotated[str | None, typer.Option("--locale", metavar="LOCALE",
                                               help="How its money is written (default en_GB).")] = None,
    db: DbOption = None,
) -> None:
    """Start a session: seat the players (new names become players) under a validated rulebook."""
    from referee.engine.events import LedgerSetting
    from referee.ledger.settings import check_setting

    money = []  # the money settings are events of the night's log (docs/ledger.md), checked before anything is written
    for name, value, flag in (("currency", currency, "--currency"), ("locale", locale, "--locale")):
        if value is not None:
            try:
                money.append(LedgerSetting(*check_setting(name, value)))
            except InputError as err:
                raise err.located(flag) from None
    from pathlib import Path

    from referee.rulebook import load_rulebook
    from referee.store import SeatSpec

    cents = parse_chip_value(chip_value)
    overrides = dict(parse_option(text) for text in option or [])
    if len(player) < 2:
        raise InputError("a session needs at least two players", where="--player",
                         hint="repeat --player for each player, e.g. --player Alice:100 --player Bob:100")
    seats = [SeatSpec(*parse_player(text, buy_in)) for text in player]
    seen: dict[str, str] = {}
    for text, seat in zip(player, seats, strict=True):  # before the store numbers a session it will not keep
        key = seat.name.casefold()
        if key in seen:
            raise InputError(f"{seat.name!r} is named twice ({seen[key]!r} and {text!r})", where="--player",
                             hint="each person takes one seat: give each player once")
        seen[key] = text
    book = load_rulebook(rulebook_for(rulebook, game)).with_options(overrides, where="--option")
    validated = {name: book.options[name] for name in overrides}
    # A shipped rulebook is stored by name; a house rulebook file by its absolute path.
    from referee.resources import rulebooks_dir

    source = Path(book.source).resolve()
    stored_name = book.name if source.parent == rulebooks_dir().resolve() else str(source)
    with open_for(ctx, db) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name=table, rulebook=stored_name, options=validated,
                                     chip_value_cents=cents, seats=seats, dealer=dealer, buy_in_default=buy_in or 0)
            assert session.id is not None
            if money:
                tx.append_events(session.id, None, money)
        from referee.session_log import table_state

        snap = store.snapshot(session.id)
    state = table_state(snap.session, snap.seats, [r for r in snap.events if r.hand_number is None])
    who = ", ".join(f"{name} {state.bought[name]}" + (f" (paid {format_cents(state.paid[name])})"
                                                      if state.paid[name] != state.bought[name] * cents else "")
                    for name in state.seats)
    typer.echo(f"Session {session.id} started: table {session.table_name!r}, rulebook {book.name}"
               f"{_options_text(validated)}, chip {format_cents(cents)}")
    typer.echo(f"Seats (buy-in in chips): {who}; {state.dealer} deals first")


def _options_text(options: dict[str, Any]) -> str:
    return f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""


def _when(session: GameSession) -> str:
    return session.started_at.strftime("%Y-%m-%d %H:%M UTC")


@app.command("list")
def list_sessions(ctx: typer.Context, db: DbOption = None) -> None:
    """List the sessions: number, start, table, rulebook, seated players, hands, events, status."""
    from rich import box
    from rich.table import Table

    from referee.cli.output import console, literal

    with open_for(ctx, db) as store:
        summaries = store.session_summaries()
    if not summaries:
        typer.echo("No sessions yet: start one with `referee session new`.")
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True, caption_justify="left",
                  caption="* with option overrides: `referee session show ID` shows them")
    numeric = ("id", "seats", "hands", "events")
    for column in ("id", "started (UTC)", "table", "rulebook", "seats", "hands", "events", "status"):
        table.add_column(column, justify="right" if column in numeric else "left",
                         no_wrap=column in ("id", "started (UTC)", "status"))
    for s in summaries:
        g = s.session
        table.add_row(str(g.id), f"{g.started_at:%Y-%m-%d %H:%M}", literal(g.table_name),
                      literal(g.rulebook) + ("*" if g.options else ""),
                      str(s.players), str(s.hands), str(s.events), g.status)
    console(soft_wrap=False).print(table)


def _night_places(snap: LogSnapshot) -> list[tuple[int, str, str]]:
    """Each night event of the log: its seq, where it falls in the night, what it says (the
    opening, before the hand that began after it, or after the last hand)."""
    from referee.store.chain import what_it_says

    played = {r.hand_number for r in snap.events if r.hand_number is not None}
    begun = 0
    leading, seated = True, False
    out = []
    for row in snap.events:
        if row.hand_number is not None:
            begun = max(begun, row.hand_number)
            leading = False
            continue
        if leading and (row.kind == "SitDown" or (row.kind == "SetDealer" and seated)):
            place = "opening"
            seated = True
            leading = row.kind == "SitDown"
        else:
            leading = False
            place = (f"before hand {begun + 1}" if begun + 1 in played
                     else f"after hand {begun}" if begun else "before any hand")
        out.append((row.seq, place, what_it_says(row)))
    return out


def _session_json(snap: LogSnapshot, players: dict[int, str], state: Any, chain: Any) -> dict[str, Any]:
    session = snap.session
    person = {s.name: players[s.player_id] for s in snap.seats}
    return {
        "id": session.id,
        "table": session.table_name,
        "started_at": session.started_at.isoformat(),
        "ended_at": session.ended_at.isoformat() if session.ended_at else None,
        "status": session.status,
        "rulebook": session.rulebook,
        "options": session.options,
        "chip_value_cents": session.chip_value_cents,
        "buy_in_default": session.buy_in_default,
        "seats": [{"number": s.number, "name": s.name, "player": players[s.player_id], "buy_in": s.buy_in}
                  for s in snap.seats],
        "table_now": {"seated": list(state.seats), "dealer": state.dealer, "rulebook": state.rulebook,
                      "options": dict(state.options)},
        "players": [{"name": name, "player": person.get(name, name), "seated": name in state.seats,
                     "bought": state.bought.get(name, 0), "paid_cents": state.paid.get(name, 0),
                     "cashed_out": state.cashed.get(name)} for name in state.known.values()],
        "night_events": [{"seq": seq, "place": place, "text": says} for seq, place, says in _night_places(snap)],
        "hands": len(snap.hands),
        "events": len(snap.events),
        "chain": {"ok": chain.ok, "head": chain.head, "problem": chain.problem},
    }


@app.command("show")
def show(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session number (see `referee session list`).")],
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the session as JSON.")] = False,
) -> None:
    """Show one session: rulebook, chip value, who sits where, chips bought and cashed out, hands,
    the night's events between hands, and whether the chain holds."""
    from referee.session_log import table_state

    with open_for(ctx, db) as store:
        snap = store.snapshot(session_id)
        players = {p.id: p.name for p in store.players() if p.id is not None}
        chain = store.verify_chain(session_id)
    state = table_state(snap.session, snap.seats, [r for r in snap.events if r.hand_number is None])
    data = _session_json(snap, players, state, chain)
    if as_json:
        import json

        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    session = snap.session
    cents = session.chip_value_cents
    typer.echo(f"Session {session.id}: {session.table_name}")
    typer.echo(f"  started     {_when(session)}" + (f", ended {session.ended_at:%Y-%m-%d %H:%M UTC}"
                                                      if session.ended_at else ""))
    typer.echo(f"  status      {session.status}")
    typer.echo(f"  rulebook    {session.rulebook}{_options_text(session.options)}")
    if (state.rulebook, state.options) != (session.rulebook, session.options):
        typer.echo(f"  now         {state.rulebook}{_options_text(state.options)}")
    typer.echo(f"  chip value  {format_cents(cents)}" + (f", buy-in {session.buy_in_default} chips"
                                                        if session.buy_in_default else ""))
    typer.echo(f"  hands       {len(snap.hands)}, events {len(snap.events)}, "
               + ("chain intact" if chain.ok else f"CHAIN BROKEN at {chain.problem}"))
    person = {s.name: players[s.player_id] for s in snap.seats}

    def line(name: str) -> str:
        also = f" (player {person[name]})" if person.get(name, name) != name else ""
        money = f"bought {state.bought.get(name, 0)} chips for {format_cents(state.paid.get(name, 0))}"
        if name in state.cashed:
            money += f", cashed out {state.cashed[name]}"
        return f"{name}{also}: {money}"

    typer.echo("  seats (clockwise)")
    for number, name in enumerate(state.seats, 1):
        typer.echo(f"    {number}. {line(name)}")
    gone = [name for name in state.known.values() if name not in state.seats]
    if gone:
        typer.echo("  left")
        for name in gone:
            typer.echo(f"    {line(name)}")
    places = _night_places(snap)
    if places:
        typer.echo("  between hands")
        for seq, place, says in places:
            typer.echo(f"    {seq:>4}  {place}: {says}")


@app.command("close")
def close(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session to close.")],
    cash_out: Annotated[list[str] | None, typer.Option("--cash-out", "-c", metavar="NAME:CHIPS",
                                                       help="The chips counted in front of a player; "
                                                            "one for every player not cashed out yet.")] = None,
    db: DbOption = None,
) -> None:
    """Close a session: record every player's cash-out (chips counted) and end the night.

    Refused, with nothing written, unless every player who sat down has cashed out.
    """
    pairs = [parse_cash_out(text) for text in cash_out or []]
    seen: set[str] = set()
    for name, _ in pairs:
        if name.casefold() in seen:
            raise InputError(f"{name} is cashed out twice", where="--cash-out", hint="give each player once")
        seen.add(name.casefold())
    from referee.session_log import table_state

    with open_for(ctx, db) as store:
        closed = store.close_session(session_id, pairs)
        snap = store.snapshot(session_id)
    state = table_state(snap.session, snap.seats, [r for r in snap.events if r.hand_number is None])
    bought, cashed = sum(state.bought.values()), sum(state.cashed.values())
    typer.echo(f"Session {closed.id} closed: " + ", ".join(f"{n} {c}" for n, c in state.cashed.items()))
    balance = "they balance" if bought == cashed else (
        f"{bought - cashed} short" if cashed < bought else f"{cashed - bought} over")
    typer.echo(f"Chips: {bought} bought, {cashed} cashed out ({balance})")


@app.command("delete")
def delete(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session to delete.")],
    db: DbOption = None,
) -> None:
    """Delete a session started by mistake: only while it has no hands (a played night is kept)."""
    with open_for(ctx, db) as store:
        game = store.session(session_id)
        store.delete_session(session_id)
    typer.echo(f"Session {session_id} ({game.table_name}) deleted.")
