"""``referee tab``: the running tab across nights (:mod:`referee.ledger.tab`): every open debt with
the night and transfer it came from, each player's line (what he owes or is owed in total, since
which night) and the fewest transfers that clear it, a currency at a time.  ``referee tab pay FROM TO
AMOUNT`` records a payment against it, checked by the tab before it is written, and safe to run again
(``--asked-at``, "Already recorded")."""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table

from referee.cli.db import AskedAtOption, DbOption, found_again_at, open_for
from referee.cli.output import console
from referee.cli.standings import FromOption, ToOption
from referee.errors import InputError
from referee.i18n import _
from referee.plain_words import literal, plural

if TYPE_CHECKING:
    from rich.console import Console

    from referee.ledger.tab import CurrencyTab, Debt, Origin, Tab

app = typer.Typer(help="The running tab across nights: every debt still open, where it came from, each player's "
                       "line and the fewest transfers that clear it; `tab pay` records a payment against it.",
                  no_args_is_help=False, invoke_without_command=True)


@app.callback()
def tab(
    ctx: typer.Context,
    start: FromOption = None,
    end: ToOption = None,
    season: Annotated[str | None, typer.Option("--season", metavar="NAME|YEAR",
                                               help="Debts from the nights of a named season (`referee season "
                                                    "list`) or of one calendar year (instead of --from/--to).")] = None,
    table: Annotated[str | None, typer.Option("--table", metavar="NAME",
                                              help="Debts from the nights at this table.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the tab as JSON.")] = False,
    db: DbOption = None,
) -> None:
    """Every debt still open across the nights, each player's line, and the fewest transfers that clear it."""
    if ctx.invoked_subcommand is not None:
        return
    from referee.ledger.standings import day_range
    from referee.ledger.tab import read_tab

    if season is not None and (start or end):
        raise InputError(_("--season and --from/--to both given"), where="--season", hint=_("give one or the other"))
    first, last = day_range(start, end, None)
    with open_for(ctx, db) as store:
        if season is not None:  # a named season's days and table, or a calendar year's days
            from referee.season.nights import resolve_span

            span = resolve_span(store, season)
            first, last, table = span.first_day, span.last_day, _one_table(table, span.table, season)
        result = read_tab(store, start=first, end=last, table=table)
    for _night, warning in result.broken:  # a night left out is never silent
        typer.echo(_("Warning: not on the tab: {why}").format(why=warning), err=True)
    if as_json:
        typer.echo(json.dumps(tab_json(result), indent=2, ensure_ascii=False))
        return
    print_tab(console(), result)


def _one_table(asked: str | None, seasons: str | None, season: str) -> str | None:
    """The table of a view: ``--table`` and the season's must be one when both are said."""
    if asked and seasons and asked.casefold() != seasons.casefold():
        raise InputError(_("season {season} is played at {table}, not {asked}").format(season=season, table=seasons,
                                                                                      asked=asked),
                         where="--table", hint=_("leave out --table, or name the season's table"))
    return asked or seasons


@app.command("pay")
def pay(
    ctx: typer.Context,
    payer: Annotated[str, typer.Argument(metavar="FROM", help="Who paid.")],
    payee: Annotated[str, typer.Argument(metavar="TO", help="Whom.")],
    amount: Annotated[str, typer.Argument(metavar="AMOUNT", help="How much, like 12.50.")],
    currency: Annotated[str | None, typer.Option("--currency", metavar="CODE",
                                                 help="The tab it pays (needed only when the two have debts "
                                                      "in more than one currency).")] = None,
    asked_at: AskedAtOption = None,
    again: Annotated[bool, typer.Option(
        "--again", help="A real second payment of the same amount between the same two people, right after "
                        "the first: record it, never take it for a retry.")] = False,
    db: DbOption = None,
) -> None:
    """Record a payment against the tab: it clears the oldest debts between the two first."""
    from referee.ledger.tab import paid_words, read_tab, record_tab_payment
    from referee.store.requests import Request, asks

    request = Request(asks("tab pay", payer.casefold(), payee.casefold(), amount,
                           (currency or "").upper()), again=again, at=asked_at)
    out = console()
    with open_for(ctx, db) as store:
        with found_again_at():  # exit 75: the reply may be lost after it was stored
            part, payment = record_tab_payment(store, payer, payee, amount, currency, request=request)
        now = read_tab(store)
    out.print(literal(_("Recorded: {payment} (tab payment {number})").format(
        payment=paid_words(payment.payer, payment.payee, payment.cents, part.money), number=payment.id)))
    left = now.part(part.currency)
    if left is None:
        out.print("[green]" + _("The tab in {currency} is clear:").format(currency=part.currency) + "[/] "
                  + _("nobody owes anything."))
    else:
        _print_lines(out, left, names={payment.payer, payment.payee})


