"""The write path's ORM classes, mapped onto the store's tables (:mod:`referee.store.tables`).

A writing transaction (:mod:`referee.store.transaction`) works with these objects: it locks a
session's row and changes its status, adds players, aliases, seats and hands.  Reads never need them:
they go through the tables and hand back plain rows with the same attribute names, so a command that
only reads does not load the ORM.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import DeclarativeBase, Mapped

from referee.store import tables


class Row(DeclarativeBase):
    """The base of the mapped classes: the store's one metadata."""

    metadata = tables.metadata


class Player(Row):
    __table__ = tables.players

    id: Mapped[int]
    name: Mapped[str]
    name_key: Mapped[str]
    created_at: Mapped[datetime]


class PlayerAlias(Row):
    __table__ = tables.player_aliases

    id: Mapped[int]
    player_id: Mapped[int]
    alias: Mapped[str]
    alias_key: Mapped[str]
    created_at: Mapped[datetime]


class GameSession(Row):
    __table__ = tables.sessions

    id: Mapped[int]
    table_name: Mapped[str]
    started_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]
    rulebook: Mapped[str]
    options: Mapped[dict[str, Any]]
    chip_value_cents: Mapped[int]
    status: Mapped[str]
    created_at: Mapped[datetime]
    log_version: Mapped[int]
    buy_in_default: Mapped[int]
    fingerprint: Mapped[str | None]
    origin: Mapped[str | None]
    void_reason: Mapped[str | None]
    voided_at: Mapped[datetime | None]
    last_seq: Mapped[int]
    last_hash: Mapped[str | None]
    digest: Mapped[str | None]


class SeatRecord(Row):
    __table__ = tables.seats

    id: Mapped[int]
    session_id: Mapped[int]
    number: Mapped[int]
    name: Mapped[str]
    name_key: Mapped[str]
    player_id: Mapped[int]
    buy_in: Mapped[int]
    created_at: Mapped[datetime]


class HandRecord(Row):
    __table__ = tables.hands

    id: Mapped[int]
    session_id: Mapped[int]
    number: Mapped[int]
    dealer: Mapped[str | None]
    started_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]


class EventRecord(Row):
    __table__ = tables.events

    id: Mapped[int]
    session_id: Mapped[int]
    seq: Mapped[int]
    hand_number: Mapped[int | None]
    kind: Mapped[str]
    payload: Mapped[dict[str, Any]]
    text: Mapped[str | None]
    created_at: Mapped[datetime]
    prev_hash: Mapped[str]
    hash: Mapped[str]


class RequestRecord(Row):
    __table__ = tables.requests

    id: Mapped[int]
    key: Mapped[str]
    session_id: Mapped[int]
    first_seq: Mapped[int]
    last_seq: Mapped[int]
    created_at: Mapped[datetime]


class PaymentDetails(Row):
    __table__ = tables.payment_details

    player_id: Mapped[int]
    iban: Mapped[str | None]
    bic: Mapped[str | None]
    name_latin: Mapped[str | None]
    paypal: Mapped[str | None]
    revolut: Mapped[str | None]
    swish: Mapped[str | None]
    upi: Mapped[str | None]
    note: Mapped[str | None]
    updated_at: Mapped[datetime]
