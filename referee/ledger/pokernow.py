"""Import of a PokerNow ledger CSV (pokernow.club's "Download Ledger") into per-player money.

The file, as PokerNow exports it and as the public tools that read it expect::

    player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net
    "glenny",O4o2WcWz3Z,2025-02-28T06:28:43.918Z,,3000,,1740,-1260
    "glenny",O4o2WcWz3Z,2025-02-28T06:21:35.932Z,2025-02-28T06:27:32.892Z,3000,0,0,-3000

One row per seat session, newest first: a player who busted and sat down again, or left and came
back, has several rows (and may come back under a new id or a new nickname).  ``buy_out`` is empty
while the player is still seated; ``stack`` is then what is in front of them.  Newer exports add a
``nit_escrow`` column before ``net`` (chips held back by the "nit game" feature, returned to the
player).  Each row satisfies ``net = buy_out + stack + nit_escrow - buy_in``, and the nets of the
whole file sum to zero.

**Cents or dollars.**  The amounts are whole numbers; in a game with cents enabled PokerNow writes
them in cents (3000 is 30.00), otherwise in whole chips, i.e. dollars.  The file does not say which,
so: amounts with a decimal point are dollars; else the file is read as cents when its median buy-in
is at least :data:`CENTS_FROM` (10.00 in cents — a home game rarely buys in for 1000 dollars, and
rarely for less than 10.00), as dollars otherwise.  The choice and its reason are on the result;
``unit="cents"`` or ``unit="dollars"`` forces it.

**Merging.**  Rows belong to one player when they share a player id, or a nickname ignoring case
(transitively: an id seen with two nicknames joins both).  The player's name is the nickname of
their latest session (by its start; ties by file order).

**Times.**  Every row must say when the player sat down (``session_start_at``); ``session_end_at`` is
empty while he is seated, and never before his start.  A missing, unreadable or reversed time is
refused with its row.  The night starts at the earliest start and ends at the latest time in the
file: an imported 2023 game ran in 2023, not until the day it was imported.

**Refused.**  A ledger of one player (a night needs two), and one whose nets do not add up to zero:
usually a hand was still in play when it was downloaded (its pot is in nobody's stack).  The same
ledger imported twice is recognised by its fingerprint (:func:`ledger_fingerprint`).
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Literal

from referee.engine.events import LedgerSetting
from referee.errors import InputError
from referee.money import format_cents
from referee.recording.imports import check_copies, one_import
from referee.store.fingerprint import fingerprint
from referee.store.tables import ORIGIN_POKERNOW
from referee.store.transaction import SeatSpec, check_seat_name

#: a median buy-in of at least this many units means the file is in cents
CENTS_FROM = 1000
REQUIRED = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in", "buy_out", "stack", "net")
_CASH_OUT = ("buy_out", "stack", "nit_escrow")
_HINT = "re-download the ledger from the PokerNow game (Ledger, then Download Ledger) or correct that row"

Unit = Literal["cents", "dollars"]


class LedgerFileError(InputError):
    """A PokerNow ledger CSV that cannot be read or does not balance (``where`` is ``file:row``)."""


@dataclass(frozen=True)
class LedgerPlayer:
    """One player's night in the ledger, all their rows merged; amounts in cents."""

    name: str
    player_ids: tuple[str, ...]
    nicknames: tuple[str, ...]
    #: the file lines their rows are on (the header is line 1)
    rows: tuple[int, ...]
    buy_in: int
    #: cashed out, plus chips still on the table and any nit escrow: what they leave with
    buy_out: int
    net: int


@dataclass(frozen=True)
class PokerNowLedger:
    """The players of a ledger file, in name order, and how its amounts were read."""

    source: str
    unit: Unit
    #: why the amounts were read in that unit ("forced" when the caller said so)
    unit_reason: str
    players: tuple[LedgerPlayer, ...]
    #: the earliest session start in the file: when the game began (PokerNow's own timestamp, UTC)
    started: datetime | None = None
    #: the latest timestamp in the file (a session's end, else start): the game had not ended earlier
    ended: datetime | None = None
    #: the content of the file's rows (what :func:`ledger_fingerprint` hashes), in file order
    content: tuple[tuple[str, ...], ...] = ()

    def balances(self) -> dict[str, int]:
        """Net cents per player: what :func:`referee.ledger.settlement.settle` takes."""
        return {p.name: p.net for p in self.players}


