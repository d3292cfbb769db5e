"""``referee demo``: the main job end to end on a built-in example night.

It reads the demo night shipped with referee (``examples/demo-night.txt``: La Viuda with a buy-back,
Jackpots with a false open found at the showdown, three-card brag with a covered pot), records it as
a new session, adds what the hand format has no words for (the money settings, the ruling on the
dispute of hand 7, every player's cash-out, one transfer paid at the table; two players' payment
details, when they have none), rebuilds the night from the database alone, replays it,
checks that the log's replay agrees with the file's and that the hash chain holds, settles it,
prints the report and writes it as a PDF, saying where.

It writes to a demo database of its own (``referee-demo.sqlite3`` in the user data folder) unless
``--db`` (or ``referee --db``) names one, so that trying the demo never fills a user's real nights;
``REFEREE_DB`` is not used here.
"""

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.output import console as make_console
from referee.cli.session import parse_chip_value
from referee.errors import InputError, RefereeError
from referee.i18n import _, money_locale, speaking
from referee.plain_words import literal, plural
from referee.resources import data_dir

if TYPE_CHECKING:
    from referee.store.store import Store

DEMO_NIGHT = "demo-night.txt"
DEMO_DB = "referee-demo.sqlite3"
DEMO_PDF = "referee-demo-night.pdf"
TABLE = "Ann's kitchen"

DemoDbOption = Annotated[
    str | None,
    typer.Option("--db", metavar="URL", help="Record the demo night here instead of the demo's own database "
                                             "(referee-demo.sqlite3 in the user data folder; REFEREE_DB is not "
                                             "used)."),
]


def demo_database() -> Path:
    """The demo's own SQLite file, beside the default database in the user data folder."""
    from referee.store.db import default_sqlite_path

    return default_sqlite_path().with_name(DEMO_DB)


#: how two of the demo's players want to be paid (given only to a player who has none yet): the
#: settlement shows an EPC code for Eve's IBAN (the night is in EUR) and a PayPal.me link for Dee
PAY_DETAILS = (("Eve", {"iban": "DE89 3704 0044 0532 0130 00", "name_latin": "Eve Example"}),
               ("Dee", {"paypal": "DeeExample", "note": "or cash at the next game"}))

DISPUTE = (7, 2, "Dee says Cy's open was false")  # hand, action (Cy: bets 2), the question as asked


def add_the_dispute(store: "Store", session_id: int) -> None:
    """The place where the night's dispute joins the demo: at the end of hand 7 Dee says
    Cy's open was false.  ``referee dispute`` rules on it from the log alone (jackpots.9) and the
    ruling is recorded as a ``Ruling`` event of the log, before the session is closed; the ledger,
    the settlement and the report follow it with no code of their own (the report reads
    ``Night.rulings``)."""
    from referee.dispute.decide import decide
    from referee.dispute.questions import classify
    from referee.dispute.record import record_ruling
    from referee.handfile.replay import replay_night_file
    from referee.recording.session_log import night_from_session

    hand, action, question = DISPUTE
    topic = classify(question)
    assert topic is not None, question
    head = store.last_seq(session_id)
    night = night_from_session(store, session_id)
    with speaking("en"):  # the log keeps the ruling's words (and the findings' it cites) in English
        replayed = replay_night_file(night)
        ruling = decide(night, replayed, hand, action, question, topic, (), session=session_id)
    if ruling.decided:
        record_ruling(store, session_id, ruling, replayed, head)


