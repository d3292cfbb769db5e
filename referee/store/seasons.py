"""Named seasons in the store (the ``seasons`` table): made, read, closed.

A season names a span of days and optionally a table; which nights belong to it is read from the
sessions each time (by day and table), so nothing is kept per night.  Its scoring is kept as the
TOML text it was made with: a scoring file changed or lost later does not change the season.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.store import tables
from referee.store.tables import name_key
from referee.store.types import utcnow

if TYPE_CHECKING:
    from referee.store.store import Store


@dataclass(frozen=True)
class Season:
    """A named season as the store keeps it."""

    name: str
    first_day: date
    last_day: date
    table: str | None
    scoring: str | None
    scoring_source: str | None
    created_at: datetime
    closed_at: datetime | None

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


def _table():  # type: ignore[no-untyped-def]
    return tables.seasons


def _season(row: object) -> Season:
    values = row._mapping  # type: ignore[attr-defined]
    return Season(values["name"], values["first_day"], values["last_day"], values["table_name"], values["scoring"],
                  values["scoring_source"], values["created_at"], values["closed_at"])


def add_season(store: Store, name: str, first_day: date, last_day: date, *, table: str | None = None,
               scoring: str | None = None, scoring_source: str | None = None) -> Season:
    """Record a new season; InputError if one of that name (ignoring case and spaces) exists."""
    clean = " ".join(name.split())
    if not clean:
        raise InputError(_("a season needs a name"), where="NAME", hint=_('name it, like "Winter 2027"'))
    if len(clean) > 100:
        raise InputError(ngettext("the season's name is {count} character long", "the season's name is {count} characters long",
                                  len(clean)).format(count=len(clean)), where="NAME",
                         hint=_("give a name of at most 100 characters"))
    if first_day > last_day:
        raise InputError(_("the season starts ({first}) after it ends ({last})").format(first=first_day, last=last_day), where="--from",
                         hint=_("give the earlier day with --from and the later with --to"))
    existing = find_season(store, clean)
    if existing is not None:
        raise InputError(_("there is a season {name!r} already").format(name=existing.name), where="NAME",
                         hint=_("`referee season list` shows the seasons; give the new one another name"))
    values = {"name": clean, "name_key": name_key(clean), "first_day": first_day, "last_day": last_day,
              "table_name": " ".join(table.split()) if table else None, "scoring": scoring,
              "scoring_source": scoring_source, "created_at": utcnow(), "closed_at": None}
    try:
        with store.guard(), store.engine.begin() as connection:
            connection.execute(insert(_table()), values)
    except IntegrityError:  # pragma: no cover - a twin made it between the look and the insert
        raise InputError(_("there is a season {name!r} already").format(name=clean), where="NAME",
                         hint=_("`referee season list` shows the seasons")) from None
    found = find_season(store, clean)
    assert found is not None
    return found


def find_season(store: Store, name: str) -> Season | None:
    """The season named ``name`` (ignoring case and spaces), or None."""
    table = _table()
    with store.guard(), store.engine.connect() as connection:
        row = connection.execute(select(table).where(table.c.name_key == name_key(name))).first()
    return None if row is None else _season(row)


def seasons(store: Store) -> list[Season]:
    """Every season, the earliest first."""
    table = _table()
    with store.guard(), store.engine.connect() as connection:
        rows = connection.execute(select(table).order_by(table.c.first_day, table.c.id)).all()
    return [_season(row) for row in rows]


def close_season(store: Store, name: str) -> Season:
    """Mark season ``name`` closed (its table is then final); InputError if there is none."""
    found = find_season(store, name)
    if found is None:
        raise unknown_season(store, name)
    if found.closed:
        return found
    table = _table()
    with store.guard(), store.engine.begin() as connection:
        connection.execute(update(table).where(table.c.name_key == name_key(name)).values(closed_at=utcnow()))
    closed = find_season(store, name)
    assert closed is not None
    return closed


def unknown_season(store: Store, name: str) -> InputError:
    known = [season.name for season in seasons(store)]
    return InputError(_("no season {name!r}").format(name=name), where="--season",
                      hint=(_("the seasons: {names}; a calendar year (2026) is a season too").format(names=", ".join(known))
                            if known else _('make one with `referee season new "Winter 2027" --from 2027-01-01 --to '
                                            '2027-03-31`; a calendar year (2026) is a season too')))


__all__ = ["Season", "add_season", "close_season", "find_season", "seasons", "unknown_season"]
