"""A night's figures, kept in the store so that a season is not replayed on every question.

What is kept, per session, is what the readers of a finished replay need and nothing they can read
more cheaply elsewhere: the session's ledger (:class:`~referee.ledger.ledger.SessionLedger`: every
player's money, the chip check, the difference and who absorbed it, the games' money, the payments,
the notes; ``settle`` and the standings read it) and how many hands each seat name played (the
standings' "Hands").  It is a JSON document (:data:`FORMAT`) the store keeps beside the log with the
head of the log's hash chain it was computed at (:mod:`referee.store.kept`).

**Never stale.**  A kept document is read only when the session's log still ends at that head, the
session's status is the one it was computed with, and its format and the code that computed it
(:func:`referee.store.kept.deciding_code`: an upgrade that changes no rule keeps it) are this
referee's; otherwise the night is replayed, and the new document replaces the old one.  Every change
to a night is an appended event (a new action, a correction, a ruling, a setting, a payment, a
reopen, a close), so it moves the head.  What the log does not hold is read fresh every time: who the
seat names are (aliases merged), whether the night is void.  A document that does not decode is
replayed and replaced too.  A night whose log does not replay is never kept: it is reported as it
always was, on every read.

**Believed only from a chain that holds.**  The head alone does not show an event edited in the
table with the later hashes left as they were: a single night's figures (``settle``) are served only
after its chain is checked (every event's hash recomputed: no replay), :data:`CHECK_CHAIN`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from referee.engine.events import WhiskyBill
from referee.engine.money import GameMoney
from referee.errors import RefereeError
from referee.i18n.said import from_kept, kept_form
from referee.ledger.ledger import ChipCheck, Difference, Entry, PlayerLine, SessionLedger
from referee.money.settings import MoneySettings
from referee.plain_data import plain
from referee.ledger.settlement import Transfer

if TYPE_CHECKING:
    from referee.handfile.replay import ReplayedNight
    from referee.store.store import Store
    from referee.store.models import GameSession

#: the kept document's version: raised whenever what it holds, or how it is read, changes
FORMAT: Final = 5
#: what :func:`night_figures` checks of a night whose kept figures fit its head: every event's hash
CHECK_CHAIN: Final = "chain"
#: ... or only the head (the chains are checked by the caller, or it says they are not)
CHECK_HEAD: Final = "head"
#: wraps the nights to replay, yielding each (a progress bar while they are replayed)
Progress = Callable[[Sequence["GameSession"]], Iterable["GameSession"]]


@dataclass(frozen=True)
class Concern:
    """An illegal action found, or a ruling, of the night, and the seat name it concerns: a player's
    page and the season's report list them without replaying the night (a warning, such as a raise
    capped at the limit, stays the night report's: a season of them would weigh on every read)."""

    #: ``finding`` or ``ruling``
    kind: str
    hand: int
    action: int | None
    #: the seat name whose action it is about (None: nobody's in particular)
    player: str | None
    #: a finding's code (``false_open``, ``out_of_turn``…), or the one a ruling rests on
    code: str | None
    #: the finding's message, or the ruling in words
    text: str
    rule: str | None = None
    #: the cited rule's text in the rulebook of the hand
    rule_text: str | None = None
    #: a ruling's question as the table asked it
    question: str | None = None
    #: a finding: the later hands of the night where the same player did the same (its first is
    #: ``hand``), so that a night of a hundred capped raises keeps one line, not a hundred
    also: tuple[int, ...] = ()

    @property
    def hands(self) -> tuple[int, ...]:
        return (self.hand, *self.also)

    @property
    def where(self) -> str:
        """``hand 7, action 3``; a finding of several hands ``hands 3, 7, 9`` (the first five, then how
        many more)."""
        from referee.i18n import _

        if not self.also:
            return (_("hand {hand}, action {action}").format(hand=self.hand, action=self.action) if self.action
                    else _("hand {hand}").format(hand=self.hand))
        shown = ", ".join(map(str, self.hands[:5]))
        more = len(self.hands) - 5
        return (_("hands {hands} and {more} more").format(hands=shown, more=more) if more > 0
                else _("hands {hands}").format(hands=shown))


