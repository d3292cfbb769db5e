"""The non-interference check of the players' page: the page's data may not depend on a card the table
has not seen.

A night is recorded into the store once; then, after every event of its log (every prefix of the log),
the same prefix is written again with every card the table has not seen by then swapped for another
card of the pack (one random one-to-one swap per hand, away from the cards the table has seen), and
the page's data for the two logs must be byte-identical: the JSON a page gets from ``…/state`` and
in each ``state`` event of its stream (the served page itself is a fixed asset).

What the table has seen is worked out here from the hand format's documentation alone
(docs/hand-format.md, docs/scoreboard.md), apart from :mod:`referee.engine.public`: a card shown,
revealed, declared, exposed or dealt face up; the widow or dummy while it lies face up (turned, ``dummy:``, at
the end of the dealer's phase-one turn when nobody took it, at once after a phase-one knock unless
``whiskey.phase1_knock = allowed``, then spread by the dealer at his turn, or a hand laid face up as
the new widow by ``takes widow``) with every card in it, laid into it or taken from it.  Where it errs
it errs towards "unseen": a card the page shows that this calls unseen is swapped, and the check fails
loudly.

The swapped log is written as the store would hold it (the codec's payload and the line's words), not
appended through the store: the page reads the log and nothing else (:class:`LogSnapshot`).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from helpers.tallies import TALLIES

from referee.cards import UNKNOWN, Card
from referee.engine import events as ev
from referee.engine.replay import start_hand
from referee.handfile.replay import replay_night_file
from referee.handfile.writer import EventWriter
from referee.recording.session_log import read_session_log
from referee.store.codec import decode_event, encode_event
from referee.store.log import LogSnapshot
from referee.store.tables import events as event_rows, replaced


TALLY = "scoreboard swap proof"
#: (night, step) pairs the proof compared in this process, and how many of them had a card swapped (a
#: tally: tests/helpers/tallies.py carries it to the summary, under xdist too)
COMPARED: Counter[str] = TALLIES[TALLY]


def summary(counted: Mapping[str, int]) -> str | None:
    """The closing line of a run that compared pages (tests/conftest.py prints it)."""
    if not counted.get("steps"):
        return None
    return (f"{TALLY}: {counted['steps']} (night, step) pairs compared, "
            f"{counted.get('swapping', 0)} of them with unseen cards swapped")


def _known(cards: Sequence[object]) -> list[Card]:
    return [c for c in cards if isinstance(c, Card)]


def table_has_seen(game: str, options: Mapping[str, object], events: Sequence[ev.Event],
                   dealer: str | None = None) -> set[Card]:
    """The cards the table has seen by the end of ``events`` (one hand of ``game`` dealt by ``dealer``),
    by the documented rules."""
    voided = {e.action for e in events if isinstance(e, ev.Void)}
    hands: dict[str, list[object]] = {}
    widow: list[object] = []
    up = game == "stop_the_bus"  # the dummy is dealt face up
    knock_turns_up = options.get("whiskey.phase1_knock", "allowed_widow_turned_up") != "allowed"
    seen: set[Card] = set()
    knocked = False
    for number, event in enumerate(events, 1):
        if number in voided:
            continue
        dealers_turn = dealer is not None and getattr(event, "player", None) == dealer
        if dealers_turn and knocked and not up:  # he spreads the face-down widow at his turn
            up = True
            seen.update(_known(widow))
        match event:
            case ev.Deal(player=p, cards=cards, face_up=face_up):
                hands.setdefault(p, []).extend(cards)
                if face_up:
                    seen.update(_known(cards))
            case ev.DealWidow(cards=cards):
                widow = list(cards)
            case ev.Show(cards=cards) | ev.Reveal(cards=cards):
                seen.update(_known(cards))
            case ev.Declare(what="four_of_a_kind" | "four_pairs", cards=cards):  # a brag win declared
                seen.update(_known(cards))
            case ev.Expose(card=card):
                seen.update(_known((card,)))
            case ev.TurnWidow(cards=cards):
                up = True
                seen.update(_known(cards))
                if cards:
                    widow = list(cards)
            case ev.TakeWidow(player=p):
                laid = hands.get(p, [])
                seen.update(_known(laid))
                hands[p], widow = widow, list(laid)
                up = True
            case ev.Knock() if not up:
                up = up or knock_turns_up
                knocked = True
                if dealers_turn:  # the dealer's own phase-one turn ends with the widow face up
                    up = True
            case ev.Pass() if dealers_turn and not up and game in ("whiskey_poker", "la_viuda"):
                up = True  # nobody took the widow: the dealer's turn ends with it turned face up
            case ev.Exchange(player=p, give=give, take=take, knock=knock):
                held = hands.setdefault(p, [])
                if up:
                    seen.update(_known(give) + _known(take))
                if all(c is UNKNOWN for c in give + take):  # 'exchanges all': the whole hand for the whole widow
                    if up:  # the whole hand for the whole widow, face up: both are seen
                        seen.update(_known(held) + _known(widow))
                    hands[p], widow = widow, held
                else:
                    for c in give:
                        if c in held:
                            held.remove(c)
                    held.extend(take)
                    for c in take:
                        if c in widow:
                            widow.remove(c)
                    widow.extend(give)
                if knock and not up:
                    up = up or knock_turns_up
                    knocked = True
            case ev.Draw(player=p, discards=discards, received=received):
                held = hands.setdefault(p, [])
                for c in discards:
                    if c in held:
                        held.remove(c)
                held.extend(received)
        if up:
            seen.update(_known(widow))
    return seen


def named_cards(events: Sequence[ev.Event]) -> set[Card]:
    """Every known card the events name."""
    return {c for e in events for c in ev.cards_named(e)}


def _swapped(value: object, swap: Mapping[Card, Card]) -> object:
    if isinstance(value, Card):
        return swap.get(value, value)
    if isinstance(value, tuple):
        return tuple(_swapped(v, swap) for v in value)
    return value


def swap_event(event: ev.Event, swap: Mapping[Card, Card]) -> ev.Event:
    names = ev.card_fields(type(event))
    if not names:
        return event
    return replace(event, **{name: _swapped(getattr(event, name), swap) for name in names})


@dataclass
class Night:
    """A night as recorded: its whole log, and each hand's game, options and pack."""

    snapshot: LogSnapshot
    games: dict[int, tuple[str, Mapping[str, object]]]
    packs: dict[int, frozenset[Card]]
    dealers: dict[int, str]


