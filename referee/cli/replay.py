"""``referee replay FILE [--json] [--output PATH]``: replay a hand file and report every ruling.

Without ``--json`` each hand is printed with rich: game, dealer, how it ended, pots and winners,
stacks before and after, the carried pot, penalties, and the findings with their action number,
line, player, rule id and the rule's text.  ``--json`` writes the versioned document of
:mod:`referee.report_json` (``docs/json.md``).  ``--output`` writes to a file, atomically: on any
error nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.errors import InputError

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from referee.handfile.model import Night
    from referee.handfile.replay import ReplayedHand, ReplayedNight

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def _game_name(game: str) -> str:
    return game.replace("_", " ")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def hand_renderables(hand: "ReplayedHand") -> list["RenderableType"]:
    """What the console shows for one hand."""
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from referee.report_json import rule_text

    replay, entry = hand.replay, hand.entry
    setup, outcome = replay.setup, replay.outcome
    book = setup.rulebook
    out: list[RenderableType] = []

    title = Text.assemble(
        (f"Hand {entry.number}", "bold"),
        f" · {_game_name(book.game)} ({book.name}) · dealer {setup.dealer}"
        + (f" · line {entry.line}" if entry.line is not None else ""),
    )
    out.append(title)
    for change in entry.changes:
        out.append(Text(f"  {_change_text(change)}", style="dim"))
    ended = Text.assemble(("  Result: ", "bold"), (outcome.kind.replace("_", " "), "bold green"))
    if outcome.summary:
        ended.append(f" — {outcome.summary}")
    out.append(ended)
    free_ride = getattr(setup.carry_in, "free_ride_payer", None)
    if setup.carry_in.pot or free_ride:
        carried = f"  Carried in: {setup.carry_in.pot} in the pot"
        if free_ride:
            carried += f"; {free_ride} antes for everybody"
        out.append(Text(carried))

    if outcome.pots:
        pots = Table(title=None, box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in ("Pot", "Chips", "Winners", "Hand", "Rule"):
            pots.add_column(col, justify="right" if col == "Chips" else "left")
        for i, pot in enumerate(outcome.pots, 1):
            label = "main" if i == 1 else f"side {i - 1}"
            winners = ", ".join(f"{w} {pot.shares.get(w, 0)}" for w in pot.winners) or (
                "undecided" if not pot.decided else "—"
            )
            if pot.left_over:
                winners += f" ({pot.left_over} left over)"
            pots.add_row(label, str(pot.amount), escape(winners), escape(pot.hand or ""), pot.rule or "")
        out.append(_indent(pots))

    stacks = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for col in ("Player", "Before", "After", "Net"):
        stacks.add_column(col, justify="left" if col == "Player" else "right")
    for seat in setup.seats:
        after = outcome.stacks.get(seat.name, seat.stack)
        stacks.add_row(seat.name, str(seat.stack), str(after), _signed(outcome.net.get(seat.name, after - seat.stack)))
    out.append(_indent(stacks))

    extras = []
    if outcome.carried:
        extras.append(f"carried to the next deal: {outcome.carried}")
    if outcome.undecided:
        extras.append(f"undecided until cards are shown: {outcome.undecided}")
    extras.append(f"next dealer: {outcome.next_hand.dealer}")
    out.append(Text("  " + "; ".join(extras)))
    for p in outcome.penalties:
        to = f"to {p.payee}" if p.payee else "as antes next deal"
        out.append(Text(f"  Penalty: {p.payer} pays {p.amount} {to} [{p.rule}]", style="magenta"))

    if replay.findings:
        findings = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in ("#", "Line", "Player", "Rule", "Finding"):
            findings.add_column(col, justify="right" if col in ("#", "Line") else "left", overflow="fold")
        cited: dict[str, str] = {}
        for f in replay.findings:
            message = f.message + (f" → {f.remedy}" if f.remedy else "")
            line = hand.line_of(f.action)
            findings.add_row(
                str(f.action) if f.action is not None else "end",
                str(line) if line is not None else "",
                f.player or "",
                f.rule or "",
                Text(message, style=SEVERITY_STYLE.get(f.severity or "info", "")),
            )
            text = rule_text(book, f.rule)
            if f.rule and text:
                cited.setdefault(f.rule, text)
        out.append(Text("  Findings", style="bold"))
        out.append(_indent(findings))
        if cited:
            out.append(Text("  Rules cited", style="bold"))
            for rule_id, text in cited.items():
                out.append(_indent(_indent(Text.assemble((rule_id, "bold"), f": {text}"))))
    else:
        out.append(Text("  No findings.", style="dim"))
    return out


def _change_text(change: object) -> str:
    from referee.session_log import night_words

    return night_words(change)  # type: ignore[arg-type]  # a night event: a hand file's or a session's


def _indent(renderable: "RenderableType") -> "RenderableType":
    from rich.padding import Padding

    return Padding(renderable, (0, 0, 0, 2), expand=False)


def print_night(console: "Console", night: "Night", hands: "ReplayedNight") -> None:
    """The whole night, hand after hand, then the final stacks."""
    from rich.rule import Rule
    from rich.text import Text

    console.print(
        Text.assemble(("Night: ", "bold"), f"{night.source} · {len(hands)} hand{'s' if len(hands) != 1 else ''}")
    )
    for hand in hands:
        console.print(Rule(style="dim"))
        for renderable in hand_renderables(hand):
            console.print(renderable)
    console.print(Rule(style="dim"))
    total = sum(len(h.replay.findings) for h in hands)
    console.print(Text.assemble(("Findings: ", "bold"), str(total)))
    stacks = hands.result.stacks
    console.print(Text.assemble(("Final stacks: ", "bold"), ", ".join(f"{n} {s}" for n, s in stacks.items())))


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {path}: no folder {folder}", hint="create the folder, or choose another path")
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"cannot write {path}: {err.strerror}", hint="check the path and its permissions") from None


def _in_file_terms(night: "Night") -> "Night":
    """The night with only the seat changes a hand file has (sit-downs, departures, chips added):
    the JSON document (schema 1) has no field for a session's seat moves and cash-outs yet."""
    from dataclasses import replace

    from referee.handfile.model import AddChips, Leave, SitDown

    hands = tuple(replace(h, changes=tuple(c for c in h.changes if isinstance(c, (SitDown, Leave, AddChips))))
                  for h in night.hands)
    return replace(night, hands=hands)


