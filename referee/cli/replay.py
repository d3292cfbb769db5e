"""``referee replay FILE | --session ID [--hand N] [--json] [--check] [--option NAME=VALUE] [--rulebook FILE]``.

Without ``--json`` each hand is printed with rich: a timeline (each action with the pot and every
stack after it, the illegal ones marked with their finding codes, voided ones struck out), the
outcome (pots and winners, each player's chips before, after and net, penalties and where they go,
what carries to the next deal, the game's facts about the deal), the findings with their action,
line, player, rule id and the rule's text, and the rulings on record.  ``--json`` writes the
versioned document of :mod:`referee.report.json_doc` (``docs/json.md``).  ``--output`` writes to a file,
atomically: on any error nothing is written.  ``--check`` exits 1 when a finding of severity error
is there (for scripts).  ``--option`` / ``--rulebook`` replay the night under another house rule
and show beside the log how findings, outcomes and chips differ (:mod:`referee.dispute.whatif`).
"""

import io
import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from referee.cli.db import DbOption
from referee.cli.output import console, grid
from referee.cli.sources import load_night
from referee.errors import InputError
from referee.i18n import _, ngettext, pgettext, speaking

if TYPE_CHECKING:
    from rich.console import RenderableType

    from referee.engine.events import Ruling
    from referee.handfile.model import Night
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.dispute.whatif import Comparison

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
#: a night of at least this many hands may show a progress bar (when it takes long enough)
PROGRESS_HANDS = 20
#: ... and once it has taken this long (seconds)
PROGRESS_AFTER = 0.4
#: ... or, on standard error that is not a terminal, a line every so many seconds of a long work
PROGRESS_NOTE = 10.0


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


from referee.files import write_text
from referee.plain_words import carry_words, plural, value_words  # noqa: E402  (the terminal's words)
from referee.plain_words import key_words as _words  # noqa: E402


def _cell(text: str, style: str = "") -> Any:
    return Text(text, style=style)  # what the log says is printed as written, never read as markup


def timeline(hand: "ReplayedHand", width: int | None = None) -> "RenderableType":
    """Each action with the pot and every stack after it (``HandReplay.states``), indented by two."""
    from referee.engine.events import NightEvent, Void
    from referee.handfile.writer import EventWriter
    from referee.recording.session_log import night_words

    replay = hand.replay
    writer = EventWriter(replay.setup.rulebook.game)
    names = replay.setup.names
    logged = len(hand.entry.events)
    voided = {e.action for e in replay.events if isinstance(e, Void)}
    marks: dict[int, list[tuple[str, str]]] = {}
    for f in replay.findings:
        if f.action is not None and f.severity != "info":
            marks.setdefault(f.action, []).append((f.code, f.severity))
    rows = []
    for event, state in zip(replay.events, replay.states, strict=True):
        n = state.action
        text = night_words(event) if isinstance(event, NightEvent) else writer.line(event)
        style = "strike dim" if n in voided else ""
        flags = marks.get(n, [])
        mark = ", ".join(f"✗ {code}" if sev == "error" else f"! {code}" for code, sev in flags)
        mark_style = "bold red" if any(sev == "error" for _, sev in flags) else "yellow"
        if n > logged:
            mark, mark_style = (_("ruling: the table's decision") + (f"; {mark}" if mark else "")), "magenta"
        elif n in voided:
            mark, mark_style = pgettext("an action", "void"), "dim"
        if any(sev == "error" for _, sev in flags):
            style = "red"
        rows.append([str(n), (str(event.line) if event.line is not None else "", "dim"), (text, style),
                     str(state.pot), *(str(s) for s in state.stacks), (mark, mark_style)])
    return grid(["#", _("Line"), _("Action"), _("Pot"), *names, ""], rows, right={0, 1, 3, *range(4, 4 + len(names))},
                indent=2, width=width)


