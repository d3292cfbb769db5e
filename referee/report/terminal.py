"""The session report in the terminal, with rich: standings, the ledger, the settlement, the hands,
the findings and the rulings of the night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.rule import Rule
from rich.table import Table

from referee.plain_words import literal
from referee.report.words import check_words as words, difference_words, plural, share_column

if TYPE_CHECKING:
    from rich.console import Console

    from referee.ledger.ledger import SessionLedger
    from referee.ledger.paying import TransferWays
    from referee.report.document import NightReport

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def _table(*columns: tuple[str, str]) -> object:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for name, justify in columns:
        # a cell too long for its column folds onto a second line: no figure or name loses characters
        table.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    return table


def check_words(ledger: SessionLedger) -> str:
    """The conservation check in one line (a true equation: :func:`referee.report.words.check_words`)."""
    return words(ledger.check)


#: the ledger's entries the report lists besides the table: not the buy-ins and cash-outs (the table's
#: columns), nor the shares of what the night is short or over (the table's share column)
ROUTINE = ("buy-in", "rebuy", "cash-out", "buys in again", "shortfall", "overage")


def print_how_to_pay(out: Console, ledger: SessionLedger, paying: tuple[TransferWays, ...], *, codes: bool) -> None:
    """Each transfer still to make and how its payee can be paid: the EPC code's IBAN, name, amount
    and text written out (as EPC asks), each link; with ``codes``, the QR code of the first way that
    has one, drawn with block characters (a terminal only: in a pipe it is noise)."""
    from referee.i18n import _
    from referee.plain_words import literal as lit

    if not any(p.ways for p in paying):
        return
    out.print("[bold]" + _("How to pay") + "[/]")
    for number, p in enumerate(paying, 1):
        t = p.transfer
        head = f"{number}. " + _("{payer} pays {payee} {amount}").format(payer=t.payer, payee=t.payee,
                                                                        amount=ledger.money(t.cents))
        if not p.ways:
            out.print(lit("  " + _("{transfer}: {payee} has given no payment details").format(
                transfer=head, payee=t.payee)), soft_wrap=True)
            continue
        out.print(lit(f"  {head}"), soft_wrap=True)
        coded = p.coded if codes else None
        for way in p.ways:
            out.print(lit(f"     {way.label}: {way.words}"), soft_wrap=True)
            if way is coded:
                import io

                qr = way.qr()
                assert qr is not None
                drawn = io.StringIO()
                qr.terminal(out=drawn, compact=True)  # the standard quiet zone of 4 modules
                out.print(lit(drawn.getvalue().rstrip("\n")), highlight=False, soft_wrap=True, no_wrap=True, crop=False)


def print_report(out: Console, report: NightReport, *, codes: bool | None = None) -> None:
    """The report (``codes``: draw each transfer's payment QR code; None: on a terminal only)."""
    ledger = report.ledger
    out.print(f"[bold]Session {report.session_id} · {literal(report.table)}[/] · {report.date}, {report.hours} · "
              f"{report.status}")
    out.print(f"Games: {', '.join(report.games) or 'none played'} · players: {literal(', '.join(report.players))}"
              f" · a chip is {report.chip_value} · money in {ledger.settings.currency} ({ledger.settings.money_locale})")
    if report.chain_ok is False:
        out.print(f"[bold red]The log's hash chain is broken: `referee db verify --session {report.session_id}` "
                  "says what no longer fits[/]")
    if report.provenance is not None:
        out.print(report.provenance)
    if report.unverified:
        out.print("[bold yellow]Imported unverified: taken with --as-new from a session log whose hash chain did "
                  "not match its export; the log is proven only since its import[/]")

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
        out.print("[green]Everybody is square[/]" + (" for now (the night is open)." if ledger.status == "open" else "."))
    else:
        transfers = _table(("#", "right"), ("Who pays", "left"), ("Whom", "left"), ("Amount", "right"))
        for n, t in enumerate(result.transfers, 1):
            transfers.add_row(str(n), literal(t.payer), literal(t.payee), ledger.money(t.cents))  # type: ignore[attr-defined]
        out.print(f"{plural(len(result.transfers), 'transfer')} ({result.method}):")
        out.print(transfers)
        print_how_to_pay(out, ledger, report.paying, codes=out.is_terminal if codes is None else codes)
    for t in result.paid:
        out.print(f"  paid: {literal(t.payer)} paid {literal(t.payee)} {ledger.money(t.cents)}")
    for note in result.notes:
        out.print(f"[dim]Note:[/] {literal(note)}")

    if report.amendments:
        print_amendments(out, report)

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

    listed = report.listed_hands
    if report.all_hands:
        out.print(Rule(f"Hands ({len(report.hands)})", align="left"))
    else:
        out.print(Rule(f"Hands with a finding or a ruling ({len(listed)} of {len(report.hands)})", align="left"))
    if listed:
        # "What happened" is the game's own account of the hand: who won what, and who paid (La Viuda's
        # worst hand pays the pool: a payer is never listed as a winner)
        hands = _table(("#", "right"), ("Game", "left"), ("Dealer", "left"), ("Ended", "left"),
                       ("What happened", "left"), ("Pot", "right"), ("Findings", "right"))
        for h in listed:
            flagged = sum(1 for f in h.findings if f.severity == "error")
            mark = f"[bold red]{len(h.findings)}[/]" if flagged else str(len(h.findings) or "")
            hands.add_row(str(h.number), h.game, literal(h.dealer), h.result,  # type: ignore[attr-defined]
                          literal(h.summary or h.winners), str(h.pot or ""), mark)
        out.print(hands)
    if not report.all_hands and len(listed) < len(report.hands):
        out.print(f"[dim]Every hand: referee report {report.session_id} --hands all[/]")


def print_amendments(out: Console, report: NightReport) -> None:
    """The night's amendments: each reopening and correction with its time and reason, and the
    balances they changed."""
    out.print(Rule("Amendments", align="left"))
    for a in report.amendments:
        out.print(f"  {a.when:%Y-%m-%d %H:%M} UTC  {literal(a.what)} \u2014 {literal(a.why)}")
    ledger = report.ledger
    for c in report.amended_balances:
        out.print(literal(f"  {c.name}: was {ledger.signed(c.was)}, now {ledger.signed(c.now)}"))


def print_ledger(out: Console, ledger: SessionLedger) -> None:
    """The ledger: per player, the check, what the night is short or over and its parts, the games'
    money, the notes."""
    d = ledger.difference
    columns = [("Player", "left"), ("Bought", "right"), ("Paid", "right"), ("Cashed out", "right"),
               ("Games", "right")]
    if d.cents:
        columns.append((share_column(d), "right"))
    table = _table(*columns, ("Balance", "right"))
    for p in ledger.players:
        cashed = str(p.cashed) if p.cashed is not None else f"({p.log_chips} on the table)"
        if p.count_difference:
            cashed += f" [log {p.log_chips}]"
        row = [literal(p.name), str(p.bought), ledger.money(p.paid_cents), cashed,
               ledger.signed(p.games_cents) if p.games_cents else ""]
        if d.cents:
            row.append(ledger.signed(p.absorbed_cents) if p.absorbed_cents else "")
        table.add_row(*row, ledger.signed(p.balance_cents))  # type: ignore[attr-defined]
    out.print(table)
    out.print(check_words(ledger))
    said = literal(difference_words(d, ledger.money(abs(d.cents))))
    if d.cents:
        out.print(f"[bold yellow]{said}[/]:")
        for words, cents in d.parts:  # each part told in the headline's direction: they add up to it
            out.print(f"  {literal(words)}: {ledger.signed(cents if d.cents > 0 else -cents)}")
    else:
        out.print(f"{said}.")
    for e in ledger.entries:
        if e.what in ROUTINE:
            continue
        out.print(f"  {e.when}: {literal(e.text)} ({ledger.signed(e.cents)})")
    for note in ledger.notes:
        out.print(f"[dim]Note:[/] {literal(note)}")
    if ledger.provisional:
        out.print("[yellow]Provisional:[/] not cashed out yet, valued at the chips the log gives them: "
                  + literal(", ".join(ledger.provisional)))


__all__ = ["check_words", "print_how_to_pay", "print_ledger", "print_report"]
