"""Which nights a season holds, and their figures: a named season (its days and table), or a
calendar year, or every night; read from the kept figures through
:func:`~referee.ledger.standings.counted_nights`, as the standings read them (aliases merged)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from referee.ledger.standings import CountedNights, counted_nights, season_range
from referee.season.league import SeasonNight
from referee.season.scoring import NET_MONEY, Scoring, parse_scoring

if TYPE_CHECKING:
    from referee.store.seasons import Season
    from referee.store.store import Store


@dataclass(frozen=True)
class Span:
    """The nights a question is about: a season's days and table and its scoring."""

    #: the season's name ("Winter 2027", "2026"), or "" for every night
    name: str
    first_day: date | None
    last_day: date | None
    table: str | None
    scoring: Scoring
    #: the named season (None: a calendar year, or every night)
    season: Season | None = None

    def words(self) -> str:
        """``Winter 2027 (2027-01-01 to 2027-03-31, Kitchen)``: the span in words."""
        from referee.i18n import _

        if not self.name:
            return _("every night")
        if self.table:
            return _("{season} ({first} to {last}, {table})").format(season=self.name, first=self.first_day,
                                                                      last=self.last_day, table=self.table)
        return _("{season} ({first} to {last})").format(season=self.name, first=self.first_day, last=self.last_day)


EVERY_NIGHT = Span("", None, None, None, NET_MONEY)


def resolve_span(store: Store, name: str | None) -> Span:
    """The span a ``--season`` names: a named season of the store, else a calendar year (``2026``)."""
    from referee.store.seasons import find_season, unknown_season

    if name is None:
        return EVERY_NIGHT
    season = find_season(store, name)
    if season is not None:
        scoring = (parse_scoring(season.scoring, season.scoring_source or f"season {season.name}")
                   if season.scoring else NET_MONEY)
        return Span(season.name, season.first_day, season.last_day, season.table, scoring, season)
    text = name.strip()
    if text.isascii() and text.isdigit() and len(text) == 4:
        first, last = season_range(text)
        return Span(text, first, last, None, NET_MONEY)
    raise unknown_season(store, name)


@dataclass(frozen=True)
class SpanNights:
    """A span's nights that count, their figures, and each as a season night (person, net money)."""

    span: Span
    counted: CountedNights
    nights: tuple[SeasonNight, ...]


def span_nights(store: Store, span: Span, *, include_open: bool = False) -> SpanNights:
    """The nights of ``span`` that count, with their figures (kept where they fit the log)."""
    counted = counted_nights(store, start=span.first_day, end=span.last_day, table=span.table,
                             include_open=include_open)
    # in the order they were played (a night imported later is still in its place)
    counted = replace(counted, nights=tuple(sorted(counted.nights, key=lambda pair: (pair[0].started_at, pair[0].id))))
    nights = []
    for game, figures in counted.nights:
        nets: dict[str, int] = {}
        for line in figures.ledger.players:
            nets[line.player] = nets.get(line.player, 0) + line.balance_cents
        nights.append(SeasonNight(game.id, game.started_at.date(), game.table_name,  # type: ignore[arg-type]
                                  tuple(nets.items())))
    return SpanNights(span, counted, tuple(nights))


__all__ = ["EVERY_NIGHT", "Span", "SpanNights", "resolve_span", "span_nights"]
