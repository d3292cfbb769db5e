"""One action line of a hand (``Ann: raises to 6``, ``misdeal: first card exposed``) into one event.

Every line of a hand's body becomes exactly one event, so a hand's action numbers are its body
lines counted from 1.  Verbs are case-insensitive and take either form (``fold`` / ``folds``);
cards go through :func:`referee.cards.parse_cards`, the one card parser.  The reader keeps no
state of the hand beyond its events (``void`` alone needs them to find the previous action); what a
line means at this point of the hand is the engine's business, not this module's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from referee.cards import UNKNOWN, AnyCard, check_no_duplicates, parse_cards
from referee.engine import events as ev
from referee.errors import CardError, HandFileError, InputError, excerpt
from referee.handfile import vocabulary
from referee.handfile.shorthand import game_verbs, spoken_words
from referee.handfile.writer import EventWriter
from referee.money import check_count

_I = re.IGNORECASE


def verb(word: str) -> str:
    """Regex for a verb in either form: ``fold`` / ``folds``, ``pass`` / ``passes``."""
    return rf"{word}(?:es|s)?"


DECLARATION_WORDS: dict[str, str] = {
    "split openers": "split_openers",
    "false open": "false_open",
    "open": "open",
    "four of a kind": "four_of_a_kind",
    "four pairs": "four_pairs",
}


action_examples = vocabulary.action_examples


def parse_amount(text: str, what: str = "amount") -> int:
    """A positive whole number of chips, at most :data:`referee.money.AMOUNT_LIMIT`."""
    if not re.fullmatch(r"\d+", text):
        raise HandFileError(f"bad {what} {excerpt(text)}", hint="chips are whole numbers, like 2")
    try:
        value = check_count(text, what)
    except InputError as err:
        raise HandFileError(err.message, hint=err.hint) from None
    if value <= 0:
        raise HandFileError(f"bad {what} {excerpt(text)}: must be at least 1", hint="write a positive number of chips")
    return value


def read_cards(text: str, what: str, *, need: int | None = None) -> tuple[AnyCard, ...]:
    """Cards of one list (``what`` names it in messages); a card named twice in one list is an error."""
    try:
        out = parse_cards(text)
        check_no_duplicates(out)
    except CardError as err:
        raise HandFileError(
            f"{err.message} in {what}" if "twice" in err.message else err.message,
            hint=err.hint or "write cards like 'Ts Qh 9c', jokers as 'Jk1', unseen cards as '??'",
        ) from err
    if not out:
        raise HandFileError(f"no cards in {what}", hint="write the cards, '??' for each card nobody saw")
    if need is not None and len(out) != need:
        raise HandFileError(
            f"{what} has {len(out)} card{'s' if len(out) != 1 else ''}, not {need}",
            hint=f"a brag hand is {need} cards" if need == 3 else None,
        )
    return tuple(out)


@dataclass
class HandReader:
    """Reads the body lines of one hand.  ``resolve`` maps a typed name to its seat name."""

    game: str
    resolve: Callable[[str], str]
    events: list[ev.Event] = field(default_factory=list)
    voided: set[int] = field(default_factory=set)

    # ------------------------------------------------------------ reading

    def add(self, event: ev.Event) -> ev.Event:
        """Check ``event`` belongs to the game, record it and return it."""
        if not vocabulary.allowed(self.game, type(event)):
            raise HandFileError(
                f"'{_describe(event)}' is not an action of {vocabulary.title(self.game)}",
                hint=vocabulary.BRAG_HINT
                if isinstance(event, (ev.Bet, ev.Call, ev.Raise, ev.AllIn)) and "brag" in self.game
                else f"{vocabulary.title(self.game)} actions: {action_examples(self.game)}",
            )
        if isinstance(event, ev.Declare):
            known = vocabulary.declarations(self.game)
            if event.what not in known:
                said = event.what.replace("_", " ")
                choices = ", ".join(sorted(w.replace("_", " ") for w in known)) or "nothing"
                raise HandFileError(
                    f"'declares {said}' is not a declaration of {vocabulary.title(self.game)}",
                    hint=f"a player of {vocabulary.title(self.game)} may declare: {choices}",
                )
        if isinstance(event, ev.Void):
            self.voided.add(event.action)
        self.events.append(event)
        return event

    def table_line(self, text: str, line: int) -> ev.Event | None:
        """A line that names no player (misdeal, void, widow turned, dealer exposes); None if not one."""
        m = re.fullmatch(r"misdeal(?:\s*:\s*(?P<reason>.*))?", text, _I)
        if m:
            return self.add(ev.Misdeal(reason=(m["reason"] or "").strip(), line=line))
        m = re.fullmatch(r"void(?:\s+(?P<n>\S+))?(?:\s*:\s*(?P<reason>.*))?", text, _I)
        if m:
            return self.add(self._void(m["n"], (m["reason"] or "").strip(), line))
        m = re.fullmatch(r"(?:widow\s+turned(?:\s+up)?|dummy)(?:\s*:\s*(?P<cards>.*))?", text, _I)
        if m:
            shown = (m["cards"] or "").strip()
            cs = read_cards(shown, "the widow") if shown else ()
            return self.add(ev.TurnWidow(cards=cs, line=line))
        if re.fullmatch(r"showdown\s*:?", text, _I):
            return self.add(ev.Showdown(line=line))
        m = re.fullmatch(r"dealer\s+exposes\s+(?P<card>\S+)\s+to\s+(?P<name>\S+)", text, _I)
        if m:
            (c,) = read_cards(m["card"], "the exposed card", need=1)
            return self.add(ev.Expose(player=self.resolve(m["name"]), card=c, by_dealer=True, line=line))
        return self.commerce_line(text, line)

    def commerce_line(self, text: str, line: int) -> ev.Event | None:
        """Whiskey poker and La Viuda: the widow as dealt, and a deal's result as the scorekeeper knows it."""
        m = re.fullmatch(r"widow\s+dealt\s*:\s*(?P<cards>.+)", text, _I)
        if m:
            return self.add(ev.DealWidow(cards=read_cards(m["cards"], "the widow"), line=line))
        m = re.fullmatch(r"(?P<name>[^\s:]+)\s+(?:(?P<low>was\s+(?:the\s+)?lowest)|wins|won)", text, _I)
        if m:
            what = "lowest" if m["low"] else "best"
            return self.add(ev.Reported(player=self.resolve(m["name"]), what=what, line=line))  # type: ignore[arg-type]
        return None

    def _void(self, number: str | None, reason: str, line: int) -> ev.Void:
        count = len(self.events)
        if number is None:
            target = count
            while target in self.voided or (target >= 1 and isinstance(self.events[target - 1], ev.Void)):
                target -= 1
            if target < 1:
                raise HandFileError("'void' with nothing to void", hint="a void corrects an earlier action of the hand")
        else:
            if not re.fullmatch(r"\d+", number):
                raise HandFileError(f"bad action number {excerpt(number)} in 'void'", hint="write 'void 7' to void action 7")
            target = int(number)
            if not 1 <= target <= count:
                raise HandFileError(
                    f"'void {target}': the hand has {count} action{'s' if count != 1 else ''} so far",
                    hint="action numbers count the hand's lines from 1; 'void' alone voids the previous action",
                )
            if isinstance(self.events[target - 1], ev.Void):
                raise HandFileError(f"action {target} is itself a void", hint="log the action again instead")
            if target in self.voided:
                raise HandFileError(f"action {target} is already void", hint="remove the second 'void'")
        return ev.Void(action=target, reason=reason, line=line)

    def read(self, text: str, line: int) -> ev.Event:
        """One body line of the hand (comment removed): a table line or ``Name: action``."""
        text = " ".join(text.split())
        event = self.table_line(text, line)
        if event is not None:
            return event
        m = re.fullmatch(r"(?P<name>[^\s:]+)\s*:\s*(?P<action>.*)", text)
        if m is None:
            raise HandFileError(
                f"cannot read {excerpt(text)}",
                hint="lines look like 'hand 3', 'Ann: bets 2', 'misdeal: …', 'void 7', 'Eve sits down with 50' or "
                "'Bob was lowest'",
            )
        return self.player_line(self.resolve(m["name"]), m["action"], line)

    def player_line(self, player: str, text: str, line: int) -> ev.Event:
        """``text`` is what follows ``Name:``; ``player`` the resolved seat name."""
        for said in dict.fromkeys((text, _in_format_words(text, self.game))):
            for pattern, build in _ACTIONS:
                m = re.fullmatch(pattern, said, _I)
                if m:
                    event = build(self, player, m, line)
                    return self.add(event)
        hint = f"{vocabulary.title(self.game)} actions: {action_examples(self.game)}"
        verb, _, rest = text.partition(" ")
        close = _close_verb(verb, self.game)
        if close is not None:  # a misspelt verb: 'rasies 2' reads as 'raises 2'
            hint = f"did you mean {' '.join((close, rest)).strip()!r}? ({hint})"
        raise HandFileError(f"cannot read action {excerpt(text)} of {player}", hint=hint)


