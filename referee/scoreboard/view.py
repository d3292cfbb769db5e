"""What a scoreboard page shows of a session, as plain JSON data: only what the table has seen.

The view is built from the public projection of the night (:mod:`referee.engine.public`): every hand
is replayed from its events as the table saw them, a card nobody has seen written ``??``.  Whose
turn it is, what was done, who won and with what, the pot's fate, the findings, the standings and the
chips chart all come from that replay, so a card the scorekeeper logged from a deal never reaches the
data a page is sent, nor anything decided by it: a showdown whose hands are unshown waits for the
shows there, and the standings count the hand as not yet decided.  The scorekeeper's own views
(terminal, report, ``replay``) read the whole log and are not made here.

Free text the recorder typed (a void or misdeal reason, a dispute's question and ruling) is shown with
every card named in it written ``??`` unless the table has seen that card (:func:`mask_text`), and a
seated player's name is never taken for a card.

:class:`PublicPage` makes the view from a read of the log (:meth:`PublicPage.view`); it keeps the
public replay of the hands already finished, so a log that has only grown since the last call replays
its current hand alone.  :func:`session_view` is the one-shot read.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.cards import RANK_CHAR, RANK_NAME, RANK_PLURAL, RANK_VALUE, SUIT_NAME, Card, parse_card
from referee.engine import events as ev
from referee.engine.games import game_title
from referee.engine.night import NightHand, NightStep
from referee.engine.public import PublicNightReplay, mask_event
from referee.engine.replay import HandReplay, play, start_hand
from referee.errors import RefereeError
from referee.handfile.model import HandEntry, Night
from referee.handfile.replay import ReplayedHand, night_hands
from referee.handfile.writer import EventWriter
from referee.i18n import N_, _
from referee.ledger.ledger import game_walk, people_of, walked_ledger
from referee.ledger.paying import details_by_seat, transfer_ways
from referee.recording.session_log import SessionLog, read_session_log
from referee.report.chart import chips_chart
from referee.report.document import HandLines
from referee.report.json_doc import finding_json, pay_way_json, settlement_json
from referee.rulebook.loader import load_rules
from referee.store.log import LogSnapshot

#: what a page is told when the night cannot be shown (a log the engine refuses, a rulebook gone):
#: never the error itself, which may name a card or a path of the server
UNAVAILABLE = N_("the night cannot be shown right now")

#: what the page says of a hand whose result waits for cards to be shown
WAITING_FOR_SHOWS = N_("showdown: waiting for the shows")
PROOF_PENDING = N_("opener's proof pending")


# ---------------------------------------------------------------- free text


#: a card in words: ``jack of hearts``, ``J of hearts``, ``10 of spade``
_RANK_WORDS = {word: rank for rank, word in RANK_NAME.items()} | {word: rank for rank, word in RANK_PLURAL.items()} \
    | {char.casefold(): rank for char, rank in RANK_VALUE.items()} | {"10": 10}
_SUIT_WORDS = {name: suit for suit, name in SUIT_NAME.items()} | {name[:-1]: suit for suit, name in SUIT_NAME.items()}
#: a card in Russian words, the rank then the suit in the genitive: ``валет червей``, ``туза пик``,
#: ``десятку бубен`` (each word by its stem, so every case of it)
_RU_RANK_STEMS = (("туз", 14), ("корол", 13), ("дам", 12), ("валет", 11), ("десятк", 10), ("девятк", 9),
                  ("восьмёрк", 8), ("восьмерк", 8), ("семёрк", 7), ("семерк", 7), ("шестёрк", 6), ("шестерк", 6),
                  ("пятёрк", 5), ("пятерк", 5), ("четвёрк", 4), ("четверк", 4), ("тройк", 3), ("двойк", 2))
_RU_SUIT_STEMS = (("черв", "h"), ("бубн", "d"), ("бубен", "d"), ("бубён", "d"), ("треф", "c"), ("пик", "s"))
#: a word of free text: a run of letters, digits and suit symbols
_WORD = re.compile(r"[\w♣♦♥♠♧♢♡♤]+")


def _card_of(token: str) -> Card | None:
    """The card ``token`` is in any form the card reader accepts (``Jh``, ``jh``, ``10h``, ``J♡``, ``Jk1``), else None."""
    try:
        found = parse_card(token)
    except RefereeError:
        return None
    return found if isinstance(found, Card) else None


def _cards_in_word(word: str) -> list[Card]:
    """``word`` read as cards written together (``Jh``, ``JhJd``, ``10h9h``), else nothing."""
    out: list[Card] = []
    i = 0
    while i < len(word):
        found = next(((c, size) for size in (3, 2) if (c := _card_of(word[i:i + size])) is not None), None)
        if found is None:
            return []
        out.append(found[0])
        i += found[1]
    return out


def _card_in_words(words: Sequence[str]) -> Card | None:
    """The card ``rank of suit`` names, when the three words are that."""
    if len(words) < 3 or words[1].casefold() != "of":
        return None
    rank, suit = _RANK_WORDS.get(words[0].casefold()), _SUIT_WORDS.get(words[2].casefold())
    return parse_card(RANK_CHAR[rank] + suit) if rank and suit else None  # type: ignore[return-value]


def _card_in_russian(words: Sequence[str]) -> Card | None:
    """The card ``rank suit`` names in Russian (``валет червей``, ``10 пик``), when the two words are that."""
    if len(words) < 2:
        return None
    first, second = words[0].casefold(), words[1].casefold()
    rank = _RANK_WORDS.get(first) or next((r for stem, r in _RU_RANK_STEMS if first.startswith(stem)), None)
    suit = next((s for stem, s in _RU_SUIT_STEMS if second.startswith(stem)), None)
    return parse_card(RANK_CHAR[rank] + suit) if rank and suit else None  # type: ignore[return-value]


def mask_text(text: str, public: frozenset[Card] | set[Card], names: Iterable[str] = ()) -> str:
    """``text`` (typed by the recorder) with every card it names that is not in ``public`` written
    ``??``: cards in any form the card reader accepts (``jh jd``, ``JhJd``, ``J♡``) and in English or
    Russian words (``jack of hearts``, ``валет червей``).  A word that is a player's name (``names``) is a name, not a card."""
    people = {n.casefold() for n in names}
    found = list(_WORD.finditer(text))
    out: list[str] = []
    last = k = 0
    while k < len(found):
        m = found[k]
        for read, width in ((_card_in_words, 3), (_card_in_russian, 2)):  # "jack of hearts", "валет червей"
            spelt = read([w.group(0) for w in found[k:k + width]])
            if spelt is not None:
                break
        if spelt is not None:
            if spelt not in public:
                out.append(text[last:m.start()] + "??")
                last = found[k + width - 1].end()
            k += width
            continue
        cards = [] if m.group(0).casefold() in people else _cards_in_word(m.group(0))
        if any(c not in public for c in cards):
            out.append(text[last:m.start()] + " ".join(c.text if c in public else "??" for c in cards))
            last = m.end()
        k += 1
    out.append(text[last:])
    return "".join(out)


