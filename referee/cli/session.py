"""``referee session``: start a night at a table, list the nights, show one, close it (cash-outs)
or delete one started by mistake.

The rulebook and its ``--option`` overrides are validated with
``load_rulebook(...).with_options(...)`` before anything is written; money is read with ``Decimal``
here at the edge (``0.25`` or ``25c``) and stored as integer cents.  Names and table names a user
typed are printed as typed (:mod:`referee.cli.output`).
"""

import json
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table

from referee.cli.db import AskedAtOption, DbOption, found_again_at, open_for
from referee.cli.output import console
from referee.errors import InputError, RetryableError, excerpt
from referee.i18n import N_, _, ngettext, pgettext
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
_CHIP_HINT = N_("write the value of one chip in money, like 0.25, or in cents, like 25c")


def parse_money(text: str, *, what: str | None = None, where: str = "--chip-value", hint: str | None = None,
                positive: bool = True) -> int:
    """Money in integer cents: ``"0.25"`` → 25, ``"25c"`` → 25, ``"2"`` → 200.  ``what`` and ``hint``,
    in the interface's language, name the amount in a refusal (default: a chip value)."""
    what = what or _("chip value")
    hint = hint or _(_CHIP_HINT)
    raw = text.strip()
    bad = InputError(_("bad {what} {text!r}").format(what=what, text=text), where=where, hint=hint)
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
            raise InputError(_("{what} {text} is more than {limit:,} cents").format(
                what=what, text=excerpt(text), limit=AMOUNT_LIMIT), where=where, hint=AMOUNT_HINT)
        scaled = amount * 100
        if scaled != scaled.to_integral_value():
            raise InputError(_("{what} {text!r} has a fraction of a cent").format(what=what, text=text),
                             where=where, hint=hint)
        cents = int(scaled)
    if cents < 0 or (positive and cents == 0):
        raise InputError(_("{what} {text!r} must be more than zero").format(what=what, text=text), where=where,
                         hint=hint)
    return check_amount(cents, what, where=where)


def parse_chip_value(text: str) -> int:
    """The value of one chip in integer cents: ``"0.25"`` → 25, ``"25c"`` → 25, ``"2"`` → 200."""
    return parse_money(text)


