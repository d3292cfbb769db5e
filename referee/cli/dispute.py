"""``referee dispute SESSION|FILE --hand N --action K "question" [--decide LINE]… [--pdf FILE]``.

The question (in plain words) is read as a topic (:mod:`referee.dispute.questions`), decided from
the log or, for a question of fact the log cannot decide, by the table (``--decide``), and printed
as a ruling document; ``--pdf`` renders it too.  A decided ruling on a session is stored in its log
as a ``Ruling`` event (``--no-record`` to only look), so that later replays, the ledger and the
settlement follow it.  ``docs/rulings.md`` says it for users.
"""

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from referee.cli.db import DbOption, open_for
from referee.cli.output import console as make_console
from referee.i18n import _, quoting_seeds, speaking, translating
from referee.cli.sources import load_night, session_or_file
from referee.errors import EXIT_RETRY, AlreadyRecorded, InputError
from referee.files import check_target
from referee.store.requests import Request, asks

if TYPE_CHECKING:
    from rich.console import Console

    from referee.dispute.document import RulingDocument


def _cell(text: str, style: str = "") -> object:
    return Text(text, style=style)


def print_ruling(console: "Console", doc: "RulingDocument") -> None:
    """The ruling document in the terminal."""
    def indent(r: object) -> object:
        return Padding(r, (0, 0, 0, 2), expand=False)  # type: ignore[arg-type]

    where = _("{source} · hand {hand} · action {action}").format(source=doc.source, hand=doc.hand, action=doc.action)
    if doc.action_line:
        where += " " + _("(line {line})").format(line=doc.action_line)
    where += f" · {doc.game.replace('_', ' ')} ({doc.rulebook})"
    console.print(Text.assemble((_("Ruling"), "bold"), " · ", where))
    console.print(Text.assemble((_("Question:") + " ", "bold"), f"“{doc.question}”", ("  → " + doc.topic_title, "dim")))
    by = {"log": _("decided from the log"), "table": _("decided by the table (a question of fact)"),
          None: _("not decided yet") if doc.later else _("not decided: the log cannot tell")}[doc.decided_by]
    style = "green" if doc.decided_by == "log" else "magenta" if doc.decided_by == "table" else "yellow"
    console.print(Panel(Text(doc.ruling), title=_("Ruling — {how}").format(how=by), title_align="left",
                        border_style=style, expand=False, width=min(console.width, 100)))
    if doc.remedy:
        console.print(Text.assemble((_("Remedy:") + " ", "bold"), doc.remedy))
    if doc.needs:
        console.print(Text.assemble((_("What would decide it:") + " ", "bold yellow"), doc.needs))
    for fact in doc.facts:
        console.print(Text.assemble((_("The table decided:") + " ", "bold magenta"), fact))
    if doc.rule:
        console.print(Text.assemble((_("Rule {rule}:").format(rule=doc.rule), "bold"), " ",
                                    doc.rule_text or _("(no text in this rulebook)")))
        for quote in doc.quotes_of(doc.rule):
            console.print(indent(Text(quote, style="italic")))
    for rule, text in doc.cited:
        console.print(Text.assemble((_("Also cited {rule}:").format(rule=rule), "bold"), " ", text))
        for quote in doc.quotes_of(rule):
            console.print(indent(Text(quote, style="italic")))
    for also in doc.also:
        console.print(Text.assemble((_("Also found at this action:") + " ", "bold"), also))

    console.print(Text(_("The chips that follow"), style="bold"))
    chips = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    columns = [_("Player"), _("Before"), _("After"), _("Net")] + ([_("Net had the table not decided")] if doc.facts else [])
    for i, col in enumerate(columns):
        chips.add_column(col, justify="left" if i == 0 else "right")
    for c in doc.chips:
        row = [_cell(c.player), str(c.before), str(c.after), f"{c.net:+d}" if c.net else "0"]
        if doc.facts:
            row.append(f"{c.without:+d}" if c.without else "0")
        chips.add_row(*row)  # type: ignore[arg-type]
    console.print(indent(chips))
    for line in (*doc.pots, *(_("Penalty: {penalty}").format(penalty=p) for p in doc.penalties)):
        console.print(indent(_cell(line)))
    console.print(indent(_cell(_("Carries to the next deal: {carries}").format(
        carries="; ".join(doc.carries) or _("nothing")))))

    console.print(Text(_("The facts from the log, up to action {action}").format(action=doc.action), style="bold"))
    said = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    said.add_column("#", justify="right")
    said.add_column(_("Who said what"), overflow="fold")
    for n, text in doc.said:
        said.add_row(str(n), _cell(text, "bold yellow" if n == doc.action else ""))  # type: ignore[arg-type]
    console.print(indent(said))
    held = dict(doc.held)
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for i, col in enumerate((_("Player"), _("Cards the log knows"), _("Stack after {action}").format(action=doc.action))):
        table.add_column(col, justify="right" if i == 2 else "left")
    for name, stack in doc.stacks_after:
        table.add_row(_cell(name), _cell(held.get(name, "—")), str(stack))  # type: ignore[arg-type]
    console.print(indent(table))
    tail = _("In the middle after action {action}: {chips}").format(action=doc.action, chips=doc.pot_after)
    if doc.to_act_before:
        tail += "; " + _("to act before it: {player}").format(player=doc.to_act_before)
    console.print(indent(_cell(tail)))


