"""A player's page, the list of players and a season's league table in the terminal, with rich
(the same tables and rules as the night's report, :mod:`referee.report.terminal`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.rule import Rule
from rich.table import Table

from referee.i18n import N_, _, ngettext
from referee.plain_words import literal, plural
from referee.report.terminal import SEVERITY_STYLE, _table

if TYPE_CHECKING:
    from rich.console import Console

    from referee.season.league import LeagueTable
    from referee.season.player import PlayerList, PlayerPage
    from referee.season.report import SeasonReport

BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[int]) -> str:
    """``values`` as a line of block characters, lowest to highest (the running net at a glance)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1
    return "".join(BARS[round((v - low) * (len(BARS) - 1) / span)] for v in values)


def concern_words(code: str | None) -> str:
    """A finding's code in words: what the code means, in the reader's language
    (:data:`referee.engine.findings.CODES`); a code no game declares as itself (``out_of_turn`` → "out of turn")."""
    from referee.engine.findings import CODES
    from referee.engine.games import all_games

    if code and code not in CODES:
        all_games()  # a game's own codes come with its module
    if code in CODES:
        return _(CODES[code][1])
    return code.replace("_", " ") if code else _("finding")


def print_player(out: Console, page: PlayerPage) -> None:
    also = [n for n in page.names if n != page.player]
    out.print(f"[bold]{literal(page.player)}[/] · {page.span.words()} · {plural(len(page.nights), 'night', 'nights')} · "
              f"{page.currency}" + (" · " + literal(_("also as {names}").format(names=", ".join(also))) if also else ""))
    if not page.nights:
        out.print(_("No night of his counts here."))
        return
    chips = (" (" + ngettext("{count} chip", "{count} chips", abs(page.net_chips)).format(count=f"{page.net_chips:+d}")
             + ")" if page.net_chips is not None else "")
    out.print(_("Net {net}{chips} over {hands} · bought {bought} · won {won} of {nights}").format(
        net=page.signed(page.net_cents), chips=chips, hands=plural(page.hands, "hand", "hands"),
        bought=page.money(page.bought_cents), won=page.won_nights, nights=plural(len(page.nights), "night", "nights")))
    best, worst = page.best, page.worst
    assert best is not None and worst is not None
    out.print(literal(_("Best night {best_day} ({best_table}) {best} · worst night {worst_day} ({worst_table}) {worst}").format(
        best_day=best.day, best_table=best.table, best=page.signed(best.net_cents), worst_day=worst.day,
        worst_table=worst.table, worst=page.signed(worst.net_cents))))
    out.print(_("Running net: {line} {net}").format(line=sparkline(page.running()), net=page.signed(page.net_cents)))
    out.print(Rule(_("Nights"), align="left"))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for name, justify in ((N_("Date"), "left"), (N_("Table"), "left"), (N_("Games"), "left"), (N_("Bought"), "right"),
                          (N_("Net"), "right"), (N_("Chips"), "right"), (N_("Place"), "right"), (N_("Running"), "right")):
        # names and games wrap at their words; dates and figures never break
        table.add_column(_(name), justify=justify, no_wrap=name not in ("Table", "Games"))  # type: ignore[arg-type]
    running = page.running()
    for night, total in zip(page.nights, running[1:], strict=True):
        table.add_row(f"{night.day}", literal(night.table), ", ".join(night.games) or "\u2014",
                      page.money(night.bought_cents), page.signed(night.net_cents), f"{night.net_chips:+d}",
                      f"{night.place}/{night.players}", page.signed(total))
    out.print(table)
    if page.games:
        out.print(Rule(_("Hands per game"), align="left"))
        games = _table((_("Game"), "left"), (_("Played"), "right"), (_("Won"), "right"), (_("Won %"), "right"))
        for title, played, won in page.games:
            games.add_row(title, str(played), str(won), f"{100 * won / played:.0f}%" if played else "\u2014")
        out.print(games)
    out.print(Rule(_("Findings and rulings about him"), align="left"))
    if not page.concerns:
        out.print(_("None: no illegal action of his was found, and no ruling was about his play."))
    for item in page.concerns:
        c = item.concern
        style = "bold magenta" if c.kind == "ruling" else SEVERITY_STYLE["error"]
        what = _("ruling on {question}").format(question=repr(c.question)) if c.kind == "ruling" else concern_words(c.code)
        rule = " " + _("(rule {rule})").format(rule=c.rule) if c.rule else ""
        out.print(f"[{style}]" + literal(_("{day} session {session}, {where}: {what}").format(
            day=item.day, session=item.session_id, where=c.where, what=what)) + f"[/] {literal(c.text)}[dim]{literal(rule)}[/]")
    for sid, why in page.skipped:
        out.print("[dim]" + literal(_("Not counted: session {session}, {why}").format(session=sid, why=why)) + "[/]")


