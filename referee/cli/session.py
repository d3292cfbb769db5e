"""``referee session``: start a night at a table, list the nights, show one, close it (cash-outs)
or delete one started by mistake.

The rulebook and its ``--option`` overrides are validated with
``load_rulebook(...).with_options(...)`` before anything is written; money is read with ``Decimal``
here at the edge (``0.25`` or ``25c``) and stored as integer cents.  Names and table names a user
typed are printed as typed (:mod:`referee.cli.output`).
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal, InvalidOperation
from gettext import ngettext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table

from referee.cli.db import AskedAtOption, DbOption, found_again_at, open_for
from referee.cli.output import console
from referee.errors import InputError, RetryableError, excerpt
from referee.money import AMOUNT_HINT, AMOUNT_LIMIT, check_amount, check_count, format_cents
from referee.money.settings import check_setting
from referee.plain_words import literal, plural
from referee.resources import rulebooks_dir
from referee.store.requests import Request, asks

if TYPE_CHECKING:
    from referee.recording.session_log import LogSnapshot
    from referee.store.models import GameSession

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
        if not (digits.isascii() and digits.isdigit()):
            raise bad
        cents = check_count(digits, what, where=where)
    else:
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


_PLAYER_HINT = ("write NAME, NAME:CHIPS or NAME:CHIPS=MONEY (chips bought, money paid when it is not "
                "chips x chip value), e.g. --player Alice:100 or --player Alice:100=20.00")


def parse_player(text: str, default_buy_in: int | None) -> tuple[str, int, int | None]:
    """``NAME``, ``NAME:CHIPS`` or ``NAME:CHIPS=MONEY`` from ``--player``: name, chips, cents paid.
    A name is one word and holds no ``:``; ``NAME`` alone buys ``default_buy_in`` chips (``--buy-in``),
    and is refused when none was given (a player seated with no chips could not play)."""
    where = f"--player {text}" if len(text) <= 40 else f"--player {excerpt(text)}"
    name, sep, buy_in = text.partition(":")
    name = name.strip()
    from referee.handfile.model import NAME_RE

    if not NAME_RE.fullmatch(name):
        raise InputError(f"{excerpt(text)} does not begin with a player's name", where=where,
                         hint="a name is one word before any ':', like Ann, Mary_Ann or O'Neil; " + _PLAYER_HINT)
    if not sep:
        if default_buy_in is None:
            raise InputError(f"no chips given for {name}", where=where,
                             hint=f"give the chips each player buys, e.g. --player {name}:100, or --buy-in 100 "
                                  "for every player given without them")
        count = default_buy_in
    else:
        chips, paid_sep, paid = buy_in.partition("=")
        if not (chips.strip().isascii() and chips.strip().isdigit()):
            raise InputError(f"bad buy-in {excerpt(chips)} for {excerpt(name)}", where=where, hint=_PLAYER_HINT)
        count = check_count(chips, "buy-in", where=where)
    from referee.night.life import seat_chips

    try:
        seat_chips(name, count, example=f"--player {name}:100")
    except InputError as err:
        raise err.located(where) from None
    if not sep:
        return name, count, None
    cents = parse_money(paid, what="money paid", where=where, hint=_PLAYER_HINT,
                        positive=False) if paid_sep else None
    return name, count, cents


def parse_cash_out(text: str) -> tuple[str, int]:
    """``NAME:CHIPS`` from ``--cash-out``: the chips counted in front of a player."""
    name, sep, chips = text.rpartition(":")
    if not sep or not name.strip() or not (chips.strip().isascii() and chips.strip().isdigit()):
        raise InputError(f"bad cash-out {text!r}", where="--cash-out",
                         hint="write NAME:CHIPS with the chips counted in front of him, e.g. --cash-out Ann:120")
    return name.strip(), check_count(chips, "cash-out", where="--cash-out")


def rulebook_for(rulebook: str | None, game: str | None) -> str:
    """The rulebook named by ``--rulebook``, or the shipped one of ``--game``."""
    from referee.rulebook import load_rulebook, shipped_rulebook_names
    from referee.engine.games import game_names

    if game is None:
        if rulebook is None:
            raise InputError("no game or rulebook given", where="--rulebook",
                             hint="give --game jackpots (a shipped game) or --rulebook NAME|FILE.toml")
        return rulebook
    wanted = "_".join(game.lower().replace("-", " ").split())
    shipped = [n for n in shipped_rulebook_names() if load_rulebook(n).game == wanted]
    if wanted not in game_names() or not shipped:
        raise InputError(f"no game {game!r}", where="--game",
                         hint="games: " + ", ".join(g for g in game_names() if any(
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

    money = []  # the money settings are events of the night's log (docs/ledger.md), checked before anything is written
    for name, value, flag in (("currency", currency, "--currency"), ("locale", locale, "--locale")):
        if value is not None:
            try:
                money.append(LedgerSetting(*check_setting(name, value)))
            except InputError as err:
                raise err.located(flag) from None

    from referee.rulebook import load_rulebook
    from referee.rulebook.loader import parse_option
    from referee.store.store import SeatSpec

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

    source = Path(book.source).resolve()
    stored_name = book.name if source.parent == rulebooks_dir().resolve() else str(source)
    with open_for(ctx, db, create=True) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name=table, rulebook=stored_name, options=validated,
                                     chip_value_cents=cents, seats=seats, dealer=dealer, buy_in_default=buy_in or 0)
            assert session.id is not None
            if money:
                tx.append_events(session.id, None, money)
        from referee.recording.session_log import table_state

        snap = store.log_snapshot(session.id)
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
                      str(s.players), str(s.hands), str(s.events), "void" if g.voided else g.status)
    console(soft_wrap=False).print(table)


def _night_places(snap: LogSnapshot) -> list[tuple[int, str, str]]:
    """Each night event of the log: its seq, where it falls in the night, what it says (the
    opening, before the hand that began after it, or after the last hand)."""
    from referee.recording.session_log import night_places, place_words
    from referee.store.chain import what_it_says

    hands = len({r.hand_number for r in snap.events if r.hand_number is not None})
    return [(row.seq, place_words(k, hands), what_it_says(row)) for row, k in night_places(snap.events)]


def _session_json(snap: LogSnapshot, players: dict[int, str], state: Any, chain: Any) -> dict[str, Any]:
    from referee.report.json_doc import chain_json, session_json

    person = {s.name: players[s.player_id] for s in snap.seats}
    return {
        **session_json(snap.session),
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
        "chain": chain_json(chain),
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
    from referee.recording.session_log import table_state

    with open_for(ctx, db) as store:
        snap = store.log_snapshot(session_id)
        players = {p.id: p.name for p in store.players() if p.id is not None}
        chain = store.verify_chain(session_id)
    state = table_state(snap.session, snap.seats, [r for r in snap.events if r.hand_number is None])
    data = _session_json(snap, players, state, chain)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    session = snap.session
    cents = session.chip_value_cents
    typer.echo(f"Session {session.id}: {session.table_name}")
    typer.echo(f"  started     {_when(session)}" + (f", ended {session.ended_at:%Y-%m-%d %H:%M UTC}"
                                                      if session.ended_at else ""))
    typer.echo(f"  status      {session.status}")
    if session.void_reason is not None:
        typer.echo(f"  void        {session.void_reason} ({session.voided_at:%Y-%m-%d %H:%M} UTC): counted nowhere")
    typer.echo(f"  rulebook    {session.rulebook}{_options_text(session.options)}")
    if (state.rulebook, state.options) != (session.rulebook, session.options):
        typer.echo(f"  now         {state.rulebook}{_options_text(state.options)}")
    typer.echo(f"  chip value  {format_cents(cents)}" + (f", buy-in {plural(session.buy_in_default, 'chip')}"
                                                        if session.buy_in_default else ""))
    typer.echo(f"  hands       {len(snap.hands)}, events {len(snap.events)}, "
               + ("chain intact" if chain.ok else f"CHAIN BROKEN at {chain.problem}"))
    person = {s.name: players[s.player_id] for s in snap.seats}

    def line(name: str) -> str:
        also = f" (player {person[name]})" if person.get(name, name) != name else ""
        money = f"bought {plural(state.bought.get(name, 0), 'chip')} for {format_cents(state.paid.get(name, 0))}"
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


def _interactive() -> bool:
    """Whether a person at a terminal can be asked to confirm (not a script or a pipe)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _count_table(counts: list[Any]) -> list[str]:
    """The counting out as lines: each player, what the log says, what was counted, the difference."""
    width = max([len(c.name) for c in counts] + [6])
    lines = [f"  {'player':<{width}}  {'the log says':>12}  {'counted':>7}"]
    for c in counts:
        diff = c.difference
        sign = "+" if diff > 0 else "\u2212"
        mark = "" if not diff else f"  ({sign}{abs(diff)}" + (
            f", confirmed by {c.confirmed_by})" if c.confirmed_by else ")")
        lines.append(f"  {c.name:<{width}}  {c.log_says:>12}  {c.counted:>7}{mark}")
    return lines