def read(snapshot: LogSnapshot) -> Night:
    """The recorded night of ``snapshot`` (it must replay: each hand's pack comes from its setup)."""
    log = read_session_log(snapshot)
    replayed = replay_night_file(log.night)
    games = {h.number: (h.game, dict(h.options)) for h in log.night.hands}
    packs = {h.entry.number: start_hand(h.replay.setup).pack() for h in replayed}
    dealers = {h.entry.number: h.replay.setup.dealer for h in replayed}
    return Night(snapshot, games, packs, dealers)


def prefixes(night: Night) -> Iterator[LogSnapshot]:
    """The log after each of its events, as a page would have read it then."""
    snap = night.snapshot
    for i in range(len(snap.events)):
        rows = snap.events[: i + 1]
        begun = max((r.hand_number for r in rows if r.hand_number is not None), default=0)
        yield LogSnapshot(snap.session, snap.seats, [h for h in snap.hands if h.number <= begun], rows)


def swapped(night: Night, prefix: LogSnapshot, rng: random.Random,
            kept: dict[tuple[int, frozenset[Card], frozenset[Card]], dict[Card, Card]]) -> tuple[LogSnapshot, int]:
    """``prefix`` with every card of each hand the table has not seen by its end swapped for another
    card of that hand's pack; and how many cards were swapped.  ``kept``: the swap chosen for a hand,
    reused while the cards its log names stay the same (a finished hand keeps one swap)."""
    by_hand: dict[int, list[tuple[int, ev.Event]]] = {}
    for index, row in enumerate(prefix.events):
        if row.hand_number is not None:
            by_hand.setdefault(row.hand_number, []).append((index, decode_event(row.kind, row.payload)))
    rows = list(prefix.events)
    count = 0
    for number, logged in by_hand.items():
        events = [e for _, e in logged]
        game, options = night.games[number]
        seen = table_has_seen(game, options, events, night.dealers.get(number))
        unseen = frozenset(named_cards(events) - seen)
        if not unseen:
            continue
        key = (number, unseen, frozenset(named_cards(events)))
        swap = kept.get(key)
        if swap is None:
            free = sorted(night.packs[number] - seen - (named_cards(events) - unseen), key=lambda c: c.index)
            chosen = rng.sample(free, len(unseen))  # the unseen cards themselves among them
            swap = kept[key] = dict(zip(sorted(unseen, key=lambda c: c.index), chosen, strict=True))
        count += sum(1 for a, b in swap.items() if a is not b)
        writer = EventWriter(game)
        for index, event in logged:
            changed = swap_event(event, swap)
            if changed != event:
                kind, payload = encode_event(changed)
                rows[index] = replaced(rows[index], event_rows, payload=payload, text=writer.line(changed))
                assert kind == rows[index].kind
    return LogSnapshot(prefix.session, prefix.seats, prefix.hands, rows), count


def page_data(view: Callable[[LogSnapshot], dict[str, Any]], snapshot: LogSnapshot) -> str:
    """What a page is sent of ``snapshot``: the view as the server writes it."""
    return json.dumps(view(snapshot), ensure_ascii=False)


@dataclass
class Compared:
    """What one night's check compared: (night, step) pairs, and how many of them had a card swapped."""

    steps: int = 0
    swapping: int = 0