@dataclass(frozen=True)
class NightFigures:
    """What a replayed night adds up to: its ledger, the hands each seat name played, and per seat
    name and game the hands played and won; the night's findings and rulings with whom they concern."""

    ledger: SessionLedger
    hands: Mapping[str, int]
    #: how many hands the night holds
    hand_count: int
    #: replayed for this answer (False: read from the kept document)
    replayed: bool = False
    #: seat name -> game title -> (hands played, hands won: a share of a pot)
    games: Mapping[str, Mapping[str, tuple[int, int]]] = field(default_factory=dict)
    concerns: tuple[Concern, ...] = ()


def _rule_text(rulebook: Any, rule: str | None) -> str | None:
    if rule is None or not rulebook.has_rule(rule):
        return None
    try:
        return str(rulebook.rule_text(rule))
    except RefereeError:
        return None


def figures_of(ledger: SessionLedger, replayed: ReplayedNight) -> NightFigures:
    """The figures of a night just replayed."""
    from referee.engine.games import game_title

    hands: dict[str, int] = {}
    games: dict[str, dict[str, tuple[int, int]]] = {}
    concerns: list[Concern] = []
    found: dict[tuple[str, str | None, str | None], tuple[Concern, list[int]]] = {}  # code, player, rule
    by_number = {}
    for hand in replayed:
        by_number[hand.entry.number] = hand
        title = game_title(hand.entry.game)
        winners = {name for pot in hand.replay.outcome.pots for name in pot.winners}
        for name in hand.replay.setup.names:
            hands[name] = hands.get(name, 0) + 1
            played, won = games.setdefault(name, {}).get(title, (0, 0))
            games[name][title] = (played + 1, won + (name in winners))
        for f in hand.replay.findings:
            if f.severity != "error":  # an illegal action: a warning is the night's report's
                continue
            key = (f.code, f.player, f.rule)
            if key in found:
                found[key][1].append(hand.entry.number)
            else:
                found[key] = (Concern("finding", hand.entry.number, f.action, f.player, f.code, f.message, f.rule,
                                      _rule_text(hand.rulebook, f.rule)), [])
    concerns += [replace(first, also=tuple(later)) for first, later in found.values()]
    for ruling in getattr(replayed.night, "rulings", ()):
        hand = by_number.get(ruling.hand)
        player = None
        if hand is not None and 1 <= ruling.action <= len(hand.replay.events):
            player = getattr(hand.replay.events[ruling.action - 1], "player", None)
        concerns.append(Concern("ruling", ruling.hand, ruling.action, player, ruling.code, ruling.ruling, ruling.rule,
                                _rule_text(hand.rulebook, ruling.rule) if hand is not None else None,
                                ruling.question))
    return NightFigures(ledger, hands, len(replayed), replayed=True, games=games, concerns=tuple(concerns))


# ---------------------------------------------------------------- the document