def _confirmer(by: str | None, accept: bool, session_id: int, differ: list[Any]) -> str:
    """Who confirms the counts that differ from the log: ``--accept --by NAME``, or a person asked at
    the terminal; InputError (nothing written) when nobody does."""
    said = "; ".join(c.words() for c in differ)
    many = len(differ) != 1
    differs = f"{plural(len(differ), 'count')} {ngettext('differs', 'differ', len(differ))} from the log"
    if accept:
        if not by or not by.strip():
            raise InputError("--accept needs who confirms the counts", where="--accept",
                             hint="name him: --accept --by NAME (a player of the night)")
        return " ".join(by.split())
    if _interactive():
        typer.echo(f"{differs}: {said}")
        answer = typer.prompt("Confirm as counted? Who confirms (a name; nothing: count again)", default=by or "",
                              show_default=bool(by))
        if answer.strip():
            return " ".join(answer.split())
    raise InputError(f"{differs}: {said}",
                     where=f"session {session_id}",
                     hint=f"count again and give the right {ngettext('count', 'counts', len(differ))}, or confirm "
                          f"{'them' if many else 'it'} as counted: referee session close {session_id} … --accept --by NAME")


@app.command("close")
def close(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session to close.")],
    cash_out: Annotated[list[str] | None, typer.Option("--cash-out", "-c", metavar="NAME:CHIPS",
                                                       help="The chips counted in front of a player; "
                                                            "one for every player not cashed out yet.")] = None,
    accept: Annotated[bool, typer.Option("--accept", help="Confirm counts that differ from the log as the "
                                                          "fact of the night (with --by).")] = False,
    by: Annotated[str | None, typer.Option("--by", metavar="NAME",
                                           help="Who confirms the counts (recorded in the log).")] = None,
    end_hand: Annotated[str | None, typer.Option("--end-hand", metavar="return|split",
                                                 help="End a hand still in play by rule: its pot returned "
                                                      "(house.90.1) or split (house.90.2).")] = None,
    asked_at: AskedAtOption = None,
    db: DbOption = None,
) -> None:
    """Close a session: count every player out against the log and end the night.

    Shows what the log says each player should have next to his count.  Refused, with nothing
    written, unless every player who sat down has cashed out, every count that differs from the log
    is confirmed (--accept --by NAME, or at the terminal), and a hand still in play is ended by rule
    (--end-hand return|split).
    """
    pairs = [parse_cash_out(text) for text in cash_out or []]
    from referee.ledger.ledger import session_ledger
    from referee.night import life
    from referee.store.store import StaleLogError

    request = Request(asks("session close", session_id, sorted((n.casefold(), c) for n, c in pairs), end_hand,
                           " ".join((by or "").split()) if accept else None), at=asked_at)
    with open_for(ctx, db) as store, found_again_at():
        out = life.count_out(store, session_id, pairs, end_hand=end_hand, by=by, request=request)
        if accept and by and by.strip() and out.differ:
            life.confirmer(out, by)  # a confirmer who is no player of the night: refused in one line
        typer.echo(f"Counting out session {session_id}:")
        for line in _count_table(list(out.counts)):
            typer.echo(line)
        who = _confirmer(by, accept, session_id, list(out.differ)) if out.differ else None
        try:
            closed = life.close(store, out, by=who, request=request)
        except StaleLogError as err:  # the log moved on since the counts were checked: show them again
            again = life.count_out(store, session_id, pairs, end_hand=end_hand, by=by)
            typer.echo(f"Not closed: the log changed after the counts were checked. Counting out session "
                       f"{session_id} again:")
            for line in _count_table(list(again.counts)):
                typer.echo(line)
            raise RetryableError(err.message, where=f"session {session_id}",
                                 hint="nothing was closed: look at the counts above and run the close again") from None
        after, log, _ = session_ledger(store, session_id)
    if out.ended is not None:
        number, rule, given_back, middle = out.ended
        words = "returned to those who put it in" if end_hand == "return" else "split between the players still in"
        typer.echo(f"Hand {number} ended by {rule}: its pot of {plural(middle, 'chip')} "
                   f"{words} (" + ", ".join(f"{n} {c}" for n, c in given_back.items()) + ")")
    for line in closed_lines(session_id, after, log, [(c, c.confirmed_by or w) for c, w in closed.confirmed]):
        typer.echo(line)