def _in_format_words(text: str, game: str) -> str:
    """``text`` with its first word, a word the game's players say (``drops`` in brag, ``open`` in
    draw: the game's ``table_words``), put in the hand format's words (``folds``, ``bets``)."""
    word, _, rest = text.partition(" ")
    spoken = spoken_words(game)
    low = word.lower()
    for form in (low, low.removesuffix("s"), low.removesuffix("es")):
        if form in spoken:
            return " ".join(w for w in (spoken[form], rest) if w)
    return text


def _close_verb(word: str, game: str) -> str | None:
    """The word of ``game`` that ``word`` looks like a misspelling of, if one is close (only the
    game's own words: never another game's)."""
    verbs = [*spoken_words(game), *game_verbs(game)]
    if word.lower() in verbs:
        return None  # the verb is right: its arguments are what is wrong
    close = difflib.get_close_matches(word.lower(), verbs, n=1, cutoff=0.6)
    return close[0] if close else None


def _describe(event: ev.Event) -> str:
    """The line's words, for an error saying it is not an action of the hand's game."""
    writer = EventWriter("")
    if isinstance(event, ev.PlayerEvent):
        return writer.action_words(event)
    return writer.line(event)  # a table line (the widow turned, a misdeal): its own words


# ---------------------------------------------------------------- builders

