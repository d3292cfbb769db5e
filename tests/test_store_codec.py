"""Events to rows and back: every event class of referee.engine.events survives the trip, through
JSON text and through a real database; damaged rows are refused, never misread."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import ALL_CARDS, UNKNOWN, Card, UnknownCard, parse_cards
from referee.engine import events as ev
from referee.errors import StoreError
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec
from referee.store.codec import EVENT_CLASSES, decode_event, encode_event

# Text as a scorekeeper could type it (no NUL: PostgreSQL cannot hold it in text or JSON).
texts = st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=30)
any_card = st.sampled_from((*ALL_CARDS, UNKNOWN))


def strategy_for(tp: Any) -> st.SearchStrategy[Any]:
    """A hypothesis strategy for a field annotation of the event dataclasses."""
    if tp is Card:
        return st.sampled_from(ALL_CARDS)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if Card in args:
            return any_card
        return st.one_of(*(st.none() if a is type(None) else strategy_for(a) for a in args))
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):  # a fixed-size tuple (name, points)
        return st.tuples(*map(strategy_for, args))
    if origin is tuple:
        return st.lists(strategy_for(args[0]), max_size=6).map(tuple)
    if origin is Literal:
        return st.sampled_from(args)
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-(10**12), 10**12)
    if tp is str:
        return texts
    raise AssertionError(f"no strategy for {tp}")


def event_strategy(cls: type[ev.Event]) -> st.SearchStrategy[ev.Event]:
    hints = typing.get_type_hints(cls, vars(ev))
    fields = {f.name: strategy_for(hints[f.name]) for f in dataclasses.fields(cls)}
    return st.builds(cls, **fields)


every_event = st.sampled_from(sorted(EVENT_CLASSES)).flatmap(lambda name: event_strategy(EVENT_CLASSES[name]))
# what a hand holds: night events are checked against the table when appended (test_session_log.py)
every_hand_event = st.sampled_from(sorted(n for n, c in EVENT_CLASSES.items() if not issubclass(c, ev.NightEvent))).flatmap(
    lambda name: event_strategy(EVENT_CLASSES[name]))


def test_every_event_class_is_storable() -> None:
    concrete = {name for name in ev.__all__ if name not in ("Event", "PlayerEvent", "NightEvent")}
    assert set(EVENT_CLASSES) == concrete
    assert {"Deal", "Raise", "Void", "Arrange", "Reveal", "Exchange", "TakeWidow", "See"} <= concrete


@given(every_event)
def test_round_trip_through_json_text(event: ev.Event) -> None:
    kind, payload = encode_event(event)
    back = decode_event(kind, json.loads(json.dumps(payload)))
    assert back == event
    assert back.line == event.line
    assert type(back) is type(event)


@pytest.fixture
def hand_store(db_url: str) -> typing.Iterator[tuple[Store, int]]:
    with open_store(db_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Codec", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec("Alice"), SeatSpec("Bob")])
        assert session.id is not None
        with store.transaction() as tx:
            tx.start_hand(session.id)
        yield store, session.id


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=every_hand_event)
def test_round_trip_through_the_database(hand_store: tuple[Store, int], event: ev.Event) -> None:
    """Each example is appended to one hand (the log only grows) and read back as the last row."""
    store, session_id = hand_store
    row = store.append_event(session_id, 1, event)
    back = store.hand_events(session_id, 1)[-1]
    assert back == event and back.line == event.line
    assert store.events(session_id, 1)[-1].seq == row.seq


def test_cards_are_stored_as_canonical_text() -> None:
    kind, payload = encode_event(ev.Deal("Alice", tuple(parse_cards("10s ?? jk1 Q♥")), face_up=True))
    assert kind == "Deal"
    assert payload == {"player": "Alice", "cards": ["Ts", "??", "Jk1", "Qh"], "face_up": True}
    kind, payload = encode_event(ev.Arrange("Bob", hands=(tuple(parse_cards("As Ks Qs")),), discard=(UNKNOWN,)))
    assert payload == {"player": "Bob", "hands": [["As", "Ks", "Qs"]], "discard": ["??"]}


def test_source_line_is_kept_only_when_set() -> None:
    assert "line" not in encode_event(ev.Fold("Bob"))[1]
    assert encode_event(ev.Fold("Bob", line=14))[1] == {"player": "Bob", "line": 14}
    assert decode_event("Fold", {"player": "Bob", "line": 14}).line == 14


@pytest.mark.parametrize(
    ("kind", "payload", "message"),
    [
        ("Teleport", {"player": "Bob"}, "unknown event kind 'Teleport'"),
        ("Event", {}, "unknown event kind 'Event'"),
        ("Bet", {"player": "Bob"}, "Bet payload lacks the field 'amount'"),
        ("Bet", {"player": "Bob", "amount": 5, "colour": "red"}, "Bet has no field 'colour'"),
        ("Bet", {"player": "Bob", "amount": "5"}, "Bet.amount: expected an integer, got '5'"),
        ("Bet", {"player": "Bob", "amount": 2.5}, "Bet.amount: expected an integer, got 2.5"),
        ("Bet", {"player": "Bob", "amount": True}, "Bet.amount: expected an integer, got True"),
        ("Raise", {"player": "Bob", "amount": 2, "to": 1}, "Raise.to: expected true or false, got 1"),
        ("Deal", {"player": "Bob", "cards": ["As", "Xx"]}, "Deal.cards: bad card 'Xx'"),
        ("Deal", {"player": "Bob", "cards": ["as"]}, "Deal.cards: card 'as' is not in canonical form"),
        ("Deal", {"player": "Bob", "cards": "As Kd"}, "Deal.cards: expected a list"),
        ("Show", {"player": "Bob", "cards": [], "purpose": "bluff"}, "Show.purpose: expected one of"),
        ("Fold", {"player": None}, "Fold.player: expected text, got None"),
    ],
)
def test_damaged_payloads_are_refused(kind: str, payload: dict[str, Any], message: str) -> None:
    with pytest.raises(StoreError) as caught:
        decode_event(kind, payload, where="session 1, event 7")
    assert str(caught.value).startswith(f"session 1, event 7: {message}")


def test_only_vocabulary_events_can_be_encoded() -> None:
    @dataclasses.dataclass(frozen=True)
    class Teleport(ev.PlayerEvent):
        to_seat: int = 0

    with pytest.raises(StoreError, match="Teleport is not an event of referee.engine.events"):
        encode_event(Teleport("Bob"))


def test_text_with_a_nul_character_is_refused() -> None:
    with pytest.raises(StoreError, match="NUL"):
        encode_event(ev.Misdeal(reason="card\x00flashed"))


def test_unknown_card_object_round_trips_as_the_same_object() -> None:
    back = decode_event(*encode_event(ev.Expose("Bob", UNKNOWN)))
    assert isinstance(back, ev.Expose) and back.card is UNKNOWN and isinstance(back.card, UnknownCard)