def outcome_renderables(hand: "ReplayedHand") -> list["RenderableType"]:
    """How the hand ended: pots, chips, penalties, what carries, the game's facts."""
    from referee.report.json_doc import penalty_words

    replay = hand.replay
    setup, outcome = replay.setup, replay.outcome
    out: list[RenderableType] = []
    ended = Text.assemble((_("Result:") + " ", "bold"), (_words(outcome.kind), "bold green"))
    if outcome.summary:
        ended.append(f" — {outcome.summary}")
    out.append(ended)
    if outcome.pots:
        pot_rows = []
        for i, pot in enumerate(outcome.pots, 1):
            label = _("main") if i == 1 else _("side {number}").format(number=i - 1)
            winners = ", ".join(f"{w} {pot.shares.get(w, 0)}" for w in pot.winners) or (
                _("undecided") if not pot.decided else "—")
            if pot.left_over:
                winners += " " + _("({chips} left over)").format(chips=pot.left_over)
            pot_rows.append([label, str(pot.amount), winners, pot.hand or "", pot.rule or ""])
        out.append(grid([_("Pot"), _("Chips"), _("Winners"), pgettext("a winning hand", "Hand"), _("Rule")], pot_rows,
                        right={1}, indent=2))
    stack_rows = []
    for seat in setup.seats:
        after = outcome.stacks.get(seat.name, seat.stack)
        net = outcome.net.get(seat.name, after - seat.stack)
        stack_rows.append([seat.name, str(seat.stack), str(after),
                           (_signed(net), "green" if net > 0 else "red" if net < 0 else "")])
    out.append(grid([_("Player"), _("Before"), _("After"), _("Net")], stack_rows, right={1, 2, 3}, indent=2))
    for p in outcome.penalties:
        out.append(Text(_("Penalty: {penalty} [{rule}]").format(penalty=penalty_words(p), rule=p.rule), style="magenta"))
    extras = []
    if outcome.in_middle:
        extras.append(_("still in the middle (the log stops here): {chips}").format(chips=outcome.in_middle))
    if outcome.undecided:
        extras.append(_("undecided until cards are shown: {chips}").format(chips=outcome.undecided))
    carries = carry_words(outcome.next_hand.carry)
    extras.append(_("carries to the next deal: {what}").format(what="; ".join(carries) if carries else _("nothing")))
    extras.append((_("next dealer: {name} (deals again)") if outcome.next_hand.same_dealer
                   else _("next dealer: {name}")).format(name=outcome.next_hand.dealer))
    for line in extras:
        out.append(_cell(line))
    for obligation in outcome.next_hand.obligations:
        out.append(_cell(_("next deal: {obligation}").format(obligation=obligation)))
    if outcome.facts:
        out.append(_cell(_("Facts: {facts}").format(
            facts="; ".join(f"{_words(k)}: {value_words(v)}" for k, v in outcome.facts.items()))))
    return out


def findings_renderables(hand: "ReplayedHand", width: int | None = None) -> list["RenderableType"]:
    from referee.report.json_doc import rule_text

    replay = hand.replay
    book = replay.setup.rulebook
    if not replay.findings:
        return [Text(_("No findings."), style="dim")]
    rows = []
    cited: dict[str, str] = {}
    for f in replay.findings:
        message = f.message + (f" → {f.remedy}" if f.remedy else "")
        if f.about is not None and f.about != f.action:
            message += " " + _("(about action {action})").format(action=f.about)
        line = hand.line_of(f.action)
        rows.append([str(f.action) if f.action is not None else _("end"), str(line) if line is not None else "",
                     f.player or "", f.rule or "", (f.code, "dim"), (message, SEVERITY_STYLE.get(f.severity, ""))])
        text = rule_text(book, f.rule)
        if f.rule and text:
            cited.setdefault(f.rule, text)
    out: list[RenderableType] = [Text(_("Findings"), style="bold"),
                                 grid(["#", _("Line"), _("Player"), _("Rule"), _("Code"), _("Finding")], rows,
                                      right={0, 1}, indent=2, width=width)]
    if cited:
        out.append(Text(_("Rules cited"), style="bold"))
        for rule_id, text in cited.items():
            out.append(_indent(Text.assemble((rule_id, "bold"), ": ", text)))
    return out


def rulings_renderables(rulings: Sequence["Ruling"]) -> list["RenderableType"]:
    out: list[RenderableType] = []
    for r in rulings:
        by = _("decided by the table") if r.decided_by == "table" else _("ruled from the log")
        head = Text.assemble((_("Ruling on record"), "bold magenta"), " (" + _("action {action}").format(action=r.action)
                             + f", {by}" + (f", {r.rule}" if r.rule else "") + "): ")
        head.append(f"“{r.question}” — {r.ruling}")
        out.append(head)
        for fact in r.facts:
            out.append(_indent(_cell(_("decided: {fact}").format(fact=fact), "magenta")))
    return out