@dataclass(frozen=True)
class _Row:
    line: int
    nickname: str
    player_id: str
    when: str  # the session's start (ISO 8601, as written), for ordering a player's sessions
    start: datetime
    end: datetime | None  # None while the player is still seated
    buy_in: str
    cash_out: tuple[str, ...]  # buy_out, stack, nit_escrow
    net: str
    content: tuple[str, ...] = ()  # every column as written, for the fingerprint


def read_pokernow_ledger(path: str | Path, *, unit: Unit | Literal["auto"] = "auto") -> PokerNowLedger:
    """Read a PokerNow ledger file; errors name the file (by its name) and the line; a file that
    cannot be read is named by the path given (that is what to check)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise LedgerFileError(f"cannot read the ledger: {exc.strerror or exc}", where=str(path),
                              hint="check the path of the downloaded ledger CSV") from None
    except UnicodeDecodeError:
        raise LedgerFileError("the ledger is not UTF-8 text", where=path.name,
                              hint="give the CSV exactly as PokerNow downloaded it") from None
    return parse_pokernow_ledger(text, source=path.name, unit=unit)


def parse_pokernow_ledger(
    text: str, *, source: str = "ledger.csv", unit: Unit | Literal["auto"] = "auto"
) -> PokerNowLedger:
    """The players of a ledger given as text; ``source`` names it in errors."""
    if unit not in ("auto", "cents", "dollars"):
        raise InputError(f"unknown ledger unit {unit!r}", hint="use auto, cents or dollars")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:  # lone surrogates: bytes that were not UTF-8, decoded leniently
        raise LedgerFileError("the ledger is not UTF-8 text", where=f"{source}:{text.count(chr(10), 0, err.start) + 1}",
                              hint="give the CSV exactly as PokerNow downloaded it") from None
    rows = _read_rows(text.removeprefix("\ufeff"), source)
    if unit == "auto":
        unit, reason = _guess_unit(rows)
    else:
        reason = "forced"
    players = [_merge(group, unit, source) for group in _group_rows(rows)]
    if len(players) < 2:
        only = players[0]
        raise LedgerFileError(
            f"the ledger has one player ({only.name!r}, row{'s' if len(only.rows) > 1 else ''} "
            f"{', '.join(map(str, only.rows))}): a night needs two or more",
            where=source, hint="download the ledger of the whole game, once the others have played (Ledger, then "
                               "Download Ledger)")
    total = sum(p.net for p in players)
    if total:
        raise LedgerFileError(
            f"the nets of rows {rows[0].line}\u2013{rows[-1].line} total {format_cents(total)}, not 0 "
            f"(amounts read as {unit})",
            where=source,
            hint="a complete PokerNow ledger always balances: the usual cause is a hand still in play when it was "
                 "downloaded (the chips in the pot are in nobody's stack); download it again between hands, once "
                 "every player has a row",
        )
    started = min(r.start for r in rows)
    ended = max(moment for r in rows for moment in (r.start, r.end) if moment is not None)
    return PokerNowLedger(source, unit, reason, tuple(sorted(players, key=lambda p: (p.name.casefold(), p.name))),
                          started, ended, tuple(r.content for r in rows))


def ledger_fingerprint(ledger: PokerNowLedger) -> str:
    """The fingerprint of a ledger: its rows as PokerNow wrote them (the same download, or a copy of
    it with the rows reordered or the spacing changed, is the same game), whatever unit or names the
    import chose."""
    return fingerprint("pokernow", sorted(ledger.content))


def _time(text: str, column: str, where: str) -> datetime:
    """A PokerNow timestamp (ISO 8601, ``Z`` for UTC; one without a zone is read as UTC)."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise LedgerFileError(f"{column} {text!r} is not a time", where=where,
                              hint="PokerNow writes times like 2026-03-14T21:05:00.000Z: " + _HINT) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _read_rows(text: str, source: str) -> list[_Row]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise LedgerFileError("the ledger is empty", where=source, hint=_HINT) from None
    except csv.Error as exc:
        raise LedgerFileError(f"not a CSV file: {exc}", where=f"{source}:1", hint=_HINT) from None
    columns = {name.strip().lower(): i for i, name in enumerate(header)}
    missing = [name for name in REQUIRED if name not in columns]
    if missing:
        raise LedgerFileError(
            f"not a PokerNow ledger: no column {', '.join(missing)}", where=f"{source}:1",
            hint=f"the first line of a ledger is {','.join(REQUIRED)}",
        )
    rows = []
    line = reader.line_num
    try:
        for record in reader:
            start, line = line + 1, reader.line_num
            if not any(field.strip() for field in record):
                continue
            where = f"{source}:{start}"
            if len(record) < len(header):
                raise LedgerFileError(f"{len(record)} fields where the header has {len(header)}", where=where,
                                      hint=_HINT)

            def cell(name: str, record: list[str] = record) -> str:
                return record[columns[name]].strip() if name in columns else ""

            nickname, player_id = cell("player_nickname"), cell("player_id")
            if not nickname and not player_id:
                raise LedgerFileError("a row with neither a nickname nor a player id", where=where, hint=_HINT)
            if not cell("buy_in"):
                raise LedgerFileError("no buy-in", where=where, hint=_HINT)
            if not cell("session_start_at"):
                raise LedgerFileError("no session_start_at: when the player sat down is not said", where=where,
                                      hint=_HINT)
            began = _time(cell("session_start_at"), "session_start_at", where)
            left = _time(cell("session_end_at"), "session_end_at", where) if cell("session_end_at") else None
            if left is not None and left < began:
                raise LedgerFileError(f"session_end_at {cell('session_end_at')} is before session_start_at "
                                      f"{cell('session_start_at')}", where=where, hint=_HINT)
            content = tuple(cell(name) for name in (*REQUIRED, "nit_escrow"))
            rows.append(_Row(start, nickname, player_id, began.isoformat(), began, left,
                             cell("buy_in"), (cell("buy_out"), cell("stack"), cell("nit_escrow")), cell("net"),
                             content))
    except csv.Error as exc:
        raise LedgerFileError(f"bad CSV: {exc}", where=f"{source}:{line + 1}", hint=_HINT) from None
    if not rows:
        raise LedgerFileError("the ledger has no players", where=source, hint=_HINT)
    return rows