def first_difference(a: str, b: str) -> str:
    """Where two JSON texts of a view first differ, in words."""
    left, right = json.loads(a), json.loads(b)

    def walk(x: object, y: object, path: str) -> str | None:
        if type(x) is not type(y):
            return f"{path}: {x!r} / {y!r}"
        if isinstance(x, dict):
            for key in dict.fromkeys([*x, *y]):  # type: ignore[list-item]
                found = walk(x.get(key), y.get(key), f"{path}.{key}")  # type: ignore[union-attr]
                if found:
                    return found
            return None
        if isinstance(x, list):
            for i, (p, q) in enumerate(zip(x, y)):  # type: ignore[arg-type]
                found = walk(p, q, f"{path}[{i}]")
                if found:
                    return found
            return None if len(x) == len(y) else f"{path}: {len(x)} items / {len(y)}"  # type: ignore[arg-type]
        return None if x == y else f"{path}: {x!r} / {y!r}"

    return walk(left, right, "view") or "the texts differ"


#: nights on which the page once told what the table had not seen (each a hand file): a showdown
#: settled from the scorekeeper's ``dealt`` lines before anybody showed, in every game that has one,
#: a false open ruled on the opener's logged deal, a card given into a face-down widow
LEAKED_ONCE = {
    "straight_draw": """rulebook: straight_draw
seats: Ann 100, Bob 100, Cy 100
dealer: Ann

hand 1
Ann: dealt Jh Jd 4c 7s 9d
Bob: dealt Qh Qd 2c 3s 8d
Cy: dealt Ks Kd 5c 6s Td
Bob: bets 2
Cy: calls
Ann: folds
Bob: stands pat
Cy: stands pat
Bob: checks
Cy: checks
Bob: shows Qh Qd 2c 3s 8d
Cy: shows Ks Kd 5c 6s Td
""",
    "jackpots": """rulebook: jackpots
seats: Ann 100, Bob 100, Cy 100, Dee 100
dealer: Ann

hand 1
Bob: dealt 4s 6d 8c Th Qd
Bob: opens 2
Cy: folds
Dee: folds
Ann: folds
""",
    "five_card_stud": """rulebook: five_card_stud
seats: Ann 100, Bob 100, Cy 100
dealer: Ann

hand 1
Bob: dealt 5s
Cy: dealt Qc
Ann: dealt 2d
Bob: dealt up 7h
Cy: dealt up Kd
Ann: dealt up 9s
Cy: bets 2
Ann: calls
Bob: folds
Cy: dealt up 4c
Ann: dealt up 9d
Ann: bets 2
Cy: calls
Cy: dealt up Ks
Ann: dealt up 2c
Cy: bets 5
Ann: calls
Cy: dealt up 3h
Ann: dealt up 9h
Ann: checks
Cy: checks
Ann: shows 2d 9s 9d 2c 9h
Cy: shows Qc Kd 4c Ks 3h
""",
    "whiskey_poker": """rulebook: whiskey_poker
seats: Ann 20, Bob 20, Cy 20, Dee 20
dealer: Dee

hand 1
Ann: dealt 4c 9d 9h Js 2s
Bob: dealt 7c 7s Tc Jh 3d
Cy: dealt Qd Qs 8c 8h 6d
Dee: dealt As Ad 5h Th 2c
widow dealt: Kh Kc 7d 3s 5c
Ann: knocks
widow turned
Bob: exchanges 3d for 7d
Cy: passes
Dee: passes
Ann: shows 4c 9d 9h Js 2s
Bob: shows 7c 7s Tc Jh 7d
Cy: shows Qd Qs 8c 8h 6d
Dee: shows As Ad 5h Th 2c
""",
    "la_viuda": """rulebook: la_viuda
seats: Ann 3, Bob 3, Cy 3, Dee 3
dealer: Ann

hand 1
Dee: dealt 9s 9h 2s 4c 3d
Cy: dealt Ah Kd 8c 6s 3h
Bob: dealt 4s 5s 6d Kh 8d
Ann: dealt Tc Ts Jk1 7d 4h
widow dealt: Qc Jd 7h 5c 2d
Dee: passes
Cy: passes
Bob: passes
Ann: knocks
widow turned
Dee: exchanges 2s for Qc
Cy: passes
Bob: exchanges Kh for 7h
Dee: shows 9s 9h Qc 4c 3d
Cy: shows Ah Kd 8c 6s 3h
Bob: shows 4s 5s 6d 7h 8d
Ann: shows Tc Ts Jk1 7d 4h
""",
    "face_down_widow": """rulebook: whiskey_poker
option whiskey.phase1_knock = allowed
seats: Ann 20, Bob 20, Cy 20, Dee 20
dealer: Dee

hand 1
Bob: dealt 4s 7h 9c Jd Kc
Ann: knocks
Bob: exchanges 4s for ??
""",
}
