"""A league table: the nights of a season scored by a :class:`~referee.season.scoring.Scoring`.

Each night gives its players places by their net money (two players level share the higher place,
the next place is skipped) and so points (:meth:`Scoring.points`).  A player's score is his points,
or his net money when the scoring ranks by money, over the nights that count for him: his best
``best_nights`` of them (by score, then the earlier night), all when the scoring says none.  "Net" is
the money of every night he played: money is never dropped.  Players with fewer nights than
``minimum_nights`` are listed after the ranked ones, not ranked.

Players level on score are ordered by the tie-breaks, in the scoring's order: ``money`` (more net
money), ``nights`` (more nights played), ``head_to_head`` (among the players still level, who
finished ahead of the others more often in the nights they played together).  Each row says which
rule put it below the row above when their scores were level; players level after every rule share
their rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from referee.ledger.settlement import name_order
from referee.season.scoring import TIE_BREAKS, Scoring


@dataclass(frozen=True)
class NightResult:
    """One player's night: his net money and his place that night."""

    session_id: int
    day: date
    player: str
    net_cents: int
    place: int


@dataclass(frozen=True)
class SeasonNight:
    """A night of a season: each player (a person, aliases merged) and his net money."""

    session_id: int
    day: date
    table: str
    nets: tuple[tuple[str, int], ...]

    def results(self) -> tuple[NightResult, ...]:
        """Each player's place that night by net money (level players share the higher place)."""
        ordered = sorted(self.nets, key=lambda item: (-item[1], name_order(item[0])))
        out, place = [], 0
        for index, (player, net) in enumerate(ordered):
            if index == 0 or net != ordered[index - 1][1]:
                place = index + 1
            out.append(NightResult(self.session_id, self.day, player, net, place))
        return tuple(out)


@dataclass(frozen=True)
class LeagueRow:
    #: None: not ranked (fewer nights than the minimum)
    rank: int | None
    player: str
    nights: int
    #: the nights that count for him (his best N; all when the scoring keeps every night)
    counted: int
    points: int
    #: his net money over every night he played
    net_cents: int
    #: his net money over the nights that count (the score when ranking by money)
    counted_cents: int
    #: the tie-break that put him below the row above, level with it on score ("" if none did)
    tie_break: str = ""
    #: the player he was level with and ranked below by ``tie_break``
    below: str = ""
    results: tuple[NightResult, ...] = field(default=(), repr=False)

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    def tie_words(self) -> str:
        """``"below Ben on net money"``, ``"level with Ben on every tie-break"``, or ``""``."""
        if not self.tie_break:
            return ""
        from referee.i18n import _

        if self.tie_break == "level":
            return _("level with {player} on every tie-break").format(player=self.below)
        return _("below {player} on {tie_break}").format(player=self.below, tie_break=_(TIE_BREAKS[self.tie_break]))


@dataclass(frozen=True)
class LeagueTable:
    scoring: Scoring
    rows: tuple[LeagueRow, ...]
    nights: tuple[SeasonNight, ...]

    @property
    def ranked(self) -> tuple[LeagueRow, ...]:
        return tuple(row for row in self.rows if row.ranked)

    @property
    def unranked(self) -> tuple[LeagueRow, ...]:
        return tuple(row for row in self.rows if not row.ranked)


@dataclass
class _Player:
    name: str
    results: list[NightResult] = field(default_factory=list)
    score: int = 0
    points: int = 0
    counted: int = 0
    counted_cents: int = 0
    net: int = 0


def _score(scoring: Scoring, result: NightResult) -> int:
    return scoring.points(result.place) if scoring.rank_by == "points" else result.net_cents


def _head_to_head(player: _Player, level: Sequence[_Player]) -> int:
    """How many times ``player`` finished ahead of another of ``level`` in a night both played, less
    the times that one finished ahead of him."""
    mine = {r.session_id: r.place for r in player.results}
    total = 0
    for other in level:
        if other is player:
            continue
        for r in other.results:
            if r.session_id in mine:
                total += (mine[r.session_id] < r.place) - (mine[r.session_id] > r.place)
    return total


def _key(rule: str, player: _Player, level: Sequence[_Player]) -> int:
    if rule == "money":
        return player.net
    if rule == "nights":
        return len(player.results)
    return _head_to_head(player, level)


def _order(level: list[_Player], rules: Sequence[str]) -> list[tuple[_Player, str, str]]:
    """``level`` (players level on score, in name order) ordered by the tie-breaks ``rules``: each
    with the rule that put him below the one before ("" for the first, "level" when none did) and
    that player."""
    if len(level) == 1:
        return [(level[0], "", "")]
    if not rules:
        return [(p, "" if i == 0 else "level", "" if i == 0 else level[i - 1].name) for i, p in enumerate(level)]
    rule, rest = rules[0], rules[1:]
    keys = {id(p): _key(rule, p, level) for p in level}
    ordered = sorted(level, key=lambda p: -keys[id(p)])
    groups: list[list[_Player]] = []
    for p in ordered:
        if groups and keys[id(groups[-1][0])] == keys[id(p)]:
            groups[-1].append(p)
        else:
            groups.append([p])
    out: list[tuple[_Player, str, str]] = []
    for n, group in enumerate(groups):
        inner = _order(group, rest)
        if n > 0:
            first = inner[0][0]
            inner[0] = (first, rule, out[-1][0].name)
        out += inner
    return out


def league_table(nights: Iterable[SeasonNight], scoring: Scoring) -> LeagueTable:
    """The league table of ``nights`` under ``scoring`` (see the module docstring)."""
    season = tuple(sorted(nights, key=lambda n: (n.day, n.session_id)))
    players: dict[str, _Player] = {}
    for night in season:
        for result in night.results():
            players.setdefault(result.player, _Player(result.player)).results.append(result)
    for p in players.values():
        chosen = sorted(p.results, key=lambda r: (-_score(scoring, r), r.day, r.session_id))
        if scoring.best_nights is not None:
            chosen = chosen[:scoring.best_nights]
        p.counted = len(chosen)
        p.points = sum(scoring.points(r.place) for r in chosen) if scoring.rank_by == "points" else 0
        p.counted_cents = sum(r.net_cents for r in chosen)
        p.score = p.points if scoring.rank_by == "points" else p.counted_cents
        p.net = sum(r.net_cents for r in p.results)
    ranked = [p for p in players.values() if len(p.results) >= scoring.minimum_nights]
    others = [p for p in players.values() if len(p.results) < scoring.minimum_nights]
    ranked.sort(key=lambda p: (-p.score, name_order(p.name)))
    rows: list[LeagueRow] = []
    start = 0
    while start < len(ranked):
        end = start
        while end < len(ranked) and ranked[end].score == ranked[start].score:
            end += 1
        for p, rule, below in _order(ranked[start:end], scoring.tie_breaks):
            rank = rows[-1].rank if rule == "level" else len(rows) + 1
            rows.append(LeagueRow(rank, p.name, len(p.results), p.counted, p.points, p.net, p.counted_cents,
                                  rule, below, tuple(p.results)))
        start = end
    others.sort(key=lambda p: (-len(p.results), -p.score, name_order(p.name)))
    rows += [LeagueRow(None, p.name, len(p.results), p.counted, p.points, p.net, p.counted_cents,
                       results=tuple(p.results)) for p in others]
    return LeagueTable(scoring, tuple(rows), season)


__all__ = ["LeagueRow", "LeagueTable", "NightResult", "SeasonNight", "league_table"]
