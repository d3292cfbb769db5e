"""Replay results kept in the store (the ``night_results`` table), checked against the log's hash chain.

The store does not know what a result holds: it keeps a JSON document per session and kind with the
event (seq and hash) it was computed through, its format and the referee that computed it, and hands
back, beside the kept row, what the log holds *now* to check it against: for ``figures`` the head
of each session's log (:func:`read_kept`), for ``thread`` the hash the event ``seq`` has now
(:func:`read_thread`).  Whoever reads decides whether the row fits (:mod:`referee.ledger.kept`,
:mod:`referee.recording.live_table`); a row that does not is replaced, never read.

**Signed.**  Each row carries a ``digest``: HMAC-SHA256, under the store's key
(:mod:`referee.store.key`), of its session, kind, seq, head, format, referee and document, so a row
edited in the table (a balance changed, a document copied from another night, a head from elsewhere,
a garbled state) does not verify, and the store hands it back as though nothing were kept: it is
replayed and replaced.  :func:`unverified` names such rows (``referee db verify``).

**Computed by what.**  A row's ``referee`` column holds :func:`deciding_code`: a digest of the
package's files whose code decides a result (:data:`DECIDING`: the engine, the ranking, the rulebook
loader, the hand format, the ledger, the log's reading) and of the shipped rulebooks, so that an
upgrade that changes none of them keeps every result, and one that changes any recomputes them.
(The rulebook texts a night plays under are in its own log, bound by the head.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import and_, bindparam, delete, insert, select, tuple_

from referee.store import chain
from referee.store.key import sign, signed
from referee.store.models import EventRecord, GameSession, NightResult
from referee.store.types import utcnow

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

FIGURES: Final = "figures"
THREAD: Final = "thread"
KINDS: Final = (FIGURES, THREAD)
_PURPOSE: Final = "kept result"
#: the package's files (folders: every ``.py`` file in them) whose code decides a kept result; the
#: commands, the store's plumbing, the reports' words and the docs do not
DECIDING: Final = ("cards.py", "engine", "ranking", "rulebook", "handfile", "ledger", "money",
                   "recording/session_log.py", "recording/kept_thread.py", "store/codec.py", "store/log.py",
                   "store/kept.py")
_PACKAGE: Final = Path(__file__).resolve().parent.parent


def code_digest(package: Path, rulebooks: Path | None) -> str:
    """A digest (40 hex digits) of the :data:`DECIDING` files under ``package`` and the ``.toml``
    files of ``rulebooks``: names and contents, in a fixed order."""
    files: list[tuple[str, Path]] = []
    for part in DECIDING:
        path = package / part
        found = sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
        files += [(f"referee/{p.relative_to(package).as_posix()}", p) for p in found]
    if rulebooks is not None:
        files += [(f"rulebooks/{p.relative_to(rulebooks).as_posix()}", p) for p in sorted(rulebooks.rglob("*.toml"))]
    digest = hashlib.blake2b(digest_size=20)
    for name, path in files:
        content = path.read_bytes()
        digest.update(f"{name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


@cache
def deciding_code() -> str:
    """:func:`code_digest` of this installed referee, computed once per process: what a kept result
    is computed by (its ``referee`` column)."""
    from referee.resources import rulebooks_dir

    try:
        rulebooks: Path | None = rulebooks_dir()
    except FileNotFoundError:
        rulebooks = None
    return code_digest(_PACKAGE, rulebooks)


@dataclass(frozen=True)
class Kept:
    """A session's log head now (seq 0 and the genesis hash for an empty log) and status, and its
    kept ``figures`` row (``None`` fields: nothing kept)."""

    session_id: int
    seq: int
    head: str
    #: the session's status now (open or closed)
    status: str
    kept_seq: int | None = None
    kept_head: str | None = None
    format: int | None = None
    referee: str | None = None
    document: dict[str, Any] | None = None

    def fits(self, format: int, referee: str) -> bool:
        """Whether the kept document was computed at this head and status, in this format, by this
        referee (the document says which status it was computed with, under ``"status"``)."""
        return (isinstance(self.document, dict) and self.kept_head == self.head and self.kept_seq == self.seq
                and self.format == format and self.referee == referee and self.document.get("status") == self.status)


@dataclass(frozen=True)
class Result:
    """A result to keep: its session and kind, the event (seq, hash) it was computed through, its
    format and the referee's version, and the document."""

    session_id: int
    kind: str
    seq: int
    head: str
    format: int
    referee: str
    document: dict[str, Any]


def _signed_text(session_id: int, kind: str, seq: int, head: str, format: int, referee: str, document: Any) -> str:
    return chain.canonical_json({"session": session_id, "kind": kind, "seq": seq, "head": head, "format": format,
                                 "referee": referee, "document": document})


def digest(key: bytes, result: Result) -> str:
    """The digest kept with ``result``: the store's keyed hash of everything the row says."""
    return sign(key, _PURPOSE, _signed_text(result.session_id, result.kind, result.seq, result.head, result.format,
                                            result.referee, result.document))