Builder = Callable[[HandReader, str, re.Match[str], int], ev.Event]


def _deal(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    return ev.Deal(player=p, cards=read_cards(m["cards"], "the deal"), face_up=bool(m["up"]), line=line)


def _show(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    purpose = (m["purpose"] or "hand").lower()
    return ev.Show(player=p, cards=read_cards(m["cards"], f"{p}'s shown cards"), purpose=purpose, line=line)  # type: ignore[arg-type]


def _call_with_amount(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    raise HandFileError(
        f"'calls {m['n']}': a call takes no amount",
        hint="write 'Bob: calls'; the replay works out what he owed, and flags a short call",
    )


def _raise(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    return ev.Raise(player=p, amount=parse_amount(m["n"], "raise"), to=bool(m["to"]), line=line)


def _draw(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    head, *clauses = [c.strip() for c in m[0].split(",")]
    if re.fullmatch(r"stands?\s+pat", head, _I):
        count = 0
    else:
        dm = re.fullmatch(rf"{verb('draw')}\s+(\S+)(?:\s+cards?)?", head, _I)
        if dm is None:
            raise HandFileError(f"cannot read {excerpt(head)}", hint="write 'draws 3' or 'stands pat'")
        if not re.fullmatch(r"\d+", dm[1]):
            raise HandFileError(f"bad number of cards {excerpt(dm[1])}", hint="write 'draws 3'")
        count = int(dm[1])
    discards: tuple[AnyCard, ...] = ()
    received: tuple[AnyCard, ...] = ()
    kept = False
    for clause in clauses:
        cm = re.fullmatch(rf"{verb('discard')}(?:\s+(?P<cards>.*?))?(?P<fd>\s*face\s+down)?", clause, _I)
        gm = re.fullmatch(r"(?:gets|receives|got)\s+(?P<cards>.+)", clause, _I)
        if cm and (cm["cards"] or cm["fd"]):
            if cm["cards"]:
                discards = read_cards(cm["cards"], f"{p}'s discards")
            kept = kept or bool(cm["fd"])
        elif gm:
            received = read_cards(gm["cards"], f"{p}'s new cards")
        else:
            raise HandFileError(
                f"cannot read {excerpt(clause)} in a draw",
                hint="write 'draws 2, discards 7c 2d face down, gets Kd Ks' (each part optional)",
            )
    for what, got in (("discards", discards), ("new cards", received)):
        if got and len(got) != count:
            raise HandFileError(
                f"{p} draws {count} but the line lists {len(got)} {what}",
                hint="the numbers must agree; write '??' for a card nobody saw",
            )
    return ev.Draw(player=p, count=count, discards=discards, received=received, kept_face_down=kept, line=line)


def _ask(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    target = r.resolve(m["name"])
    if target == p:
        raise HandFileError(f"{p} asks himself", hint="write whom he asked: 'Bob: asks Ann'")
    return ev.Ask(player=p, target=target, line=line)


def _declare(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    rest = " ".join(m["what"].split())
    for words, what in sorted(DECLARATION_WORDS.items(), key=lambda kv: -len(kv[0])):
        wm = re.fullmatch(rf"{words}(?:\s+(?P<cards>.+))?", rest, _I)
        if wm:
            cs = read_cards(wm["cards"], f"{p}'s declared cards") if wm["cards"] else ()
            return ev.Declare(player=p, what=what, cards=cs, line=line)
    raise HandFileError(
        f"cannot read declaration {excerpt(rest)}",
        hint="a player may declare: " + ", ".join(DECLARATION_WORDS),
    )


def _exchange_all(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    if not vocabulary.allowed(r.game, ev.Exchange):
        raise HandFileError(f"'exchanges all' is not an action of {vocabulary.title(r.game)}",
                            hint=action_examples(r.game))
    unseen = (UNKNOWN,) * vocabulary.hand_size(r.game)
    return ev.Exchange(player=p, give=unseen, take=unseen, knock=bool(m["knock"]), line=line)


def _exchange(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    give = read_cards(m["give"], f"{p}'s cards given")
    take = read_cards(m["take"], f"the cards {p} takes")
    if len(give) != len(take):
        raise HandFileError(
            f"{p} gives {len(give)} card{'s' if len(give) != 1 else ''} but takes {len(take)}",
            hint="an exchange swaps as many cards as it takes: 'exchanges 7c for Kd'",
        )
    both = [c for c in give if c is not UNKNOWN and c in take]
    if both:
        raise HandFileError(
            f"{both[0].text} is both given and taken", hint="check the line: a card goes one way in an exchange"
        )
    return ev.Exchange(player=p, give=give, take=take, knock=bool(m["knock"]), line=line)


def _blind(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    return ev.Stake(player=p, amount=parse_amount(m["n"], "stake"), blind=True, line=line)


def _see(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    target = r.resolve(m["name"]) if m["name"] else None
    if target == p:
        raise HandFileError(f"{p} sees himself", hint="write whom he saw: 'Ann: sees Bob for 4'")
    return ev.See(player=p, amount=parse_amount(m["n"], "amount to see"), target=target, line=line)


def _arrange(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    parts = [part.strip() for part in m["hands"].split("|")]
    hands = tuple(read_cards(part, f"{p}'s hand {i}", need=3) for i, part in enumerate(parts, 1))
    discard = read_cards(m["discard"], f"{p}'s discard") if m["discard"] else ()
    check_all = [c for h in hands for c in h] + list(discard)
    try:
        check_no_duplicates(check_all)
    except CardError as err:
        raise HandFileError(f"{err.message} in {p}'s arrangement", hint=err.hint) from err
    return ev.Arrange(player=p, hands=hands, discard=discard, line=line)


def _reveal(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
    number = int(m["round"]) if m["round"] else None
    if number is not None and number < 1:
        raise HandFileError(f"bad hand number {number}", hint="brag hands are revealed as hand 1, 2, 3")
    return ev.Reveal(player=p, round=number, cards=read_cards(m["cards"], f"{p}'s revealed hand", need=3), line=line)


def _simple(kind: type[ev.PlayerEvent]) -> Builder:
    def build(r: HandReader, p: str, m: re.Match[str], line: int) -> ev.Event:
        return kind(player=p, line=line)

    return build


_CARDS = r"(?P<cards>.+)"
_N = r"(?P<n>\S+)"

_ACTIONS: Sequence[tuple[str, Builder]] = (
    (rf"(?:is\s+)?dealt(?:\s+(?P<up>up)|\s+down)?\s+{_CARDS}", _deal),
    (rf"{verb('show')}(?:\s+(?P<purpose>openers|discards|hand))?\s+{_CARDS}", _show),
    (verb("muck"), _simple(ev.Muck)),
    (rf"{verb('expose')}\s+(?P<card>\S+)", lambda r, p, m, line: ev.Expose(
        player=p, card=read_cards(m["card"], "the exposed card", need=1)[0], by_dealer=False, line=line)),
    (verb("fold"), _simple(ev.Fold)),
    (verb("check"), _simple(ev.Check)),
    (rf"{verb('bet')}\s+{_N}", lambda r, p, m, line: ev.Bet(player=p, amount=parse_amount(m["n"], "bet"), line=line)),
    (verb("call"), _simple(ev.Call)),
    (rf"{verb('call')}\s+{_N}", _call_with_amount),
    (rf"{verb('raise')}(?:\s+(?P<to>to))?\s+{_N}", _raise),
    (r"(?:goes\s+|is\s+)?all[\s-]?in", _simple(ev.AllIn)),
    (r"(?:stands?\s+pat|draws?\s+.*)", _draw),
    (rf"{verb('ask')}\s+(?P<name>[^\s,]+)(?:,?\s+how\s+many.*)?", _ask),
    (rf"(?:{verb('declare')}|admits)\s+(?P<what>.+)", _declare),
    (rf"{verb('take')}\s+(?:the\s+)?widow", _simple(ev.TakeWidow)),
    (rf"(?:{verb('take')}|{verb('rake')})(?:\s+in)?\s+(?:the\s+)?pot", _simple(ev.TakePot)),
    (rf"{verb('exchange')}\s+all(?P<knock>\s+and\s+knocks?)?", _exchange_all),
    (rf"{verb('exchange')}\s+(?P<give>.+?)\s+for\s+(?P<take>.+?)(?P<knock>\s+and\s+knocks?)?", _exchange),
    (verb("pass"), _simple(ev.Pass)),
    (rf"(?:{verb('knock')}|stops\s+the\s+bus)", _simple(ev.Knock)),
    (rf"{verb('buy')}\s+(?:la\s+)?viuda", _simple(ev.BuyBack)),
    (rf"{verb('decline')}\s+(?:la\s+)?viuda", _simple(ev.DeclineBuyBack)),
    (verb("look"), _simple(ev.Look)),
    (rf"blind\s+{_N}", _blind),
    (rf"{verb('stake')}\s+{_N}", lambda r, p, m, line: ev.Stake(
        player=p, amount=parse_amount(m["n"], "stake"), line=line)),
    (rf"{verb('see')}(?:\s+(?P<name>(?!for\b)\S+))?\s+for\s+{_N}", _see),
    (rf"{verb('cover')}(?:\s+the\s+pot)?", _simple(ev.Cover)),
    (rf"{verb('arrange')}\s+(?P<hands>[^,]+?)(?:\s*,\s*{verb('discard')}\s+(?P<discard>.+))?", _arrange),
    (rf"{verb('reveal')}(?:\s+hand\s+(?P<round>\d+)\s*:?)?\s+{_CARDS}", _reveal),
    # -- brag: a Stop the Bus deal logged by its result alone
    (r"(?:was\s+)?(?:the\s+)?lowest", lambda r, p, m, line: ev.Reported(player=p, what="lowest", line=line)),
)
