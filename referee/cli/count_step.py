"""The ``count`` step of the table prompt: counting the players out at the end of the night.

Typed ``count``, the table prompt shows what the log says each player still at the table should
have, then asks for each count in turn (``count Dee (the log says 87)>``).  Counts that agree with
the log close the session at once; a count that differs is named (``Dee: counted 78, the log says
87``) and the scorekeeper either counts that player again (``Dee 87``) or has it confirmed
(``confirm Ann``: Ann confirms the counts as counted, a ``CountConfirmed`` fact of the log), exactly
as ``referee session close`` does.  ``cancel`` leaves it with nothing recorded.  A hand still in play
is not counted out here: it is finished at the table, or ended by rule with
``referee session close --end-hand``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cli.session import closed_lines
from referee.errors import InputError
from referee.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from referee.ledger.counting import Count
    from referee.recording.live_table import LiveTable

_NEXT = N_("count a player again ('Dee 87'), confirm the counts as counted ('confirm NAME': who confirms), or 'cancel'")


class CountStep:
    """One counting out under way at the table prompt."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        self.session_id = live.session_id
        self._read()

    def _read(self) -> None:
        """Read the log: what it gives each player still to count, at the head the counts are checked at."""
        from referee.ledger.counting import counts_at_close
        from referee.night import life
        from referee.night.states import Step, check

        live = self.live
        night = life.view(live.store, live.session_id)
        check(night.state, Step.CLOSE, self.session_id, why=night.snapshot.session.void_reason)
        self.ledger, self.log, self.seq = night.ledger, night.log, night.seq  # the head the counts are checked at
        hand = night.hand_in_play
        if hand is not None:
            raise life.hand_not_over(hand, self.session_id, at_table=True)
        self.order = list(self.log.table.due)
        if not self.order:
            raise InputError(_("everybody has cashed out already"),
                             hint=_("close it: referee session close {session}").format(session=self.session_id))
        says = counts_at_close(self.ledger, self.log, {name: 0 for name in self.order})
        self.says = {c.name: c.log_says for c in says}
        self.tallied: dict[str, int] = {}
        self.done = False
        self.closed = False  # the night was closed by this counting out

    def opening(self) -> str:
        gives = ", ".join(f"{name} {self.says[name]}" for name in self.order)
        return _("Counting out: the log gives {counts}. Type each count in turn ('cancel' to stop).").format(counts=gives)

    @property
    def waiting_for(self) -> str | None:
        return next((name for name in self.order if name not in self.tallied), None)

    def prompt(self) -> str:
        name = self.waiting_for
        if name is None:
            return _("counts") + "> "
        return _("count {player} (the log says {chips})").format(player=name, chips=self.says[name]) + "> "

    def enter(self, text: str) -> list[str]:
        """One line typed during the counting out; what to print."""
        words = text.split()
        if [w.lower() for w in words] == ["cancel"]:
            self.done = True
            return [_("Counting out cancelled: nothing was recorded.")]
        name = self.waiting_for
        if name is not None:
            if len(words) != 1 or not (words[0].isascii() and words[0].isdigit()):
                return ["✗ " + _("{player}'s count: type the chips counted in front of him, e.g. {chips}").format(
                    player=name, chips=self.says[name])]
            self.tallied[name] = int(words[0])
            return self.check() if self.waiting_for is None else []
        if len(words) >= 2 and words[0].lower() == "confirm":
            return self.close(" ".join(words[1:]))
        if len(words) == 2 and words[1].isascii() and words[1].isdigit():
            player = self.log.table.name(words[0])
            if player in self.tallied:
                self.tallied[player] = int(words[1])
                return self.check()
            return ["✗ " + _("{name!r} is not being counted out: {players}").format(
                name=words[0], players=", ".join(self.order))]
        return ["✗ " + _(_NEXT)]

    def _differ(self) -> list[Count]:
        from referee.ledger.counting import counts_at_close

        return [c for c in counts_at_close(self.ledger, self.log, self.tallied)
                if c.name in self.tallied and c.difference and c.confirmed_by is None]

    def check(self) -> list[str]:
        differ = self._differ()
        if not differ:
            return self.close(None)
        return [ngettext("{count} count differs from the log: {counts}", "{count} counts differ from the log: {counts}",
                         len(differ)).format(count=len(differ), counts="; ".join(c.words() for c in differ)), _(_NEXT)]

    def close(self, by: str | None) -> list[str]:
        """Record the counts (and, confirmed by ``by``, the differences) and close the night, at the head
        the counts were checked at: if the log moved on since, nothing is recorded and the counting out
        starts again from the log as it is now."""
        from referee.ledger.ledger import session_ledger
        from referee.night import life
        from referee.store.store import StaleLogError

        store = self.live.store
        try:
            out = life.count_out(store, self.session_id, list(self.tallied.items()))
            if out.seq != self.seq:
                raise StaleLogError("the log changed after the counts were checked", hint="")
            closed = life.close(store, out, by=by)
        except StaleLogError:
            self._read()
            return ["✗ " + _("not closed: the log changed after the counts were checked; nothing was recorded"),
                    self.opening()]
        except InputError as err:
            return [f"✗ {err.message}" + (f"\n  {err.hint}" if err.hint else "")]
        self.done = self.closed = True
        after, log, _ = session_ledger(store, self.session_id)
        return closed_lines(self.session_id, after, log, list(closed.confirmed))


__all__ = ["CountStep"]
