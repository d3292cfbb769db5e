"""Players' results across nights: each session's ledger, added up per person.

A person is the store's player: the seat names of the nights and every alias of the player
(``Bobby`` → ``Robert``) add up to one row.  Sessions are chosen by the day they started (a range,
or a season: a calendar year) and optionally by table; a session still open is left out unless asked
for (its results are provisional), and so is a session kept in another currency than the standings'
(money of two currencies does not add up), each named in ``skipped``.  A voided night is left out;
so is a night whose log no longer replays (recorded by an older referee, say), which never breaks the
others: it is named in ``broken`` with the command that fixes it (:func:`void_command`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from referee.i18n.said import said_later
from referee.errors import InputError, RefereeError
from referee.store.chain import BrokenChainError
from referee.ledger.kept import CHECK_CHAIN, CHECK_HEAD, NightFigures, Progress, night_figures
from referee.ledger.settlement import name_order
from referee.money import format_signed
from referee.money.settings import MissingSetting

if TYPE_CHECKING:
    from referee.ledger.ledger import SessionLedger
    from referee.store.store import Store
    from referee.store.models import GameSession


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: str
    #: the names he sat under (seat names and aliases used)
    names: tuple[str, ...]
    nights: int
    hands: int
    won_nights: int
    net_cents: int
    best_cents: int
    worst_cents: int


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    currency: str
    locale: str
    sessions: tuple[int, ...]
    start: date | None = None
    end: date | None = None
    skipped: tuple[tuple[int, str], ...] = ()
    #: nights left out because their log does not replay: (session, a warning naming the fix)
    broken: tuple[tuple[int, str], ...] = ()
    #: the nights replayed for this answer (the others' figures were kept in the store, still fitting their log)
    replayed: tuple[int, ...] = ()
    #: every counted night's hash chain checked (each event's hash recomputed), not only the head its
    #: kept figures were signed at
    chains_checked: bool = False

    def money(self, cents: int) -> str:
        return format_signed(cents, self.currency, self.locale)


@dataclass
class _Person:
    names: list[str] = field(default_factory=list)
    nights: int = 0
    hands: int = 0
    won: int = 0
    net: int = 0
    results: list[int] = field(default_factory=list)


class UnreplayableNight(InputError):
    """A stored night whose log the engine cannot replay (recorded by an older referee, say): it is
    named with the command that keeps it out of every count."""


def void_command(session_id: int) -> str:
    return f'referee session void {session_id} --why "..."'


def unreplayable(game: GameSession, err: RefereeError) -> UnreplayableNight:
    """The error for a night whose log does not replay, naming it and the command that fixes it."""
    what = str(err).removeprefix(f"session {game.id}: ")
    return UnreplayableNight(
        f"its log does not replay ({what})", where=f"session {game.id} ({game.table_name}, {game.started_at:%Y-%m-%d})",
        hint=f"`{void_command(game.id)}` keeps it out of every count (its log is kept); "  # type: ignore[arg-type]
             "or void it and import the night again from a corrected file")


def refuse_void(game: GameSession) -> None:
    """A voided night counts nowhere: InputError for a command that would count it."""
    if game.void_reason is not None:
        raise InputError(f"session {game.id} is void ({game.void_reason}): it counts nowhere",
                         hint=f"`referee export {game.id} --json` still gives its log")


@contextmanager
def replaying(game: GameSession) -> Iterator[None]:
    """Around the replay of one night for a command about it: a void night is refused, and a log
    that does not replay becomes :class:`UnreplayableNight` (its name and the fix), not a crash."""
    refuse_void(game)
    try:
        yield
    except (UnreplayableNight, MissingSetting, BrokenChainError):  # each says its own fix
        raise
    except RefereeError as err:
        raise unreplayable(game, err) from None


def season_range(season: str) -> tuple[date, date]:
    """``"2026"``: the calendar year."""
    text = season.strip()
    if not (text.isascii() and text.isdigit() and len(text) == 4):
        raise InputError(f"bad season {season!r}", where="--season", hint="a season is a year, like 2026")
    year = int(text)
    return date(year, 1, 1), date(year, 12, 31)


def parse_day(text: str, option: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(f"bad date {text!r}", where=option, hint="write a day as YYYY-MM-DD, like 2026-03-31") from None


def day_range(start: str | None, end: str | None, season: str | None) -> tuple[date | None, date | None]:
    """The days ``--from``/``--to`` or ``--season`` choose (None: no bound), as the commands that
    choose nights by their day read them."""
    if season is not None:
        if start or end:
            raise InputError("--season and --from/--to both given", where="--season", hint="give one or the other")
        return season_range(season)
    return (parse_day(start, "--from") if start else None, parse_day(end, "--to") if end else None)


def add_up(ledgers: Iterable[tuple[SessionLedger, dict[str, int]]], *, currency: str, locale: str,
           sessions: tuple[int, ...] = (), start: date | None = None, end: date | None = None,
           skipped: tuple[tuple[int, str], ...] = ()) -> Standings:
    """Standings from ledgers and each night's hands per seat name."""
    people: dict[str, _Person] = {}
    for ledger, hands in ledgers:
        for line in ledger.players:
            person = people.setdefault(line.player, _Person())
            if line.name not in person.names:
                person.names.append(line.name)
            person.nights += 1
            person.hands += hands.get(line.name, 0)
            person.won += line.balance_cents > 0
            person.net += line.balance_cents
            person.results.append(line.balance_cents)
    ordered = sorted(people.items(), key=lambda item: (-item[1].net, name_order(item[0])))
    rows, rank = [], 0
    for index, (player, p) in enumerate(ordered):
        if index == 0 or p.net != ordered[index - 1][1].net:
            rank = index + 1
        rows.append(StandingRow(rank, player, tuple(p.names), p.nights, p.hands, p.won, p.net,
                                max(p.results), min(p.results)))
    return Standings(tuple(rows), currency, locale, sessions, start, end, skipped)


