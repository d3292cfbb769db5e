"""``referee settle SESSION``: who pays whom at the end of the night, in the fewest transfers.

The balances come from the session's ledger (:mod:`referee.ledger.ledger`: cash-outs, buy-ins, the
games' money, what the night is short or over absorbed by the session's policy); the list from
:mod:`referee.ledger.settlement`.  The session's money settings (currency, locale, shortfall
policy, banker, settle mode, preferred and forbidden pairs) are ``LedgerSetting`` events of its log:
``--set NAME=VALUE`` records one.  ``--paid`` records a payment (a ``TransferPaid`` event) by what it
is: who paid whom how much, named as a transfer of the list printed (``--paid 2@7f3a9c``: the list's
key is printed with it) or in words (``--paid Bob:Ann:12.50``), checked by
:mod:`referee.ledger.payments`; recomputing after a partial payment keeps every unpaid transfer as it
was.  ``--banker``, ``--prefer``, ``--forbid`` and ``--method`` change this run only.

A command that records is checked and written in one transaction holding the session's lock, and
carries its identity (:mod:`referee.store.requests`): run again after a lost reply, or twice at
once, it is stored once and the second says "Already recorded: …".
"""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table

from referee.cli.db import AskedAtOption, DbOption, found_again_at, open_for
from referee.cli.output import console
from referee.errors import InputError
from referee.i18n import _, ngettext, pgettext
from referee.money.settings import check_setting, read_pairs
from referee.plain_words import literal

if TYPE_CHECKING:
    from rich.console import Console

    from referee.ledger.ledger import SessionLedger
    from referee.ledger.paying import TransferWays
    from referee.ledger.settlement import Settlement, Transfer


def parse_pairs(texts: list[str] | None, what: str) -> list[tuple[str, str]] | None:
    """``--prefer Ann:Bob`` (repeatable) as pairs; None when not given."""
    if not texts:
        return None

    pairs: list[tuple[str, str]] = []
    for text in texts:
        try:
            pairs += read_pairs(text, what)
        except InputError as err:
            raise err.located(f"--{what} {text}") from None
    return pairs


