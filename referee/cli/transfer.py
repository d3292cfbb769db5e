"""``referee import FILE`` and ``referee export SESSION``: a night between a file and the store.

Import records a hand file (or a session log exported as JSON) as a new session, all of it or
nothing.  Export writes the session as the canonical hand file (what the hand format cannot say,
money paid and cash-outs, goes in as comments) or, with ``--json``, its whole log as stored.
"""

import json
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.cli.replay import write_atomically
from referee.cli.session import DEFAULT_CHIP_VALUE, parse_chip_value
from referee.cli.sources import report_file_errors
from referee.errors import HandFileErrors, InputError
from referee.i18n import _, ngettext
from referee.plain_words import plural


def import_night(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A hand file (docs/hand-format.md), or a session log from "
                                              "`referee export ID --json`.")],
    table: Annotated[str | None, typer.Option("--table", metavar="NAME",
                                              help="The table's name (default: the file's name).")] = None,
    chip_value: Annotated[str, typer.Option("--chip-value", metavar="MONEY",
                                            help="What one chip is worth, for a hand file: 0.25, or 25c.")]
    = DEFAULT_CHIP_VALUE,
    again: Annotated[bool, typer.Option("--again", help="Import the night even though the store already holds "
                                                         "it (a second copy, counted twice).")] = False,
    as_new: Annotated[bool, typer.Option("--as-new", help="Take a session log whose hash chain does not match "
                                                          "as a new night, marked unverified (a night already "
                                                          "in the store still needs --again).")] = False,
    db: DbOption = None,
) -> None:
    """Import a whole night into a new session: every hand, every event, every change between hands.

    Nothing is written unless the whole night replays (as `referee replay` replays it) and is not in
    the store already; a session log's hash chain is verified first (refused when edited or cut)."""
    cents = parse_chip_value(chip_value)
    document = None
    if file.suffix.lower() == ".json":
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except OSError as err:
            raise InputError(_("cannot read {file}: {problem}").format(file=file, problem=err.strerror),
                             hint=_("check the path")) from None
        except ValueError as err:
            raise InputError(_("{file} is not JSON: {problem}").format(file=file, problem=err),
                             hint=_("give a hand file, or the JSON of `referee export ID --json`")) from None
    else:
        from referee.handfile import read_night

        try:
            night = read_night(file)  # the whole file is read before anything is written
        except HandFileErrors as err:  # every bad line at once, as replay reports them
            report_file_errors(err, imported=True)
            raise  # not reached
    if as_new and document is None:
        raise InputError(_("--as-new is for a session log (JSON): a hand file carries no hash chain"),
                         where="--as-new", hint=_("leave it out"))
    from referee.recording.imports import import_hand_file, import_log_document
    from referee.store.tables import ORIGIN_LOG_SIGNED

    with open_for(ctx, db, create=True) as store:
        if document is not None:
            done = import_log_document(store, document, source=str(file), again=again, as_new=as_new)
        else:
            done = import_hand_file(store, night, table_name=table or file.stem, chip_value_cents=cents, again=again)
    session_id = done.session_id
    typer.echo(_("Imported {file} as session {session}: {hands}, {events} (fingerprint {fingerprint}).").format(
        file=file, session=session_id, hands=plural(done.hands, "hand", "hands"),
        events=plural(done.events, "event", "events"), fingerprint=done.fingerprint[:16]))
    if done.chain is not None:
        said = (_("Hash chain verified: {events}, head {head} as exported (--as-new was not needed: the file is the "
                  "session as exported).") if as_new else _("Hash chain verified: {events}, head {head} as exported."))
        typer.echo(said.format(events=plural(done.chain.events, "event", "events"), head=done.chain.head[:16]))
        if done.origin == ORIGIN_LOG_SIGNED:
            typer.echo(_("Signed by this store: the file is its own export, unchanged (its origin proven)."))
        else:
            typer.echo(_("Origin unsigned: the file was not exported by this store (or its signature was removed); "
                         "its chain proves its events agree with each other, not who wrote them."))
    elif as_new:
        typer.echo(_("Taken as a new night, NOT verified against its export (--as-new): its report and "
                     "`referee db verify` say so."))
    if done.copies:
        typer.echo(ngettext("Warning: a second copy (--again) of session {sessions}: the standings count it again",
                            "Warning: a second copy (--again) of sessions {sessions}: the standings count it again",
                            len(done.copies)).format(sessions=", ".join(map(str, done.copies))), err=True)
    typer.echo(_("Replay it with: referee replay --session {session}").format(session=session_id))


def export_session(
    ctx: typer.Context,
    session_id: Annotated[int, typer.Argument(metavar="SESSION", help="The session to export.")],
    as_json: Annotated[bool, typer.Option("--json", help="Write the session log as JSON events (everything "
                                                         "as stored, hashes included).")] = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write to this file (atomically) "
                                                                       "instead of stdout.")] = None,
    db: DbOption = None,
) -> None:
    """Export a session: the canonical hand file of its night, or (--json) its whole log."""
    from referee.recording.session_log import hand_file_text, log_document, read_session_log
    from referee.store.chain import verify_chain

    with open_for(ctx, db) as store:
        snapshot = store.log_snapshot(session_id)
    chain = verify_chain(snapshot.session, snapshot.events)  # the rows read: the log is read once
    if not chain.ok:
        typer.echo(_("Warning: session {session}'s chain is broken at {problem}").format(
            session=session_id, problem=chain.problem), err=True)
    if as_json:
        document = log_document(snapshot, chain)
        signature = store.export_signature(snapshot.session, chain)
        if signature is not None:  # which store wrote it: that store verifies it fully on import
            document["signature"] = signature
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    else:
        text, notes = hand_file_text(read_session_log(snapshot))
        if notes:
            typer.echo(_("Note: the hand format has no words for {count} of the night's facts (money paid, "
                         "cash-outs); they are written as comments. `--json` keeps them as events.").format(
                count=len(notes)), err=True)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_atomically(output, text)