def dispute(
    ctx: typer.Context,
    source: Annotated[str, typer.Argument(metavar="SESSION|FILE", help="A session id, or a hand file.")],
    question: Annotated[str, typer.Argument(help="The question, in plain words: \"Bob says Ann's open was false\".")],
    hand: Annotated[int, typer.Option("--hand", metavar="N", help="The hand in dispute.")],
    action: Annotated[int, typer.Option("--action", metavar="K", help="The action in question (its number in the hand).")],
    decide: Annotated[
        list[str] | None, typer.Option("--decide", metavar="LINE",
                                       help="The table's decision of a question of fact the log cannot decide, as a "
                                            "hand-file line of that hand (\"Bob: shows openers Jh Jd\"); repeatable.")
    ] = None,
    pdf: Annotated[Path | None, typer.Option("--pdf", metavar="FILE", help="Also render the ruling to this PDF.")] = None,
    record: Annotated[
        bool, typer.Option("--record/--no-record", help="Store a decided ruling in the session's log (default).")
    ] = True,
    db: DbOption = None,
) -> None:
    """Rule on a dispute about one action of a recorded hand, citing the house rulebook."""
    from referee.dispute.decide import decide as rule_on
    from referee.dispute.questions import classify, forms
    from referee.handfile.replay import replay_night_file

    if pdf is not None:  # refused before a ruling is recorded
        if str(pdf) == "-":
            raise InputError(_("cannot write the ruling's PDF to standard output: the ruling is printed there"),
                             where="--pdf", hint=_("give a file name: --pdf ruling.pdf"))
        check_target(pdf, option="--pdf")
    topic = classify(question)
    if topic is None:
        raise InputError(_("cannot tell what the question {question!r} asks").format(question=question),
                         hint=_("questions understood: {forms}").format(forms=forms()))
    file, session = session_or_file(source)
    loaded = load_night(ctx, file, session, db)
    night = loaded.night
    replayed = replay_night_file(night)
    doc = rule_on(night, replayed, hand, action, question, topic, tuple(decide or ()), session=loaded.session,
                  quotes=quoting_seeds())
    recording = doc.decided and record and loaded.session is not None and loaded.head is not None
    already: AlreadyRecorded | None = None
    if recording:
        assert loaded.session is not None and loaded.head is not None
        # what it asks: asked again after its reply was lost, the ruling stored then is found, not stored twice
        request = Request(asks("dispute", loaded.session, {"hand": hand, "action": action, "question": question,
                                                          "decide": list(decide or ())}))
        try:
            with open_for(ctx, db) as store, store.transaction(request) as tx:
                tx.lock(loaded.session)
        except AlreadyRecorded as done:  # its PDF is still written (the run whose reply was lost did not)
            already, recording = done, False
            doc = replace(doc, recorded_seq=done.first_seq)
        else:
            doc = replace(doc, recorded_seq=loaded.head + 1)  # appended at the head it was decided on, or not at all
    from referee.dispute.pdf import pdf_first

    # the PDF is rendered first (a file that cannot be written refuses the command before anything is
    # recorded), the ruling recorded, and only then the PDF moved into place
    with pdf_first(doc, pdf):
        if recording:
            from referee.dispute.record import record_ruling

            assert loaded.session is not None and loaded.head is not None
            with open_for(ctx, db) as store:
                kept = doc
                if translating():  # the log keeps the ruling's words in English, the hand format's language
                    with speaking("en"):  # the findings' words too: the night replayed in English
                        kept = replace(rule_on(night, replay_night_file(night), hand, action, question, topic,
                                               tuple(decide or ()), session=loaded.session),
                                       recorded_seq=doc.recorded_seq)
                try:
                    row = record_ruling(store, loaded.session, kept, replayed, loaded.head, request=request)
                except InputError as err:  # a closed session (its settlement is final), a contradiction
                    raise InputError(_("the ruling cannot be recorded: {why}").format(why=err.message), where=err.where,
                                     hint=err.hint or _("add --no-record to see the ruling without recording it")) from None
            assert row.seq == doc.recorded_seq
    note = None
    if already is not None:
        note = str(already)[0].upper() + str(already)[1:]
    elif recording:
        note = _("Recorded in session {session}'s log (event {event}): replays, the ledger and the settlement "
                 "follow it.").format(session=loaded.session, event=doc.recorded_seq)
    elif doc.later:
        note = _("Not recorded: not decided yet. Ask again when the hand gets there (exit code 75).")
    elif doc.decided and record and loaded.session is None:
        note = _("Not recorded: a hand file is not a session log (`referee import` it to keep rulings).")
    elif not doc.decided:
        note = _("Not recorded: nothing is decided. Enter the table's decision with --decide.")
    out = make_console(soft_wrap=False)
    print_ruling(out, doc)
    if pdf is not None:
        out.print(_cell(_("PDF: {file}").format(file=pdf), "dim"))
    if note:
        out.print(_cell(note, "dim"))
    from referee.rulebook.model import fallback_notice

    notice = fallback_notice()  # a house rule shown in its other language: said once
    if notice:
        out.print(_cell(notice, "dim"))
    if doc.later:
        raise typer.Exit(EXIT_RETRY)  # not done, nothing wrong: the same question is decided later
