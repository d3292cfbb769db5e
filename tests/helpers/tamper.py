"""An attacker with SQL access to the store, past its append-only triggers."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text
from sqlalchemy.engine import Connection

from referee.store.store import Store


@contextmanager
def past_the_triggers(store: Store) -> Iterator[Connection]:
    """A transaction in which the append-only triggers do not stop the attacker."""
    with store.engine.begin() as conn:
        if store.dialect == "postgresql":
            conn.execute(text("SET LOCAL session_replication_role = replica"))
            yield conn
            return
        triggers = [sql for (sql,) in conn.execute(text(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'"))]
        for name in ("events_no_update", "events_no_delete"):
            conn.execute(text(f"DROP TRIGGER {name}"))
        yield conn
        for sql in triggers:
            conn.execute(text(sql))