def closed_lines(session_id: int, after: Any, log: Any, confirmed: list[tuple[Any, str]]) -> list[str]:
    """What a close says once it is recorded: the cash-outs, the counts confirmed and by whom, the
    chips against the log, and the shortfall or overage the policy absorbed."""
    from referee.ledger.counting import counts_at_close

    out = [f"Session {session_id} closed: " + ", ".join(f"{n} {c}" for n, c in log.table.cashed.items())]
    out += [f"Confirmed by {who}: {c.words()}" for c, who in confirmed]
    final = counts_at_close(after, log, {})
    bought, cashed = sum(log.table.bought.values()), sum(log.table.cashed.values())
    says = sum(c.log_says for c in final)
    off = sum(1 for c in final if c.difference)
    agree = ("every count agrees with the log" if not off
             else f"{plural(off, 'count')} {ngettext('differs', 'differ', off)} from the log, confirmed")
    from referee.report.words import cash_out_words, difference_words

    out.append(cash_out_words(bought, cashed))
    out.append(f"The log gives {says}: {agree}")
    d = after.difference
    if d.cents:
        out.append(difference_words(d, after.money(abs(d.cents))) + ": "
                   + ", ".join(f"{n} {after.signed(c)}" for n, c in d.shares))
    return out


_VOID_HINT = "write HAND:ACTION, the action's number in its hand (`referee replay --session ID --hand N` shows them)"


