"""A season of straight-draw nights for the scale test and ``bench/scale.py``, built fast.

A few *template* nights are recorded through the store's own path (``record_night``, then
``close_session`` with each player's chips as the replay leaves them); every other night of the
season is a copy of a template with three other players of :data:`PLAYERS` seated in it, on another
day and at another table, written row by row the way the store writes them: the session's
header, its seats and hands, and its events with the hash chain recomputed for the new session (so
``referee db verify`` passes).  Copying rows is what makes 100,000 hands take seconds, not the
minutes recording them one by one would; the nights are ordinary sessions in every other respect.

The hands (as bench/handfile.py's): a long one (a raise over the limit capped, the draw, a showdown,
17 actions) and a short one (a bet and two folds), with who deals turning round the table, so that
every seat wins some.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any
from datetime import UTC, datetime, timedelta

PLAYERS = ("Ada", "Ben", "Cal", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivo", "Jan", "Kai", "Lev")
TABLES = ("Kitchen", "Hall", "Attic")

LONG = """
hand
dealer: {x}
{y}: bets 1
{z}: raises 3
{x}: calls
{y}: calls
{y}: draws 2
{z}: draws 1
{x}: draws 3
{y}: asks {z}
{y}: checks
{z}: bets 5
{x}: folds
{y}: calls
{z}: shows 7c 8c 9d Th Js
{y}: shows Ac Ad Ah 2c 2d
"""
SHORT = """
hand
dealer: {x}
{y}: bets 1
{z}: folds
{x}: folds
"""


def template_text(hands: int, seed: int, seats: Sequence[str]) -> str:
    """A night of ``hands`` straight-draw hands at three ``seats``, long and short ones at random."""
    rng = random.Random(seed)
    out = [f"rulebook: straight_draw\nseats: {', '.join(f'{s} 1000' for s in seats)}\ndealer: {seats[0]}\n"]
    for number in range(hands):
        x, y, z = (seats[(number + k) % 3] for k in range(3))
        out.append((LONG if rng.random() < 0.5 else SHORT).format(x=x, y=y, z=z))
    return "".join(out)


def record_template(store: Any, hands: int, seed: int, seats: Sequence[str]) -> int:
    """A night recorded through the store's own path and closed at the chips the replay leaves."""
    from referee.handfile import parse_night
    from referee.handfile.replay import replay_night_file
    from referee.recording.night_file import record_night

    night = parse_night(template_text(hands, seed, seats))
    left = replay_night_file(night).result.stacks
    sid = record_night(store, night, table_name=TABLES[0], chip_value_cents=10)
    with store.transaction() as tx:
        tx.close_session(sid, left)
    return sid


def copy_night(store: Any, template: int, names: Mapping[str, str], table: str, started: datetime) -> int:
    """Session ``template`` copied as a new closed session: its seat names as ``names`` says, at
    ``table``, started at ``started``; its rows as the store writes them, its chain recomputed."""
    from sqlalchemy import insert, select

    from referee.store import chain
    from referee.store import tables
    from referee.store.tables import name_key

    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")

    def renamed(text: str) -> str:
        return pattern.sub(lambda m: names[m.group(1)], text)

    sessions, seats, hands, events, people = tables.sessions, tables.seats, tables.hands, tables.events, tables.players
    with store.engine.begin() as conn:
        head = dict(conn.execute(select(sessions).where(sessions.c.id == template)).one()._mapping)
        seat_rows = [dict(r._mapping) for r in conn.execute(select(seats).where(seats.c.session_id == template))]
        hand_rows = [dict(r._mapping) for r in conn.execute(select(hands).where(hands.c.session_id == template))]
        event_rows = [dict(r._mapping) for r in conn.execute(
            select(events).where(events.c.session_id == template).order_by(events.c.seq))]
        known = {r.name: r.id for r in conn.execute(select(people))}
        for name in names.values():
            if name not in known:
                known[name] = conn.execute(insert(people).values(
                    name=name, name_key=name_key(name), created_at=started)).inserted_primary_key[0]
        header = {k: v for k, v in head.items() if k != "id"}
        header.update(table_name=table, started_at=started, ended_at=started + timedelta(hours=4), created_at=started)
        sid = conn.execute(insert(sessions).values(**header)).inserted_primary_key[0]
        conn.execute(insert(seats), [
            {**{k: v for k, v in r.items() if k != "id"}, "session_id": sid, "name": names[r["name"]],
             "name_key": name_key(names[r["name"]]), "player_id": known[names[r["name"]]]} for r in seat_rows])
        conn.execute(insert(hands), [{**{k: v for k, v in r.items() if k != "id"}, "session_id": sid}
                                     for r in hand_rows])
        prev = chain.genesis_hash(SimpleNamespace(id=sid, **header))  # type: ignore[arg-type]
        rows = []
        for r in event_rows:
            payload = json.loads(renamed(json.dumps(r["payload"])))
            text = None if r["text"] is None else renamed(r["text"])
            digest = chain.event_hash(prev, session_id=sid, seq=r["seq"], hand_number=r["hand_number"],
                                      kind=r["kind"], payload=payload, text=text, created_at=r["created_at"])
            rows.append({"session_id": sid, "seq": r["seq"], "hand_number": r["hand_number"], "kind": r["kind"],
                         "payload": payload, "text": text, "created_at": r["created_at"],
                         "prev_hash": prev, "hash": digest})
            prev = digest
        conn.execute(insert(events), rows)
    return sid


def build_season(store: Any, hands: int, *, per_night: int = 250, templates: int = 4, seed: int = 0,
                 year: int = 2026) -> list[int]:
    """A season of ``hands`` hands in nights of ``per_night`` (the last one shorter) in ``store``:
    ``templates`` nights recorded, the others copies of them; the sessions' ids in order."""
    rng = random.Random(seed)
    sizes = [per_night] * (hands // per_night) + ([hands % per_night] if hands % per_night else [])
    made: list[int] = []
    recorded: list[tuple[int, tuple[str, ...]]] = []
    for k, size in enumerate(sizes):
        people = tuple(rng.sample(PLAYERS, 3))
        if len(recorded) < templates or size != per_night:
            sid = record_template(store, size, seed + k, people)
            if size == per_night:
                recorded.append((sid, people))
        else:
            template, seated = rng.choice(recorded)
            day = datetime(year, 1, 1, 19, tzinfo=UTC) + timedelta(days=(364 * k) // max(1, len(sizes)))
            sid = copy_night(store, template, dict(zip(seated, people)), rng.choice(TABLES), day)
        made.append(sid)
    return made
