"""Secret keys kept in files, and the store's own key: what an edit of the database cannot forge.

One mechanism for every key referee keeps (the store's, the scoreboard's): 32 random bytes in a file
readable by its owner only, made once, atomically -- written whole to a private temporary file (mode
0600) and linked into place, so processes starting together all read the one key that won, never a
half-written one.  A key file that is empty, short or unreadable is refused: anyone could compute
what it signs.

**The store's key** signs what the store keeps beside the log (the kept results' digests) and the
heads of the logs it exports.  It lives outside the database, so that whoever can edit a table
(the SQLite file, the PostgreSQL owner role) cannot sign what he wrote without also reading the key:

- a SQLite store's key is the file beside it, ``<database>.key`` (copied with the database, it stays
  the same store; the database copied alone is another store);
- a PostgreSQL store's key is in the user data folder, ``store-keys/<host>-<port>-<dbname>.key``;
  the machines of one club share it by copying that file, or by naming it with ``REFEREE_STORE_KEY``
  (which names the key file of any store, SQLite too).

A store whose key cannot be made or read (a read-only folder) has none: it keeps nothing and
believes nothing it kept (every night is replayed), and signs no export.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final

import platformdirs

from referee.errors import InputError

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

KEY_BYTES: Final = 32
#: names the store's key file, for any store (to share one PostgreSQL store's key between machines)
KEY_ENV_VAR: Final = "REFEREE_STORE_KEY"


def _read_key(path: Path, what: str, signs: str) -> bytes:
    """The key in ``path`` (FileNotFoundError when there is none), refused unless it is whole."""
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as err:
        raise InputError(f"{what} {path} cannot be read: {err.strerror or err}",
                         hint="make it readable by you, or delete it (a new key is made)") from None
    if len(key) < KEY_BYTES:
        said = "empty" if not key else f"too short ({len(key)} bytes, {KEY_BYTES} needed)"
        raise InputError(f"{what} {path} is {said}: anyone could compute {signs}",
                         hint="delete it: a new key is made at the next start")
    return key


def _make_key(path: Path) -> None:
    """Write a new key to ``path`` unless one is there already: whole, 0600, in one step (a link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(secrets.token_bytes(KEY_BYTES))
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)  # fails if another process linked its key first: that one is used
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)


def file_key(path: Path, what: str, signs: str = "what it signs") -> bytes:
    """The key in ``path`` (made now, 32 random bytes, mode 0600, when there is none yet); ``what``
    names it in a refusal ("the scoreboard key"), ``signs`` says what a weak one gives away."""
    try:
        return _read_key(path, what, signs)
    except FileNotFoundError:
        pass
    try:
        _make_key(path)
    except OSError as err:
        raise InputError(f"cannot make {what} {path}: {err.strerror or err}",
                         hint="check that the folder exists and is writable by you") from None
    return _read_key(path, what, signs)


def store_key_path(url: URL, environ: Mapping[str, str] | None = None) -> Path | None:
    """Where the key of the store at ``url`` is kept (None: an in-memory database, whose key lives
    as long as the process)."""
    env = os.environ if environ is None else environ
    if env.get(KEY_ENV_VAR, "").strip():
        return Path(env[KEY_ENV_VAR].strip()).expanduser()
    database = url.database or ""
    if url.get_backend_name() == "sqlite":
        if database in ("", ":memory:") or database.startswith("file:"):
            return None
        return Path(database).expanduser().resolve().with_name(Path(database).name + ".key")
    name = "-".join(str(part) for part in (url.host or "local", url.port or "default", database))
    return platformdirs.user_data_path("referee") / "store-keys" / (re.sub(r"[^A-Za-z0-9._-]", "_", name) + ".key")


_PROCESS_KEY: Final = secrets.token_bytes(KEY_BYTES)


def store_key(url: URL) -> bytes | None:
    """The store's key (made on first use), or None when it can be neither made nor read."""
    path = store_key_path(url)
    if path is None:
        return _PROCESS_KEY
    try:
        return file_key(path, "the store's key")
    except InputError:
        return None


def sign(key: bytes, purpose: str, text: str) -> str:
    """HMAC-SHA256 of ``text`` under ``key`` for ``purpose`` (so one key signs several kinds of
    thing that can never stand for each other), as hex."""
    return hmac.new(key, f"referee {purpose}\n{text}".encode(), hashlib.sha256).hexdigest()


def signed(key: bytes | None, purpose: str, text: str, signature: object) -> bool:
    """Whether ``signature`` is ``key``'s signature of ``text`` for ``purpose`` (never without a key)."""
    if key is None or not isinstance(signature, str):
        return False
    return hmac.compare_digest(sign(key, purpose, text), signature)


def store_id(key: bytes) -> str:
    """A store's public name, made from its key (16 hex digits; the key cannot be had from it): an
    export says which store signed it."""
    return sign(key, "store id", "")[:16]


def _export_text(genesis: str, head: str, events: int) -> str:
    return f"{genesis} {head} {events}"


def export_signature(key: bytes, genesis: str, head: str, events: int) -> dict[str, str]:
    """What an export carries to prove which store wrote it: the store's name and its signature of
    the log's genesis, head and number of events (the chain ties every event and the header to them)."""
    return {"store": store_id(key), "head": sign(key, "export", _export_text(genesis, head, events))}


def export_signed(key: bytes | None, signature: object, genesis: str, head: str, events: int) -> bool | None:
    """Whether ``signature`` (an export's) is this store's (``key``'s) signature of that chain: None
    when it names no store or another one (an export from elsewhere: its origin is unsigned here)."""
    if key is None or not isinstance(signature, dict) or signature.get("store") != store_id(key):
        return None
    return signed(key, "export", _export_text(genesis, head, events), signature.get("head"))


__all__ = ["KEY_BYTES", "KEY_ENV_VAR", "export_signature", "export_signed", "file_key", "sign", "signed", "store_id",
           "store_key", "store_key_path"]
