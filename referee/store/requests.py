"""A writing command's identity: what makes it safe to run again.

A command that writes says what it asks as a :class:`Request`: ``asks`` is text that is the same
whenever the same thing is asked (the command and its arguments in a canonical form: :func:`asks`).
The store (:class:`referee.store.store.Transaction`) keeps it in ``requests`` beside the events the
command appended, under the key of what it asked and where the session's log stood when it asked
(:func:`key_at`).  That key is unique, so:

* a command run again after its reply was lost (exit 75 after the server committed) finds that the
  log stands where its own earlier run left it: the request that wrote the last events has its key
  (:meth:`~referee.store.store.Transaction._own_fact`), and the store raises
  :class:`~referee.errors.AlreadyRecorded` naming those events instead of storing them again;
* two commands racing to ask the same thing at the same head store it once: the second, once it has
  the session's lock, finds the first one's request the same way (and, should the lock ever be
  bypassed, the unique key refuses its row and the loser finds the winner's);
* the same thing asked again later, after anything else was recorded, is a new request.  A command
  that means it again right after itself says so (``again``): its request is never taken for a retry.
  A command that exits 75 prints where the log stood when it asked (``--asked-at N``): run again with
  it, it finds its own fact by its key (``at``) even when other facts were recorded since.

A request that starts a night (an import) has no head yet: it claims a key of its own
(:func:`night_key`, :meth:`~referee.store.store.Transaction.claim`), so two imports of one night at
once store it once.  Requests are not part of the hash chain: they say who asked for a fact, never
what the night holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Request:
    """What a writing command asks (``asks``: :func:`asks`), and whether it means it ``again``: a
    second time right after itself, never to be taken for a retry of the first."""

    asks: str
    again: bool = False
    #: where the session's log stood (its last event's seq) when a run of this command whose reply was
    #: lost asked it: its fact, if stored, is found by its key whatever was recorded since
    at: int | None = None


def asks(command: str, *parts: object) -> str:
    """The canonical text of a command and what it asks (numbers, names, lists of them): the same
    request always gives the same text.  ``asks("settle --paid", 1, ["1@7f3a9c"])``."""
    return json.dumps([command, *parts], ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def key_at(session_id: int, seq: int, asks: str) -> str:
    """The key of a request that acted on session ``session_id``'s log when it ended at event ``seq``
    (0: an empty log).  The log is append-only, so ``seq`` names where it stood."""
    from hashlib import sha256  # OpenSSL loads when a key is made, not with every command's --help

    return sha256(f"{session_id}\n{seq}\n{asks}".encode()).hexdigest()


def night_key(asks: str) -> str:
    """The key of a request that starts a night (an import): no session and no head yet."""
    from hashlib import sha256

    return sha256(f"night\n{asks}".encode()).hexdigest()