def _verifies(key: bytes | None, values: Any, kind: str, *, prefix: str = "") -> bool:
    """Whether a kept row (its columns in ``values``, named with ``prefix``) carries its own digest."""
    try:
        text = _signed_text(values["session_id" if not prefix else "id"], kind, values[prefix + "seq"],
                            values["head"], values["format"], values["referee"], values["document"])
    except (TypeError, ValueError):  # a document that is no JSON value any more
        return False
    return signed(key, _PURPOSE, text, values[prefix + "digest"])


@cache
def _heads_and_kept() -> Any:
    """Each session's last event (NULL for an empty log) beside its kept figures, in one query: the
    last event found by the (session_id, seq) unique index, not by reading the log."""
    events = EventRecord.__table__  # type: ignore[attr-defined]
    sessions = GameSession.__table__  # type: ignore[attr-defined]
    kept = NightResult.__table__  # type: ignore[attr-defined]
    last = select(events.c.seq, events.c.hash).where(events.c.session_id == sessions.c.id) \
        .order_by(events.c.seq.desc()).limit(1)
    return (select(sessions, last.with_only_columns(events.c.seq).scalar_subquery().label("events_last_seq"),
                   last.with_only_columns(events.c.hash).scalar_subquery().label("events_last_hash"),
                   kept.c.seq.label("kept_seq"), kept.c.head, kept.c.format, kept.c.referee, kept.c.document,
                   kept.c.digest.label("kept_digest"))
            .select_from(sessions.outerjoin(kept, and_(kept.c.session_id == sessions.c.id, kept.c.kind == FIGURES)))
            .where(sessions.c.id.in_(bindparam("ids", expanding=True))))


def read_kept(connection: Connection, session_ids: Iterable[int], key: bytes | None) -> dict[int, Kept]:
    """For each session of ``session_ids`` that exists: its head now and its kept figures (none when
    the row does not carry its digest under ``key``, the store's key)."""
    ids = list(session_ids)
    if not ids:
        return {}
    found: dict[int, Kept] = {}
    columns = [c.name for c in GameSession.__table__.columns]  # type: ignore[attr-defined]
    for row in connection.execute(_heads_and_kept(), {"ids": ids}):
        values = row._mapping
        seq, head = values["events_last_seq"] or 0, values["events_last_hash"]
        if head is None:  # an empty log: its head is the genesis hash of the session's header
            head = chain.genesis_hash(GameSession.model_construct(**{c: values[c] for c in columns}))
        if values["kept_seq"] is None or not _verifies(key, values, FIGURES, prefix="kept_"):
            found[values["id"]] = Kept(values["id"], seq, head, values["status"])
            continue
        found[values["id"]] = Kept(values["id"], seq, head, values["status"], values["kept_seq"], values["head"],
                                   values["format"], values["referee"], values["document"])
    return found


def read_thread(connection: Connection, session_id: int, key: bytes | None) -> tuple[Result, str | None] | None:
    """The session's kept ``thread`` row and the hash its event ``seq`` has now (None: no such event
    any more), or None when none is kept or the row does not carry its digest under ``key``."""
    kept = NightResult.__table__  # type: ignore[attr-defined]
    events = EventRecord.__table__  # type: ignore[attr-defined]
    row = connection.execute(
        select(kept, select(events.c.hash).where(tuple_(events.c.session_id, events.c.seq)
                                                 == tuple_(kept.c.session_id, kept.c.seq))
               .scalar_subquery().label("now"))
        .where(kept.c.session_id == session_id, kept.c.kind == THREAD)).first()
    if row is None or not _verifies(key, row._mapping, THREAD):
        return None
    v = row._mapping
    return Result(v["session_id"], v["kind"], v["seq"], v["head"], v["format"], v["referee"], v["document"]), v["now"]


def keep(connection: Connection, results: Iterable[Result], key: bytes) -> None:
    """Replace the kept row of each session and kind of ``results``, each signed with ``key`` (the
    store's), in the caller's transaction."""
    table = NightResult.__table__  # type: ignore[attr-defined]
    rows = [{"session_id": r.session_id, "kind": r.kind, "seq": r.seq, "head": r.head, "format": r.format,
             "referee": r.referee, "document": r.document, "computed_at": utcnow(), "digest": digest(key, r)}
            for r in results]
    for kind in {row["kind"] for row in rows}:
        connection.execute(delete(table).where(
            table.c.kind == kind, table.c.session_id.in_([row["session_id"] for row in rows if row["kind"] == kind])))
    if rows:
        connection.execute(insert(table), rows)


def unverified(connection: Connection, key: bytes | None) -> list[tuple[int, str]]:
    """The kept rows (session, kind) that do not carry their digest under ``key``: edited outside
    referee (or kept under another key), never read."""
    kept = NightResult.__table__  # type: ignore[attr-defined]
    rows = connection.execute(select(kept).order_by(kept.c.session_id, kept.c.kind))
    return [(row.session_id, row.kind) for row in rows if not _verifies(key, row._mapping, row.kind)]


def forget(connection: Connection, session_id: int, kind: str | None = None) -> None:
    """Drop a session's kept results (of ``kind`` only, if given): the session is being deleted, or
    a row did not verify."""
    kept = NightResult.__table__  # type: ignore[attr-defined]
    where = [kept.c.session_id == session_id] + ([kept.c.kind == kind] if kind is not None else [])
    connection.execute(delete(kept).where(*where))
