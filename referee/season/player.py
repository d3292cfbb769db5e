"""A player across nights: every night he played, his totals, his running net, hands played and
won per game, and the findings and rulings that concern him; and the list of everyone.

A player is the store's player (his aliases merged, as in the standings); his nights are read from
the kept figures of the nights that count (:mod:`referee.season.nights`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.i18n import _
from referee.ledger.kept import Concern
from referee.money import format_money, format_signed
from referee.season.nights import EVERY_NIGHT, Span, SpanNights, resolve_span, span_nights

if TYPE_CHECKING:
    from referee.store.store import Store


@dataclass(frozen=True)
class PlayerNight:
    """One night of a player."""

    session_id: int
    day: date
    table: str
    #: the games he played that night (by title)
    games: tuple[str, ...]
    #: the name he sat under
    name: str
    #: money paid for chips
    bought_cents: int
    chips_bought: int
    #: chips counted at the end (cashed out, else as the log leaves them)
    chips_end: int
    net_cents: int
    #: his place that night by net money (level players share the higher place), of ``players``
    place: int
    players: int
    hands: int
    #: what one chip was worth that night
    chip_value_cents: int = 1

    @property
    def net_chips(self) -> int:
        return self.chips_end - self.chips_bought


@dataclass(frozen=True)
class PlayerConcern:
    """A finding or ruling of one of his nights that concerns him."""

    session_id: int
    day: date
    concern: Concern


@dataclass(frozen=True)
class PlayerPage:
    player: str
    #: the names he sat under
    names: tuple[str, ...]
    span: Span
    currency: str
    locale: str
    nights: tuple[PlayerNight, ...]
    #: game title -> (hands played, hands won)
    games: tuple[tuple[str, int, int], ...]
    concerns: tuple[PlayerConcern, ...]
    #: nights left out of every count (void, open, another currency…): (session, why)
    skipped: tuple[tuple[int, str], ...] = ()

    @property
    def net_cents(self) -> int:
        return sum(n.net_cents for n in self.nights)

    @property
    def bought_cents(self) -> int:
        return sum(n.bought_cents for n in self.nights)

    @property
    def net_chips(self) -> int | None:
        """His net in chips over the nights, when a chip was worth the same on all of them (else None:
        chips of different values do not add up)."""
        if len({n.chip_value_cents for n in self.nights}) > 1:
            return None
        return sum(n.net_chips for n in self.nights)

    @property
    def hands(self) -> int:
        return sum(n.hands for n in self.nights)

    @property
    def won_nights(self) -> int:
        return sum(1 for n in self.nights if n.net_cents > 0)

    @property
    def best(self) -> PlayerNight | None:
        return max(self.nights, key=lambda n: (n.net_cents, n.day), default=None)

    @property
    def worst(self) -> PlayerNight | None:
        return min(self.nights, key=lambda n: (n.net_cents, n.day), default=None)

    def running(self) -> list[int]:
        """His net money after each night, from 0 before the first."""
        out = [0]
        for night in self.nights:
            out.append(out[-1] + night.net_cents)
        return out

    def money(self, cents: int) -> str:
        return format_money(cents, self.currency, self.locale)

    def signed(self, cents: int) -> str:
        return format_signed(cents, self.currency, self.locale)

    def chart(self, font: str = "DejaVu Sans", *, small: bool = False) -> str:
        """His cumulative net money over the nights, as an SVG chart (in whole units of money);
        ``small``: drawn for a phone's width."""
        from referee.report.chart import line_chart

        size = {"width": 380, "height": 220} if small else {}
        from referee.i18n import _, pgettext

        return line_chart({self.player: [round(c / 100) for c in self.running()]}, font=font,
                          title=_("{player}'s net over the nights").format(player=self.player),
                          x_label=pgettext("chart axis", "night"),
                          y_label=pgettext("chart axis", "net ({currency})").format(currency=self.currency), legend=False,
                          **size)