def parse_setting(text: str) -> tuple[str, str]:
    """``--set NAME=VALUE``, checked as the log will store it."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise InputError(_("bad setting {setting!r}").format(setting=text), where="--set",
                         hint=_("write NAME=VALUE, e.g. --set currency=GBP or --set shortfall=banker"))
    try:
        return check_setting(name, value)
    except InputError as err:
        raise err.located(f"--set {text}") from None


def parse_banker(name: str | None) -> str | None:
    """``--banker NAME`` (this run only), checked as ``--set banker=NAME`` is: a name of one word."""
    if name is None:
        return None
    try:
        return check_setting("banker", name)[1]
    except InputError as err:
        raise err.located(f"--banker {name}") from None


def settle(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="SESSION", help="The session to settle.")],
    explain: Annotated[bool, typer.Option("--explain", help="Show what each transfer clears, and the plain "
                                                             "debts before simplifying.")] = False,
    paid: Annotated[list[str] | None, typer.Option(
        "--paid", metavar="N|PAYER:PAYEE[:AMOUNT]",
        help="Record a transfer as paid: its number in the list, or who paid whom (and how much).")] = None,
    setting: Annotated[list[str] | None, typer.Option(
        "--set", metavar="NAME=VALUE",
        help="Record a money setting of the session: currency, locale, shortfall (losers|banker), banker, "
             "settle (direct|banker), prefer, forbid.")] = None,
    banker: Annotated[str | None, typer.Option("--banker", metavar="NAME",
                                               help="Everybody settles with NAME (this run only).")] = None,
    prefer: Annotated[list[str] | None, typer.Option("--prefer", metavar="A:B",
                                                     help="A pair to use where possible (this run only).")] = None,
    forbid: Annotated[list[str] | None, typer.Option("--forbid", metavar="A:B",
                                                     help="A pair who must not settle with each other "
                                                          "(this run only).")] = None,
    method: Annotated[str, typer.Option("--method", metavar="auto|exact|greedy",
                                        help="exact: fewest transfers (up to 20 balances); greedy: largest "
                                             "first; auto: exact when it can.")] = "auto",
    asked_at: AskedAtOption = None,
    again: Annotated[bool, typer.Option(
        "--again", help="A real second payment of an amount already paid between the same two people: "
                        "record it, and never take this command for a retry of one just run.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the balances and transfers as JSON.")] = False,
    codes: Annotated[bool | None, typer.Option(
        "--codes/--no-codes", help="Draw each transfer's payment QR code (default: on a terminal only; the "
                                   "IBANs and links are printed either way).")] = None,
    message: Annotated[bool, typer.Option("--message", help="Print a short message for the group chat: results, "
                                                             "who pays whom and how, what is still open from "
                                                             "earlier nights.")] = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="The message in Markdown, for chats that render it "
                                                              "(implies --message).")] = False,
    template: Annotated[str | None, typer.Option("--template", metavar="FILE",
                                                 help="The message from a template of the house's own (a copy of "
                                                      "reports/message.txt.j2; implies --message).")] = None,
    db: DbOption = None,
) -> None:
    """Who pays whom at the end of the night, in the fewest transfers, from the session's ledger, and
    how to pay each payee (his payment details: `referee player pay-details`)."""
    from referee.errors import AlreadyRecorded
    from referee.ledger.kept import figures_for
    from referee.ledger.paying import details_by_seat, transfer_ways
    from referee.ledger.standings import replaying
    from referee.night import life
    from referee.store.requests import Request, asks

    message = message or markdown or template is not None
    if message and (as_json or explain):
        raise InputError(_("--message and {option} both given").format(option="--json" if as_json else "--explain"),
                         where="--message", hint=_("the message is text for a chat: ask for one or the other"))
    settings = [parse_setting(text) for text in setting or []]
    banker = parse_banker(banker)
    preferred, forbidden = parse_pairs(prefer, "prefer"), parse_pairs(forbid, "forbid")
    options: dict[str, Any] = {"method": method, "banker": banker, "prefer": preferred, "forbid": forbidden}
    recorded: list[Transfer] = []
    written: SessionLedger | None = None  # the ledger as the command recorded into it (no replay again)
    done: AlreadyRecorded | None = None
    with open_for(ctx, db) as store:
        game = store.session(session_id)  # a missing session is named before anything else
        if settings or paid:
            request = Request(asks("settle", session_id, {"set": setting or [], "paid": paid or [], **options}),
                              again=again, at=asked_at)
            try:
                with found_again_at():  # exit 75: the reply may be lost after it was stored
                    written, recorded = life.record_money(store, game, settings, paid or [], options,
                                                          request=request, again=again)
            except AlreadyRecorded as found:  # this command ran before (a lost reply) or a twin ran with it
                done = found
        snapshot = store.log_snapshot(session_id)
        if written is not None:
            ledger = written
        else:
            with replaying(game):  # the night's kept ledger while it fits its log; else replayed, and kept
                ledger = figures_for(store, game).ledger
        result = ledger.settle(**options)
        amended = _as_last_closed(store, snapshot, options)
        paying = transfer_ways(ledger, result.transfers, details_by_seat(store, session_id), game.started_at)
        if message:
            from referee.report.message import message_context, render_message

            context = message_context(store, ledger, result, started=snapshot.session.started_at, markdown=markdown)
    if message:
        if done is not None:
            typer.echo(_("Already recorded: {facts}").format(facts=_said(snapshot, done, ledger)), err=True)
        else:
            for t in recorded:
                typer.echo(_("Recorded: {fact}").format(fact=_paid(t, ledger.money)), err=True)
        typer.echo(render_message(context, template), nl=False)
        return
    if as_json:
        from referee.report.json_doc import amended_json, pay_way_json, settlement_json, transfer_json

        data = settlement_json(ledger, result)
        data["how_to_pay"] = [{**transfer_json(p.transfer, ledger.money),
                               "ways": [pay_way_json(w, code=False) for w in p.ways]} for p in paying]
        if amended is not None:
            data["amended"] = amended_json(amended[0], ledger, amended[1])
        if done is not None:
            data["already_recorded"] = _said(snapshot, done, ledger)
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return

    out = console()
    if done is not None:
        said = _said(snapshot, done, ledger)
        if done.first_seq == done.last_seq:
            where = _("session {session}, event {event}").format(session=done.session_id, event=done.first_seq)
        else:
            where = _("session {session}, events {first}-{last}").format(session=done.session_id,
                                                                         first=done.first_seq, last=done.last_seq)
        out.print(literal(_("Already recorded: {facts} ({where})").format(facts=said, where=where)))
    else:
        for name, value in settings:
            out.print(_("Recorded: {fact}").format(fact=_setting(name, value)), style="dim", markup=False)
        for t in recorded:
            out.print(literal(_("Recorded: {fact}").format(fact=_paid(t, ledger.money))))
    print_settlement(out, ledger, result, explain=explain, paying=paying,
                     codes=out.is_terminal if codes is None else codes)
    if amended is not None:
        print_what_changed(out, amended[0], ledger, amended[1], result)


def _said(snapshot: Any, done: Any, ledger: "SessionLedger") -> str:
    """What an earlier run of this command recorded, in the session's money."""
    from referee.engine.events import LedgerSetting, TransferPaid
    from referee.store.codec import decode_event

    words = []
    for row in snapshot.events:
        if done.first_seq <= row.seq <= done.last_seq:
            event = decode_event(row.kind, row.payload)
            if isinstance(event, TransferPaid):
                words.append(_paid(event, ledger.money))
            elif isinstance(event, LedgerSetting):
                words.append(_setting(event.name, event.value))
    return "; ".join(words) or "; ".join(done.said)


