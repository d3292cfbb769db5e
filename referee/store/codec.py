"""Between :mod:`referee.engine.events` dataclasses and event rows: ``(kind, payload)``.

``kind`` is the event class name (``"Raise"``); ``payload`` is a JSON object of the event's fields,
cards as their canonical text (``"Ts"``, ``"Jk1"``, ``"??"``), tuples as lists.  ``line`` (the source
line) is kept when set.  Decoding is strict: an unknown kind, a missing or unknown field or a value
of the wrong type raises :class:`~referee.errors.StoreError` naming the field, so a damaged row is
never silently read as a different event.  One generic mechanism driven by the dataclasses' own type
hints covers every event class, present and future.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final, Literal

from referee.cards import Card, UnknownCard, parse_card
from referee.engine import events as ev
from referee.errors import CardError, StoreError
from referee.i18n import _

JSONValue = Any
_ABSTRACT: Final = (ev.Event, ev.PlayerEvent, ev.NightEvent)


def _event_classes() -> dict[str, type[ev.Event]]:
    found: dict[str, type[ev.Event]] = {}
    for name in ev.__all__:
        cls = getattr(ev, name)
        if isinstance(cls, type) and issubclass(cls, ev.Event) and cls not in _ABSTRACT:
            found[cls.__name__] = cls
    return found


EVENT_CLASSES: Final[Mapping[str, type[ev.Event]]] = types.MappingProxyType(_event_classes())
"""Every concrete event class by its name: the values the ``kind`` column may hold."""


def event_class(kind: str) -> type[ev.Event] | None:
    """The event class stored as ``kind``: one of :data:`EVENT_CLASSES`, or a registered game's own."""
    return EVENT_CLASSES.get(kind) or ev.GAME_KINDS.get(kind)


@cache
def _field_types(cls: type[ev.Event]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, {**vars(ev), **vars(sys.modules[cls.__module__])})
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


# ------------------------------------------------------------------ encoding


def _encode_value(value: object) -> JSONValue:
    if isinstance(value, (Card, UnknownCard)):
        return value.text
    if isinstance(value, (tuple, list)):
        return [_encode_value(v) for v in value]
    if isinstance(value, str) and "\x00" in value:
        raise StoreError(_("text with a NUL character cannot be stored: {value!r}").format(value=value),
                         hint=_("remove the control character from the input"))
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise StoreError(f"cannot store a value of type {type(value).__name__}: {value!r}")


def encode_event(event: ev.Event) -> tuple[str, dict[str, JSONValue]]:
    """``(kind, payload)`` for ``event``; ``line`` is included only when it is set."""
    cls = type(event)
    if event_class(cls.__name__) is not cls:
        raise StoreError(f"{cls.__name__} is not an event of referee.engine.events and cannot be stored")
    payload: dict[str, JSONValue] = {}
    for name in _field_types(cls):
        value = getattr(event, name)
        if name == "line" and value is None:
            continue
        payload[name] = _encode_value(value)
    return cls.__name__, payload


def event_fields(event: ev.Event) -> dict[str, JSONValue]:
    """The one JSON form of an event's content: its fields as plain JSON values, in field order, its
    hand-file line left out.  The store keeps it (with the event's kind, :func:`encode_event`); the
    replay's JSON writes it for night events and rulings."""
    _, payload = encode_event(event)
    payload.pop("line", None)
    return payload


# ------------------------------------------------------------------ decoding


class _Bad(Exception):
    """A payload value that does not fit its field (turned into a StoreError with the field name)."""


def _is_card_type(tp: Any) -> bool:
    return tp in (Card, UnknownCard) or (
        typing.get_origin(tp) in (typing.Union, types.UnionType) and Card in typing.get_args(tp)
    )


Decoder = Callable[[JSONValue], object]


def _decode_card(tp: Any) -> Decoder:
    def decode(value: JSONValue) -> object:
        if not isinstance(value, str):
            raise _Bad(f"expected a card, got {value!r}")
        try:
            decoded = parse_card(value)
        except CardError as err:
            raise _Bad(err.message) from None
        if decoded.text != value:
            raise _Bad(f"card {value!r} is not in canonical form")
        if tp is Card and not isinstance(decoded, Card):
            raise _Bad("expected a known card, got '??'")
        return decoded

    return decode


