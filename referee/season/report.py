"""The season report: the league table, each player's line and running net, the nights with their
results, the season's findings and rulings with their rule texts, and the open tab.

Read from the nights' kept figures (:mod:`referee.season.nights`), as the standings and a player's
page are, so a player's name (aliases merged) and his money are the same in all three.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.money import format_money, format_signed
from referee.season.league import LeagueTable, league_table
from referee.season.nights import Span, resolve_span, span_nights
from referee.season.player import PlayerPage, page_of

if TYPE_CHECKING:
    from collections.abc import Mapping

    from referee.ledger.kept import Concern, NightFigures
    from referee.store.store import Store


@dataclass(frozen=True)
class NightLine:
    """A night of the season and its results: each player's net, the best first."""

    session_id: int
    day: str
    table: str
    hands: int
    results: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SeasonConcern:
    """A finding or ruling of a night of the season, with the person it concerns."""

    session_id: int
    day: str
    table: str
    player: str | None
    concern: Concern


@dataclass(frozen=True)
class TabBalance:
    """What a player owes (−) or is owed (+) on the open tab, in one currency (a line of the tab,
    :class:`referee.ledger.tab.TabLine`, with its currency)."""

    player: str
    cents: int
    currency: str


@dataclass(frozen=True)
class SeasonReport:
    span: Span
    league: LeagueTable
    currency: str
    locale: str
    nights: tuple[NightLine, ...]
    #: each player's page over the season, in the league table's order
    players: tuple[PlayerPage, ...]
    #: the rulings of the season, and the findings that are errors (an illegal action)
    concerns: tuple[SeasonConcern, ...]
    skipped: tuple[tuple[int, str], ...] = ()
    #: the open tab's lines: what is still owed from the season's nights
    tab: tuple[TabBalance, ...] = ()

    def money(self, cents: int) -> str:
        return format_money(cents, self.currency, self.locale)

    def signed(self, cents: int) -> str:
        return format_signed(cents, self.currency, self.locale)

    def chart(self, font: str = "DejaVu Sans") -> str:
        """Every player's running net over the season's nights (in whole units of money), one line
        each, as an SVG chart: a player keeps his figure over the nights he missed."""
        from referee.report.chart import line_chart

        order = [night.session_id for night in self.nights]
        series = {}
        for page in self.players:
            mine = {night.session_id: night.net_cents for night in page.nights}
            total, points = 0, [0]
            for sid in order:
                total += mine.get(sid, 0)
                points.append(round(total / 100))
            series[page.player] = points
        from referee.i18n import _, pgettext

        return line_chart(series, font=font, title=_("Each player's net over the season's nights"),
                          x_label=pgettext("chart axis", "night"),
                          y_label=pgettext("chart axis", "net ({currency})").format(currency=self.currency))

    @property
    def rulings(self) -> tuple[SeasonConcern, ...]:
        return tuple(c for c in self.concerns if c.concern.kind == "ruling")

    @property
    def findings(self) -> tuple[SeasonConcern, ...]:
        return tuple(c for c in self.concerns if c.concern.kind == "finding")


def open_tab(store: Store, span: Span, known: Mapping[int, NightFigures]) -> tuple[TabBalance, ...]:
    """What is still owed from the span's nights (``referee tab`` over its days and table): each
    player's line, every currency's; ``known``: the nights' figures read already."""
    from referee.ledger.tab import read_tab

    tab = read_tab(store, start=span.first_day, end=span.last_day, table=span.table, known=known)
    return tuple(TabBalance(line.player, line.cents, part.currency) for part in tab.parts
                 for line in part.lines if line.cents)


def season_report(store: Store, name: str | None, *, with_players: bool = True) -> SeasonReport:
    """The report of season ``name`` (a named season or a year; every night if None)."""
    span = resolve_span(store, name)
    found = span_nights(store, span)
    league = league_table(found.nights, span.scoring)
    nights, concerns = [], []
    for (game, figures), night in zip(found.counted.nights, found.nights, strict=True):
        seats = {line.name: line.player for line in figures.ledger.players}
        nights.append(NightLine(night.session_id, str(night.day), night.table, figures.hand_count,
                                tuple(sorted(night.nets, key=lambda item: -item[1]))))
        concerns += [SeasonConcern(night.session_id, str(night.day), night.table,
                                   seats.get(c.player, c.player) if c.player else None, c)
                     for c in figures.concerns]
    players = tuple(page_of(row.player, found) for row in league.rows) if with_players else ()
    return SeasonReport(span, league, found.counted.currency, found.counted.locale, tuple(nights), players,
                        tuple(concerns), found.counted.skipped,
                        open_tab(store, span, {game.id: figures for game, figures in found.counted.nights}))  # type: ignore[misc]


__all__ = ["NightLine", "SeasonConcern", "SeasonReport", "TabBalance", "open_tab", "season_report"]
