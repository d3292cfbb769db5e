"""The error taxonomy.  Every error a user can cause is a :class:`RefereeError`.

Each carries a one-line ``message`` (what was wrong), an optional ``where`` (``night.txt:14``,
``hand 3, action 7``, a rulebook path and line) and an optional ``hint`` (how to fix it).  The CLI
prints them as ``Error: <where>: <message>`` plus the hint and exits with the error's ``exit_code``:
2 (:data:`EXIT_INPUT`) for something to fix, 75 (:data:`EXIT_RETRY`) for a :class:`RetryableError`,
a lost race or a database gone away, where the same command may succeed when run again.  No
traceback reaches a user.  Library callers can catch the subclasses they care about.
"""

from __future__ import annotations

import re

from referee.i18n import _, ngettext

#: How much of a piece of bad input a message quotes: enough to find it, never a pasted page.
EXCERPT = 40
#: A run of text without a space this long in a message is bad input quoted whole (see :func:`shortened`).
_RUN = re.compile(r"\S{200,}")
#: A character that would break a message's one line (a control character, a line or paragraph separator).
_BREAK = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: Exit code of bad input, a bad rulebook, a wrong database URL: fix something, then run again.
EXIT_INPUT = 2
#: Exit code of a retryable failure (sysexits.h's EX_TEMPFAIL): nothing to fix, run it again.
EXIT_RETRY = 75


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` quoted as a message quotes bad input: whole when short (``'Ann: bets x'``), else its
    first ``limit`` characters and its length (``'Ann: bets xxxxxxxx…' (10,010 characters)``)."""
    if len(text) <= limit:
        return repr(text)
    quoted = repr(text[:limit])
    return f"{quoted[:-1]}…{quoted[-1]} ({_characters(len(text))})"


def _characters(count: int) -> str:
    """``10,010 characters``: the length of a piece of text a message cuts short."""
    return ngettext("{count:,} character", "{count:,} characters", count).format(count=count)


def shortened(text: str) -> str:
    """A message with any run of 200 or more characters without a space cut to an excerpt: the last
    guard before a message reaches the terminal, for bad input a layer quoted whole; a line break or
    other control character in it (a name read from a file) written as its escape, so it stays one line."""
    text = _BREAK.sub(lambda m: m[0].encode("unicode_escape").decode("ascii"), text)
    return _RUN.sub(lambda m: f"{m[0][:EXCERPT]}… ({_characters(len(m[0]))})", text)


class RefereeError(Exception):
    """A problem the user can fix: bad input, a bad rulebook, an unreachable database."""

    exit_code = EXIT_INPUT

    def __init__(
        self,
        message: str,
        *,
        where: str | None = None,
        hint: str | None = None,
        hand: int | None = None,
        action: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        #: the hand (1-based number in the night) and action (1-based within the hand) it is about, if any
        self.hand = hand
        self.action = action
        #: the source line of that action (a hand-file line), when the event carried one
        self.line = line
        if where is None and hand is not None:
            where = (_("hand {hand}, action {action}").format(hand=hand, action=action) if action is not None
                     else _("hand {hand}").format(hand=hand))
        self.where = where

    def _clone(self, where: str | None, hand: int | None, action: int | None, line: int | None) -> "RefereeError":
        clone = type(self).__new__(type(self))
        RefereeError.__init__(clone, self.message, where=where, hint=self.hint, hand=hand, action=action, line=line)
        return clone

    def located(self, where: str) -> "RefereeError":
        """Return the same error with ``where`` filled in (an outer layer knows the file and line)."""
        if self.where:
            where = f"{where}: {self.where}"
        return self._clone(where, self.hand, self.action, self.line)

    def at(self, hand: int, action: int | None = None, line: int | None = None) -> "RefereeError":
        """Return the same error placed at a hand and action (the engine knows which it was replaying)
        and, when known, the source line of that action."""
        return self._clone(None, hand, action, line)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class InputError(RefereeError, ValueError):
    """Malformed input: a card, a file, a command-line value."""


class CardError(InputError):
    """A card token that cannot be read, or a card that appears twice."""


class RulebookError(InputError):
    """A rulebook that cannot be loaded: unknown option, wrong type, value not allowed."""


class HandFileError(InputError):
    """A hand-history file that cannot be read."""


class HandFileErrors(HandFileError):
    """Every bad line of a hand file, found in one reading (python-chess's PGN reader collects its
    errors the same way).  It reads as the first of them; ``errors`` holds them all, in line order,
    for a caller that reports each (``referee replay`` prints one line per error)."""

    def __init__(self, errors: "list[HandFileError]") -> None:
        first = errors[0]
        super().__init__(first.message, where=first.where, hint=first.hint)
        self.errors = tuple(errors)


class IllegalActionError(RefereeError):
    """An action that the rules do not allow at this point (raised only where a caller asks to refuse)."""


class StoreError(RefereeError):
    """The database cannot be reached or used (wrong URL, server down, schema too new)."""


class RetryableError(RefereeError):
    """Nothing was wrong with what was asked, but it was not done: another recorder wrote first, or
    the database went away mid-command.  Exit code 75: the same command may succeed when run again."""

    exit_code = EXIT_RETRY
    #: where the session's log stood when the writing command asked (a request's key, set by the store):
    #: run again with ``--asked-at`` it, the command finds its own fact whatever was recorded since
    asked_at: int | None = None


class ServerGoneError(StoreError, RetryableError):
    """The database server answered, then went away in the middle of a command (stopped,
    restarted, the connection terminated): what was acknowledged is kept; retry the rest."""


class DatabaseBusyError(StoreError, RetryableError):
    """SQLite: another program held the database's write lock for longer than a writer waits
    ("database is locked"): nothing is wrong with the command, run it again in a moment (exit 75)."""


class AlreadyRecorded(Exception):
    """Not an error: what a writing command asks is in the log already, stored by an earlier run of it
    whose reply was lost, or by a twin that raced it (:mod:`referee.store.requests`).  Nothing new is
    stored; the CLI prints ``Already recorded: …`` naming the facts, and exits 0."""

    def __init__(self, session_id: int, said: tuple[str, ...], first_seq: int, last_seq: int) -> None:
        self.session_id = session_id
        self.said = said
        self.first_seq = first_seq
        self.last_seq = last_seq
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.first_seq == self.last_seq:
            where = _("session {session}, event {event}").format(session=self.session_id, event=self.first_seq)
        elif self.first_seq < self.last_seq:
            where = _("session {session}, events {first}-{last}").format(session=self.session_id,
                                                                         first=self.first_seq, last=self.last_seq)
        else:
            where = _("session {session}").format(session=self.session_id)
        return _("already recorded: {facts} ({where})").format(facts="; ".join(self.said) or _("nothing to add"),
                                                               where=where)
