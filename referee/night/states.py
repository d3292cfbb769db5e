"""The states a night can be in and what each allows: one table, :data:`STEPS`.

A night is *open between hands* (no hand begun, or the last one over), *in a hand* (a hand begun and
not over), *closed* (counted out), *reopened* (closed, then opened again to be corrected) or *void*
(kept, counted nowhere; nothing more happens to it but the void's undoing, an *unvoid*).  For each
state the table says, step by step, whether the step is taken (``None``) or refused, and then what to
do instead: every refusal names the legal step that lets the night go on (``{sid}`` is the session's
number).  docs/ledger.md shows
the same table in words, and a test holds the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from referee.errors import InputError
from referee.i18n import N_, _


class NightState(StrEnum):
    """Where a night stands (worked out from its log: :func:`referee.night.life.state_of`)."""

    OPEN = "open between hands"
    IN_HAND = "in a hand"
    CLOSED = "closed"
    REOPENED = "reopened"
    VOID = "void"


class Step(StrEnum):
    """A fact that changes a night, as the table of states names it."""

    BEGIN_HAND = "a new hand"
    ACTION = "an action"
    ADD_CHIPS = "chips added"
    SIT_DOWN = "a sit-down"
    STAND_UP = "a stand-up"
    CLOSE = "a close"
    REOPEN = "a reopen"
    AMEND = "an amendment"
    VOID = "a void"
    UNVOID = "an unvoid"


# (each written out whole, for the catalog: a refusal's hint is translated where it is shown, :func:`instead`)
_VOID = N_("it is void and kept as it is; see it with: referee session show {sid} (or referee export {sid}); "
           "to count it again: referee session unvoid {sid} --why \"…\"")
_NOT_VOID = N_("it is not void: there is no void to undo; see it with: referee session show {sid} "
               "(or referee export {sid})")
_REOPEN = N_("reopen it to correct it: referee session reopen {sid} --why \"…\"")
_PLAY_OVER = N_("a reopened night is corrected, not played on: referee session amend {sid} … --why \"…\" "
                "(--rebuy NAME:CHIPS for chips the log missed), then close it: referee session close {sid}")

#: What each state allows: ``None``, the step is taken; else what to do instead (the refusal's hint).
STEPS: Mapping[NightState, Mapping[Step, str | None]] = MappingProxyType({
    NightState.OPEN: MappingProxyType({
        Step.BEGIN_HAND: None,
        Step.ACTION: N_("no hand is under way: begin one with 'new hand'"),
        Step.ADD_CHIPS: None,
        Step.SIT_DOWN: None,
        Step.STAND_UP: None,
        Step.CLOSE: None,
        Step.REOPEN: N_("it is open: correct it with referee session amend {sid} … --why \"…\", "
                        "then close it: referee session close {sid}"),
        Step.AMEND: None,
        Step.VOID: None,
        Step.UNVOID: _NOT_VOID,
    }),
    NightState.IN_HAND: MappingProxyType({
        Step.BEGIN_HAND: N_("finish the hand in play first (or force the next hand to begin anyway)"),
        Step.ACTION: None,
        Step.ADD_CHIPS: None,
        Step.SIT_DOWN: None,
        Step.STAND_UP: None,
        Step.CLOSE: None,
        Step.REOPEN: N_("it is open: finish the hand, then close it: referee session close {sid}"),
        Step.AMEND: None,
        Step.VOID: None,
        Step.UNVOID: _NOT_VOID,
    }),
    NightState.CLOSED: MappingProxyType({
        Step.BEGIN_HAND: _REOPEN,
        Step.ACTION: _REOPEN,
        Step.ADD_CHIPS: N_("reopen it (referee session reopen {sid} --why \"…\"), then add a missed rebuy "
                           "with referee session amend {sid} --rebuy NAME:CHIPS --why \"…\""),
        Step.SIT_DOWN: _REOPEN,
        Step.STAND_UP: _REOPEN,
        Step.CLOSE: N_("it is closed already: reopen it to correct it: referee session reopen {sid} --why \"…\""),
        Step.REOPEN: None,
        Step.AMEND: N_("reopen it first: referee session reopen {sid} --why \"…\""),
        Step.VOID: None,
        Step.UNVOID: _NOT_VOID,
    }),
    NightState.REOPENED: MappingProxyType({
        Step.BEGIN_HAND: _PLAY_OVER,
        Step.ACTION: _PLAY_OVER,
        Step.ADD_CHIPS: _PLAY_OVER,
        Step.SIT_DOWN: _PLAY_OVER,
        Step.STAND_UP: _PLAY_OVER,
        Step.CLOSE: None,
        Step.REOPEN: N_("it is reopened already: correct it with referee session amend {sid} … --why \"…\", "
                        "then close it: referee session close {sid}"),
        Step.AMEND: None,
        Step.VOID: None,
        Step.UNVOID: _NOT_VOID,
    }),
    NightState.VOID: MappingProxyType({step: None if step is Step.UNVOID else _VOID for step in Step}),
})

#: The words of a refusal, per state: what the night is.
_IS = {
    NightState.OPEN: N_("session {session} is open between hands"),
    NightState.IN_HAND: N_("session {session} has a hand in play"),
    NightState.CLOSED: N_("session {session} is closed"),
    NightState.REOPENED: N_("session {session} is reopened for corrections"),
    NightState.VOID: N_("session {session} is void"),
}

#: The steps in the words of a refusal (the :class:`Step` values, marked for the catalog)
_STEP_WORDS = {
    Step.BEGIN_HAND: N_("a new hand"),
    Step.ACTION: N_("an action"),
    Step.ADD_CHIPS: N_("chips added"),
    Step.SIT_DOWN: N_("a sit-down"),
    Step.STAND_UP: N_("a stand-up"),
    Step.CLOSE: N_("a close"),
    Step.REOPEN: N_("a reopen"),
    Step.AMEND: N_("an amendment"),
    Step.VOID: N_("a void"),
    Step.UNVOID: N_("an unvoid"),
}


def allowed(state: NightState, step: Step) -> bool:
    """Whether ``state`` takes ``step``."""
    return STEPS[state][step] is None


def legal_steps(state: NightState) -> tuple[Step, ...]:
    """The steps ``state`` takes (for a void night: none; what it says instead shows how to see it)."""
    return tuple(step for step, instead in STEPS[state].items() if instead is None)


def instead(state: NightState, step: Step, session_id: int) -> str | None:
    """What to do instead of ``step`` in ``state`` (None: the step is taken)."""
    hint = STEPS[state][step]
    return None if hint is None else _(hint).format(sid=session_id)


def refusal(state: NightState, step: Step, session_id: int, why: str | None = None) -> InputError:
    """The one-line refusal of ``step`` in ``state``, naming the step that lets the night go on."""
    hint = instead(state, step, session_id)
    assert hint is not None, f"{step} is allowed {state}"
    said = _(_IS[state]).format(session=session_id) + (f" ({why})" if why else "")
    return InputError(said + ": " + _("{step} is refused").format(step=_(_STEP_WORDS[step])), hint=hint)


def check(state: NightState, step: Step, session_id: int, why: str | None = None) -> None:
    """Refuse ``step`` unless ``state`` takes it (:func:`refusal`)."""
    if not allowed(state, step):
        raise refusal(state, step, session_id, why)


__all__ = ["STEPS", "NightState", "Step", "allowed", "check", "instead", "legal_steps", "refusal"]
