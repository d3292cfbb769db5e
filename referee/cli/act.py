"""``referee act SESSION LINE…``: record what happened at the table from a script or a second
terminal, one line at a time, in the same words as the hand format and the table mode.

Each line is judged before it is stored: an illegal action is refused with the engine's reason
(exit 2) unless ``--force`` logs it as it happened, for the replay to judge.  Every stored line is
committed before the next is read; a line that raced another recorder is refused in plain words
(nothing stored) and the lines after it are not tried.  That refusal, and a database that went away
mid-command, exit with 75 (EX_TEMPFAIL: run it again), not 2 (a line to fix): a script can tell
retry from fix.
"""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.db import DbOption, open_for
from referee.errors import EXCERPT, InputError, RetryableError, excerpt
from referee.i18n import _

if TYPE_CHECKING:
    from referee.recording.live_table import Stored


def _spot(session_id: int, table: Any) -> str:
    """Where a refused line would have gone: ``session 3, hand 4 after action 7``."""
    state, hand = table.state, table.hand_number
    if state is None or hand is None:
        return f"session {session_id}, between hands"
    done = getattr(state, "action", None)
    return f"session {session_id}, hand {hand}" + (f" after action {done}" if done else ", before its first action")


def _said(line: str) -> str:
    """A refused line as a message quotes it.  A long line is not quoted: the reason quotes the
    excerpt of it that is wrong."""
    return excerpt(line) if len(line) <= EXCERPT else f"a line of {len(line):,} characters"


def describe(stored: "Stored") -> str:
    """One stored line as ``act`` and the table mode report it."""
    if stored.action is None and stored.hand is not None:
        text = _("hand {hand} begins").format(hand=stored.hand) + (f": {stored.note}" if stored.note else "")
    else:
        where = (_("hand {hand}, action {action}").format(hand=stored.hand, action=stored.action)
                 if stored.action is not None else _("between hands"))
        text = f"{where}: {stored.text}" + (f" ({stored.note})" if stored.note else "")
    flagged = [f for f in stored.findings if f.code != "action_voided"]
    for finding in flagged:
        said = _("flagged: {message}") if finding.severity == "error" else _("note: {message}")
        text += "\n  " + said.format(message=finding.message) + (f" ({finding.rule})" if finding.rule else "")
    return text


def act(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="SESSION", help="The session to record into.")],
    lines: Annotated[list[str], typer.Argument(metavar="LINE…", help="What happened, e.g. \"bob raises to 4\", "
                                               "\"Bob: calls\", \"new hand\", \"undo\", \"Eve sits down with 50\".")],
    force: Annotated[bool, typer.Option("--force", help="Log an illegal action as it happened (the replay flags it).")]
    = False,
    again: Annotated[bool, typer.Option("--again", help="The same line between hands (\"Ann adds 20\") meant a "
                                                        "second time right after itself, not a retry.")] = False,
    asked_at: Annotated[int | None, typer.Option(
        "--asked-at", metavar="EVENT", min=0,
        help="Run again after exit 75: where the log stood when the lost run asked (it printed it), so that "
             "a line between hands it stored is found even if more was recorded since.")] = None,
    db: DbOption = None,
) -> None:
    """Record actions into a session, as the table mode does: the hand format's words or short forms.

    An illegal action is refused with the reason and exit code 2, unless --force.  A line that
    lost a race with another recorder, or a database gone away mid-command, exits with 75: retry.
    A line between hands run again after its reply was lost (or twice at once) is stored once: the
    second says "Already recorded".
    """
    from referee.i18n import quoting_seeds
    from referee.recording.live_table import LiveTable, Refused, Said, Stored

    out = typer.echo  # plain text, printed as typed (no rich markup to escape: a fast start matters here)
    with open_for(ctx, db) as store:
        table = LiveTable(store, session_id, asking="act", again=again, at=asked_at,
                          quote_rules=quoting_seeds())
        for line in lines:
            table.asked_at = None
            entry = table.enter(line)
            if isinstance(entry, Refused) and entry.forceable and force:
                entry = table.force()
            if isinstance(entry, Refused) and (entry.stale or entry.retry):
                # not the line's fault: act's own words (the table prompt's hint speaks of its reload)
                back = "once the server is back" if store.dialect != "sqlite" else "in a moment"
                hint = ("another recorder wrote first; run referee act again with this line, and "
                        "any after it, if it still stands" if entry.stale else
                        f"the lines shown as stored are kept; this one may not be: {back}, "
                        "look at the session's log and run referee act again with what is missing")
                if entry.retry and table.asked_at is not None:  # a line between hands: it knows its own fact
                    hint = (f"{back}, run referee act again with this line and any after it: if it was stored, it "
                            f"says so; if anything else is recorded first, add --asked-at {table.asked_at} (where "
                            "the log stood when it asked)")
                raise RetryableError(entry.reason, where=f"session {session_id}: {_said(line)}", hint=hint)
            if isinstance(entry, Refused):
                hint = entry.hint or ""
                if entry.forceable:
                    hint = (f"{hint}; " if hint else "") + "add --force to log it as it happened"
                rules = f" ({', '.join(entry.rules)})" if entry.rules else ""
                raise InputError(f"{entry.reason}{rules}", where=f"{_spot(session_id, table)}: {_said(line)}",
                                 hint=hint or None)
            if isinstance(entry, Said):
                out(entry.text)
            elif isinstance(entry, Stored):
                out(describe(entry))
        out(table.status().line())
