"""The session report in the terminal, with rich: standings, the ledger, the settlement, the hands,
the findings and the rulings of the night."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from referee.ledger.ledger import SessionLedger
    from referee.report.document import NightReport

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def _table(*columns: tuple[str, str]) -> object:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for name, justify in columns:
        # a cell too long for its column folds onto a second line: no figure or name loses characters
        table.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    return table


def check_words(ledger: SessionLedger) -> str:
    """The conservation check in one line."""
    c = ledger.check
    left = f"{c.bought} bought"
    if c.added_by_games:
        left += f" + {c.added_by_games} put on by games"
    if c.removed_by_games:
        left += f" \u2212 {c.removed_by_games} taken off by games"
    right = [f"{c.cashed} cashed out"]
    if c.on_table:
        right.append(f"{c.on_table} on the table")
    if c.middle:
        right.append(f"{c.middle} in the middle")
    if c.undecided:
        right.append(f"{c.undecided} in undecided pots")
    verdict = "holds" if c.holds else (f"{c.difference} more counted than the log accounts for" if c.difference > 0
                                       else f"{-c.difference} fewer counted than the log accounts for")
    return f"Chips: {left} = {' + '.join(right)}: {verdict}"


def print_report(out: Console, report: NightReport) -> None:
    from rich.rule import Rule

    from referee.cli.output import literal

    ledger = report.ledger
    out.print(f"[bold]Session {report.session_id} · {literal(report.table)}[/] · {report.date}, {report.hours} · "
              f"{report.status}")
    out.print(f"Games: {', '.join(report.games) or 'none played'} · players: {literal(', '.join(report.players))}"
              f" · a chip is {report.chip_value} · money in {ledger.settings.currency} ({ledger.settings.locale})")
    if report.chain_ok is False:
        out.print("[bold red]The log's hash chain is broken: run `referee db verify`[/]")

    out.print(Rule("Standings", align="left"))
    standings = _table(("#", "right"), ("Player", "left"), ("Bought", "right"), ("Counted", "right"),
                       ("Result", "right"))
    for s in report.standings:
        who = s.name if s.player == s.name else f"{s.name} ({s.player})"
        standings.add_row(str(s.rank), literal(who), str(s.bought), str(s.counted), s.balance)  # type: ignore[attr-defined]
    out.print(standings)

    out.print(Rule("Ledger", align="left"))
    print_ledger(out, ledger)

    out.print(Rule("Settlement", align="left"))
    result = report.settlement
    if not result.transfers:
        out.print("[green]Everybody is square.[/]")
    else:
        transfers = _table(("#", "right"), ("Who pays", "left"), ("Whom", "left"), ("Amount", "right"))
        for n, t in enumerate(result.transfers, 1):
            transfers.add_row(str(n), literal(t.payer), literal(t.payee), ledger.money(t.cents))  # type: ignore[attr-defined]
        out.print(f"{len(result.transfers)} transfer{'s' if len(result.transfers) != 1 else ''} ({result.method}):")
        out.print(transfers)
    for t in result.paid:
        out.print(f"  paid: {literal(t.payer)} paid {literal(t.payee)} {ledger.money(t.cents)}")
    for note in result.notes:
        out.print(f"[dim]Note:[/] {literal(note)}")

    out.print(Rule(f"Hands ({len(report.hands)})", align="left"))
    hands = _table(("#", "right"), ("Game", "left"), ("Dealer", "left"), ("Result", "left"), ("Winners", "left"),
                   ("Pot", "right"), ("Findings", "right"))
    for h in report.hands:
        flagged = sum(1 for f in h.findings if f.severity == "error")
        mark = f"[bold red]{len(h.findings)}[/]" if flagged else str(len(h.findings) or "")
        won = h.winners if h.winners != "\u2014" or not h.summary else h.summary
        hands.add_row(str(h.number), h.game, literal(h.dealer), h.result, literal(won),  # type: ignore[attr-defined]
                      str(h.pot or ""), mark)
    out.print(hands)

    out.print(Rule("Findings and rulings", align="left"))
    if not report.findings and not report.rulings:
        out.print("Nothing to report: every hand was legal.")
    for f in report.findings:
        where = f"hand {f.hand}" + (f", action {f.action}" if f.action is not None else "")
        rule = f" [{f.rule}]" if f.rule else ""
        remedy = f" \u2192 {f.remedy}" if f.remedy else ""
        out.print(f"  [{SEVERITY_STYLE[f.severity]}]{f.severity:<7}[/] {where}: {literal(f.message)}"
                  f"{literal(rule)}{literal(remedy)}")
    for r in report.rulings:
        by = "decided by the table" if r.decided_by == "table" else "ruled from the log"
        out.print(f"  [bold]ruling[/]  hand {r.hand}, action {r.action}: {literal(r.question)} \u2014 "
                  f"{literal(r.ruling)}" + (literal(f" [{r.rule}]") if r.rule else "") + f" ({by})")
    if report.penalties:
        out.print(Rule("Penalties", align="left"))
        for p in report.penalties:
            out.print(f"  hand {p.hand}: {literal(p.text)} {literal(f'[{p.rule}]')}")


def print_ledger(out: Console, ledger: SessionLedger) -> None:
    """The ledger: per player, the check, a shortfall and its parts, the games' money, the notes."""
    from referee.cli.output import literal

    table = _table(("Player", "left"), ("Bought", "right"), ("Paid", "right"), ("Cashed out", "right"),
                   ("Games", "right"), ("Shortfall", "right"), ("Balance", "right"))
    for p in ledger.players:
        cashed = str(p.cashed) if p.cashed is not None else f"({p.log_chips} on the table)"
        if p.count_difference:
            cashed += f" [log {p.log_chips}]"
        table.add_row(literal(p.name), str(p.bought), ledger.money(p.paid_cents), cashed,  # type: ignore[attr-defined]
                      ledger.signed(p.games_cents) if p.games_cents else "",
                      ledger.signed(p.absorbed_cents) if p.absorbed_cents else "", ledger.signed(p.balance_cents))
    out.print(table)
    out.print(check_words(ledger))
    d = ledger.difference
    if d.cents:
        out.print(f"[bold yellow]{d.kind.capitalize()} of {ledger.money(abs(d.cents))}[/], absorbed "
                  f"{literal(d.policy)}:")
        for words, cents in d.parts:
            out.print(f"  {literal(words)}: {ledger.signed(cents)}")
    else:
        out.print(f"Money: the balances sum to zero (a shortfall would be absorbed {literal(d.policy)}).")
    for e in ledger.entries:
        if e.what in ("buy-in", "rebuy", "cash-out", "buys in again"):
            continue
        out.print(f"  {e.when}: {literal(e.text)} ({ledger.signed(e.cents)})")
    for note in ledger.notes:
        out.print(f"[dim]Note:[/] {literal(note)}")
    if ledger.provisional:
        out.print("[yellow]Provisional:[/] not cashed out yet, valued at the chips the log gives them: "
                  + literal(", ".join(ledger.provisional)))


__all__ = ["check_words", "print_ledger", "print_report"]