_PLAYER_HINT = N_("write NAME, NAME:CHIPS or NAME:CHIPS=MONEY (chips bought, money paid when it is not "
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
        raise InputError(_("{text} does not begin with a player's name").format(text=excerpt(text)), where=where,
                         hint=_("a name is one word before any ':', like Ann, Mary_Ann or O'Neil; {how}").format(
                             how=_(_PLAYER_HINT)))
    if not sep:
        if default_buy_in is None:
            raise InputError(_("no chips given for {name}").format(name=name), where=where,
                             hint=_("give the chips each player buys, e.g. --player {name}:100, or --buy-in 100 "
                                    "for every player given without them").format(name=name))
        count = default_buy_in
    else:
        chips, paid_sep, paid = buy_in.partition("=")
        if not (chips.strip().isascii() and chips.strip().isdigit()):
            raise InputError(_("bad buy-in {chips} for {name}").format(chips=excerpt(chips), name=excerpt(name)),
                             where=where, hint=_(_PLAYER_HINT))
        count = check_count(chips, "buy-in", where=where)
    from referee.night.life import seat_chips

    try:
        seat_chips(name, count, example=f"--player {name}:100")
    except InputError as err:
        raise err.located(where) from None
    if not sep:
        return name, count, None
    cents = parse_money(paid, what=_("money paid"), where=where, hint=_(_PLAYER_HINT),
                        positive=False) if paid_sep else None
    return name, count, cents


def parse_cash_out(text: str) -> tuple[str, int]:
    """``NAME:CHIPS`` from ``--cash-out``: the chips counted in front of a player."""
    name, sep, chips = text.rpartition(":")
    if not sep or not name.strip() or not (chips.strip().isascii() and chips.strip().isdigit()):
        raise InputError(_("bad cash-out {text!r}").format(text=text), where="--cash-out",
                         hint=_("write NAME:CHIPS with the chips counted in front of him, e.g. --cash-out Ann:120"))
    return name.strip(), check_count(chips, "cash-out", where="--cash-out")


def rulebook_for(rulebook: str | None, game: str | None) -> str:
    """The rulebook named by ``--rulebook``, or the shipped one of ``--game``."""
    from referee.rulebook import load_rulebook, shipped_rulebook_names
    from referee.engine.games import game_names

    if game is None:
        if rulebook is None:
            raise InputError(_("no game or rulebook given"), where="--rulebook",
                             hint=_("give --game jackpots (a shipped game) or --rulebook NAME|FILE.toml"))
        return rulebook
    wanted = "_".join(game.lower().replace("-", " ").split())
    shipped = [n for n in shipped_rulebook_names() if load_rulebook(n).game == wanted]
    if wanted not in game_names() or not shipped:
        raise InputError(_("no game {game!r}").format(game=game), where="--game",
                         hint=_("games: {games}").format(games=", ".join(g for g in game_names() if any(
                             load_rulebook(n).game == g for n in shipped_rulebook_names()))))
    if rulebook is not None and load_rulebook(rulebook).game != wanted:
        raise InputError(_("rulebook {rulebook!r} is not for {game}").format(rulebook=rulebook, game=game),
                         where="--game", hint=_("give --game or --rulebook, or a rulebook of that game"))
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
    from referee.store.transaction import SeatSpec

    cents = parse_chip_value(chip_value)
    overrides = dict(parse_option(text) for text in option or [])
    if len(player) < 2:
        raise InputError(_("a session needs at least two players"), where="--player",
                         hint=_("repeat --player for each player, e.g. --player Alice:100 --player Bob:100"))
    seats = [SeatSpec(*parse_player(text, buy_in)) for text in player]
    seen: dict[str, str] = {}
    for text, seat in zip(player, seats, strict=True):  # before the store numbers a session it will not keep
        key = seat.name.casefold()
        if key in seen:
            raise InputError(_("{name!r} is named twice ({first!r} and {second!r})").format(
                name=seat.name, first=seen[key], second=text), where="--player",
                             hint=_("each person takes one seat: give each player once"))
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
    who = ", ".join(f"{name} {state.bought[name]}" + (" " + _("(paid {money})").format(money=format_cents(state.paid[name]))
                                                      if state.paid[name] != state.bought[name] * cents else "")
                    for name in state.seats)
    typer.echo(_("Session {session} started: table {table!r}, rulebook {rulebook}{options}, chip {chip}").format(
        session=session.id, table=session.table_name, rulebook=book.name, options=_options_text(validated),
        chip=format_cents(cents)))
    typer.echo(_("Seats (buy-in in chips): {seats}; {dealer} deals first").format(seats=who, dealer=state.dealer))


def _options_text(options: dict[str, Any]) -> str:
    return f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""


def _when(session: "GameSession") -> str:
    return session.started_at.strftime("%Y-%m-%d %H:%M UTC")


@app.command("list")
def list_sessions(ctx: typer.Context, db: DbOption = None) -> None:
    """List the sessions: number, start, table, rulebook, seated players, hands, events, status."""
    with open_for(ctx, db) as store:
        summaries = store.session_summaries()
    if not summaries:
        typer.echo(_("No sessions yet: start one with `referee session new`."))
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True, caption_justify="left",
                  caption=_("* with option overrides: `referee session show ID` shows them"))
    numeric = ("id", "seats", "hands", "events")
    headings = {"id": _("id"), "started (UTC)": _("started (UTC)"), "table": _("table"),
                "rulebook": pgettext("a column", "rulebook"), "seats": _("seats"), "hands": _("hands"),
                "events": _("events"), "status": _("status")}
    for column, heading in headings.items():
        table.add_column(heading, justify="right" if column in numeric else "left",
                         no_wrap=column in ("id", "started (UTC)", "status"))
    for s in summaries:
        g = s.session
        table.add_row(str(g.id), f"{g.started_at:%Y-%m-%d %H:%M}", literal(g.table_name),
                      literal(g.rulebook) + ("*" if g.options else ""),
                      str(s.players), str(s.hands), str(s.events),
                      status_words("void" if g.void_reason is not None else g.status))
    console(soft_wrap=False).print(table)


def status_words(status: str) -> str:
    """A night's status in words: open, closed, void."""
    words = {"open": pgettext("night status", "open"), "closed": pgettext("night status", "closed"),
             "void": pgettext("night status", "void")}
    return words.get(status, status)