def hand_renderables(hand: "ReplayedHand", rulings: Sequence["Ruling"] = (), width: int | None = None) -> list["RenderableType"]:
    """What the console shows for one hand (``width``: the console's, for the last column of a table
    to wrap in)."""
    from referee.engine.games import game_title  # the games load when a hand is shown, not for --help
    from referee.handfile.rulings import of_hand

    replay, entry = hand.replay, hand.entry
    setup = replay.setup
    book = setup.rulebook
    dealer = setup.dealer if setup.dealer_known else _("not known")
    title = Text.assemble(
        (_("Hand {hand}").format(hand=entry.number), "bold"),
        f" · {game_title(book.game)} ({book.name}) · " + _("dealer {name}").format(name=dealer)
        + (" · " + _("line {line}").format(line=entry.line) if entry.line is not None else ""),
    )
    out: list[RenderableType] = [title]
    for change in entry.changes:
        out.append(_cell(f"  {_change_text(change)}", "dim"))
    carried_in = carry_words(setup.carry_in)
    if carried_in:
        out.append(_cell("  " + _("carried in: {what}").format(what="; ".join(carried_in))))
    if replay.events:
        out.append(timeline(hand, width))
    out += [_indent(r) for r in outcome_renderables(hand)]
    out += [_indent(r) for r in findings_renderables(hand, width)]
    out += [_indent(r) for r in rulings_renderables(of_hand(rulings, entry.number))]
    return out


def hand_text(console: Console, hand: "ReplayedHand", rulings: Sequence["Ruling"] = ()) -> list[Text]:
    """The hand as :func:`hand_renderables` shows it, laid out for ``console``: its pieces, each one
    or more whole lines.  A line that fits is taken as it is, and only a longer one is wrapped (with
    its indent): printing a hand's renderables one by one costs rich a measure and a wrap of each,
    more than the replay itself (``bench/replay_text.py``)."""
    width = console.width
    out: list[Text] = []

    def add(renderable: object, indent: int) -> None:
        if isinstance(renderable, Padding):
            add(renderable.renderable, indent + renderable.left)
            return
        assert isinstance(renderable, Text), renderable
        if renderable.no_wrap:  # a grid: indented already, never wrapped or cut
            out.append(renderable)
        elif "\n" not in renderable.plain and indent + cell_len(renderable.plain) <= width:
            out.append(Text(" " * indent).append_text(renderable) if indent else renderable)
        else:
            for line in renderable.wrap(console, width - indent):
                line.rstrip()
                out.append(Text(" " * indent).append_text(line))

    for renderable in hand_renderables(hand, rulings, width):
        add(renderable, 0)
    return out


def _change_text(change: object) -> str:
    from referee.recording.session_log import night_words

    return night_words(change)  # type: ignore[arg-type]  # a night event: a hand file's or a session's


def _indent(renderable: "RenderableType") -> "RenderableType":
    """``renderable`` two columns in; a table of :func:`referee.cli.output.grid` (a Text that does not
    wrap) comes indented already, and is never cut to a width."""
    if isinstance(renderable, Text) and renderable.no_wrap:
        return renderable
    return Padding(renderable, (0, 0, 0, 2), expand=False)


@contextmanager
def progress_for(console: Console, total: int, what: str) -> Iterator[Any]:
    """Progress through a long night on ``console`` (the terminal's standard error, so that the
    output itself stays clean): a rich progress bar when it is a terminal, the night has at least
    :data:`PROGRESS_HANDS` hands and the work has taken :data:`PROGRESS_AFTER` seconds; else, when
    the work takes long, a line every :data:`PROGRESS_NOTE` seconds."""

    class Ticker:
        def __init__(self) -> None:
            self.done = 0
            self.began = self.noted = time.monotonic()
            self.bar: Any = None
            self.task: Any = None

        def advance(self) -> None:
            self.done += 1
            if self.bar is not None:
                self.bar.update(self.task, completed=self.done)
                return
            if total < PROGRESS_HANDS or self.done % 16:  # the clock is read every sixteenth hand
                return
            now = time.monotonic()
            if console.is_terminal and now - self.began >= PROGRESS_AFTER:
                from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

                self.bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                    console=console, transient=True)
                self.bar.start()
                self.task = self.bar.add_task(what, total=total, completed=self.done)
            elif not console.is_terminal and now - self.noted >= PROGRESS_NOTE:
                self.noted = now
                console.file.write(_("{what}: {done:,} of {total:,}").format(what=what, done=self.done, total=total)
                                   + "\n")
                console.file.flush()

    ticker = Ticker()
    try:
        yield ticker
    finally:
        if ticker.bar is not None:
            ticker.bar.stop()


def progress_console() -> Console:
    """Where progress is shown: standard error."""
    return console(stderr=True)


