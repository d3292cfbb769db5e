"""``referee demo``: the main job end to end on a built-in example night.

It reads the example Jackpots night shipped with referee, records it into the store as a new
session (SQLite in the user data folder unless ``--db`` says otherwise), rebuilds the night from
the database alone (seats, dealers, options and every event come from the log), replays it, checks that the log's replay agrees with the file's and that the
hash chain holds, and prints each hand's outcome and rulings.
"""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for

DEMO_NIGHT = "jackpots-friday.txt"


def demo(
    ctx: typer.Context,
    db: DbOption = None,
    chip_value: Annotated[
        str, typer.Option("--chip-value", help="What one chip is worth, e.g. 0.25 or 25c.")
    ] = "0.25",
) -> None:
    """Record a built-in example night of Jackpots into the store and replay it from the log."""
    from referee.cli.output import console as make_console
    from referee.cli.replay import print_night
    from referee.cli.session import parse_chip_value
    from referee.errors import RefereeError
    from referee.handfile import read_night
    from referee.handfile.replay import replay_night_file
    from referee.recording import night_from_log, record_night
    from referee.resources import data_dir

    cents = parse_chip_value(chip_value)
    night = read_night(data_dir("examples") / DEMO_NIGHT)
    from_file = replay_night_file(night)  # a night the engine cannot replay is refused before anything is written

    store = open_for(ctx, db)
    try:
        session_id = record_night(store, night, table_name="Demo table", chip_value_cents=cents)
        logged = night_from_log(store, session_id)
        from_log = replay_night_file(logged)
        for hand in from_log:
            store.cache_result(session_id, hand.entry.number, hand.replay.outcome.to_dict())
        chain = store.verify_chain(session_id)
        where = store.display_url
    finally:
        store.close()

    console = make_console()
    from dataclasses import replace

    print_night(console, replace(logged, source=f"{night.source}, as recorded in session {session_id}"), from_log)
    same = logged == night and [a.replay.outcome for a in from_file] == [b.replay.outcome for b in from_log]
    events = sum(len(h.entry.events) for h in from_log)
    console.print(
        f"\nRecorded as session {session_id} in {where}: {len(from_log)} hands, {events} events."
    )
    console.print(
        "Replay of the stored log " + ("matches" if same else "[bold red]DIFFERS FROM[/]") + " the replay of the file; "
        + ("hash chain verified." if chain.ok else f"[bold red]hash chain broken: {chain.problem}[/]")
    )
    if not (same and chain.ok):
        raise RefereeError("the stored log does not replay as recorded", hint="run `referee db verify`")
    console.print(f"[dim]See it again with: referee session show {session_id}[/]")