@dataclass(frozen=True)
class CountedNights:
    """The nights a question about results counts: each with its figures, oldest first, and those
    left out (``skipped``, ``broken``) with why."""

    nights: tuple[tuple[GameSession, NightFigures], ...]
    currency: str
    locale: str
    skipped: tuple[tuple[int, str], ...] = ()
    broken: tuple[tuple[int, str], ...] = ()
    replayed: tuple[int, ...] = ()


def counted_nights(store: Store, *, start: date | None = None, end: date | None = None, table: str | None = None,
                   currency: str | None = None, include_open: bool = False, verify: bool = False,
                   progress: Progress | None = None) -> CountedNights:
    """The nights that started from ``start`` to ``end`` (days, inclusive, UTC) at ``table`` that
    count: not void, closed (unless ``include_open``), replaying, in one currency (``currency``, or
    that of most of them); their figures kept where they fit the log.  A night's kept figures are
    believed while they carry the store's signature of the head its log still ends at; ``verify``:
    and only once every event's hash is recomputed (an event edited in the table, the hashes left as
    they were, is found).  A night replayed has its chain checked always.  ``progress``: wraps the
    nights to replay (:func:`referee.ledger.kept.night_figures`)."""
    if start and end and start > end:
        raise InputError(f"the range starts ({start}) after it ends ({end})", where="--from",
                         hint="give the earlier day with --from and the later with --to")
    chosen = []
    for game in store.sessions():
        day = _day(game.started_at)
        if (start and day < start) or (end and day > end):
            continue
        if table and game.table_name.casefold() != table.casefold():
            continue
        chosen.append(game)
    skipped: list[tuple[int, str]] = []
    broken: list[tuple[int, str]] = []
    counted = []
    for game in chosen:
        assert game.id is not None
        if game.void_reason is not None:
            skipped.append((game.id, said_later("void ({reason})", reason=game.void_reason)))
        elif game.status != "closed" and not include_open:
            skipped.append((game.id, said_later("still open (its results are provisional)")))
        else:
            counted.append(game)
    # kept figures where they fit the log; the others replayed
    figures = night_figures(store, counted, check=CHECK_CHAIN if verify else CHECK_HEAD, progress=progress)
    good: list[tuple[GameSession, NightFigures]] = []
    for game in counted:
        found = figures[game.id]  # type: ignore[index]
        # one night whose log does not replay never breaks the others: it is named, with its fix
        if isinstance(found, MissingSetting):
            skipped.append((game.id, said_later("a money setting is missing")))  # type: ignore[arg-type]
            broken.append((game.id, f"session {game.id} ({game.table_name}, {game.started_at:%Y-%m-%d}) "  # type: ignore[arg-type]
                                    f"{found.message.removeprefix(f'session {game.id} ')}; {found.hint}"))
        elif isinstance(found, BrokenChainError):
            skipped.append((game.id, said_later("its log was changed after recording")))  # type: ignore[arg-type]
            broken.append((game.id, f"{found.where}: {found.message}; {found.hint}"))  # type: ignore[arg-type]
        elif isinstance(found, RefereeError):
            bad = unreplayable(game, found)
            skipped.append((game.id, said_later("its log does not replay")))  # type: ignore[arg-type]
            broken.append((game.id, f"{bad.where}: {bad.message}; {bad.hint}"))  # type: ignore[arg-type]
        else:
            good.append((game, found))
    if currency is None:
        counts: dict[str, tuple[int, int]] = {}  # currency -> (nights, the first night kept in it)
        for index, (_, night) in enumerate(good):
            nights, first = counts.get(night.ledger.settings.currency, (0, -index))
            counts[night.ledger.settings.currency] = (nights + 1, first)
        currency = max(counts, key=lambda c: counts[c]) if counts else "EUR"  # most nights; on a tie, the earliest
    currency = currency.upper()
    kept = []
    for game, night in good:
        if night.ledger.settings.currency != currency:
            skipped.append((game.id, said_later("kept in {kept}, not {currency}", kept=night.ledger.settings.currency,
                                                currency=currency)))  # type: ignore[arg-type]
        else:
            kept.append((game, night))
    locale = kept[0][1].ledger.settings.locale if kept else "en_GB"
    replayed = tuple(sid for sid, found in figures.items() if not isinstance(found, RefereeError) and found.replayed)
    return CountedNights(tuple(kept), currency, locale, tuple(sorted(skipped)), tuple(broken), replayed)


def standings(store: Store, *, start: date | None = None, end: date | None = None, table: str | None = None,
              currency: str | None = None, include_open: bool = False, verify: bool = False,
              progress: Progress | None = None) -> Standings:
    """The standings of the sessions that started from ``start`` to ``end`` (days, inclusive, UTC);
    ``verify`` and ``progress`` as :func:`counted_nights` takes them."""
    found = counted_nights(store, start=start, end=end, table=table, currency=currency, include_open=include_open,
                           verify=verify, progress=progress)
    ledgers = [(night.ledger, dict(night.hands)) for _, night in found.nights]
    ids = tuple(ledger.session_id for ledger, _ in ledgers if ledger.session_id is not None)
    return replace(add_up(ledgers, currency=found.currency, locale=found.locale, sessions=ids, start=start, end=end,
                          skipped=found.skipped), broken=found.broken, replayed=found.replayed,
                   chains_checked=verify)


def _day(moment: datetime) -> date:
    return moment.date()


__all__ = ["CountedNights", "StandingRow", "Standings", "UnreplayableNight", "add_up", "counted_nights", "day_range",
           "parse_day", "refuse_void", "replaying",
           "season_range", "standings", "unreplayable", "void_command"]