def _correction(text: str, option: str, hint: str) -> tuple[str, int]:
    name, sep, number = text.rpartition(":")
    if not sep or not name.strip() or not (number.strip().isascii() and number.strip().isdigit()):
        raise InputError(f"bad {option[2:]} {text!r}", where=option, hint=hint)
    return name.strip(), int(number)


@app.command("reopen")
def reopen(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The closed session to correct.")],
    why: Annotated[str, typer.Option("--why", metavar="TEXT", help="Why it is reopened (kept in the log).")],
    by: Annotated[str | None, typer.Option("--by", metavar="NAME", help="Who reopens it.")] = None,
    asked_at: AskedAtOption = None,
    db: DbOption = None,
) -> None:
    """Open a closed night again to correct it; the reason is kept in the log and the report."""
    from referee.night import life

    reason = " ".join(why.split())
    request = Request(asks("session reopen", session_id, reason, " ".join((by or "").split())), at=asked_at)
    with open_for(ctx, db) as store, found_again_at():
        life.reopen(store, session_id, why, by=by or "", request=request)
    typer.echo(f"Session {session_id} reopened: {reason}")
    typer.echo(f"Correct it with: referee session amend {session_id} --void HAND:ACTION | --count NAME:CHIPS | "
               f"--rebuy NAME:CHIPS --why \"…\"; then close it: referee session close {session_id}")


