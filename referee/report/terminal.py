"""The session report in the terminal, with rich: standings, the ledger, the settlement, the hands,
the findings and the rulings of the night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.rule import Rule
from rich.table import Table

from referee.i18n import _, ngettext, pgettext
from referee.plain_words import literal
from referee.report.words import check_words as words, difference_words, share_column

if TYPE_CHECKING:
    from rich.console import Console

    from referee.ledger.ledger import SessionLedger
    from referee.ledger.paying import TransferWays
    from referee.report.document import NightReport

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def severity_word(severity: str) -> str:
    """A finding's severity (``error``, ``warning``, ``info``) in the interface's language."""
    return {"error": pgettext("finding", "error"), "warning": pgettext("finding", "warning"),
            "info": pgettext("finding", "info"), "ruling": pgettext("finding", "ruling"),
            "finding": pgettext("finding", "finding")}.get(severity, severity)


def method_words(method: str) -> str:
    """How the transfers were planned (``exact``, ``greedy``, ``banker``), in the interface's language."""
    return {"exact": pgettext("settlement method", "exact"), "greedy": pgettext("settlement method", "greedy"),
            "banker": pgettext("settlement method", "banker")}.get(method, method)


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
    out.print("[bold]" + literal(_("Session {session} · {table}").format(session=report.session_id, table=report.table))
              + f"[/] · {report.date}, {report.hours} · {report.status_words}")
    out.print(literal(_("Games: {games} · players: {players} · a chip is {chip} · money in {currency} ({locale})").format(
        games=", ".join(report.games) or _("none played"), players=", ".join(report.players), chip=report.chip_value,
        currency=ledger.settings.currency, locale=ledger.settings.money_locale)))
    if report.chain_ok is False:
        out.print("[bold red]" + literal(_("The log's hash chain is broken: `{command}` says what no longer fits").format(
            command=f"referee db verify --session {report.session_id}")) + "[/]")
    if report.provenance is not None:
        out.print(literal(report.provenance))
    if report.unverified:
        out.print("[bold yellow]" + _("Imported unverified: taken with --as-new from a session log whose hash chain did "
                                      "not match its export; the log is proven only since its import") + "[/]")

    out.print(Rule(_("Standings"), align="left"))
    standings = _table(("#", "right"), (_("Player"), "left"), (_("Bought"), "right"), (_("Counted"), "right"),
                       (_("Result"), "right"))
    for s in report.standings:
        who = s.name if s.player == s.name else f"{s.name} ({s.player})"
        standings.add_row(str(s.rank), literal(who), str(s.bought), str(s.counted), s.balance)  # type: ignore[attr-defined]
    out.print(standings)

    out.print(Rule(_("Ledger"), align="left"))
    print_ledger(out, ledger)

    out.print(Rule(_("Settlement"), align="left"))
    result = report.settlement
    if not result.transfers:
        out.print("[green]" + (_("Everybody is square for now (the night is open)") if ledger.status == "open"
                               else _("Everybody is square")) + "[/]" + (_(" once the payments below are counted.")
                                                                        if result.paid else "."))
    else:
        transfers = _table(("#", "right"), (_("Who pays"), "left"), (_("Whom"), "left"), (_("Amount"), "right"))
        for n, t in enumerate(result.transfers, 1):
            transfers.add_row(str(n), literal(t.payer), literal(t.payee), ledger.money(t.cents))  # type: ignore[attr-defined]
        out.print(literal(ngettext("{count} transfer ({how}):", "{count} transfers ({how}):", len(result.transfers)).format(
            count=len(result.transfers), how=method_words(result.method))))
        out.print(transfers)
        print_how_to_pay(out, ledger, report.paying, codes=out.is_terminal if codes is None else codes)
    for t in result.paid:
        out.print(literal("  " + _("paid: {payer} paid {payee} {amount}").format(
            payer=t.payer, payee=t.payee, amount=ledger.money(t.cents))))
    for note in result.notes:
        out.print("[dim]" + _("Note:") + f"[/] {literal(note)}")

    if report.amendments:
        print_amendments(out, report)

    out.print(Rule(_("Findings and rulings"), align="left"))
    if not report.findings and not report.rulings:
        out.print(_("Nothing to report: every hand was legal."))
    width = max(len(severity_word(s)) for s in (*SEVERITY_STYLE, "ruling"))
    for f in report.findings:
        where = (_("hand {hand}").format(hand=f.hand) if f.action is None
                 else _("hand {hand}, action {action}").format(hand=f.hand, action=f.action))
        rule = f" [{f.rule}]" if f.rule else ""
        remedy = f" \u2192 {f.remedy}" if f.remedy else ""
        out.print(f"  [{SEVERITY_STYLE[f.severity]}]{severity_word(f.severity):<{width}}[/] {where}: {literal(f.message)}"
                  f"{literal(rule)}{literal(remedy)}")
    for r in report.rulings:
        by = _("decided by the table") if r.decided_by == "table" else _("ruled from the log")
        where = _("hand {hand}, action {action}").format(hand=r.hand, action=r.action)
        out.print(f"  [bold]{severity_word('ruling'):<{width}}[/] {where}: {literal(r.question)} \u2014 "
                  f"{literal(r.ruling)}" + (literal(f" [{r.rule}]") if r.rule else "") + f" ({by})")
    if report.penalties:
        out.print(Rule(_("Penalties"), align="left"))
        for p in report.penalties:
            out.print("  " + _("hand {hand}").format(hand=p.hand) + f": {literal(p.text)} {literal(f'[{p.rule}]')}")

    listed = report.listed_hands
    if report.all_hands:
        out.print(Rule(_("Hands ({count})").format(count=len(report.hands)), align="left"))
    else:
        out.print(Rule(_("Hands with a finding or a ruling ({listed} of {count})").format(
            listed=len(listed), count=len(report.hands)), align="left"))
    if listed:
        # "What happened" is the game's own account of the hand: who won what, and who paid (La Viuda's
        # worst hand pays the pool: a payer is never listed as a winner)
        hands = _table(("#", "right"), (_("Game"), "left"), (_("Dealer"), "left"), (_("Ended"), "left"),
                       (_("What happened"), "left"), (_("Pot"), "right"), (_("Findings"), "right"))
        for h in listed:
            flagged = sum(1 for f in h.findings if f.severity == "error")
            mark = f"[bold red]{len(h.findings)}[/]" if flagged else str(len(h.findings) or "")
            hands.add_row(str(h.number), h.game, literal(h.dealer), h.result_words,  # type: ignore[attr-defined]
                          literal(h.summary or h.winners), str(h.pot or ""), mark)
        out.print(hands)
    if not report.all_hands and len(listed) < len(report.hands):
        out.print("[dim]" + _("Every hand: {command}").format(command=f"referee report {report.session_id} --hands all")
                  + "[/]")


