"""The read token in a scoreboard's URL: whoever has the link may read that one session, nobody else.

A session's token is an HMAC of its id under a secret key kept beside the default database in the
user data folder (made at first use, readable by its owner only), so the link stays the same when the
server restarts, differs from session to session, and cannot be guessed from the session's number.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

import platformdirs

KEY_FILE = "scoreboard.key"


def key_path() -> Path:
    return platformdirs.user_data_path("referee") / KEY_FILE


def secret_key(path: Path | None = None) -> bytes:
    """The key (made now, 32 random bytes, mode 0600, when there is none yet)."""
    path = path or key_path()
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another server made it first: use that one
        return path.read_bytes()
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    return key


def session_token(session_id: int, key: bytes) -> str:
    """The read token of session ``session_id`` (22 URL-safe characters, 128 bits)."""
    digest = hmac.new(key, f"referee scoreboard session {session_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def token_matches(session_id: int, token: str, key: bytes) -> bool:
    return hmac.compare_digest(session_token(session_id, key), token)


__all__ = ["key_path", "secret_key", "session_token", "token_matches"]
