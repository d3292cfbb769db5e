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
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Final, Literal

from referee.cards import Card, UnknownCard, parse_card
from referee.engine import events as ev
from referee.errors import CardError, StoreError

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


@cache
def _field_types(cls: type[ev.Event]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, vars(ev))
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


# ------------------------------------------------------------------ encoding


def _encode_value(value: object) -> JSONValue:
    if isinstance(value, (Card, UnknownCard)):
        return value.text
    if isinstance(value, (tuple, list)):
        return [_encode_value(v) for v in value]
    if isinstance(value, str) and "\x00" in value:
        raise StoreError(f"text with a NUL character cannot be stored: {value!r}",
                         hint="remove the control character from the input")
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise StoreError(f"cannot store a value of type {type(value).__name__}: {value!r}")


def encode_event(event: ev.Event) -> tuple[str, dict[str, JSONValue]]:
    """``(kind, payload)`` for ``event``; ``line`` is included only when it is set."""
    cls = type(event)
    if EVENT_CLASSES.get(cls.__name__) is not cls:
        raise StoreError(f"{cls.__name__} is not an event of referee.engine.events and cannot be stored")
    payload: dict[str, JSONValue] = {}
    for name in _field_types(cls):
        value = getattr(event, name)
        if name == "line" and value is None:
            continue
        payload[name] = _encode_value(value)
    return cls.__name__, payload


# ------------------------------------------------------------------ decoding


class _Bad(Exception):
    """A payload value that does not fit its field (turned into a StoreError with the field name)."""


def _is_card_type(tp: Any) -> bool:
    return tp in (Card, UnknownCard) or (
        typing.get_origin(tp) in (typing.Union, types.UnionType) and Card in typing.get_args(tp)
    )


def _decode_value(tp: Any, value: JSONValue) -> object:
    if _is_card_type(tp):
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
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return _decode_value(options[0], value)
        if all(a in (str, int) for a in options):  # an option value: text or a whole number
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return value
            raise _Bad(f"expected text or an integer, got {value!r}")
        raise _Bad(f"cannot decode union type {tp}")
    if origin is tuple:
        if not isinstance(value, list):
            raise _Bad(f"expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode_value(args[0], v) for v in value)
        if len(args) != len(value):
            raise _Bad(f"expected {len(args)} items, got {len(value)}")
        return tuple(_decode_value(a, v) for a, v in zip(args, value, strict=True))
    if origin is Literal:
        if value not in args:
            raise _Bad(f"expected one of {', '.join(map(repr, args))}, got {value!r}")
        return value
    if tp is bool:
        if not isinstance(value, bool):
            raise _Bad(f"expected true or false, got {value!r}")
        return value
    if tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _Bad(f"expected an integer, got {value!r}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise _Bad(f"expected text, got {value!r}")
        return value
    raise _Bad(f"no decoder for field type {tp}")


def decode_event(kind: str, payload: Mapping[str, JSONValue], *, where: str | None = None) -> ev.Event:
    """The event a row holds.  ``where`` (``session 3, event 17``) goes into any error."""
    cls = EVENT_CLASSES.get(kind)
    if cls is None:
        raise StoreError(
            f"unknown event kind {kind!r}",
            where=where,
            hint="the database was written by a newer referee, or edited by hand",
        )
    if not isinstance(payload, Mapping):
        raise StoreError(f"{kind} payload is not a JSON object", where=where)
    fields = _field_types(cls)
    unknown = sorted(set(payload) - set(fields))
    if unknown:
        raise StoreError(f"{kind} has no field {', '.join(map(repr, unknown))}", where=where)
    values: dict[str, object] = {}
    for field in dataclasses.fields(cls):
        if field.name not in payload:
            if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise StoreError(f"{kind} payload lacks the field {field.name!r}", where=where)
            continue
        try:
            values[field.name] = _decode_value(fields[field.name], payload[field.name])
        except _Bad as err:
            raise StoreError(f"{kind}.{field.name}: {err}", where=where) from None
    return cls(**values)
