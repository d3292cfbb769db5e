"""Column types of the store: timezone-aware UTC datetimes on every backend, JSON documents.

SQLite has no timestamp-with-time-zone type and returns naive datetimes; PostgreSQL returns aware
ones in the server's time zone.  :class:`UTCDateTime` stores UTC on both and always hands back an
aware datetime in UTC, and refuses a naive one on the way in (a naive time is ambiguous).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC (the only clock the store uses)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A ``DateTime(timezone=True)`` that takes and returns aware datetimes in UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value.isoformat()} given to the store: times must be timezone-aware")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)  # stored as UTC text; the offset is implied
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class JSONDocument(TypeDecorator[Any]):
    """JSON text on SQLite, ``JSONB`` on PostgreSQL; ``None`` stays SQL NULL (not JSON ``null``).  A
    value given as text is its JSON already (a row of the log, encoded once for its hash and its
    column alike): it is stored as it is, not encoded again."""

    impl = JSON(none_as_null=True)
    cache_ok = True

    def bind_processor(self, dialect: Dialect) -> Any:
        encode = super().bind_processor(dialect)

        def process(value: Any) -> Any:
            if isinstance(value, str) or encode is None:
                return value
            return encode(value)

        return process

    def load_dialect_impl(self, dialect: Dialect) -> Any:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSONB  # heavy: SQLAlchemy

            return dialect.type_descriptor(JSONB(none_as_null=True))
        return dialect.type_descriptor(JSON(none_as_null=True))