def print_tab(out: "Console", result: "Tab") -> None:
    """The tab as the terminal shows it, a currency at a time."""
    out.print("[bold]" + _("The tab across nights") + "[/] · " + _("{nights} · {payments} against it").format(
        nights=plural(len(result.nights), "night", "nights"), payments=plural(len(result.payments), "payment",
                                                                               "payments")))
    if not result.parts:
        out.print("[green]" + _("Nobody owes anything across the nights.") + "[/]")
    for part in result.parts:
        debts_open = plural(len(part.debts), "open debt", "open debts")
        out.print(f"\n[bold]{part.currency}[/]: {debts_open}")
        debts = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for column, justify in ((_("Who owes"), "left"), (_("Whom"), "left"), (_("Open"), "right"),
                                (_("Where it came from"), "left")):
            debts.add_column(column, justify=justify)  # type: ignore[arg-type]
        for d in part.debts:
            *others, last = d.through or ("",)
            names = _("{names} and {last}").format(names=", ".join(others), last=last) if others else last
            through = [_("passed on through {names}:").format(names=names)] if last else []
            debts.add_row(literal(d.debtor), literal(d.creditor), part.money(d.cents),
                          literal("\n".join([*through, *(o.words(part.money) for o in d.origins)])))
        out.print(debts)
        _print_lines(out, part)
        transfers = part.clearing.transfers
        how = _("fewest transfers") if part.clearing.method == "exact" else _("largest debtor pays largest creditor")
        out.print("[bold]" + _("Transfers that clear it: {count}").format(count=len(transfers)) + f"[/] ({how})")
        for number, t in enumerate(transfers, 1):
            out.print(literal(f"  {number}. " + _("{payer} pays {payee} {amount}").format(
                payer=t.payer, payee=t.payee, amount=part.money(t.cents))))
    if result.payments:
        out.print("\n[bold]" + _("Paid against the tab") + "[/]: " + literal("; ".join(
            f"{p.id}. " + _("{payer} paid {payee} {amount} ({day})").format(
                payer=p.payer, payee=p.payee, amount=_money(result, p.currency, p.cents),
                day=f"{p.created_at:%Y-%m-%d}")
            for p in result.payments)))
    for sid, why in result.skipped:
        out.print(literal(_("Not on the tab yet: session {session}, {why}").format(session=sid, why=why)), style="dim")
    if result.parts:
        out.print("[dim]" + _("Record a payment: referee tab pay FROM TO AMOUNT") + "[/]")


def _print_lines(out: "Console", part: "CurrencyTab", names: set[str] | None = None) -> None:
    lines = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column, justify in ((_("Player"), "left"), (_("Tab"), "right"), (_("Since"), "left")):
        lines.add_column(column, justify=justify)  # type: ignore[arg-type]
    for line in part.lines:
        if names is None or line.player in names:
            said = _("is owed {amount}") if line.cents > 0 else _("owes {amount}")
            lines.add_row(literal(line.player), said.format(amount=part.money(abs(line.cents))), str(line.since))
    out.print(lines)


def _money(result: "Tab", currency: str, cents: int) -> str:
    from referee.money import format_money

    part = result.part(currency)
    return format_money(cents, currency, part.locale if part is not None else "en_GB")


def tab_json(result: "Tab") -> dict[str, Any]:
    """The tab as plain data: cents, and the money as each currency writes it."""
    from referee.report.json_doc import transfer_json

    def money(part: "CurrencyTab", cents: int) -> dict[str, Any]:
        return {"cents": cents, "text": part.money(cents)}

    def origin(o: "Origin") -> dict[str, Any]:
        which = "transfer" if o.session_id is not None else "payment"
        return {"session": o.session_id, "table": o.table, "day": str(o.day), which: o.number,
                "payer": o.payer, "payee": o.payee, "cents": o.cents}

    def debt(part: "CurrencyTab", d: "Debt") -> dict[str, Any]:
        return {"debtor": d.debtor, "creditor": d.creditor, **money(part, d.cents),
                "debtor_since": str(d.debtor_from.day), "creditor_since": str(d.creditor_from.day),
                "through": list(d.through), "from": [origin(o) for o in d.origins]}

    return {
        "nights": list(result.nights),
        "currencies": [{
            "currency": part.currency,
            "locale": part.locale,
            "debts": [debt(part, d) for d in part.debts],
            "lines": [{"player": line.player, **money(part, line.cents), "since": str(line.since)}
                      for line in part.lines],
            "clearing": {"method": part.clearing.method,
                         "transfers": [transfer_json(t, part.money) for t in part.clearing.transfers]},
        } for part in result.parts],
        "payments": [{"id": p.id, "payer": p.payer, "payee": p.payee, "cents": p.cents, "currency": p.currency,
                      "at": p.created_at.isoformat()} for p in result.payments],
        "skipped": [{"session": sid, "why": why} for sid, why in result.skipped],
    }