def _night_places(snap: "LogSnapshot", shown: bool = False) -> list[tuple[int, str, str]]:
    """Each night event of the log: its seq, where it falls in the night, what it says (the
    opening, before the hand that began after it, or after the last hand); where it falls in the
    interface's language when ``shown`` (else in the JSON's English words)."""
    from referee.recording.session_log import night_places, place_words
    from referee.store.chain import what_it_says

    hands = len({r.hand_number for r in snap.events if r.hand_number is not None})
    place = _place_said if shown else place_words
    return [(row.seq, place(k, hands), what_it_says(row)) for row, k in night_places(snap.events)]


def _place_said(k: int | None, hands: int) -> str:
    """:func:`referee.recording.session_log.place_words` as ``session show`` prints it."""
    if k is None:
        return _("opening")
    if k < hands:
        return _("before hand {hand}").format(hand=k + 1)
    return _("after hand {hand}").format(hand=k) if k else _("before any hand")


def _session_json(snap: "LogSnapshot", players: dict[int, str], state: Any, chain: Any) -> dict[str, Any]:
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
    from referee.store.chain import verify_chain

    with open_for(ctx, db) as store:
        snap = store.log_snapshot(session_id)
        players = {p.id: p.name for p in store.players() if p.id is not None}
    chain = verify_chain(snap.session, snap.events)  # the rows read: the log is read once
    state = table_state(snap.session, snap.seats, [r for r in snap.events if r.hand_number is None])
    data = _session_json(snap, players, state, chain)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    session = snap.session
    cents = session.chip_value_cents
    typer.echo(_("Session {session}: {table}").format(session=session.id, table=session.table_name))
    if session.ended_at:
        typer.echo("  " + _("started     {started}, ended {ended}").format(
            started=_when(session), ended=f"{session.ended_at:%Y-%m-%d %H:%M UTC}"))
    else:
        typer.echo("  " + _("started     {started}").format(started=_when(session)))
    typer.echo("  " + _("status      {status}").format(status=status_words(session.status)))
    if session.void_reason is not None:
        typer.echo("  " + _("void        {reason} ({when} UTC): counted nowhere").format(
            reason=session.void_reason, when=f"{session.voided_at:%Y-%m-%d %H:%M}"))
    typer.echo("  " + _("rulebook    {rulebook}").format(rulebook=session.rulebook + _options_text(session.options)))
    if (state.rulebook, state.options) != (session.rulebook, session.options):
        typer.echo("  " + _("now         {rulebook}").format(rulebook=state.rulebook + _options_text(state.options)))
    if session.buy_in_default:
        typer.echo("  " + _("chip value  {chip}, buy-in {chips}").format(
            chip=format_cents(cents), chips=plural(session.buy_in_default, "chip", "chips")))
    else:
        typer.echo("  " + _("chip value  {chip}").format(chip=format_cents(cents)))
    if chain.ok:
        typer.echo("  " + _("hands       {hands}, events {events}, chain intact").format(
            hands=len(snap.hands), events=len(snap.events)))
    else:
        typer.echo("  " + _("hands       {hands}, events {events}, CHAIN BROKEN at {problem}").format(
            hands=len(snap.hands), events=len(snap.events), problem=chain.problem))
    person = {s.name: players[s.player_id] for s in snap.seats}

    def line(name: str) -> str:
        also = " " + _("(player {player})").format(player=person[name]) if person.get(name, name) != name else ""
        money = _("bought {chips} for {money}").format(chips=plural(state.bought.get(name, 0), "chip", "chips"),
                                                      money=format_cents(state.paid.get(name, 0)))
        if name in state.cashed:
            money = _("bought {chips} for {money}, cashed out {cashed}").format(
                chips=plural(state.bought.get(name, 0), "chip", "chips"), money=format_cents(state.paid.get(name, 0)),
                cashed=state.cashed[name])
        return f"{name}{also}: {money}"

    typer.echo("  " + _("seats (clockwise)"))
    for number, name in enumerate(state.seats, 1):
        typer.echo(f"    {number}. {line(name)}")
    gone = [name for name in state.known.values() if name not in state.seats]
    if gone:
        typer.echo("  " + _("left"))
        for name in gone:
            typer.echo(f"    {line(name)}")
    places = _night_places(snap, shown=True)
    if places:
        typer.echo("  " + _("between hands"))
        for seq, place, says in places:
            typer.echo(f"    {seq:>4}  {place}: {says}")


