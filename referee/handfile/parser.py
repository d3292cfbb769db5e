"""The hand-file reader: text to a :class:`~referee.handfile.model.Night`.

The format is described for scorekeepers in ``docs/hand-format.md``.  In short::

    rulebook: jackpots                  # a shipped rulebook, or a path to a house rulebook
    option draw.limit_post = 10         # option overrides, validated against the rulebook
    seats: Ann 100, Bob 100, Cy 100     # clockwise, with starting stacks (or one 'seat:' line each)
    dealer: Ann

    hand 1
    Ann: dealt Jh Jd ?? ?? ??
    Bob: bets 2
    ...

A bad line is reported as :class:`~referee.errors.HandFileError` located at ``<file>:<line>`` with a
hint, and the reading goes on to the end of the file, so that every bad line is found at once (as
python-chess's PGN reader collects its errors): several are raised together as
:class:`~referee.errors.HandFileErrors`.  A half-read night is never replayed.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from referee.engine.events import ChangeOption, ChangeRulebook, GameSoFar, SetDealer, Shuffle, Unvoided, Voided
from referee.engine.games import find_game
from referee.errors import HandFileError, HandFileErrors, RefereeError, excerpt
from referee.handfile import vocabulary
from referee.i18n import N_, _
from referee.handfile.actions import HandReader, parse_amount
from referee.handfile.model import (
    NAME_RE,
    RESERVED,
    AddChips,
    ClosingChange,
    HandEntry,
    Leave,
    Night,
    OptionValue,
    Seat,
    SeatChange,
    SitDown,
)
from referee.rulebook.loader import load_rules, option_value

if TYPE_CHECKING:
    from referee.rulebook import Rulebook

_I = re.IGNORECASE

#: The header lines that change the night between hands, as patterns (fullmatch): the parser reads
#: them here and the live table (referee.recording.live_table) between hands, so both read the same words.
RULEBOOK_LINE = re.compile(r"rulebook\s*:\s*(?P<ref>.*)", _I)
OPTION_LINE = re.compile(r"option\s+(?P<name>[\w.]+)\s*=\s*(?P<value>.+)", _I)
DEALER_LINE = re.compile(r"dealer\s*:\s*(?P<name>\S+)", _I)
SHUFFLED_LINE = re.compile(r"shuffled", _I)
#: a rulebook file's text as the night recorded it: this line, then the text, each line after ``| ``
RULEBOOK_FILE_LINE = re.compile(r"rulebook\s+file\s+(?P<key>.+?)\s*:", _I)
HEADER_KEYS = ("rulebook", "seats", "dealer")  # the header's 'key:' lines, for a misspelt one's hint
SIT_DOWN_LINE = re.compile(r"(?P<name>[^\s:]+)\s+sits\s+down\s+with\s+(?P<n>\S+)(?:\s+after\s+(?P<after>\S+))?", _I)
LEAVE_LINE = re.compile(r"(?P<name>[^\s:]+)\s+leaves", _I)
ADD_CHIPS_LINE = re.compile(r"(?P<name>[^\s:]+)\s+(?:adds|rebuys)\s+(?P<n>\S+)", _I)
#: opens the night's changes after the last hand (after the header, in a night with no hands)
CLOSING_LINE = re.compile(r"after\s+the\s+last\s+hand\s*:?", _I)
#: after the last hand: the night is void (counted nowhere), and a void undone, each with its reason
NIGHT_VOID_LINE = re.compile(r"night\s+void\s*:\s*(?P<why>.*)", _I)
NIGHT_UNVOID_LINE = re.compile(r"night\s+void\s+undone\s*:\s*(?P<why>.*)", _I)
SEATS_LINE = re.compile(r"seats?\s*:\s*(?P<list>.*)", _I)
SO_FAR_LINE = re.compile(r"game\s+so\s+far\s*:\s*(?P<items>.*)", _I)
HAND_LINE = re.compile(r"hand(?:\s+(?P<n>\d+))?\s*:?", _I)
OPTION_WORD = re.compile(r"option\b", _I)
KEY_LINE = re.compile(r"([^\s:]+)\s*:")
ACTION_LIKE_LINE = re.compile(r"(misdeal|void|widow|dummy|dealer\s+exposes)\b|[^\s:]+\s*:", _I)
#: a hand's action line (``Ann: bets 2``), read at once unless its first word begins a line of the night
PLAYER_LINE = re.compile(r"(?P<name>[^\s:]+)\s*:")
NIGHT_WORDS = frozenset({"rulebook", "option", "seat", "seats", "dealer", "hand", "game", "after", "shuffled"})
SO_FAR_COUNT = re.compile(r"(?P<what>pool|fund)\s+(?P<n>\d+)", _I)
SO_FAR_BOUGHT = re.compile(r"la\s+viuda\s+(?:(?P<not>not\s+bought)|bought\s+by\s+(?P<name>\S+))", _I)
SO_FAR_POINTS = re.compile(r"points((?:\s+\S+\s+\d+)+)", _I)
SEAT_ENTRY = re.compile(r"(?P<name>\S+)\s+(?P<stack>\S+)")


def strip_comment(raw: str) -> str:
    """The line without its ``#`` comment and surrounding blanks."""
    return raw.split("#", 1)[0].strip()


