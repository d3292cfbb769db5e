"""The session report as plain data: what the terminal report and the PDF both show.

:func:`night_report` gathers it from the session's ledger, its log and its replay: the cover (date,
table, games, players), the standings, the ledger, each player's chips after every hand (for the
chart), the hands (game, winner, pot, findings), the findings and the rulings of the night, the
penalties, and the settlement.  Money is already written in the session's currency and locale.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from referee.engine.findings import CODES
from referee.engine.games import game_title
from referee.i18n import N_, _, pgettext, quoting_seeds
from referee.handfile.replay import NightStream
from referee.ledger.counting import amendments, as_last_closed, balance_changes
from referee.ledger.ledger import game_walk, people_of, session_ledger, walked_ledger
from referee.recording.session_log import hands_with_events, night_words, read_session_log, rulebook_notes
from referee.report.json_doc import rule_text
from referee.store.chain import ChainCheck
from referee.store.tables import ORIGIN_LOG_SIGNED, ORIGIN_LOG_UNVERIFIED, ORIGIN_LOG_VERIFIED

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.engine.night import NightResult
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.rulebook import Rulebook
    from referee.ledger.counting import AmendmentLine, Change
    from referee.ledger.ledger import SessionLedger
    from referee.ledger.paying import TransferWays
    from referee.ledger.settlement import Settlement
    from referee.recording.session_log import SessionLog


@dataclass(frozen=True)
class StandingLine:
    rank: int
    name: str
    player: str
    bought: int
    counted: int
    balance_cents: int
    balance: str


@dataclass(frozen=True)
class FindingLine:
    hand: int
    action: int | None
    severity: str
    code: str
    player: str | None
    rule: str | None
    message: str
    remedy: str | None
    rule_text: str | None = None
    #: the cited rule in its source's own words («…» (seed-003)), when the interface quotes them
    rule_quotes: tuple[str, ...] = ()


@dataclass(frozen=True)
class FindingGroup:
    severity: str
    code: str
    what: str  # the code's meaning (referee.engine.findings.CODES)
    player: str | None
    rule: str | None
    hands: tuple[int, ...]


@dataclass(frozen=True)
class PenaltyLine:
    hand: int
    payer: str
    payee: str | None
    chips: int
    rule: str
    text: str


@dataclass(frozen=True)
class RulingLine:
    hand: int
    action: int
    question: str
    ruling: str
    rule: str | None
    decided_by: str
    facts: tuple[str, ...]
    rule_text: str | None = None
    #: the cited rule in its source's own words, when the interface quotes them
    rule_quotes: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandLine:
    number: int
    game: str
    dealer: str
    result: str
    winners: str
    pot: int
    summary: str
    findings: tuple[FindingLine, ...]
    penalties: tuple[PenaltyLine, ...]
    changes: tuple[str, ...]

    @property
    def result_words(self) -> str:
        """How the hand ended (:attr:`result`, the outcome's kind in words), in the interface's language."""
        said = ENDED.get(self.result.replace(" ", "_"))
        return _(said) if said else self.result


#: what the report says of a night imported from a session log, by its origin
PROVENANCE = {
    ORIGIN_LOG_SIGNED: N_("Imported from this store's own export, signed by it: its chain verified, its origin proven"),
    ORIGIN_LOG_VERIFIED: N_("Imported from another store's export: its chain verified, its origin unsigned (the file "
                            "alone cannot show who wrote it)"),
}

#: how a hand ended (the outcome's kind), in words
ENDED = {"showdown": N_("showdown"), "uncontested": N_("uncontested"), "passed_out": N_("passed out"),
         "false_open": N_("false open"), "misdeal": N_("misdeal"), "in_progress": N_("in progress"),
         "reported": N_("reported")}


@dataclass(frozen=True)
class NightReport:
    session_id: int | None
    table: str
    started_at: datetime
    ended_at: datetime | None
    status: str
    games: tuple[str, ...]
    players: tuple[str, ...]
    chip_value: str
    standings: tuple[StandingLine, ...]
    ledger: SessionLedger
    settlement: Settlement
    hands: tuple[HandLine, ...]
    findings: tuple[FindingLine, ...]
    rulings: tuple[RulingLine, ...]
    penalties: tuple[PenaltyLine, ...]
    #: each player's chips at the start and after every hand (None: not at the table yet)
    chips: dict[str, tuple[int | None, ...]]
    chain_ok: bool | None = None
    #: the night's reopenings and corrections after it was closed (when, what, why)
    amendments: tuple[AmendmentLine, ...] = ()
    #: the balances those corrections changed (was and now, cents)
    amended_balances: tuple[Change, ...] = ()
    #: how the night came into the store (None: recorded here); ``log-unverified`` is said in the report
    origin: str | None = None
    #: each transfer still to make with the ways its payee can be paid (:func:`with_ways_to_pay`)
    paying: tuple[TransferWays, ...] = ()
    #: plain words for each house rulebook file that differs on disk now from what the night recorded
    rulebook_notes: tuple[str, ...] = ()

    @property
    def provenance(self) -> str | None:
        """How an imported log's origin stands, in words (None: recorded here, or from a hand file)."""
        said = PROVENANCE.get(self.origin or "")
        return _(said) if said else None

    @property
    def unverified(self) -> bool:
        """Imported with ``--as-new`` from a session log whose hash chain did not match its export."""
        return self.origin == ORIGIN_LOG_UNVERIFIED
    #: list every hand (``--hands all``), not only those with a finding or a ruling
    all_hands: bool = False

    @property
    def listed_hands(self) -> tuple[HandLine, ...]:
        """The hands the report lists: by default those the table reads about at the end, with a
        finding (an illegal action or a warning; a note such as "everybody checked" is routine) or a
        ruling; every hand with ``all_hands``."""
        if self.all_hands:
            return self.hands
        ruled = {r.hand for r in self.rulings}
        return tuple(h for h in self.hands
                     if h.number in ruled or any(f.severity != "info" for f in h.findings))

    @property
    def date(self) -> str:
        """The night's day with its weekday, in the night's locale (Babel): ``Saturday 05 December 2026``."""
        from babel.dates import format_date

        # TRANSLATORS: a CLDR date pattern with the weekday, e.g. "EEEE, d MMMM y"
        return format_date(self.started_at, pgettext("date pattern", "EEEE dd MMMM y"),
                           locale=self.ledger.settings.money_locale)

    @property
    def hours(self) -> str:
        """From when to when, in UTC: ``21:05–23:40 UTC`` (the end's day too when it is another)."""
        from babel.dates import format_datetime

        if self.ended_at is None:
            end = _("still open")
        elif self.ended_at.date() == self.started_at.date():
            end = f"{self.ended_at:%H:%M}"
        else:
            # TRANSLATORS: a CLDR date-and-time pattern, e.g. "d MMMM y, HH:mm"
            end = format_datetime(self.ended_at, pgettext("date and time pattern", "dd MMMM y HH:mm"),
                                  locale=self.ledger.settings.money_locale)
        return f"{self.started_at:%H:%M}\u2013{end} UTC"

    @property
    def status_words(self) -> str:
        """The night's status (open, closed) in the interface's language."""
        return {"open": pgettext("night status", "open"), "closed": pgettext("night status", "closed")}.get(
            self.status, self.status)

    @property
    def rules_cited(self) -> tuple[tuple[str, str], ...]:
        """The text of each rule the night's illegal actions cite, once each, in order of first citing."""
        seen: dict[str, str] = {}
        for f in self.findings:
            if f.severity == "error" and f.rule and f.rule_text and f.rule not in seen:
                seen[f.rule] = f.rule_text
        return tuple(seen.items())

    def quotes_of(self, rule: str) -> tuple[str, ...]:
        """The quotes of cited rule ``rule`` in its source's own words (empty: none, or not quoting)."""
        for line in (*self.findings, *self.rulings):
            if line.rule == rule and line.rule_quotes:
                return line.rule_quotes
        return ()

    @property
    def finding_groups(self) -> tuple[FindingGroup, ...]:
        """The night's findings grouped by what they are (code), who (player) and the rule cited, with the
        hands each happened in: errors first, then warnings, then notes."""
        groups: dict[tuple[str, str, str | None, str | None], list[int]] = {}
        for f in self.findings:
            hands = groups.setdefault((f.severity, f.code, f.player, f.rule), [])
            if f.hand not in hands:
                hands.append(f.hand)
        order = {"error": 0, "warning": 1, "info": 2}
        return tuple(sorted((FindingGroup(sev, code, _(CODES[code][1]), player, rule, tuple(hands))
                             for (sev, code, player, rule), hands in groups.items()),
                            key=lambda g: (order[g.severity], g.hands[0])))

    @property
    def penalty_groups(self) -> tuple[tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[int, ...]], ...]:
        """The night's penalties as each hand's reads (per rule cited, in rule order: the texts), hands
        whose penalties read alike told once with all their hands, in order of the first: a night that
        paid the same false-open penalty in 75 hands has one line for it, not 75."""
        per_hand: dict[int, dict[str, list[str]]] = {}
        for p in self.penalties:
            per_hand.setdefault(p.hand, {}).setdefault(p.rule, []).append(p.text)
        groups: dict[tuple[tuple[str, tuple[str, ...]], ...], list[int]] = {}
        for hand, rules in per_hand.items():
            said = tuple((rule, tuple(texts)) for rule, texts in sorted(rules.items()))
            groups.setdefault(said, []).append(hand)
        return tuple((said, tuple(hands)) for said, hands in groups.items())

    @property
    def illegal(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")


def _quotes(rulebook: Rulebook, rule: str | None) -> tuple[str, ...]:
    """The rule in its source's own words when the interface quotes them (Russian), else nothing."""
    if rule is None or not quoting_seeds() or not rulebook.has_rule(rule):
        return ()
    return tuple(str(quote) for quote in rulebook.rule_quotes(rule))


def _finding(hand: ReplayedHand, finding: Finding) -> FindingLine:
    return FindingLine(hand.entry.number, finding.action, finding.severity, finding.code, finding.player,
                       finding.rule, finding.message, finding.remedy, rule_text(hand.rulebook, finding.rule),
                       _quotes(hand.rulebook, finding.rule) if finding.severity == "error" else ())


def _winners(hand: ReplayedHand) -> str:
    outcome = hand.replay.outcome
    won: dict[str, int] = {}
    for pot in outcome.pots:
        for name in pot.winners:
            won[name] = won.get(name, 0) + pot.shares.get(name, 0)
    if won:
        return ", ".join(f"{name} {chips}" for name, chips in won.items())
    if any(not pot.decided for pot in outcome.pots):
        return _("undecided")
    return "\u2014"


def _change(change: object) -> str:
    return night_words(change)  # type: ignore[arg-type]


def _chips(result: NightResult, names: list[str]) -> dict[str, tuple[int | None, ...]]:
    """Each player's chips at the start and after every hand, as the night thread recorded them (None:
    not at the table yet); a player's line starts just before the hand he sits down for."""
    series: dict[str, list[int | None]] = {name: [result.opening.get(name)] for name in names}
    for step in result.steps:
        for name, stack in step.joined.items():
            if name in series and series[name][-1] is None:
                series[name][-1] = stack  # he arrives before this hand: his line starts there
        for name in names:
            series[name].append(step.after.get(name))
    return {name: tuple(points) for name, points in series.items()}


class HandLines:
    """What the report says of each hand, taken from the hands one at a time as they are replayed
    (:meth:`hand`): the hand's line, its findings and penalties, the games played; nothing of the
    replay itself is kept (a long night is walked, not held)."""

    def __init__(self, log: SessionLog) -> None:
        self.hands: list[HandLine] = []
        self.findings: list[FindingLine] = []
        self.penalties: list[PenaltyLine] = []
        self.games: list[str] = []
        self.ruled = {r.hand for r in getattr(log.night, "rulings", ())}
        self.rulebooks: dict[int, Rulebook] = {}  # of the hands ruled on: their rulings quote them

    def hand(self, hand: ReplayedHand) -> None:
        outcome = hand.replay.outcome
        title = game_title(hand.entry.game)  # as the game declares it, everywhere
        if title not in self.games:
            self.games.append(title)
        lines = tuple(_finding(hand, f) for f in hand.replay.findings)
        self.findings += lines
        into = (_("{payer} pays {amount} into the pool") if hasattr(outcome.next_hand.carry, "pool") and getattr(
            outcome.next_hand.carry, "started", False) else _("{payer} pays {amount} into the pot"))
        paid = tuple(PenaltyLine(hand.entry.number, p.payer, p.payee, p.amount, p.rule,
                                 (_("{payer} pays {amount} to {payee}") if p.payee else into).format(
                                     payer=p.payer, amount=p.amount, payee=p.payee))
                     for p in outcome.penalties)
        self.penalties += paid
        self.hands.append(HandLine(
            number=hand.entry.number, game=title, dealer=hand.replay.setup.dealer,
            result=outcome.kind.replace("_", " "), winners=_winners(hand),
            pot=sum(p.amount for p in outcome.pots), summary=outcome.summary, findings=lines, penalties=paid,
            changes=tuple(_change(c) for c in hand.entry.changes),
        ))
        if hand.entry.number in self.ruled:
            self.rulebooks[hand.entry.number] = hand.rulebook

    def report(self, ledger: SessionLedger, log: SessionLog, result: NightResult, settlement: Settlement,
               chain_ok: bool | None = None) -> NightReport:
        """The report of the night whose every hand was given (see the module docstring)."""
        game = log.session
        rulings: list[RulingLine] = []
        for ruling in getattr(log.night, "rulings", ()):  # disputes ruled: Ruling events of the log
            book = self.rulebooks.get(ruling.hand)
            rulings.append(RulingLine(ruling.hand, ruling.action, ruling.question, ruling.ruling, ruling.rule,
                                      ruling.decided_by, tuple(ruling.facts),
                                      rule_text(book, ruling.rule) if book is not None else None,
                                      _quotes(book, ruling.rule) if book is not None else ()))
        ranked = sorted(ledger.players, key=lambda p: (-p.balance_cents, p.name.casefold(), p.name))
        standings, rank = [], 0
        for index, line in enumerate(ranked):
            if index == 0 or line.balance_cents != ranked[index - 1].balance_cents:
                rank = index + 1
            standings.append(StandingLine(rank, line.name, line.player, line.bought, line.counted,
                                          line.balance_cents, ledger.signed(line.balance_cents)))
        names = [p.name for p in ledger.players if p.name in log.table.known.values()]
        return NightReport(
            session_id=game.id, table=game.table_name, started_at=game.started_at, ended_at=game.ended_at,
            status=game.status, games=tuple(self.games), players=tuple(log.table.known.values()),
            chip_value=ledger.money(ledger.chip_value_cents), standings=tuple(standings), ledger=ledger,
            settlement=settlement, hands=tuple(self.hands), findings=tuple(self.findings), rulings=tuple(rulings),
            penalties=tuple(self.penalties), chips=_chips(result, names), chain_ok=chain_ok,
        )


def night_report(ledger: SessionLedger, log: SessionLog, replayed: ReplayedNight, settlement: Settlement,
                 chain_ok: bool | None = None) -> NightReport:
    """The report of one session (see the module docstring)."""
    lines = HandLines(log)
    for hand in replayed:
        lines.hand(hand)
    return lines.report(ledger, log, replayed.result, settlement, chain_ok)


def report_of(store: object, session_id: int, all_hands: bool = False) -> NightReport:
    """Read, replay, account and settle session ``session_id``: its report (listing every hand with
    ``all_hands``).  The log is read once: the hash chain verified is that of the very rows the report
    is made from."""
    # the night laid out from its night events and each hand's first event; then its hands are read,
    # replayed and told one at a time, so that a night of thousands of hands is never held whole
    outline, last_seq = store.log_outline(session_id)  # type: ignore[attr-defined]
    log, game, corrections = read_session_log(outline), outline.session, amendments(outline)
    chain = ChainCheck(game)  # the hash chain checked on the rows as they are read, not read again
    for row in outline.events:
        chain.see(row)
    del outline  # its rows are read: not held while the hands are walked
    stream, walk, lines = NightStream(log.night), game_walk(log), HandLines(log)
    last: ReplayedHand | None = None
    rows = chain.seen(store.log_rows(session_id, upto=last_seq, by_hand=True))  # type: ignore[attr-defined]
    for last in stream.hands(hands_with_events(log, rows)):
        lines.hand(last)
        walk.hand(last.replay, stream.last_step)
    result = stream.result
    ledger = walked_ledger(log, walk, result, last, people_of(store, session_id))  # type: ignore[arg-type]
    night = replace(lines.report(ledger, log, result, ledger.settle(), chain.ok(last_seq)), origin=game.origin,
                    all_hands=all_hands, rulebook_notes=tuple(rulebook_notes(log.night)))
    return with_ways_to_pay(with_amendments(night, store, corrections), store)


def with_ways_to_pay(night: NightReport, store: object) -> NightReport:
    """The report with each transfer still to make and the ways its payee can be paid (his payment
    details, kept in the store: shown only on the transfers to him)."""
    from referee.ledger.paying import details_by_seat, transfer_ways

    if not night.settlement.transfers or night.session_id is None:
        return night
    details = details_by_seat(store, night.session_id)  # type: ignore[arg-type]
    return replace(night, paying=transfer_ways(night.ledger, night.settlement.transfers, details, night.started_at))


def with_amendments(night: NightReport, store: object, lines: tuple[AmendmentLine, ...]) -> NightReport:
    """The report with the night's amendments (``lines``), and the balances they changed since it was
    last closed (worked out from the whole log as it stood then)."""
    if not lines:
        return night
    before = as_last_closed(store.log_snapshot(night.session_id))  # type: ignore[attr-defined]
    changes: tuple[Change, ...] = ()
    if before is not None:
        was = session_ledger(store, night.session_id, before)[0]  # type: ignore[arg-type]
        changes = tuple(balance_changes(was, night.ledger))
    return replace(night, amendments=lines, amended_balances=changes)


__all__ = ["FindingGroup", "FindingLine", "HandLine", "NightReport", "PenaltyLine", "RulingLine", "StandingLine",
           "night_report", "report_of", "with_ways_to_pay"]