def _interactive() -> bool:
    """Whether a person at a terminal can be asked to confirm (not a script or a pipe)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _count_table(counts: list[Any]) -> list[str]:
    """The counting out as lines: each player, what the log says, what was counted, the difference."""
    width = max([len(c.name) for c in counts] + [6])
    player, says, counted = pgettext("a column", "player"), _("the log says"), _("counted")
    width = max(width, len(player))
    wide, cwide = max(12, len(says)), max(7, len(counted))
    lines = [f"  {player:<{width}}  {says:>{wide}}  {counted:>{cwide}}"]
    for c in counts:
        diff = c.difference
        sign = "+" if diff > 0 else "\u2212"
        mark = "" if not diff else "  " + (
            _("({difference}, confirmed by {name})").format(difference=f"{sign}{abs(diff)}", name=c.confirmed_by)
            if c.confirmed_by else f"({sign}{abs(diff)})")
        lines.append(f"  {c.name:<{width}}  {c.log_says:>{wide}}  {c.counted:>{cwide}}{mark}")
    return lines


def _confirmer(by: str | None, accept: bool, session_id: int, differ: list[Any]) -> str:
    """Who confirms the counts that differ from the log: ``--accept --by NAME``, or a person asked at
    the terminal; InputError (nothing written) when nobody does."""
    said = "; ".join(c.words() for c in differ)
    differs = ngettext("{count} count differs from the log", "{count} counts differ from the log",
                       len(differ)).format(count=len(differ))
    if accept:
        if not by or not by.strip():
            raise InputError(_("--accept needs who confirms the counts"), where="--accept",
                             hint=_("name him: --accept --by NAME (a player of the night)"))
        return " ".join(by.split())
    if _interactive():
        typer.echo(f"{differs}: {said}")
        answer = typer.prompt(_("Confirm as counted? Who confirms (a name; nothing: count again)"), default=by or "",
                              show_default=bool(by))
        if answer.strip():
            return " ".join(answer.split())
    raise InputError(f"{differs}: {said}",
                     where=f"session {session_id}",
                     hint=ngettext("count again and give the right count, or confirm it as counted: referee "
                                   "session close {session} … --accept --by NAME",
                                   "count again and give the right counts, or confirm them as counted: referee "
                                   "session close {session} … --accept --by NAME", len(differ)).format(
                         session=session_id))


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
        typer.echo(_("Counting out session {session}:").format(session=session_id))
        for line in _count_table(list(out.counts)):
            typer.echo(line)
        who = _confirmer(by, accept, session_id, list(out.differ)) if out.differ else None
        try:
            closed = life.close(store, out, by=who, request=request)
        except StaleLogError as err:  # the log moved on since the counts were checked: show them again
            again = life.count_out(store, session_id, pairs, end_hand=end_hand, by=by)
            typer.echo(_("Not closed: the log changed after the counts were checked. Counting out session "
                         "{session} again:").format(session=session_id))
            for line in _count_table(list(again.counts)):
                typer.echo(line)
            raise RetryableError(err.message, where=f"session {session_id}",
                                 hint=_("nothing was closed: look at the counts above and run the close again")) from None
        after, log, _played = session_ledger(store, session_id)
    if out.ended is not None:
        number, rule, given_back, middle = out.ended
        said = (_("Hand {hand} ended by {rule}: its pot of {chips} returned to those who put it in ({shares})")
                if end_hand == "return" else
                _("Hand {hand} ended by {rule}: its pot of {chips} split between the players still in ({shares})"))
        typer.echo(said.format(hand=number, rule=rule, chips=plural(middle, "chip", "chips"),
                               shares=", ".join(f"{n} {c}" for n, c in given_back.items())))
    for line in closed_lines(session_id, after, log, [(c, c.confirmed_by or w) for c, w in closed.confirmed]):
        typer.echo(line)


def closed_lines(session_id: int, after: Any, log: Any, confirmed: list[tuple[Any, str]]) -> list[str]:
    """What a close says once it is recorded: the cash-outs, the counts confirmed and by whom, the
    chips against the log, and the shortfall or overage the policy absorbed."""
    from referee.ledger.counting import counts_at_close

    out = [_("Session {session} closed: {cash_outs}").format(
        session=session_id, cash_outs=", ".join(f"{n} {c}" for n, c in log.table.cashed.items()))]
    out += [_("Confirmed by {name}: {count}").format(name=who, count=c.words()) for c, who in confirmed]
    final = counts_at_close(after, log, {})
    bought, cashed = sum(log.table.bought.values()), sum(log.table.cashed.values())
    says = sum(c.log_says for c in final)
    off = sum(1 for c in final if c.difference)
    agree = (_("every count agrees with the log") if not off
             else ngettext("{count} count differs from the log, confirmed",
                           "{count} counts differ from the log, confirmed", off).format(count=off))
    from referee.report.words import cash_out_words, difference_words

    out.append(cash_out_words(bought, cashed))
    out.append(_("The log gives {chips}: {agree}").format(chips=says, agree=agree))
    d = after.difference
    if d.cents:
        out.append(difference_words(d, after.money(abs(d.cents))) + ": "
                   + ", ".join(f"{n} {after.signed(c)}" for n, c in d.shares))
    return out


_VOID_HINT = N_("write HAND:ACTION, the action's number in its hand (`referee replay --session ID --hand N` shows them)")


def _correction(text: str, option: str, hint: str) -> tuple[str, int]:
    name, sep, number = text.rpartition(":")
    if not sep or not name.strip() or not (number.strip().isascii() and number.strip().isdigit()):
        raise InputError(_("bad {option} {text!r}").format(option=option[2:], text=text), where=option, hint=hint)
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
    typer.echo(_("Session {session} reopened: {reason}").format(session=session_id, reason=reason))
    typer.echo(_("Correct it with: referee session amend {session} --void HAND:ACTION | --count NAME:CHIPS | "
                 "--rebuy NAME:CHIPS --why \"…\"; then close it: referee session close {session}").format(
        session=session_id))


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
    voids = [_correction(t, "--void", _(_VOID_HINT)) for t in void or []]
    fixes = [_correction(t, "--count", _("write NAME:CHIPS, the chips he really counted")) for t in count or []]
    rebuys = [_correction(t, "--rebuy", _("write NAME:CHIPS, the chips he bought")) for t in rebuy or []]
    hands = []
    for hand_text, action in voids:
        if not (hand_text.isascii() and hand_text.isdigit()):
            raise InputError(_("bad void {hand}:{action}").format(hand=hand_text, action=action), where="--void",
                             hint=_(_VOID_HINT))
        hands.append((int(hand_text), action))
    request = Request(asks("session amend", session_id, hands, fixes, rebuys, reason), at=asked_at)
    with open_for(ctx, db) as store, found_again_at():
        said = life.amend(store, session_id, why, life.Amendments(hands, fixes, rebuys), request=request)
    for what in said:
        typer.echo(_("Amended session {session}: {what} ({reason})").format(session=session_id, what=what,
                                                                          reason=reason))
    typer.echo(_("Close it again when it is right: referee session close {session}").format(session=session_id))


@app.command("delete")
def delete(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="ID", help="The session to delete.")],
    db: DbOption = None,
) -> None:
    """Delete a session started by mistake: only while it has no hands (a played night is kept)."""
    with open_for(ctx, db) as store:
        game = store.session(session_id)
        with store.transaction() as tx:
            tx.delete_session(session_id)
    typer.echo(_("Session {session} ({table}) deleted.").format(session=session_id, table=game.table_name))


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
                _("run it again as it is: if the void was stored, it says so (it is found by its reason, "
                  "so --asked-at is not needed)"))
            raise
    typer.echo(_("Session {session} ({table}) is void: {reason}. It is kept and counts nowhere.").format(
        session=session_id, table=game.table_name, reason=game.void_reason))


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
    typer.echo(_("Session {session} ({table}) is no longer void: it counts again ({status}).").format(
        session=session_id, table=game.table_name, status=status_words(game.status)))


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
        raise InputError(_("cannot read {file}: {problem}").format(file=file,
                                                                   problem=getattr(err, "strerror", None) or err),
                         where="--file", hint=_("give the house rulebook's .toml file")) from None
    with open_for(ctx, db) as store:
        ref, records = life.supply_rulebook(store, session_id, file.name, text)
    typer.echo(_("Session {session} now holds the house rulebook {rulebook} as {file} reads ({recorded} "
                 "recorded): it plays under it from now on.").format(
        session=session_id, rulebook=ref, file=file, recorded=plural(len(records), "rulebook", "rulebooks")))