def print_player_list(out: Console, players: PlayerList) -> None:
    out.print("[bold]" + _("Players") + f"[/] · {plural(len(players.rows), 'player', 'players')} · {players.currency}")
    if not players.rows:
        out.print(_("No night counts yet: record one with `referee table` or `referee import`."))
        return
    table = _table((_("Player"), "left"), (_("Nights"), "right"), (_("Net"), "right"), (_("Last seen"), "left"),
                   (_("Also as"), "left"))
    for row in players.rows:
        table.add_row(literal(row.player), str(row.nights), players.signed(row.net_cents), str(row.last_seen or ""),
                      literal(", ".join(n for n in row.names if n != row.player)))
    out.print(table)


def league_rows(league: LeagueTable, signed: object) -> list[list[str]]:
    """The league table's cells, a row a player (rank, player, nights, counted, points, net, tie)."""
    out = []
    for row in league.rows:
        counted = f"{row.counted}" if row.counted == row.nights else _("{counted} of {nights}").format(
            counted=row.counted, nights=row.nights)
        out.append([str(row.rank) if row.rank is not None else "\u2014", row.player, counted,
                    str(row.points) if league.scoring.rank_by == "points" else "",
                    signed(row.net_cents),  # type: ignore[operator]
                    row.tie_words() if row.ranked else
                    _("not ranked: {nights} of the {needed} needed").format(
                        nights=plural(row.nights, "night", "nights"), needed=league.scoring.minimum_nights)])
    return out


def print_league(out: Console, league: LeagueTable, signed: object, title: str) -> None:
    """The league table: points and money side by side, and the rule that ranked level players."""
    out.print(f"[bold]{literal(title)}[/] · {plural(len(league.nights), 'night', 'nights')} · {literal(league.scoring.name)}")
    out.print("[dim]" + literal("; ".join(league.scoring.rules())) + "[/]")
    if not league.rows:
        out.print(_("No nights to count."))
        return
    points = league.scoring.rank_by == "points"
    columns = [("#", "right"), (_("Player"), "left"), (_("Nights"), "right")] + (
        [(_("Points"), "right")] if points else []) + [(_("Net"), "right"), (_("Tie-break"), "left")]
    table = _table(*columns)
    for cells in league_rows(league, signed):
        if not points:
            del cells[3]
        cells[1] = literal(cells[1])
        table.add_row(*cells)
    out.print(table)




def print_season(out: Console, report: SeasonReport) -> None:
    """The season report in the terminal: the league table, the nights, the rulings, the open tab,
    each player's line with his running net."""
    print_league(out, report.league, report.signed, f"{report.span.words()} · {report.currency}")
    for sid, why in report.skipped:
        out.print("[dim]" + literal(_("Not counted: session {session}, {why}").format(session=sid, why=why)) + "[/]")
    out.print(Rule(_("The nights"), align="left"))
    for night in report.nights:
        results = ", ".join(f"{name} {report.signed(cents)}" for name, cents in night.results)
        out.print(literal(_("{day} · {table} · session {session} · {hands} · {results}").format(
            day=night.day, table=night.table, session=night.session_id, hands=plural(night.hands, "hand", "hands"),
            results=results)))
    out.print(Rule(_("Disputes and rulings"), align="left"))
    if not report.rulings:
        out.print(_("No dispute was ruled this season."))
    for item in report.rulings:
        c = item.concern
        about = " " + _("(about {player})").format(player=item.player) if item.player else ""
        out.print("[bold magenta]" + literal(_("{day} · {table} · hand {hand}, action {action}: {question}").format(
            day=item.day, table=item.table, hand=c.hand, action=c.action, question=repr(c.question)))
                  + f"[/]{literal(about)} {literal(c.text)}"
                  + (" [dim]" + literal(_("(rule {rule})").format(rule=c.rule)) + "[/]" if c.rule else ""))
        if c.rule_text:
            out.print(f"    [italic]{literal(c.rule_text)}[/]")
    if report.findings:
        nobody = _("nobody")
        found = sorted({f"{i.player or nobody} {concern_words(i.concern.code)}" for i in report.findings})
        out.print(literal(_("Illegal actions found: {count} ({which})").format(count=len(report.findings),
                                                                               which=", ".join(found))))
    out.print(Rule(_("The open tab"), align="left"))
    if not report.tab:
        out.print(_("Everybody is square: nothing from these nights is still owed."))
    for line in report.tab:
        out.print(f"{literal(line.player)} {report.signed(line.cents)} {line.currency} "
                  + (_("(owes)") if line.cents < 0 else _("(is owed)")))
    out.print(Rule(_("The players"), align="left"))
    table = _table((_("Player"), "left"), (_("Nights"), "right"), (_("Net"), "right"), (_("Best"), "right"),
                   (_("Worst"), "right"), (_("Running net"), "left"))
    for page in report.players:
        best, worst = page.best, page.worst
        table.add_row(literal(page.player), str(len(page.nights)), page.signed(page.net_cents),
                      page.signed(best.net_cents) if best else "", page.signed(worst.net_cents) if worst else "",
                      sparkline(page.running()))
    out.print(table)

__all__ = ["concern_words", "league_rows", "print_league", "print_player", "print_player_list", "print_season", "sparkline"]