# ---------------------------------------------------------------- the public night


@dataclass(frozen=True)
class _Hand:
    """A hand of the public replay: the hand (its entry with the public events), the cards public
    after each of its events, and the thread's record of it."""

    replayed: ReplayedHand
    seen: list[frozenset[Card]]
    step: NightStep


@dataclass
class _Kept:
    """The public replay of a night past some of its hands (``entries``, as the log held them)."""

    header: tuple[object, ...]
    entries: tuple[HandEntry, ...]
    replay: PublicNightReplay
    hands: list[_Hand]


def _walk(kept: _Kept, night: Night, entries: Sequence[HandEntry]) -> None:
    """Replay ``entries`` (hands of ``night``) from where ``kept`` stands, publicly, and move it past them."""
    if not entries:
        return
    for entry, hand in zip(entries, night_hands(replace(night, hands=tuple(entries))), strict=True):
        result = kept.replay.hand(hand)
        replayed = ReplayedHand(replace(entry, events=result.events[:len(entry.events)]), result)
        kept.hands.append(_Hand(replayed, kept.replay.seen, kept.replay.thread.steps[-1]))


class PublicPage:
    """The players' page of one session, made from the public projection of its log."""

    def __init__(self) -> None:
        self._kept: _Kept | None = None  # the public replay past the finished hands

    def view(self, snapshot: LogSnapshot, people: Mapping[str, str],
             decoded: dict[int, ev.Event] | None = None, log: SessionLog | None = None,
             paying: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, Any]:
        """Everything a page shows of the session ``snapshot`` holds (plain data for JSON): a function
        of the log as read (``people``: each seat's person, for the ledger; ``decoded``: the events of
        rows decoded before, by seq, kept by a caller that reads a growing log; ``log``: the session
        read from ``snapshot`` already, by such a caller), and of ``paying``: each payee's payment
        details by the name he sat under, shown only on the transfers to him once the night is
        closed.  A log that cannot be replayed gives :func:`unavailable_view`, never the error."""
        try:
            return self._view(snapshot, people, decoded, log, paying or {})
        except (RefereeError, OSError, LookupError, ValueError):
            return unavailable_view(snapshot)

    def kept_hands(self) -> tuple[object, ...]:
        """The public replays kept of the finished hands (what a grown log does not replay again)."""
        return tuple(self._kept.hands) if self._kept is not None else ()

    def _night(self, log: SessionLog) -> tuple[PublicNightReplay, list[_Hand]]:
        """The public replay of ``log``'s night, every hand given: the finished hands (all but the last)
        from what was kept, when the log still holds them as they were."""
        night = log.night
        header = (night.rulebook, tuple(night.options.items()), night.seats, night.dealer, night.so_far,
                  night.rulings, night.base_dir)
        finished = night.hands[:-1]
        kept = self._kept
        if kept is None or kept.header != header or kept.entries != finished[:len(kept.entries)]:
            replay = PublicNightReplay([(s.name, s.stack) for s in night.seats], night.dealer, so_far=night.so_far)
            kept = self._kept = _Kept(header, (), replay, [])
        _walk(kept, night, finished[len(kept.entries):])
        kept.entries = finished
        # the current hand on a copy of the thread: the next call may find it changed
        replay = copy.copy(kept.replay)
        replay.thread = copy.copy(kept.replay.thread)
        now = _Kept(header, finished, replay, list(kept.hands))
        _walk(now, night, night.hands[len(finished):])
        return now.replay, now.hands

    def _view(self, snapshot: LogSnapshot, people: Mapping[str, str], decoded: dict[int, ev.Event] | None,
              log: SessionLog | None, paying: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
        log = log if log is not None else read_session_log(snapshot, decoded)
        replay, kept = self._night(log)
        walk, lines = game_walk(log), HandLines(log)
        for hand in kept:
            lines.hand(hand.replayed)
            walk.hand(hand.replayed.replay, hand.step)
        hands = [(h.replayed, h.seen) for h in kept]
        result = replay.result()
        ledger = walked_ledger(log, walk, result, hands[-1][0] if hands else None, people)
        report = lines.report(ledger, log, result, ledger.settle())
        closed = report.status != "open"
        names = tuple(log.table.known.values())
        current = self._current(log, snapshot, replay, hands, closed)
        # hands whose pot waits for cards to be shown (a hand still being played is not among them)
        waiting = [h.entry.number for h, _ in hands if h.replay.outcome.undecided]
        seen_at_end = {h.entry.number: seen[-1] if seen else frozenset() for h, seen in hands}
        settlement = None
        if closed:  # the settlement's JSON form, each transfer with how its payee is paid, each player's part
            settlement = settlement_json(report.ledger, report.settlement)
            transfers = settlement["transfers"]
            ways = transfer_ways(report.ledger, report.settlement.transfers, paying, snapshot.session.started_at)
            for transfer, way in zip(transfers, ways, strict=True):
                # a payee's details go on the transfers to him only: the page never shows them as anyone else's
                transfer["pay"] = [pay_way_json(w) for w in way.ways]
            settlement["players"] = [{"name": s.name, "balance": s.balance,
                                      "pays": [t for t in transfers if t["payer"] == s.name],
                                      "gets": [t for t in transfers if t["payee"] == s.name]}
                                     for s in report.standings]
        report_standings = [{"rank": s.rank, "name": s.name, "bought": s.bought, "counted": s.counted,
                             "balance": s.balance, "cents": s.balance_cents} for s in report.standings]
        return isolated({
            "session": snapshot.session.id,
            "head": snapshot.events[-1].seq if snapshot.events else 0,
            "table": report.table,
            "status": report.status,
            "games": list(report.games),
            "chip_value": report.chip_value,
            "hand": current,
            "hands_played": len(hands),
            "undecided": waiting,
            # while the night is played a player's result is the chips he won or lost so far; once closed, money
            "standings": report_standings if closed else _chip_standings(report.standings),
            "chart": chips_chart(report.chips) if report.chips else None,
            "findings": [{"hand": h.entry.number, **finding_json(f, h.rulebook, h.line_of)}
                         for h, _ in hands for f in h.replay.findings],
            "rulings": [{"hand": r.hand, "action": r.action,
                         "question": mask_text(r.question, seen_at_end.get(r.hand, frozenset()), names),
                         "ruling": mask_text(r.ruling, seen_at_end.get(r.hand, frozenset()), names),
                         "rule": r.rule, "rule_text": r.rule_text, "decided_by": r.decided_by}
                        for r in report.rulings],
            "settlement": settlement,
        }, (*names, report.table))

    def _current(self, log: SessionLog, snapshot: LogSnapshot, replay: PublicNightReplay,
                 hands: Sequence[tuple[ReplayedHand, list[frozenset[Card]]]], closed: bool) -> dict[str, Any] | None:
        """The hand the table is at: while the night is recorded, a hand begun with nothing logged yet
        (set up as the table now stands), else the last hand of the log."""
        if not closed and len(snapshot.hands) > len(hands):
            table = log.table
            number = len(snapshot.hands)
            hand = NightHand.from_header(load_rules(table.rulebook, table.options, texts=table.rulebook_texts), table.seats, number, log.closing)
            setup = replay.thread.setup_for(hand)
            empty = HandReplay(setup, (), (), start_hand(setup).outcome(), ())
            return _hand_view(empty, number, [], tuple(table.known.values()))
        if not hands:
            return None
        last, seen = hands[-1]
        return _hand_view(last.replay, last.entry.number, seen, tuple(log.table.known.values()))


def unavailable_view(snapshot: LogSnapshot) -> dict[str, Any]:
    """The view of a night that cannot be shown now: its table and why not, in the page's words."""
    return isolated({"session": snapshot.session.id, "head": snapshot.events[-1].seq if snapshot.events else 0,
                     "table": snapshot.session.table_name, "status": snapshot.session.status,
                     "unavailable": _(UNAVAILABLE)}, (snapshot.session.table_name,))


# ---------------------------------------------------------------- names written right to left


FSI, PDI = "\u2068", "\u2069"  # first strong isolate, pop directional isolate
_ISOLATES = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI: each closed by a PDI
#: the bidirectional classes that can turn the text around a name (strong right to left, the
#: embeddings, overrides and isolates)
_TURNING = frozenset({"R", "AL", "RLE", "LRE", "RLO", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI"})


def _bidi_isolate(name: str) -> str:
    """``name`` as a bidi isolate: whatever direction it writes in, or overrides it starts and never
    ends, stay inside it (every isolate it opens is closed before the closing PDI)."""
    depth = 0
    for char in name:
        if char in _ISOLATES:
            depth += 1
        elif char == PDI and depth:
            depth -= 1
    return FSI + name + PDI * (depth + 1)


def isolated(value: Any, names: Iterable[str]) -> Any:
    """``value`` (the view) with every name in ``names`` that holds a right-to-left letter or a bidi
    control written as an isolate wherever it appears, so that it cannot turn the words around it."""
    turning = sorted({n for n in names if n and any(unicodedata.bidirectional(c) in _TURNING for c in n)},
                     key=len, reverse=True)
    if not turning:
        return value
    pattern = re.compile("|".join(re.escape(n) for n in turning))

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            return pattern.sub(lambda m: _bidi_isolate(m.group(0)), item)
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if isinstance(item, list):
            return [walk(v) for v in item]
        return item

    return walk(value)


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


#: findings that say an opener's openers are still to be shown (the others: the hands are)
_PROOF_CODES = frozenset({"openers_unverifiable", "penalty_unverifiable"})


def _waiting(replay: HandReplay) -> str:
    """What the hand waits for when nobody is to act and its result is not decided."""
    outcome = replay.outcome
    if outcome.kind == "in_progress":
        return outcome.summary
    if any(f.code in _PROOF_CODES for f in replay.findings):
        return _(PROOF_PENDING)
    return _(WAITING_FOR_SHOWS)


def _hand_view(replay: HandReplay, number: int, seen: Sequence[frozenset[Card]], names: Sequence[str]) -> dict[str, Any]:
    """The hand the table is at, as the table sees it: game, dealer, pot, whose turn, its actions (the
    replay is of the public projection: every card in it is public)."""
    setup, events = replay.setup, replay.events
    book = setup.rulebook
    state = play(setup, events)
    prompt = state.prompt()
    outcome = replay.outcome
    writer = EventWriter(book.game)
    voided = {e.action for e in events if isinstance(e, ev.Void)}
    by_action: dict[int, list[dict[str, Any]]] = {}
    for f in replay.findings:
        where = f.about or f.action
        if where is not None:
            by_action.setdefault(where, []).append(finding_json(f, book, replay.line_of))
    actions = []
    for n, event in enumerate(events, 1):
        flagged = by_action.get(n, [])
        words = writer.line(mask_event(event, seen[n - 1]))  # as public as it was when logged
        if isinstance(event, (ev.Void, ev.Misdeal)):  # and the reason in the recorder's own words
            words = mask_text(words, seen[n - 1], names)
        actions.append({
            "n": n,
            "words": words,
            "voided": n in voided,
            "illegal": any(f["severity"] == "error" for f in flagged),
            "findings": flagged,
        })
    shown: dict[str, set[Card]] = {}
    for place, held in state.places.cards.items():
        if isinstance(place, int):
            cards = {c for c in held if isinstance(c, Card)}
            if cards:
                shown.setdefault(state.names[place], set()).update(cards)
    for event in events:
        if isinstance(event, ev.Show):
            shown.setdefault(event.player, set()).update(c for c in event.cards if isinstance(c, Card))
    table_cards = [c for place, held in state.places.cards.items() if not isinstance(place, int)
                   for c in held if isinstance(c, Card) and not str(place).startswith("kept:")]
    finished = prompt.to_act is None and outcome.decided and bool(events)
    waiting = None
    if not finished and prompt.to_act is None and events:
        waiting = _waiting(replay)
    return {
        "number": number,
        "game": game_title(book.game),
        "dealer": setup.dealer,
        "pot": state.middle(),
        "to_act": prompt.to_act,
        "legal": [str(word) for word in prompt.legal],
        "over": outcome.summary if finished else None,
        "waiting": waiting,
        "stacks": [{"name": n, "chips": s} for n, s in zip(state.names, state.stacks)],
        "shown": [{"name": n, "cards": _cards_text(sorted(c, key=lambda c: (-c.rank, c.suit)))}
                  for n, c in shown.items() if c],
        "table_cards": _cards_text(table_cards),
        "actions": actions,
    }


def _chip_standings(standings: Iterable[Any]) -> list[dict[str, Any]]:
    """While the night is played: each player's chips won or lost so far, best first (money comes
    once the night is counted out and closed)."""
    ranked = sorted(standings, key=lambda s: (-(s.counted - s.bought), s.name.casefold()))
    out: list[dict[str, Any]] = []
    for index, s in enumerate(ranked):
        won = s.counted - s.bought
        rank = out[-1]["rank"] if out and out[-1]["cents"] == won else index + 1
        out.append({"rank": rank, "name": s.name, "bought": s.bought, "counted": s.counted,
                    "balance": f"{won:+d}".replace("-", "−") if won else "0", "cents": won})
    return out


def session_view(store: Any, session_id: int) -> dict[str, Any]:
    """Everything a scoreboard page shows of session ``session_id`` now (one read of the store)."""
    return PublicPage().view(store.log_snapshot(session_id), people_of(store, session_id),
                             paying=details_by_seat(store, session_id))


__all__ = ["PROOF_PENDING", "UNAVAILABLE", "WAITING_FOR_SHOWS", "PublicPage", "mask_text", "session_view",
           "unavailable_view"]
