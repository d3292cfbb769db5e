"""A ruling stored in a session's log, and only a ruling the log as it stands agrees with.

:func:`record_ruling` checks the ruling against the replay of the log it was decided on
(:func:`referee.dispute.decide.contradiction`: the disputed action still stands, the hand has reached
the point where the rule is judged, a ruling from the log says what the replay's own findings say)
and appends it at that log's head: if the log moved on meanwhile, nothing is stored and the
:class:`~referee.store.store.StaleLogError` (exit 75) says what was recorded, so that the same
command, run again, decides on the log as it is now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.dispute.decide import contradiction
from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.dispute.document import RulingDocument
    from referee.handfile.replay import ReplayedNight
    from referee.store.models import EventRecord
    from referee.store.requests import Request
    from referee.store.store import Store


def record_ruling(store: Store, session_id: int, doc: RulingDocument, replayed: ReplayedNight,
                  head: int, *, request: Request | None = None) -> EventRecord:
    """Append ``doc``'s ruling to session ``session_id``'s log, whose events up to ``head`` (a seq) were
    replayed as ``replayed`` to decide it.  A ruling the replay contradicts is an InputError; a log
    that moved past ``head`` a StaleLogError; nothing is stored either way.  ``request``: what the
    dispute asks (its identity: asked again after a lost reply, AlreadyRecorded names the ruling stored)."""
    problem = contradiction(doc, replayed)
    if problem is not None:
        raise InputError(_("the ruling is not recorded: {problem}").format(problem=problem),
                         where=_("hand {hand}, action {action}").format(hand=doc.hand, action=doc.action),
                         hint=_("`referee replay --session {session} --hand {hand}` shows what the log says now").format(
                             session=session_id, hand=doc.hand))
    return store.append_event(session_id, None, doc.event(), expected_seq=head, request=request)


__all__ = ["record_ruling"]