@dataclass
class _Hand:
    """A hand being read."""

    number: int
    line: int
    reader: HandReader
    rulebook_change: str | None = None
    option_changes: dict[str, OptionValue] = field(default_factory=dict)
    changes: list[SeatChange] = field(default_factory=list)
    dealer: str | None = None
    dealer_line: int | None = None
    header_done: bool = False
    shuffled: bool = False
    bad_lines: int = 0  # body lines that could not be read (each already an error of its own)


class NightParser:
    """Reads a night line by line.  Use :func:`parse_night`."""

    def __init__(self, source: str, base_dir: str | None) -> None:
        self.source = source
        self.base_dir = base_dir
        self.lineno = 0
        # header
        self.first_rulebook: str | None = None
        self.first_game: str | None = None
        self.first_options: dict[str, OptionValue] = {}
        self.first_seats: list[Seat] = []
        self.first_dealer: str | None = None
        self.dealer_line: int | None = None
        self.so_far: GameSoFar | None = None
        # what is in force
        self.rulebook: str | None = None
        self.game: str | None = None
        self.options: dict[str, OptionValue] = {}
        self.seats: list[str] = []
        self.hands: list[HandEntry] = []
        self.hand: _Hand | None = None
        self.numbered = 0
        self.texts: dict[str, str] = {}  # rulebook files as recorded (``rulebook file`` blocks), by key
        self.closing: list[ClosingChange] | None = None  # after 'after the last hand': the night events read

    # ------------------------------------------------------------ errors and names

    def error(self, message: str, hint: str | None = None, line: int | None = None) -> HandFileError:
        return HandFileError(message, where=f"{self.source}:{line or self.lineno}", hint=hint)

    def relocate(self, err: RefereeError, line: int | None = None) -> HandFileError:
        """An error from a lower layer (cards, rulebook), placed at this file's line."""
        message = f"{err.where}: {err.message}" if err.where else err.message
        located = self.error(message, err.hint, line)
        located.__cause__ = err
        return located

    def resolve(self, typed: str) -> str:
        """The seat name a typed name means (case-insensitive)."""
        for name in self.seats:
            if name.lower() == typed.lower():
                return name
        seated = ", ".join(self.seats) or "nobody yet"
        raise HandFileError(_("unknown player {name}").format(name=excerpt(typed)), hint=_("the players at the table are: {seated}").format(seated=seated))

    def check_new_name(self, name: str) -> None:
        if not NAME_RE.fullmatch(name):
            raise self.error(_("bad player name {name}").format(name=excerpt(name)), _("a name is one word, like Ann or Mary_Ann"))
        if name.lower() in RESERVED:
            raise self.error(_("{name} cannot be a player's name: it is a word of the format").format(name=excerpt(name)), _("use another name"))
        if any(s.lower() == name.lower() for s in self.seats):
            raise self.error(_("{name} is already seated").format(name=name), _("each player sits once; names are case-insensitive"))

    # ------------------------------------------------------------ rulebook and options

    def book(self, ref: str, options: dict[str, OptionValue]) -> Rulebook:
        """The rulebook ``ref`` with these options, loaded now so that a mistake is reported at its line."""
        try:
            return load_rules(ref, options, self.base_dir, tuple(self.texts.items()))
        except RefereeError as err:
            raise self.relocate(err) from err

    def check_rules(self, ref: str, options: dict[str, OptionValue]) -> str:
        """Load the rulebook with these options now; the game it is for."""
        return self.book(ref, options).game

    def set_rulebook(self, ref: str) -> None:
        ref = ref.strip()
        if not ref:
            raise self.error(_("'rulebook:' names no rulebook"), _("write 'rulebook: jackpots' or a path to a house rulebook"))
        if self.hand is None:
            if self.first_rulebook is not None:
                raise self.error(_("a second 'rulebook:' line in the header"), _("the header names one rulebook"))
            self.first_game = self.game = self.check_rules(ref, {})
            self.first_rulebook = self.rulebook = ref
            return
        hand = self.hand
        if hand.rulebook_change is not None:
            raise self.error(_("a second 'rulebook:' line in this hand"), _("a hand changes the rulebook once"))
        if hand.option_changes:
            raise self.error(
                _("'rulebook:' after an option of this hand"), _("put 'rulebook:' first: it resets the options")
            )
        self.game = self.check_rules(ref, {})
        self.rulebook = ref
        self.options = {}
        hand.rulebook_change = ref
        hand.reader.game = self.game

    def set_option(self, name: str, value_text: str) -> None:
        if self.rulebook is None:
            raise self.error(_("an option before the rulebook"), _("put 'rulebook: …' first; options change it"))
        value = option_value(value_text)
        trial = {**self.options, name: value}
        self.check_rules(self.rulebook, trial)
        self.options = trial
        if self.hand is None:
            self.first_options[name] = value
        else:
            self.hand.option_changes[name] = value

    # ------------------------------------------------------------ seats

    def seat_entry(self, text: str) -> None:
        m = SEAT_ENTRY.fullmatch(text.strip())
        if m is None:
            raise self.error(_("cannot read seat {value}").format(value=excerpt(text.strip())), _("write a name and a stack: 'Ann 100'"))
        self.check_new_name(m["name"])
        self.seats.append(m["name"])  # seated even with a bad stack: one mistake, one error (not 'unknown player' later)
        try:
            stack = parse_amount(m["stack"], _("stack for {name}").format(name=m["name"]))
        except RefereeError as err:
            raise self.relocate(err) from err
        self.first_seats.append(Seat(m["name"], stack))

    def add_seats(self, text: str) -> None:
        first: HandFileError | None = None
        for part in text.split(","):  # every good seat is taken, so that a bad one is one error
            if part.strip():
                try:
                    self.seat_entry(part)
                except HandFileError as err:
                    first = first or err
        if first is not None:
            raise first

    # ------------------------------------------------------------ hands

    def start_hand(self, number_text: str | None) -> None:
        problem: HandFileError | None = None
        try:
            if self.hand is not None:
                self.finish_hand()
            else:
                self.check_header()
        except HandFileError as err:  # the hand begins all the same: its lines are read as its own
            problem = err
            self.hand = None
        self.numbered += 1  # the hand lines read so far: a hand that could not be kept keeps its number
        expected = self.numbered
        if problem is None and number_text is not None and int(number_text) != expected:
            problem = self.error(
                _("hand {number} where hand {expected} was expected").format(number=number_text, expected=expected),
                _("hands are numbered 1, 2, 3 … in order; 'hand' alone numbers itself"),
            )
        if self.game is not None:
            self.hand = _Hand(expected, self.lineno, HandReader(self.game, self.resolve))
        if problem is not None:
            raise problem

    def check_header(self, line: int | None = None) -> None:
        if self.first_rulebook is None:
            raise self.error(_("the night names no rulebook"), _("start the file with 'rulebook: jackpots' (or a path)"), line)
        if len(self.seats) < 2:  # a seat with a bad stack is seated: its error is said once
            raise self.error(
                _("the night seats fewer than two players"), _("write 'seats: Ann 100, Bob 100, …' in the header"), line
            )
        if self.first_dealer is None and not (self.first_game and vocabulary.dealer_may_be_unknown(self.first_game)):
            raise self.error(_("the night names no dealer"), _("write 'dealer: Ann' in the header"), line)
        if self.so_far is not None:
            self.check_so_far()

    # ------------------------------------------------------------ a game already under way

    def set_so_far(self, text: str) -> None:
        """``game so far: pool 7, fund 14, la viuda bought by Cy`` (COMMERCE-NOTES section 13)."""
        if self.hand is not None or self.hands:
            raise self.error(_("'game so far:' inside a hand"), _("it belongs in the night's header, after 'dealer:'"))
        if self.so_far is not None:
            raise self.error(_("a second 'game so far:' line"), _("the header says once how far the game had got"))
        items: dict[str, object] = {}
        for raw in text.split(","):
            item = " ".join(raw.split())
            if not item:
                continue
            m = SO_FAR_COUNT.fullmatch(item)
            b = SO_FAR_BOUGHT.fullmatch(item)
            p = SO_FAR_POINTS.fullmatch(item)
            if m:
                key, value = m["what"].lower(), int(m["n"])
            elif b:
                key = "la viuda"
                value = (False, None) if b["not"] else (True, self.buyer(b["name"]))
            elif p:
                words = p[1].split()
                key, value = "points", tuple((self.named(words[i]), int(words[i + 1])) for i in range(0, len(words), 2))
            else:
                raise self.error(_("cannot read {item} in 'game so far:'").format(item=excerpt(item)),
                                 _("items: 'pool 7', 'fund 14', 'la viuda bought by Cy', 'la viuda not bought', 'points Ann 2 Bob 1'"))
            if key in items:
                raise self.error(_("'game so far:' gives the {key} twice").format(key=key), _("give each item once"))
            items[key] = value
        if not items:
            raise self.error(_("'game so far:' gives nothing"), _("write 'game so far: pool 7, fund 14, la viuda not bought'"))
        bought, by = items.get("la viuda", (None, None))  # type: ignore[misc]
        self.so_far = GameSoFar(pool=items.get("pool"), fund=items.get("fund"), bought=bought, bought_by=by,  # type: ignore[arg-type]
                                points=items.get("points", ()), line=self.lineno)  # type: ignore[arg-type]

    def buyer(self, typed: str) -> str:
        """Who bought La Viuda: a seated player, or one already out of the game (and so not seated)."""
        if any(s.lower() == typed.lower() for s in self.seats):
            return self.resolve(typed)
        if not NAME_RE.fullmatch(typed):
            raise self.error(_("bad player name {name}").format(name=excerpt(typed)), _("a name is one word, like Ann or Mary_Ann"))
        return typed

    def named(self, typed: str) -> str:
        try:
            return self.resolve(typed)
        except RefereeError as err:
            raise self.relocate(err) from err

    def check_so_far(self) -> None:
        """The game of the header keeps such a state (checked by the game, at the line)."""
        so_far = self.so_far
        assert so_far is not None and self.first_rulebook is not None and self.first_game is not None
        book = self.book(self.first_rulebook, self.first_options)
        try:
            find_game(self.first_game).carry_so_far(so_far, book, tuple(self.first_seats))
        except RefereeError as err:
            raise self.relocate(err, so_far.line) from err

    def in_header(self, what: str) -> _Hand:
        """The current hand, if it is still in its header (before its first action)."""
        hand = self.hand
        if hand is None:
            raise self.error(_("{what} before the first 'hand' line").format(what=_(what)), _("the header seats players with 'seats:'"))
        if hand.header_done:
            raise self.error(_("{what} after the hand's first action").format(what=_(what)), _("put it before hand {number}'s actions").format(number=hand.number))
        return hand

    def end_hand_header(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.header_done:
            return
        if len(self.seats) < 2:
            raise self.error(_("hand {number} has fewer than two players").format(number=hand.number), _("seat players with 'sits down with'"))
        if hand.dealer is not None and hand.dealer not in self.seats:
            raise self.error(
                _("dealer {dealer} is not seated in hand {number}").format(dealer=hand.dealer, number=hand.number),
                _("the players are: {names}").format(names=', '.join(self.seats)),
                hand.dealer_line,
            )
        hand.header_done = True

    def finish_hand(self) -> None:
        hand = self.hand
        assert hand is not None and self.rulebook is not None and self.game is not None
        self.end_hand_header()
        if not hand.reader.events and not hand.bad_lines:  # a hand of bad lines is not also "empty"
            raise self.error(
                _("hand {number} has no actions").format(number=hand.number), _("log its actions, or delete the 'hand' line"), hand.line
            )
        self.hands.append(
            HandEntry(
                number=hand.number,
                game=self.game,
                rulebook=self.rulebook,
                options=dict(self.options),
                seats=tuple(self.seats),
                events=tuple(hand.reader.events),
                dealer=hand.dealer,
                changes=tuple(hand.changes),
                rulebook_change=hand.rulebook_change,
                option_changes=dict(hand.option_changes),
                line=hand.line,
                shuffled=hand.shuffled,
            )
        )
        self.hand = None

    def set_dealer(self, typed: str) -> None:
        if self.hand is None:
            if self.first_dealer is not None:
                raise self.error(_("a second 'dealer:' line in the header"), _("the header names the first dealer once"))
            if not self.seats:
                raise self.error(_("'dealer:' before the seats"), _("put 'seats: …' before 'dealer: …'"))
            try:
                self.first_dealer = self.resolve(typed)
            except RefereeError as err:
                raise self.relocate(err) from err
            return
        hand = self.in_header("'dealer:'")
        if hand.dealer is not None:
            raise self.error(_("a second 'dealer:' line in this hand"), _("a hand has one dealer"))
        # checked when the header ends: seats may still change
        hand.dealer = typed
        hand.dealer_line = self.lineno
        matches = [s for s in self.seats if s.lower() == typed.lower()]
        hand.dealer = matches[0] if matches else typed

    def mark_shuffled(self) -> None:
        """``shuffled``: the pack was shuffled before this deal (a header line, not an action)."""
        hand = self.in_header("'shuffled'")
        if hand.shuffled:
            raise self.error(_("a second 'shuffled' line in this hand"), _("a deal is shuffled once"))
        hand.shuffled = True

    def changes(self, what: str) -> list[ClosingChange]:
        """Where a seat change read now goes: after the last hand, or the current hand's header."""
        if self.closing is not None:
            return self.closing
        return self.in_header(what).changes  # type: ignore[return-value]

    def sit_down(self, name: str, stack_text: str, after: str | None) -> None:
        changes = self.changes(N_("a player sitting down"))
        self.check_new_name(name)
        try:
            anchor = self.resolve(after) if after else None
        except RefereeError as err:
            raise self.relocate(err) from err
        position = self.seats.index(anchor) + 1 if anchor else len(self.seats)
        self.seats.insert(position, name)  # seated even with a bad stack: his later lines are not errors too
        try:
            stack = parse_amount(stack_text, _("stack for {name}").format(name=name))
        except RefereeError as err:
            raise self.relocate(err) from err
        changes.append(SitDown(name, stack, anchor, line=self.lineno))
        hand = self.hand
        if hand is not None and hand.dealer is not None and hand.dealer.lower() == name.lower():
            hand.dealer = name

    def leave(self, typed: str) -> None:
        changes = self.changes(N_("a player leaving"))
        try:
            name = self.resolve(typed)
        except RefereeError as err:
            raise self.relocate(err) from err
        self.seats.remove(name)
        changes.append(Leave(name, line=self.lineno))

    def add_chips(self, typed: str, amount_text: str) -> None:
        changes = self.changes(N_("chips added"))
        try:
            name = self.resolve(typed)
            amount = parse_amount(amount_text, _("amount {name} adds").format(name=name))
        except RefereeError as err:
            raise self.relocate(err) from err
        changes.append(AddChips(name, amount, line=self.lineno))

    # ------------------------------------------------------------ after the last hand

    def start_closing(self) -> None:
        """``after the last hand``: the hands (or the header) end here; night events follow."""
        if self.closing is not None:
            raise self.error(_("a second 'after the last hand' line"), _("the night's changes after its hands are written once"))
        try:
            if self.hand is not None:
                self.finish_hand()
            else:
                self.check_header()
        finally:
            self.hand = None
            self.closing = []

    def closing_line(self, text: str) -> None:
        """A line after ``after the last hand``: a night event, in the order it happened."""
        assert self.closing is not None
        if m := RULEBOOK_LINE.fullmatch(text):
            ref = m["ref"].strip()
            if not ref:
                raise self.error(_("'rulebook:' names no rulebook"), _("write 'rulebook: jackpots' or a path to a house rulebook"))
            self.game, self.rulebook, self.options = self.check_rules(ref, {}), ref, {}
            self.closing.append(ChangeRulebook(ref, line=self.lineno))
        elif m := OPTION_LINE.fullmatch(text):
            if self.rulebook is None:
                raise self.error(_("an option before the rulebook"), _("put 'rulebook: …' first; options change it"))
            value = option_value(m["value"])
            trial = {**self.options, m["name"]: value}
            self.check_rules(self.rulebook, trial)
            self.options = trial
            self.closing.append(ChangeOption(m["name"], value, line=self.lineno))
        elif m := DEALER_LINE.fullmatch(text):
            self.closing.append(SetDealer(self.named(m["name"]), line=self.lineno))
        elif SHUFFLED_LINE.fullmatch(text):
            self.closing.append(Shuffle(line=self.lineno))
        elif m := NIGHT_UNVOID_LINE.fullmatch(text) or NIGHT_VOID_LINE.fullmatch(text):
            why = " ".join(m["why"].split())
            if not why:
                raise self.error(_("{text} gives no reason").format(text=excerpt(text)), _("say why, e.g. 'night void: imported twice'"))
            self.closing.append((Unvoided if m.re is NIGHT_UNVOID_LINE else Voided)(why, line=self.lineno))
        elif m := SIT_DOWN_LINE.fullmatch(text):
            self.sit_down(m["name"], m["n"], m["after"])
        elif m := LEAVE_LINE.fullmatch(text):
            self.leave(m["name"])
        elif m := ADD_CHIPS_LINE.fullmatch(text):
            self.add_chips(m["name"], m["n"])
        else:
            raise self.error(_("{text} after 'after the last hand'").format(text=excerpt(text)),
                             _("only the night's changes follow it ('Bob leaves', 'Ann adds 20', 'dealer: Cy', …); a hand goes before it"))

    def body_line(self, handle: Callable[[HandReader], object]) -> None:
        hand = self.hand
        assert hand is not None
        self.end_hand_header()
        try:
            handle(hand.reader)
        except RefereeError as err:
            hand.bad_lines += 1
            raise self.relocate(err) from err

    # ------------------------------------------------------------ lines

    def line(self, text: str) -> None:
        """Read one line (comment already removed, not blank)."""
        if self.hand is not None and self.closing is None and (m := PLAYER_LINE.match(text)) \
                and m["name"].lower() not in NIGHT_WORDS:  # most lines of a night: an action
            return self.body_line(lambda r: r.read(text, self.lineno))
        if CLOSING_LINE.fullmatch(text):
            return self.start_closing()
        if self.closing is not None:
            return self.closing_line(text)
        m = RULEBOOK_LINE.fullmatch(text)
        if m:
            if self.hand is not None:
                self.in_header("'rulebook:'")
            return self.set_rulebook(m["ref"])
        m = OPTION_LINE.fullmatch(text)
        if m:
            if self.hand is not None:
                self.in_header(N_("an option"))
            return self.set_option(m["name"], m["value"])
        if OPTION_WORD.match(text):
            raise self.error(_("cannot read {text}").format(text=excerpt(text)), _("write 'option draw.limit_post = 10'"))
        m = SEATS_LINE.fullmatch(text)
        if m:
            if self.hand is not None:
                raise self.error(
                    _("'seats:' inside a hand"), _("between hands write 'Eve sits down with 50' or 'Bob leaves'")
                )
            return self.add_seats(m["list"])
        m = DEALER_LINE.fullmatch(text)
        if m:
            return self.set_dealer(m["name"])
        m = SO_FAR_LINE.fullmatch(text)
        if m:
            return self.set_so_far(m["items"])
        m = HAND_LINE.fullmatch(text)
        if m:
            return self.start_hand(m["n"])
        if SHUFFLED_LINE.fullmatch(text):
            return self.mark_shuffled()
        m = SIT_DOWN_LINE.fullmatch(text)
        if m:
            return self.sit_down(m["name"], m["n"], m["after"])
        m = LEAVE_LINE.fullmatch(text)
        if m:
            return self.leave(m["name"])
        m = ADD_CHIPS_LINE.fullmatch(text)
        if m:
            return self.add_chips(m["name"], m["n"])
        if self.hand is None:
            key = KEY_LINE.match(text)
            close = difflib.get_close_matches(key[1].lower(), HEADER_KEYS, n=1, cutoff=0.75) if key else []
            if close:  # 'rulebok: jackpots', 'seat: Ann 50'
                raise self.error(_("{value!r} is not a header line").format(value=key[1] + ':'), _("did you mean '{value}:'?").format(value=close[0]))
            if ACTION_LIKE_LINE.match(text):
                raise self.error(
                    _("{text} before the first 'hand' line").format(text=excerpt(text)), _("start each hand with a line 'hand 1', 'hand 2', …")
                )
            raise self.error(
                _("cannot read {text}").format(text=excerpt(text)),
                _("the header holds 'rulebook:', 'option … = …', 'seats:' and 'dealer:' lines"),
            )
        self.body_line(lambda r: r.read(text, self.lineno))

    def finish(self) -> Night:
        if self.hand is not None:
            self.finish_hand()
        elif self.closing is None:
            self.check_header(line=max(self.lineno, 1))
        assert self.first_rulebook is not None and self.first_game is not None
        return Night(
            source=self.source,
            rulebook=self.first_rulebook,
            game=self.first_game,
            options=dict(self.first_options),
            seats=tuple(self.first_seats),
            dealer=self.first_dealer,
            hands=tuple(self.hands),
            base_dir=self.base_dir,
            so_far=self.so_far,
            texts=tuple(self.texts.items()),
            closing=tuple(self.closing or ()),
        )


def parse_night(text: str, source: str = "<text>", base_dir: str | None = None) -> Night:
    """Read a whole hand file.  ``source`` names it in errors; ``base_dir`` anchors rulebook paths."""
    parser = NightParser(source, base_dir)
    errors: list[HandFileError] = []
    block: tuple[str, list[str]] | None = None  # the key and lines of a ``rulebook file`` block being read
    for number, raw in enumerate(text.splitlines(), 1):
        parser.lineno = number
        if block is not None and raw.startswith("|"):
            block[1].append(raw[2:] if raw.startswith("| ") else raw[1:])
            continue
        if block is not None:
            parser.texts[block[0]] = "".join(f"{line}\n" for line in block[1])
            block = None
        line = strip_comment(raw)
        if m := RULEBOOK_FILE_LINE.fullmatch(line):
            block = (m["key"].strip(), [])
            continue
        if line:
            try:
                parser.line(line)
            except HandFileError as err:  # noted; the next line is read all the same
                errors.append(err)
                if parser.rulebook is None and parser.numbered:
                    break  # no rulebook: no hand line can be read, each would only say so again
    parser.lineno = len(text.splitlines())
    try:
        night = parser.finish()
    except HandFileError as err:
        if err.message not in {e.message for e in errors}:  # a header problem a hand line already said
            errors.append(err)
    if errors:
        unique = list({str(e): e for e in errors}.values())
        raise unique[0] if len(unique) == 1 else HandFileErrors(unique)
    return night


def read_night(path: str | Path) -> Night:
    """Read a hand file from disk; errors name it as given (``night.txt:14``)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise HandFileError(_("no such hand file: {path}").format(path=path), hint=_("check the path")) from None
    except UnicodeDecodeError as err:
        line = p.read_bytes()[: err.start].count(b"\n") + 1
        raise HandFileError(_("the file is not UTF-8 text"), where=f"{path}:{line}", hint=_("save it as UTF-8")) from None
    except OSError as err:
        raise HandFileError(_("cannot read hand file {path}: {strerror}").format(path=path, strerror=err.strerror), hint=_("check the path")) from None
    return parse_night(text, source=str(path), base_dir=str(p.parent))