def demo(
    ctx: typer.Context,
    db: DemoDbOption = None,
    chip_value: Annotated[
        str, typer.Option("--chip-value", help="What one chip is worth, e.g. 1.00 or 100c (La Viuda's chip is 1.00).")
    ] = "1.00",
    pdf: Annotated[str | None, typer.Option("--pdf", metavar="FILE",
                                            help="Where to write the PDF report (default: referee-demo-night.pdf "
                                                 "in the user data folder).")] = None,
) -> None:
    """Record, replay, settle and report a built-in example night (La Viuda, Jackpots, brag)."""
    from referee.ledger.paying import details_by_seat, save_details, transfer_ways
    from referee.ledger.payments import list_key
    from referee.night import life
    from referee.store.payment_details import details_of
    from referee.handfile import read_night
    from referee.handfile.replay import replay_night_file
    from referee.ledger.ledger import session_ledger
    from referee.recording.night_file import night_from_log, record_night
    from referee.report.document import night_report
    from referee.store.store import open_store

    if pdf == "-":
        raise InputError(_("the demo prints its report on standard output: its PDF needs a file"), where="--pdf",
                         hint=_("give a file name: --pdf demo.pdf"))
    cents = parse_chip_value(chip_value)
    night_file = data_dir("examples") / DEMO_NIGHT
    night = read_night(night_file)
    from_file = replay_night_file(night)  # a night the engine cannot replay is refused before anything is written
    url = db or ctx.meta.get("referee.db")
    if url is None:
        path = demo_database()
        path.parent.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{path}"
    target = Path(pdf) if pdf else demo_database().with_name(DEMO_PDF)
    if pdf is None:
        target.parent.mkdir(parents=True, exist_ok=True)  # the user data folder, also when --db is elsewhere

    from referee.files import output_file
    from referee.report.pdf import render_pdf
    from referee.report.terminal import print_report

    # the PDF's file is made first, beside the target: one that cannot be written refuses the demo
    # before anything is recorded; it is moved into place once the night is recorded and laid out
    with output_file(target, option="--pdf", binary=True) as out:
        store = open_store(url)
        try:
            session_id = record_night(store, night, table_name=TABLE, chip_value_cents=cents)  # whole or not at all
            life.record_money(store, store.session(session_id), [("currency", "EUR"), ("locale", money_locale())], [], {})
            add_the_dispute(store, session_id)
            logged = night_from_log(store, session_id)
            from_log = replay_night_file(logged)
            with store.transaction() as tx:  # every player counts what the log gives him
                tx.close_session(session_id, dict(from_log.result.stacks))
            ledger, log, replayed = session_ledger(store, session_id)
            if ledger.settle().transfers:  # one transfer is paid at the table before the first player goes home
                life.record_money(store, store.session(session_id), [], [f"1@{list_key(ledger.settle())}"], {})
                ledger, log, replayed = session_ledger(store, session_id)
            for name, details in PAY_DETAILS:
                if not details_of(store, name)[1]:  # never over what a player of this store gave himself
                    save_details(store, name, details)
            paying = details_by_seat(store, session_id)
            chain = store.verify_chain(session_id)
            where = store.display_url
        finally:
            store.close()
        report = night_report(ledger, log, replayed, ledger.settle(), chain.ok)
        report = replace(report, paying=transfer_ways(ledger, report.settlement.transfers, paying, report.started_at))
        render_pdf(report, out)
    written = target
    console = make_console()
    print_report(console, report)
    same = replace(logged, rulings=()) == night if hasattr(logged, "rulings") else logged == night
    same = same and [a.replay.outcome for a in from_file] == [b.replay.outcome for b in from_log]
    events = sum(len(h.entry.events) for h in from_log)
    console.print("\n" + _("The demo night: {file}").format(file=night_file), markup=False, soft_wrap=True)
    console.print(_("Recorded as session {session} in {database}: {hands}, {events}.").format(
        session=session_id, database=where, hands=plural(len(from_log), "hand", "hands"),
        events=plural(events, "event", "events")), markup=False, soft_wrap=True)
    replay = (_("Replay of the stored log matches the replay of the file;") if same
              else "[bold red]" + _("Replay of the stored log DIFFERS FROM the replay of the file;") + "[/]")
    console.print(replay + " " + (_("hash chain verified.") if chain.ok else "[bold red]" + _(
        "hash chain broken: {problem}").format(problem=literal(chain.problem)) + "[/]"))
    if not (same and chain.ok):
        raise RefereeError(_("the stored log does not replay as recorded"), hint=_("run `referee db verify`"))
    console.print(_("The PDF report of the night: {file}").format(file=written.resolve()), markup=False, soft_wrap=True)
    console.print("[dim]" + _("See it again with: {command}").format(
        command=f"referee report {session_id} --db {literal(where)}") + "[/]", soft_wrap=True)