def print_night(console: Console, night: "Night", hands: "ReplayedNight", only: int | None = None) -> None:
    """The whole night (or hand ``only``), hand after hand, then the night's totals."""
    from referee.handfile.rulings import in_force

    shown = [h for h in hands if only is None or h.entry.number == only]
    counted = plural(len(hands), "hand", "hands")
    console.print(Text.assemble((_("Night:") + " ", "bold"), f"{night.source} · {counted}"
                                + (" · " + _("hand {hand}").format(hand=only) if only is not None else "")))
    rule = Text("─" * console.width, style="dim")
    with progress_for(progress_console(), len(shown), _("Printing hands")) as ticker:
        for hand in shown:
            pieces = [rule, *hand_text(console, hand, night.rulings)]
            if console.color_system is None:  # a file, a pipe, NO_COLOR: no style to show, the text is written as it is
                console.file.write("\n".join(piece.plain for piece in pieces) + "\n")
            else:
                console.print(*pieces, sep="\n", soft_wrap=True)
            ticker.advance()
    console.print(Rule(style="dim"))
    findings = sum(len(h.replay.findings) for h in shown)
    errors = sum(len(h.replay.illegal) for h in shown)
    console.print(Text.assemble((_("Findings:") + " ", "bold"), ngettext(
        "{findings} ({count} rule broken)", "{findings} ({count} rules broken)", errors).format(
            findings=findings, count=errors)))
    if only is not None:
        return
    result = hands.result
    console.print(Text.assemble((_("Final stacks:") + " ", "bold"),
                                ", ".join(f"{n} {s}" for n, s in result.stacks.items())))
    if result.winner:
        console.print(Text.assemble((_("Winner of the night:") + " ", "bold"), result.winner))
    facts = {k: v for k, v in result.facts.items() if v not in (None, False, {}, ())}
    if facts:
        console.print(_cell(_("The night: {facts}").format(
            facts="; ".join(f"{_words(k)}: {value_words(v)}" for k, v in facts.items()))))
    standing = in_force(night.rulings)
    if standing:
        console.print(Text(_("Rulings on record: {count}").format(count=len(standing)), style="bold magenta"))


def print_comparison(console: Console, comparison: "Comparison") -> None:
    """The what-if beside the log: per differing hand, findings by code, outcome and chips; then the night."""
    change = comparison.change.words()
    console.print(Text.assemble((_("What if:") + " ", "bold"), change))
    differing = comparison.differing
    same = len(comparison.hands) - len(differing)
    console.print(_cell(ngettext("{count} hand differs", "{count} hands differ", len(differing)).format(
        count=len(differing)) + ", " + ngettext("{count} plays the same", "{count} play the same", same).format(
            count=same)))
    none, nothing = _("none"), _("nothing")
    for diff in differing:
        console.print(Rule(style="dim"))
        console.print(Text(_("Hand {hand}").format(hand=diff.number), style="bold"))
        a, b = diff.was.replay.outcome, diff.now.replay.outcome
        side = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        side.add_column("")
        side.add_column(_("as logged"), overflow="fold")
        side.add_column(_("under {change}").format(change=change), overflow="fold")
        side.add_row(_("result"), _cell(f"{_words(a.kind)}: {a.summary}"), _cell(f"{_words(b.kind)}: {b.summary}"))
        pen_a = "; ".join(_penalty(p) for p in a.penalties) or none
        pen_b = "; ".join(_penalty(p) for p in b.penalties) or none
        if pen_a != pen_b:
            side.add_row(_("penalties"), _cell(pen_a), _cell(pen_b))
        carry_a = "; ".join(carry_words(a.next_hand.carry)) or nothing
        carry_b = "; ".join(carry_words(b.next_hand.carry)) or nothing
        if carry_a != carry_b:
            side.add_row(_("carries"), _cell(carry_a), _cell(carry_b))
        codes_a = ", ".join(f.code for f in diff.was.replay.findings if f.kind != "note") or none
        codes_b = ", ".join(f.code for f in diff.now.replay.findings if f.kind != "note") or none
        if diff.gone or diff.new or codes_a != codes_b:
            side.add_row(_("findings"), _cell(codes_a), _cell(codes_b))
        console.print(_indent(side))
        if diff.gone or diff.new:
            for code, n in diff.gone.items():
                console.print(_indent(_cell(f"− {code}" + (f" ×{n}" if n > 1 else "") + ": " + _("only as logged"),
                                            "red")))
            for code, n in diff.new.items():
                console.print(_indent(_cell(f"+ {code}" + (f" ×{n}" if n > 1 else "") + ": "
                                            + _("only under the change"), "green")))
        chips = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in (_("Player"), _("Net as logged"), _("Net under the change"), _("Difference")):
            chips.add_column(col, justify="left" if col == _("Player") else "right")
        for name in dict.fromkeys([*a.net, *b.net]):
            was, now = a.net.get(name, 0), b.net.get(name, 0)
            chips.add_row(_cell(name), _signed(was), _signed(now), _signed(now - was) if now != was else "")
        console.print(_indent(chips))
    console.print(Rule(style="dim"))
    night = Table(title=None, box=None, pad_edge=False, show_edge=False, header_style="bold")
    for col in (_("Player"), _("Final as logged"), _("Final under the change"), _("Difference")):
        night.add_column(col, justify="left" if col == _("Player") else "right")
    for name, was, now in comparison.final():
        night.add_row(_cell(name), str(was), str(now), _signed(now - was) if now != was else "")
    console.print(Text(_("The night"), style="bold"))
    console.print(_indent(night))
    if comparison.was.result.winner != comparison.now.result.winner:
        console.print(_cell(_("winner: {was} as logged, {now} under the change").format(
            was=comparison.was.result.winner or _("none"), now=comparison.now.result.winner or _("none"))))