def _decode_union(tp: Any, args: tuple[Any, ...]) -> Decoder:
    optional = type(None) in args
    options = [a for a in args if a is not type(None)]
    inner = _decoder(options[0]) if len(options) == 1 else None
    either = all(a in (str, int) for a in options)  # an option value: text or a whole number

    def decode(value: JSONValue) -> object:
        if value is None and optional:
            return None
        if inner is not None:
            return inner(value)
        if either:
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return value
            raise _Bad(f"expected text or an integer, got {value!r}")
        raise _Bad(f"cannot decode union type {tp}")

    return decode


def _decode_tuple(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def decode_all(value: JSONValue) -> object:
            if not isinstance(value, list):
                raise _Bad(f"expected a list, got {value!r}")
            return tuple(item(v) for v in value)

        return decode_all
    items = [_decoder(a) for a in args]

    def decode_each(value: JSONValue) -> object:
        if not isinstance(value, list):
            raise _Bad(f"expected a list, got {value!r}")
        if len(items) != len(value):
            raise _Bad(f"expected {len(items)} items, got {len(value)}")
        return tuple(d(v) for d, v in zip(items, value, strict=True))

    return decode_each


def _decode_literal(args: tuple[Any, ...]) -> Decoder:
    def decode(value: JSONValue) -> object:
        if value not in args:
            raise _Bad(f"expected one of {', '.join(map(repr, args))}, got {value!r}")
        return value

    return decode


def _decode_plain(tp: Any) -> Decoder:
    """bool, int or str: checked, passed through."""
    def decode(value: JSONValue) -> object:
        if tp is bool and not isinstance(value, bool):
            raise _Bad(f"expected true or false, got {value!r}")
        if tp is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise _Bad(f"expected an integer, got {value!r}")
        if tp is str and not isinstance(value, str):
            raise _Bad(f"expected text, got {value!r}")
        return value

    return decode


def _decode_nothing(tp: Any) -> Decoder:
    def decode(value: JSONValue) -> object:
        raise _Bad(f"no decoder for field type {tp}")

    return decode


@cache
def _decoder(tp: Any) -> Decoder:
    """The decoder of a field of type ``tp``, worked out from the type once (not at every value read:
    a 300-hand night is thousands of events)."""
    if _is_card_type(tp):
        return _decode_card(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(tp, args)
    if origin is tuple:
        return _decode_tuple(args)
    if origin is Literal:
        return _decode_literal(args)
    if tp in (bool, int, str):
        return _decode_plain(tp)
    return _decode_nothing(tp)


@cache
def _field_decoders(cls: type[ev.Event]) -> dict[str, tuple[Decoder, bool]]:
    """Each field of ``cls`` in order: its decoder, and whether a payload must hold it (no default)."""
    types_ = _field_types(cls)
    return {f.name: (_decoder(types_[f.name]),
                     f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls)}


def decode_event(kind: str, payload: Mapping[str, JSONValue], *, where: str | None = None) -> ev.Event:
    """The event a row holds.  ``where`` (``session 3, event 17``) goes into any error."""
    cls = event_class(kind)
    if cls is None:
        raise StoreError(
            _("unknown event kind {kind!r}").format(kind=kind),
            where=where,
            hint=_("the database was written by a newer referee, or edited by hand"),
        )
    if not isinstance(payload, Mapping):
        raise StoreError(_("{kind} payload is not a JSON object").format(kind=kind), where=where)
    fields = _field_decoders(cls)
    if not payload.keys() <= fields.keys():
        unknown = sorted(set(payload) - set(fields))
        raise StoreError(_("{kind} has no field {names}").format(kind=kind, names=", ".join(map(repr, unknown))), where=where)
    values: dict[str, object] = {}
    for name, (decode, required) in fields.items():
        if name not in payload:
            if required:
                raise StoreError(_("{kind} payload lacks the field {name!r}").format(kind=kind, name=name), where=where)
            continue
        try:
            values[name] = decode(payload[name])
        except _Bad as err:
            raise StoreError(f"{kind}.{name}: {err}", where=where) from None
    return cls(**values)