def print_amendments(out: Console, report: NightReport) -> None:
    """The night's amendments: each reopening and correction with its time and reason, and the
    balances they changed."""
    out.print(Rule(_("Amendments"), align="left"))
    for a in report.amendments:
        out.print(f"  {a.when:%Y-%m-%d %H:%M} UTC  {literal(a.what)} \u2014 {literal(a.why)}")
    ledger = report.ledger
    for c in report.amended_balances:
        out.print(literal("  " + _("{name}: was {was}, now {now}").format(name=c.name, was=ledger.signed(c.was),
                                                                        now=ledger.signed(c.now))))


def print_ledger(out: Console, ledger: SessionLedger) -> None:
    """The ledger: per player, the check, what the night is short or over and its parts, the games'
    money, the notes."""
    d = ledger.difference
    columns = [(_("Player"), "left"), (_("Bought"), "right"), (_("Paid"), "right"), (_("Cashed out"), "right"),
               (_("Games"), "right")]
    if d.cents:
        columns.append((share_column(d), "right"))
    table = _table(*columns, (_("Balance"), "right"))
    for p in ledger.players:
        cashed = str(p.cashed) if p.cashed is not None else _("({chips} on the table)").format(chips=p.log_chips)
        if p.count_difference:
            cashed += " " + literal(_("[log {chips}]").format(chips=p.log_chips))
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
        out.print("[dim]" + _("Note:") + f"[/] {literal(note)}")
    if ledger.provisional:
        out.print("[yellow]" + _("Provisional:") + "[/] " + _("not cashed out yet, valued at the chips the log gives them:")
                  + " " + literal(", ".join(ledger.provisional)))


__all__ = ["check_words", "print_how_to_pay", "print_ledger", "print_report"]