def _penalty(penalty: Any) -> str:
    from referee.report.json_doc import penalty_words

    return f"{penalty_words(penalty)} [{penalty.rule}]"


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (``--output``): through a temporary file and a rename."""
    write_text(path, text, option="--output")


def check_hand(night: "Night", number: int | None) -> None:
    if number is None:
        return
    numbers = [h.number for h in night.hands]
    if number not in numbers:
        hint = _("it has hands 1 to {count}").format(count=len(numbers)) if numbers else _("it has no hands")
        raise InputError(_("{file} has no hand {hand}").format(file=night.source, hand=number), hint=hint)


def _recorded(render: Any) -> str:
    """What ``render`` prints, as plain text 110 columns wide (for ``--output``)."""
    console = Console(file=io.StringIO(), width=110, no_color=True, highlight=False, emoji=False, force_terminal=False)
    render(console)
    return console.file.getvalue()  # type: ignore[attr-defined]


def replay(
    ctx: typer.Context,
    file: Annotated[
        Path | None, typer.Argument(metavar="FILE", help="The hand file to replay (see docs/hand-format.md).")
    ] = None,
    session: Annotated[
        int | None, typer.Option("--session", metavar="ID", help="Replay a recorded session from the database instead.")
    ] = None,
    hand: Annotated[
        int | None, typer.Option("--hand", metavar="N", help="Show hand N only (the night is replayed up to it).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the versioned JSON document (docs/json.md) instead of text.")
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write to this file (atomically) instead of stdout.")
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Exit with code 1 when a rule was broken (a finding of severity error).")
    ] = False,
    options: Annotated[
        list[str] | None, typer.Option("--option", metavar="NAME=VALUE",
                                       help="What if: replay under this option too and compare (repeatable).")
    ] = None,
    rulebook: Annotated[
        str | None, typer.Option("--rulebook", metavar="FILE",
                                 help="What if: replay under this rulebook (a house file or a shipped name) and compare.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Replay every hand of a hand file (or of a recorded session): timeline, outcomes, stacks and findings."""
    from referee.handfile.replay import replay_night_file

    loaded = load_night(ctx, file, session, db)
    night = loaded.night
    check_hand(night, hand)
    what_if = None
    if options or rulebook:
        from referee.dispute.whatif import Change
        from referee.rulebook.loader import parse_option

        what_if = Change(dict(parse_option(o) for o in options or ()), rulebook)
    # the JSON document is language-neutral: the findings' and outcomes' words are the engine's English
    with speaking("en") if as_json else nullcontext():
        with progress_for(progress_console(), len(night.hands), _("Replaying hands")) as ticker:
            hands = replay_night_file(night, ticker.advance, snapshots=True)  # its timelines show the table
        comparison = None
        if what_if is not None:
            from referee.dispute.whatif import compare

            comparison = compare(night, what_if, was=hands, hands=None if hand is None else [hand],
                                 snapshots=as_json)
    if as_json:
        from referee.report.json_doc import night_json

        shown = comparison.now if comparison is not None else hands
        document = night_json(night, shown, opening=loaded.opening, closing=loaded.closing)
        if hand is not None:
            document["hands"] = [h for h in document["hands"] if h["number"] == hand]
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        if output is None:
            typer.echo(text, nl=False)
        else:
            write_atomically(output, text)
    else:
        def render(console: Console) -> None:
            if comparison is not None:
                print_comparison(console, comparison)
            else:
                print_night(console, night, hands, hand)

        if output is None:
            render(Console(highlight=False, emoji=False))
        else:
            write_atomically(output, _recorded(render))
    judged = comparison.now if comparison is not None else hands
    if check and any(h.replay.illegal for h in judged if hand is None or h.entry.number == hand):
        raise typer.Exit(1)

