"""The read token in a scoreboard's URL: whoever has the link may read that one session, nobody else.

A session's token is an HMAC, under a secret key kept beside the default database in the user data
folder, of the session's number and the hash of its fixed header (the start of its log's chain), so
the link stays the same when the server restarts, differs from session to session and from database
to database (session 1 of two stores: two links), and cannot be guessed from the session's number.

The key file is made and read by the store's key mechanism (:mod:`referee.store.key`): once,
atomically, mode 0600; one that is empty, short or unreadable is refused (every link would be
computable by anyone).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from pathlib import Path

import platformdirs

from referee.store.key import file_key

KEY_FILE = "scoreboard.key"


def key_path() -> Path:
    return platformdirs.user_data_path("referee") / KEY_FILE


def secret_key(path: Path | None = None) -> bytes:
    """The key (made now, 32 random bytes, mode 0600, when there is none yet), by the one key-file
    mechanism the store's key uses too (:func:`referee.store.key.file_key`)."""
    return file_key(path or key_path(), "the scoreboard key", "the links")


def session_token(session_id: int, genesis: str, key: bytes) -> str:
    """The read token of session ``session_id`` whose log begins at ``genesis`` (the hash of its
    fixed header, :func:`referee.store.chain.genesis_hash`): 22 URL-safe characters, 128 bits."""
    digest = hmac.new(key, f"referee scoreboard session {session_id} {genesis}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def season_token(name_key: str, created_at: str, key: bytes) -> str:
    """The read token of the season whose name's key is ``name_key``, made at ``created_at`` (ISO
    text): the same rules as a session's (22 URL-safe characters, 128 bits), another message."""
    digest = hmac.new(key, f"referee scoreboard season {name_key} {created_at}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def token_matches(expected: str, token: str) -> bool:
    """Whether ``token`` is ``expected`` (in constant time; any text, ASCII or not)."""
    return hmac.compare_digest(expected.encode(), token.encode("utf-8", "surrogatepass"))


__all__ = ["key_path", "season_token", "secret_key", "session_token", "token_matches"]