def _paid(t: Any, money: Any) -> str:
    """``Bob paid Ann €12.50``: a payment made."""
    return _("{payer} paid {payee} {amount}").format(payer=t.payer, payee=t.payee, amount=money(t.cents))


def _pays(t: Any, money: Any) -> str:
    """``Bob pays Ann €12.50``: a transfer to make."""
    return _("{payer} pays {payee} {amount}").format(payer=t.payer, payee=t.payee, amount=money(t.cents))


def _setting(name: str, value: str) -> str:
    """``ledger currency = GBP``: a money setting recorded."""
    return _("ledger {name} = {value}").format(name=name, value=value)


def _status(status: str) -> str:
    """A night's status in words: open, closed (the store's word where it has no other)."""
    words = {"open": pgettext("night status", "open"), "closed": pgettext("night status", "closed")}
    return words.get(status, status)


def _as_last_closed(store: Any, snapshot: Any, options: dict[str, Any]) -> "tuple[SessionLedger, Settlement] | None":
    """The ledger and settlement as they stood when the night was last closed, before it was
    reopened to correct it (None: never reopened)."""
    from referee.ledger.counting import as_last_closed
    from referee.ledger.ledger import session_ledger

    before = as_last_closed(snapshot)
    if before is None:
        return None
    ledger, _, _ = session_ledger(store, snapshot.session.id, before)
    return ledger, ledger.settle(**options)


def print_what_changed(out: "Console", before: "SessionLedger", after: "SessionLedger", was: "Settlement",
                       now: "Settlement") -> None:
    """What the corrections made after the night was closed changed: the balances that moved, the
    transfers as they were and as they are; payments made stay paid."""
    from referee.ledger.counting import balance_changes

    changes = balance_changes(before, after)
    if not changes:
        out.print("[bold]" + _("Corrected since it was closed:") + "[/] " + _("no balance changed."))
        return
    out.print("[bold]" + _("Corrected since it was closed") + "[/] " + _("(see `referee report`): what changes"))
    for c in changes:
        out.print(literal("  " + _("{name}: was {was}, now {now} ({change})").format(
            name=c.name, was=after.signed(c.was), now=after.signed(c.now), change=after.signed(c.now - c.was))))
    old = {(t.payer, t.payee, t.cents) for t in was.transfers}
    new = {(t.payer, t.payee, t.cents) for t in now.transfers}
    gone = [t for t in was.transfers if (t.payer, t.payee, t.cents) not in new]
    if gone:
        out.print(literal("  " + _("No longer to make: {transfers}").format(
            transfers="; ".join(_pays(t, after.money) for t in gone))))
    added = [t for t in now.transfers if (t.payer, t.payee, t.cents) not in old]
    if added:
        out.print(literal("  " + _("New: {transfers}").format(transfers="; ".join(_pays(t, after.money) for t in added))))
    if now.paid:
        out.print(literal("  " + _("Paid before stays paid: {payments}").format(
            payments="; ".join(_paid(t, after.money) for t in now.paid))))