def replay(
    ctx: typer.Context,
    file: Annotated[
        Path | None, typer.Argument(help="The hand file to replay (see docs/hand-format.md).")
    ] = None,
    session: Annotated[
        int | None, typer.Option("--session", metavar="ID", help="Replay a recorded session from the database instead.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the versioned JSON document (docs/json.md) instead of text.")
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (atomically) instead of stdout.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Replay every hand of a hand file (or of a recorded session) and report outcomes, stacks and findings."""
    from rich.console import Console

    from referee.handfile.replay import replay_night_file

    if (file is None) == (session is None):
        raise InputError("name a hand file or a session, not both" if file else "nothing to replay",
                         hint="referee replay night.txt, or referee replay --session ID")
    if session is not None:
        from referee.session_log import night_from_session

        with open_for(ctx, db) as store:
            night = night_from_session(store, session)  # the database alone
    else:
        from referee.handfile import read_night

        assert file is not None
        night = read_night(file)
    if as_json:
        night = _in_file_terms(night)
    hands = replay_night_file(night)
    if as_json:
        from referee.report_json import night_json

        import json

        text = json.dumps(night_json(night, hands), indent=2, ensure_ascii=False) + "\n"
        if output is None:
            typer.echo(text, nl=False)
        else:
            write_atomically(output, text)
        return
    if output is None:
        print_night(Console(highlight=False, emoji=False), night, hands)
        return
    console = Console(record=True, file=open(os.devnull, "w"), width=100, no_color=True, highlight=False, emoji=False)
    with console.file:
        print_night(console, night, hands)
    write_atomically(output, console.export_text())