def _tuples(value: Any) -> Any:
    """JSON's lists back to the tuples the ledger's records hold, its words back to what they say
    (:class:`referee.i18n.said.Said`)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return from_kept(value)


@cache
def _init_names(cls: type) -> tuple[tuple[str, ...], frozenset[str]]:
    """The fields ``cls`` is made from, in order and as a set (read once per class, not per record)."""
    names = tuple(f.name for f in fields(cls) if f.init)
    return names, frozenset(names)


def _record(cls: type, data: Mapping[str, Any], **decoded: Any) -> Any:
    """``cls`` from its fields in ``data`` (lists as tuples), those in ``decoded`` as given; a field
    missing, or one too many, is a document that does not fit (KeyError/TypeError)."""
    names, known = _init_names(cls)
    if data.keys() != known:
        raise KeyError(f"{cls.__name__} fields {sorted(set(data) ^ known)}")
    return cls(**{n: decoded[n] if n in decoded else _tuples(data[n]) for n in names})


def encode(figures: NightFigures, status: str) -> dict[str, Any]:
    """The document kept for ``figures`` of a night in ``status`` (open or closed)."""
    from referee.report.json_doc import transfer_json

    ledger = figures.ledger
    doc = {f.name: plain(asdict(getattr(ledger, f.name)) if f.name in ("settings", "check", "difference")
                          else getattr(ledger, f.name))
           for f in fields(SessionLedger)}
    for name in ("players", "entries", "games"):
        doc[name] = [plain(asdict(item)) for item in getattr(ledger, name)]
    doc["payments"] = [transfer_json(t) for t in ledger.payments]
    doc["whisky_bills"] = [{"cents": bill.cents, "paid_by": bill.paid_by} for bill in ledger.whisky_bills]
    return {"status": status, "hand_count": figures.hand_count, "hands": dict(figures.hands), "ledger": kept_form(doc),
            "games": {name: {title: list(counts) for title, counts in games.items()}
                      for name, games in figures.games.items()},
            "concerns": [asdict(concern) for concern in figures.concerns]}


def decode(document: Mapping[str, Any], people: Mapping[str, str]) -> NightFigures:
    """The figures a kept document holds, the seat names read as ``people`` says today (an alias added
    since counts).  A document that does not fit raises KeyError, TypeError or ValueError."""
    doc = document["ledger"]
    settings = _record(MoneySettings, doc["settings"], set_in_log=frozenset(doc["settings"]["set_in_log"]))
    players = tuple(_record(PlayerLine, line, player=people.get(line["name"], line["name"])) for line in doc["players"])
    ledger = _record(
        SessionLedger, doc, settings=settings, players=players,
        entries=tuple(_record(Entry, e) for e in doc["entries"]),
        check=_record(ChipCheck, doc["check"]),
        difference=_record(Difference, doc["difference"]),
        games=tuple(_record(GameMoney, g) for g in doc["games"]),
        payments=tuple(_record(Transfer, t) for t in doc["payments"]),
        whisky_bills=tuple(WhiskyBill(int(b["cents"]), str(b["paid_by"])) for b in doc["whisky_bills"]),
    )
    hands = {str(name): int(count) for name, count in document["hands"].items()}
    games = {str(name): {str(title): (int(played), int(won)) for title, (played, won) in per.items()}
             for name, per in document["games"].items()}
    concerns = tuple(_record(Concern, c, also=tuple(int(h) for h in c["also"])) for c in document["concerns"])
    return NightFigures(ledger, hands, int(document["hand_count"]), games=games, concerns=concerns)


# ---------------------------------------------------------------- reading them


def night_figures(store: Store, games: Sequence[GameSession],
                  people: Mapping[int, Mapping[str, str]] | None = None, *, check: str = CHECK_HEAD,
                  progress: Progress | None = None) -> dict[int, NightFigures | RefereeError]:
    """The figures of each night of ``games`` (none of them void): the kept document where it fits,
    else the night replayed (and its document kept for the next reader).  A night whose log does not
    replay, or that lacks a money setting, maps to its error, as replaying it raised it; one whose
    hash chain does not verify, to :class:`~referee.store.chain.BrokenChainError` (a kept document is
    kept only from a log whose chain verified, and is bound to its head by the store's key).

    ``check``: what is checked of a night whose kept document fits its head: :data:`CHECK_CHAIN`
    (every event's hash recomputed, so an event edited in the table, the head left as it was, is
    found: no replay) or :data:`CHECK_HEAD` (only the head it was kept at: the caller checks the
    chains, or says it does not).  A night replayed always has its whole chain checked first.
    ``people``: each session's seat names and the person each is (read from the store if not given).
    ``progress``: wraps the nights to replay (a progress bar while they are replayed)."""
    from referee.store.chain import broken_chain, verify_chain
    from referee.store.kept import FIGURES, Result, deciding_code
    from referee.store.log import LogSnapshot

    ids = [game.id for game in games if game.id is not None]
    if people is None:
        people = store.seat_players(ids)
    kept = store.kept_results(ids)
    code = deciding_code()
    out: dict[int, NightFigures | RefereeError] = {}
    to_replay: list[GameSession] = []
    served: dict[int, NightFigures] = {}
    for game in games:
        sid = game.id
        assert sid is not None
        mine = kept.get(sid)
        if mine is not None and mine.fits(FORMAT, code):
            try:
                served[sid] = decode(mine.document, people.get(sid, {}))  # type: ignore[arg-type]
                continue
            except (KeyError, TypeError, ValueError, AttributeError):
                pass  # a document that does not decode is replayed and replaced, never trusted
        to_replay.append(game)
    chains = store.verify_chains(list(served)) if check == CHECK_CHAIN and served else {}
    for game in games:
        sid = game.id
        if sid in served:
            report = chains.get(sid)  # type: ignore[arg-type]
            out[sid] = served[sid] if report is None or report.ok else broken_chain(report, _where(game))  # type: ignore[index]
    to_keep: list[Result] = []
    for game in (progress(to_replay) if progress is not None and to_replay else to_replay):
        sid = game.id
        assert sid is not None
        snapshot: LogSnapshot = store.log_snapshot(sid)
        report = verify_chain(snapshot.session, snapshot.events)
        if not report.ok:  # the log read is the log proven: a night edited afterwards is not counted
            out[sid] = broken_chain(report, _where(game))
            continue
        try:
            figures = _replay(snapshot, people.get(sid, {}))
        except RefereeError as err:
            out[sid] = err
            continue
        out[sid] = figures
        to_keep.append(Result(sid, FIGURES, report.events, report.head, FORMAT, code,
                              encode(figures, snapshot.session.status)))
    store.keep_results(to_keep)
    return {game.id: out[game.id] for game in games}  # type: ignore[index]


def _where(game: GameSession) -> str:
    return f"session {game.id} ({game.table_name}, {game.started_at:%Y-%m-%d})"


def _replay(snapshot: Any, people: Mapping[str, str]) -> NightFigures:
    """The figures of the night ``snapshot`` holds, replayed."""
    from referee.handfile.replay import replay_night_file
    from referee.ledger.ledger import build_ledger
    from referee.recording.session_log import read_session_log

    from referee.i18n import speaking

    with speaking("en"):  # what is kept is language-neutral: the findings' words the replay builds too
        log = read_session_log(snapshot)
        replayed = replay_night_file(log.night)
        return figures_of(build_ledger(log, replayed, people), replayed)


def figures_for(store: Store, game: GameSession) -> NightFigures:
    """One night's figures (see :func:`night_figures`), its whole chain checked first
    (:data:`CHECK_CHAIN`); its error raised where it has one."""
    found = night_figures(store, [game], check=CHECK_CHAIN)[game.id]  # type: ignore[index]
    if isinstance(found, RefereeError):
        raise found
    return found


def replace_unverified(store: Store, session_id: int | None = None) -> list[tuple[int, str]]:
    """Find every kept result that does not carry the store's digest (edited outside referee), drop
    it and keep it anew from the log: the figures of a night that counts, the thread of the table.
    Returns the rows replaced (session, kind), for ``referee db verify`` to name (of ``session_id``
    only, when given)."""
    from referee.recording.kept_thread import rethread
    from referee.store.kept import FIGURES

    found = [(sid, kind) for sid, kind in store.unverified_kept() if session_id in (None, sid)]
    games = {game.id: game for game in store.sessions()} if found else {}
    for sid, kind in found:
        store.forget_kept(sid, kind)
        game = games.get(sid)
        if game is None or game.void_reason is not None:
            continue
        if kind == FIGURES:
            night_figures(store, [game])
        else:
            rethread(store, sid)
    return found


__all__ = ["CHECK_CHAIN", "CHECK_HEAD", "FORMAT", "Progress", "Concern", "NightFigures", "decode", "encode", "figures_for", "figures_of", "night_figures",
           "replace_unverified"]