def print_settlement(out: "Console", ledger: "SessionLedger", result: "Settlement", *, explain: bool = False,
                     paying: tuple["TransferWays", ...] = (), codes: bool = False) -> None:
    """The balances, the transfers still to make (with ``explain``: what each clears, and the plain
    debts beside), what was paid, and how to pay each payee (``paying``; ``codes``: draw the QR codes)."""
    from referee.ledger.payments import list_key

    money, signed = ledger.money, ledger.signed
    how = {"exact": _("fewest transfers"), "greedy": _("largest debtor pays largest creditor"),
           "banker": _("everybody settles with {banker}").format(banker=result.banker)}[result.method]
    title = _("Settlement of session {session}").format(session=ledger.session_id)
    out.print(f"[bold]{title}[/] · {literal(ledger.table)} · {_status(ledger.status)} · "
              f"{ledger.settings.currency} ({ledger.settings.money_locale})")
    if ledger.provisional:
        out.print("[yellow]" + _("Provisional:") + "[/] " + _("not cashed out yet, valued at the chips the log gives them:") + " "
                  + literal(", ".join(ledger.provisional)))
    balances = Table(box=box.SIMPLE_HEAD, show_edge=False)
    balances.add_column(_("Player"))
    balances.add_column(_("Balance"), justify="right")
    for name, cents in result.balances:
        balances.add_row(literal(name), signed(cents))
    out.print(balances)
    d = ledger.difference
    if d.cents:
        from referee.report.words import difference_words

        out.print(f"[bold yellow]{literal(difference_words(d, money(abs(d.cents))))}[/]: "
                  + literal(", ".join(f"{n} {signed(c)}" for n, c in d.shares)))
    if not result.transfers:
        open_night = ledger.status == "open"
        square = (_("Everybody is square for now (the night is open)") if open_night
                  else _("Everybody is square"))
        out.print(f"[green]{square}[/]"
                  + (_(" once the payments below are counted.") if result.paid else "."))
    else:
        still = ngettext("Transfers still to make: {count}", "Transfers still to make: {count}",
                         len(result.transfers)).format(count=len(result.transfers))
        out.print(f"[bold]{still}[/] ({how}) · " + _("list {key}").format(key=list_key(result)))
        transfers = Table(box=box.SIMPLE_HEAD, show_edge=False)
        for column, justify in (("#", "right"), (_("Who pays"), "left"), (_("Whom"), "left"),
                                (_("Amount"), "right")):
            transfers.add_column(column, justify=justify)  # type: ignore[arg-type]
        if explain:
            transfers.add_column(_("What it clears"))
        clearings = result.explain(money) if explain else ()
        for number, t in enumerate(result.transfers, 1):
            row = [str(number), literal(t.payer), literal(t.payee), money(t.cents)]
            if explain:
                row.append(literal(clearings[number - 1].text.partition(": ")[2]))
            transfers.add_row(*row)
        out.print(transfers)
    if explain:
        debts = result.plain_debts()
        debts_words = ngettext("Plain debts, not simplified: {count}", "Plain debts, not simplified: {count}",
                               len(debts)).format(count=len(debts))
        out.print(f"[bold]{debts_words}[/] " + _("(every loser pays every winner pro rata)"))
        plain = Table(box=box.SIMPLE_HEAD, show_edge=False)
        plain.add_column(_("Who owes"))
        plain.add_column(_("Whom"))
        plain.add_column(_("Amount"), justify="right")
        for t in debts:
            plain.add_row(literal(t.payer), literal(t.payee), money(t.cents))
        out.print(plain)
    if result.paid:
        out.print("[bold]" + _("Paid so far") + "[/]: " + literal("; ".join(_paid(t, money) for t in result.paid)))
    for note in result.notes:
        out.print("[dim]" + _("Note:") + f"[/] {literal(note)}")
    if paying:
        from referee.report.terminal import print_how_to_pay

        print_how_to_pay(out, ledger, paying, codes=codes)
    if result.transfers and not explain:
        out.print("[dim]" + _("Mark one paid with: {command} · see why with --explain").format(
            command=f"referee settle {ledger.session_id} --paid N@{list_key(result)}") + "[/]")
