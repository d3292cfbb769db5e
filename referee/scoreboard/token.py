"""The read token in a scoreboard's URL: whoever has the link may read that one session, nobody else.

A session's token is an HMAC, under a secret key kept beside the default database in the user data
folder, of the session's number and the hash of its fixed header (the start of its log's chain), so
the link stays the same when the server restarts, differs from session to session and from database
to database (session 1 of two stores: two links), and cannot be guessed from the session's number.

The key is made once, atomically: written whole to a private temporary file (mode 0600) and linked
into place, so servers starting together all read the one key that won, never a half-written one.
A key file that is empty, short or unreadable is refused: every link would be computable by anyone.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import tempfile
from pathlib import Path

import platformdirs

from referee.errors import InputError

KEY_FILE = "scoreboard.key"
KEY_BYTES = 32


def key_path() -> Path:
    return platformdirs.user_data_path("referee") / KEY_FILE


def _read_key(path: Path) -> bytes:
    """The key in ``path`` (FileNotFoundError when there is none), refused unless it is whole."""
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as err:
        raise InputError(f"the scoreboard key {path} cannot be read: {err.strerror or err}",
                         hint="make it readable by you, or delete it (a new key is made; every link changes)") from None
    if len(key) < KEY_BYTES:
        what = "empty" if not key else f"too short ({len(key)} bytes, {KEY_BYTES} needed)"
        raise InputError(f"the scoreboard key {path} is {what}: anyone could compute the links",
                         hint="delete it: a new key is made at the next start (every link changes)")
    return key


def _make_key(path: Path) -> None:
    """Write a new key to ``path`` unless one is there already: whole, 0600, in one step (a link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".scoreboard-key-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(secrets.token_bytes(KEY_BYTES))
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)  # fails if another server linked its key first: that one is used
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)


def secret_key(path: Path | None = None) -> bytes:
    """The key (made now, 32 random bytes, mode 0600, when there is none yet)."""
    path = path or key_path()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    try:
        _make_key(path)
    except OSError as err:
        raise InputError(f"cannot make the scoreboard key {path}: {err.strerror or err}",
                         hint="check that the folder exists and is writable by you") from None
    return _read_key(path)


def session_token(session_id: int, genesis: str, key: bytes) -> str:
    """The read token of session ``session_id`` whose log begins at ``genesis`` (the hash of its
    fixed header, :func:`referee.store.chain.genesis_hash`): 22 URL-safe characters, 128 bits."""
    digest = hmac.new(key, f"referee scoreboard session {session_id} {genesis}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def token_matches(expected: str, token: str) -> bool:
    """Whether ``token`` is ``expected`` (in constant time; any text, ASCII or not)."""
    return hmac.compare_digest(expected.encode(), token.encode("utf-8", "surrogatepass"))


__all__ = ["key_path", "secret_key", "session_token", "token_matches"]