def page_of(player: str, found: SpanNights) -> PlayerPage:
    """``player``'s page from a span's nights (his nights among them, in order)."""
    nights: list[PlayerNight] = []
    games: dict[str, list[int]] = {}
    concerns: list[PlayerConcern] = []
    names: list[str] = []
    for (game, figures), night in zip(found.counted.nights, found.nights, strict=True):
        mine = [line for line in figures.ledger.players if line.player == player]
        if not mine:
            continue
        result = next(r for r in night.results() if r.player == player)  # his place: the league's own
        seat_names = {line.name for line in mine}
        played: list[str] = []
        for name in seat_names:
            for title, (hands, won) in figures.games.get(name, {}).items():
                counts = games.setdefault(title, [0, 0])
                counts[0] += hands
                counts[1] += won
                if title not in played:
                    played.append(title)
        for name in sorted(seat_names):
            if name not in names:
                names.append(name)
        concerns += [PlayerConcern(game.id, game.started_at.date(), c)  # type: ignore[arg-type]
                     for c in figures.concerns if c.player in seat_names]
        nights.append(PlayerNight(
            game.id, game.started_at.date(), game.table_name, tuple(sorted(played)), mine[0].name,  # type: ignore[arg-type]
            sum(line.paid_cents for line in mine), sum(line.bought for line in mine),
            sum(line.counted for line in mine), result.net_cents, result.place, len(night.nets),
            sum(figures.hands.get(name, 0) for name in seat_names), figures.ledger.chip_value_cents))
    return PlayerPage(player, tuple(names), found.span, found.counted.currency, found.counted.locale, tuple(nights),
                      tuple((title, hands, won) for title, (hands, won) in sorted(games.items())), tuple(concerns),
                      found.counted.skipped)


def player_page(store: Store, name: str, *, season: str | None = None) -> PlayerPage:
    """The page of the player named (or aliased) ``name``, over ``season`` (every night if None)."""
    person = store.find_player(name)
    if person is None:
        known = [p.name for p in store.players()]
        raise InputError(_("no player {name!r}").format(name=name), where="NAME",
                         hint=_("`referee player list` lists the players") if known
                         else _("no night has been recorded yet"))
    span = resolve_span(store, season) if season is not None else EVERY_NIGHT
    return page_of(person.name, span_nights(store, span))


@dataclass(frozen=True)
class PlayerSummary:
    player: str
    names: tuple[str, ...]
    nights: int
    net_cents: int
    last_seen: date | None


@dataclass(frozen=True)
class PlayerList:
    rows: tuple[PlayerSummary, ...]
    currency: str
    locale: str

    def signed(self, cents: int) -> str:
        return format_signed(cents, self.currency, self.locale)


def player_list(store: Store) -> PlayerList:
    """Everyone who played a night that counts (aliases merged): his nights, net and the day he was
    last seen; the most recently seen first."""
    found = span_nights(store, EVERY_NIGHT)
    names: dict[str, list[str]] = {}
    nights: dict[str, set[int]] = {}
    net: dict[str, int] = {}
    last: dict[str, date] = {}
    for game, figures in found.counted.nights:
        day = game.started_at.date()
        for line in figures.ledger.players:
            who = line.player
            if line.name not in names.setdefault(who, []):
                names[who].append(line.name)
            nights.setdefault(who, set()).add(game.id)  # type: ignore[arg-type]
            net[who] = net.get(who, 0) + line.balance_cents
            last[who] = max(last.get(who, day), day)
    rows = [PlayerSummary(who, tuple(names[who]), len(nights[who]), net[who], last[who]) for who in names]
    rows.sort(key=lambda r: (-(r.last_seen.toordinal() if r.last_seen else 0), r.player.casefold()))
    return PlayerList(tuple(rows), found.counted.currency, found.counted.locale)


__all__ = ["PlayerConcern", "PlayerList", "PlayerNight", "PlayerPage", "PlayerSummary", "page_of", "player_list",
           "player_page"]