@app.command("amend")
def amend(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session to correct (reopened, or still open).")],
    why: Annotated[str, typer.Option("--why", metavar="TEXT", help="Why (kept in the log and the report).")],
    void: Annotated[list[str] | None, typer.Option("--void", metavar="HAND:ACTION",
                                                   help="An action logged by mistake: void it.")] = None,
    count: Annotated[list[str] | None, typer.Option("--count", metavar="NAME:CHIPS",
                                                    help="A cash-out count mistyped: the right count.")] = None,
    rebuy: Annotated[list[str] | None, typer.Option("--rebuy", metavar="NAME:CHIPS",
                                                    help="A rebuy the log missed (chips at the chip value).")] = None,
    asked_at: AskedAtOption = None,
    db: DbOption = None,
) -> None:
    """Correct a night, append-only: each correction is recorded with its reason, and the ledger, the
    settlement, the standings and the report follow."""
    from referee.night import life

    reason = " ".join(why.split())
    voids = [_correction(t, "--void", _VOID_HINT) for t in void or []]
    fixes = [_correction(t, "--count", "write NAME:CHIPS, the chips he really counted") for t in count or []]
    rebuys = [_correction(t, "--rebuy", "write NAME:CHIPS, the chips he bought") for t in rebuy or []]
    hands = []
    for hand_text, action in voids:
        if not (hand_text.isascii() and hand_text.isdigit()):
            raise InputError(f"bad void {hand_text}:{action}", where="--void", hint=_VOID_HINT)
        hands.append((int(hand_text), action))
    request = Request(asks("session amend", session_id, hands, fixes, rebuys, reason), at=asked_at)
    with open_for(ctx, db) as store, found_again_at():
        said = life.amend(store, session_id, why, life.Amendments(hands, fixes, rebuys), request=request)
    for what in said:
        typer.echo(f"Amended session {session_id}: {what} ({reason})")
    typer.echo(f"Close it again when it is right: referee session close {session_id}")


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


@app.command("void")
def void(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session to void.")],
    why: Annotated[str, typer.Option("--why", metavar="TEXT", help="Why it is voided (kept with it).")],
    asked_at: Annotated[int | None, typer.Option(
        "--asked-at", metavar="EVENT", min=0,
        help="Accepted as by close, amend and reopen (one retry line for them all); not needed here: a void "
             "is found again by its reason, whatever was recorded since.")] = None,
    db: DbOption = None,
) -> None:
    """Void a night: kept, a void event appended to its log, and counted nowhere (standings, reports, settlements).

    Works on any session, even one whose log no longer replays (from an older referee, say), or a
    night imported twice.  Run again after exit 75, a void stored already for the same reason says
    "Already recorded"."""
    from referee.night import life

    with open_for(ctx, db) as store:
        try:
            game = life.void(store, session_id, why)
        except RetryableError as err:
            err.hint = (f"{err.hint}; " if err.hint else "") + (
                "run it again as it is: if the void was stored, it says so (it is found by its reason, "
                "so --asked-at is not needed)")
            raise
    typer.echo(f"Session {session_id} ({game.table_name}) is void: {game.void_reason}. It is kept and counts nowhere.")


@app.command("unvoid")
def unvoid(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The void session to count again.")],
    why: Annotated[str, typer.Option("--why", metavar="TEXT", help="Why the void is undone (kept in its log).")],
    db: DbOption = None,
) -> None:
    """Undo a night's void: an event of its log says so and why; it counts again from now on."""
    from referee.night import life

    with open_for(ctx, db) as store:
        game = life.unvoid(store, session_id, why)
    typer.echo(f"Session {session_id} ({game.table_name}) is no longer void: it counts again ({game.status}).")


@app.command("rulebook")
def rulebook(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session whose house rulebook is gone.")],
    file: Annotated[Path, typer.Option("--file", metavar="FILE",
                                       help="The house rulebook the night was played under, wherever it is now.")],
    db: DbOption = None,
) -> None:
    """Record the house rulebook of a night stored before the log held its rulebook, when the file
    the night names is gone from there: FILE's text is recorded as that file's, and the night plays
    under it from now on, wherever the file goes."""
    from referee.night import life

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read {file}: {getattr(err, 'strerror', None) or err}", where="--file",
                         hint="give the house rulebook's .toml file") from None
    with open_for(ctx, db) as store:
        ref, records = life.supply_rulebook(store, session_id, file.name, text)
    typer.echo(f"Session {session_id} now holds the house rulebook {ref} as {file} reads "
               f"({plural(len(records), 'rulebook')} recorded): it plays under it from now on.")