def _guess_unit(rows: list[_Row]) -> tuple[Unit, str]:
    fields = [f for r in rows for f in (r.buy_in, *r.cash_out, r.net) if f]
    if any("." in f for f in fields):
        return "dollars", "amounts with a decimal point"
    buy_ins = []
    for r in rows:
        with contextlib.suppress(InvalidOperation):  # a bad one is reported with its row when read
            buy_ins.append(abs(Decimal(r.buy_in)))
    median = statistics.median(buy_ins) if buy_ins else Decimal(0)
    if median >= CENTS_FROM:
        return "cents", f"median buy-in {median} is at least {CENTS_FROM}"
    return "dollars", f"median buy-in {median} is under {CENTS_FROM}"


def _group_rows(rows: list[_Row]) -> list[list[_Row]]:
    """Rows joined by a shared player id or a shared nickname (ignoring case), in file order."""
    parent = list(range(len(rows)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_seen: dict[tuple[str, str], int] = {}
    for i, r in enumerate(rows):
        for key in (("id", r.player_id), ("nick", r.nickname.casefold())):
            if not key[1]:
                continue
            if key in first_seen:
                parent[root(i)] = root(first_seen[key])
            else:
                first_seen[key] = i
    groups: dict[int, list[_Row]] = {}
    for i, r in enumerate(rows):
        groups.setdefault(root(i), []).append(r)
    return list(groups.values())


def _merge(rows: list[_Row], unit: Unit, source: str) -> LedgerPlayer:
    buy_in = buy_out = net = 0
    for r in rows:
        where = f"{source}:{r.line}"
        row_in = _cents(r.buy_in, "buy_in", unit, where)
        row_out = [_cents(v, name, unit, where) for v, name in zip(r.cash_out, _CASH_OUT, strict=True)]
        row_net = _cents(r.net, "net", unit, where, signed=True) if r.net else sum(row_out) - row_in
        if row_net != sum(row_out) - row_in:
            parts = " + ".join(f"{name} {format_cents(v)}" for name, v in zip(_CASH_OUT, row_out, strict=True)
                               if v or name != "nit_escrow")
            raise LedgerFileError(
                f"net {format_cents(row_net)} is not {parts} \u2212 buy_in {format_cents(row_in)} "
                f"(= {format_cents(sum(row_out) - row_in)})",
                where=where,
                hint=_HINT,
            )
        buy_in += row_in
        buy_out += sum(row_out)
        net += row_net
    latest = max(rows, key=lambda r: r.start)  # the newest session; the earlier row on ties (newest first)
    return LedgerPlayer(
        name=latest.nickname or latest.player_id,
        player_ids=_unique(r.player_id for r in rows),
        nicknames=_unique(r.nickname for r in rows),
        rows=tuple(r.line for r in rows),
        buy_in=buy_in,
        buy_out=buy_out,
        net=net,
    )


def _cents(text: str, column: str, unit: Unit, where: str, *, signed: bool = False) -> int:
    if not text:
        return 0
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise LedgerFileError(f"{column} {text!r} is not a number", where=where, hint=_HINT) from None
    if not amount.is_finite() or (amount < 0 and not signed):
        raise LedgerFileError(f"{column} {text!r} is not an amount", where=where, hint=_HINT)
    cents = amount * 100 if unit == "dollars" else amount
    if cents != cents.to_integral_value():
        other = "dollars" if unit == "cents" else "cents"
        raise LedgerFileError(
            f"{column} {text!r} is not a whole number of cents (amounts read as {unit})",
            where=where,
            hint=f"if the file is in {other}, say so (unit={other!r})",
        )
    return int(cents)


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(v for v in values if v))


def seat_name(player: LedgerPlayer, names: dict[str, str], source: str) -> str:
    """The seat name a ledger player gets: ``names`` (``--name NICK=NAME``, any of his nicknames,
    ignoring case) first, else his nickname with spaces as underscores; LedgerFileError at his rows
    when that is no seat name."""
    wanted = next((names[n.casefold()] for n in player.nicknames if n.casefold() in names), None)
    typed = wanted or re.sub(r"[^\w'-]+", "_", player.name).strip("_") or player.name
    try:
        return check_seat_name(typed)
    except InputError as err:
        rows = ",".join(map(str, player.rows))
        raise LedgerFileError(f"{player.name!r} cannot sit at a referee table: {err.message}",
                              where=f"{source}:{rows}",
                              hint=f"name him: --name \"{player.name}=OneWord\" (an existing player's name or alias "
                                   "merges the results)") from None


def record_pokernow(store: object, ledger: PokerNowLedger, *, table: str, names: dict[str, str] | None = None,
                    currency: str = "USD", rulebook: str = "straight_draw",
                    again: bool = False) -> tuple[int, list[tuple[str, LedgerPlayer]], dict[str, str]]:
    """Record a PokerNow ledger as a closed session with no hands: each player sits down with his
    buy-ins (one chip a cent) and cashes out what he left with; the currency as a ledger setting.
    All of it in one transaction; returns the session's id and each seat name with its player.  The
    ledger's fingerprint is stored with it: the same ledger again is refused (DuplicateNightError,
    naming the session) unless ``again``.  The session starts and ends at the ledger's own times.

    ``names`` (``--name NICK=NAME``) must each name a nickname of the ledger: one that matches nobody
    is refused, naming the nicknames it holds.  Also returned: the seats that are players already in
    the store (a nickname, ignoring case, or an alias), with the player each one joins."""
    nicknames = _unique(n for p in ledger.players for n in p.nicknames)
    held = {n.casefold() for n in nicknames}
    for nick, name in (names or {}).items():
        if nick.casefold() not in held:
            raise LedgerFileError(f"no player of {ledger.source} is called {nick!r} (--name {nick}={name})",
                                  where="--name",
                                  hint=f"the ledger's nicknames: {', '.join(map(repr, nicknames))}; name one of them")
    wanted = {k.casefold(): v for k, v in (names or {}).items()}
    seats = [(seat_name(p, wanted, ledger.source), p) for p in ledger.players]
    taken: dict[str, LedgerPlayer] = {}
    for seat, p in seats:
        other = taken.get(seat.casefold())
        if other is not None:
            raise LedgerFileError(f"{other.name!r} and {p.name!r} would both sit as {seat!r}",
                                  where=f"{ledger.source}:{','.join(map(str, p.rows))}",
                                  hint="give them different names with --name NICK=NAME")
        taken[seat.casefold()] = p

    with one_import(store, ledger.source, "ledger"), store.transaction() as tx:  # type: ignore[attr-defined]
        known = {seat: person.name for seat, _ in seats if (person := tx.find_player(seat)) is not None}
        game = tx.new_session(table_name=table, rulebook=rulebook, chip_value_cents=1, started_at=ledger.started,
                              seats=[SeatSpec(seat, p.buy_in) for seat, p in seats], origin=ORIGIN_POKERNOW)
        assert game.id is not None
        tx.append_events(game.id, None, [LedgerSetting("currency", currency)])
        # the game ran from its first sit-down to its last timestamp, not until the import
        tx.close_session(game.id, [(seat, p.buy_out) for seat, p in seats], ended_at=ledger.ended)
        check_copies(tx, game.id, ledger_fingerprint(ledger), source=ledger.source, again=again,
                     what="ledger")
        return int(game.id), seats, known
