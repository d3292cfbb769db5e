"""Deciding a dispute: the hand replayed up to the disputed action, the findings the question is
about (by code, :mod:`referee.dispute.questions`), the state of the table, and the ruling.

A ruling is never a guess.  When the findings the question is about are ``unverifiable`` (cards
nobody showed), or the question is one of fact about a card the log does not record, the ruling
says that the log cannot decide it and names what would; the table's decision may then be given as
hand-file action lines (``facts``), which are replayed at the end of the hand, and the ruling is the
table's (``decided_by = "table"``).  Otherwise the engine decides it from the log (``"log"``).

Nor is a ruling made before its time.  A question about a rule the hand, as logged so far, has not
reached the point of judging (a false open before the showdown or before the opener's hand is seen,
jackpots.3; who shows first before the showdown; a misdeal claim before the cards are seen) is
answered "not decided yet", with the rule that says when it will be (``later``): each game names
these (``HandState.judged_later``).  :func:`contradiction` is the last check before a ruling is
stored: what in the replay of the log, as it stands, contradicts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from referee.cards import UNKNOWN, format_cards
from referee.dispute.document import ChipLine, RulingDocument
from referee.dispute.questions import Topic, topic as topic_named
from referee.engine import events as ev
from referee.engine.games import find_game
from referee.engine.replay import play
from referee.errors import InputError
from referee.handfile.replay import replay_night_file
from referee.handfile.rulings import read_facts
from referee.handfile.writer import EventWriter
from referee.i18n import N_, _, pgettext
from referee.plain_words import carry_words
from referee.recording.session_log import night_words
from referee.report.json_doc import penalty_words, rule_text

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.handfile.model import Night
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.rulebook import Rulebook

def _words(event: ev.Event, game: str) -> str:
    return night_words(event) if isinstance(event, ev.NightEvent) else EventWriter(game).line(event)


def _rule_text(book: Rulebook, rule: str | None) -> str | None:
    """A cited rule's text as the reader reads it: a bilingual house rulebook's in the interface's
    language (the ruling document is only shown; the log keeps the rule's id)."""
    text = rule_text(book, rule)
    return book.shown_text(rule) if text is not None and rule is not None else text


def _quoted(book: Rulebook, rules: Sequence[str | None]) -> tuple[tuple[str, str], ...]:
    """The quotes of ``rules`` in ``book``, as (rule id, «text» (source)) pairs."""
    return tuple((rule, str(quote)) for rule in rules if rule is not None and book.has_rule(rule)
                 for quote in book.rule_quotes(rule))


def _topic_rules(game: str, topic: Topic) -> tuple[str, ...]:
    """The rules ``game`` cites on ``topic`` when the log shows nothing broken (the game's own)."""
    return tuple(find_game(game).dispute_rules.get(topic.name, ()))


def _voided_by(hand: ReplayedHand, action: int) -> int | None:
    """The action that voided action ``action`` of the hand (``void N``, ``undo``), if one did."""
    return next((i for i, e in enumerate(hand.replay.events, 1) if isinstance(e, ev.Void) and e.action == action),
                None)


def _first_rule(book: Rulebook, candidates: Sequence[str]) -> str | None:
    for rule in candidates:
        if book.has_rule(rule):
            return rule
    return None


def _without(night: Night, hand: int, action: int) -> Night:
    """The night without a ruling on record about this hand and action (it is being ruled again)."""
    kept = tuple(r for r in night.rulings if (r.hand, r.action) != (hand, action))
    return night if kept == night.rulings else replace(night, rulings=kept)


def _relevant(topic: Topic, game: str, findings: Sequence[Finding], action: int, player: str | None) -> list[Finding]:
    """The findings the question is about: the topic's codes in ``game``, at (or about) the disputed
    action, or anywhere in the hand for a topic decided at its end (the opener's false open, the showdown)."""
    codes = topic.codes_in(game)
    out = []
    for f in findings:
        if f.code not in codes:
            continue
        if f.action == action or f.about == action:
            out.append(f)
        elif topic.whole_hand and (player is None or f.player in (None, player) or f.about is not None
                                   or topic.name in ("show_order", "cover", "card_fact")):
            out.append(f)
    at_action = [f for f in out if f.action == action or f.about == action]
    return at_action or out


def _held(hand: ReplayedHand, action: int) -> tuple[tuple[str, str], ...]:
    """Each player's cards as the log knows them after ``action``."""
    replay = hand.replay
    state = play(replay.setup, replay.events[:action])
    out = []
    for seat, name in enumerate(state.names):
        cards = state.hand_of(seat)
        if not cards:
            out.append((name, pgettext("cards the log knows", "not recorded")))
            continue
        text = pgettext("cards the log knows", "not seen") if all(c == UNKNOWN for c in cards) else format_cards(cards)
        out.append((name, text))
    return tuple(out)


def _chips(was: ReplayedHand, now: ReplayedHand | None) -> tuple[ChipLine, ...]:
    outcome = (now or was).replay.outcome
    setup = (now or was).replay.setup
    out = []
    for seat in setup.seats:
        after = outcome.stacks.get(seat.name, seat.stack)
        without = was.replay.outcome.net.get(seat.name) if now is not None else None
        out.append(ChipLine(seat.name, seat.stack, after, outcome.net.get(seat.name, after - seat.stack), without))
    return tuple(out)


def _pot_label(number: int) -> str:
    """The ``number``-th pot of a hand (1: the main pot) in words."""
    return _("main pot") if number == 1 else _("side pot {number}").format(number=number - 1)


def _outcome_lines(hand: ReplayedHand) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    outcome = hand.replay.outcome
    pots = []
    for i, pot in enumerate(outcome.pots, 1):
        label = _pot_label(i)
        rule = f" [{pot.rule}]" if pot.rule else ""
        if not pot.decided:
            pots.append(_("{pot} of {amount}: undecided until the cards it needs are shown").format(
                pot=label, amount=pot.amount))
        elif pot.winners:
            who = ", ".join(f"{w} {pot.shares.get(w, 0)}" for w in pot.winners)
            pots.append(_("{pot} of {amount} to {winners}").format(pot=label, amount=pot.amount, winners=who)
                        + (f" ({pot.hand})" if pot.hand else "") + rule)
        else:
            pots.append(_("{pot} of {amount} stays on the table").format(pot=label, amount=pot.amount) + rule)
    penalties = tuple(f"{penalty_words(p)} [{p.rule}]" for p in outcome.penalties)
    return tuple(pots), penalties, tuple(carry_words(outcome.next_hand.carry))


def _finding_ruling(f: Finding) -> str:
    text = f.message.rstrip(".")
    return text[0].upper() + text[1:] + "."


def _answer(topic: Topic, hand: ReplayedHand) -> str:
    """What the engine knows about the topic's question, whatever was broken: who had to show first,
    who contests each pot, whether La Viuda could still be bought."""
    outcome = hand.replay.outcome
    if topic.name == "show_order" and outcome.showdown_order:
        order = ", ".join(outcome.showdown_order)
        return _("{player} had to show first; the order of showing was {order}.").format(
            player=outcome.showdown_order[0], order=order) + " "
    if topic.name == "cover":
        contests = [_("{pot} of {amount}: {players}").format(pot=_("the main pot") if i == 1 else _pot_label(i),
                                                              amount=p.amount,
                                                              players=", ".join(p.eligible))
                    for i, p in enumerate(outcome.pots, 1)]
        if contests:
            return _("Who contests each pot: {contests}.").format(contests="; ".join(contests)) + " "
    if topic.name == "buy_back":
        carry = outcome.next_hand.carry.to_dict()
        if "bought_by" not in carry:
            return _("This game ({game}) has no La Viuda to buy.").format(game=hand.rulebook.game.replace("_", " ")) + " "
        if carry.get("bought_by"):
            return _("After this deal La Viuda is bought by {player}: it cannot be bought again.").format(
                player=carry["bought_by"]) + " "
        return _("La Viuda is still unbought after this deal: a player who lost his last chip in it may buy it "
                 "at its end.") + " "
    return ""


def _no_breach(topic: Topic, hand: ReplayedHand, action: int, text: str) -> str:
    """The ruling when the log shows nothing broken."""
    if topic.name == "draw_count":
        answers = [f for f in hand.replay.findings if f.code == "draw_count_answer"]
        if answers:
            return _finding_ruling(answers[-1])
    return _("The log shows no breach: “{action}” stands.").format(action=text)


def _needs_card(event: ev.Event) -> bool:
    cards = getattr(event, "cards", None) or (*getattr(event, "received", ()), *getattr(event, "discards", ()))
    return any(c == UNKNOWN for c in cards)


def decide(night: Night, replayed: ReplayedNight, number: int, action: int, question: str, topic: Topic,
           facts: Sequence[str] = (), *, session: int | None = None, quotes: bool = False) -> RulingDocument:
    """The ruling on ``question`` about action ``action`` of hand ``number``.

    ``replayed`` is ``night`` replayed (rulings on record included); a ruling already on record
    about this hand and action is set aside (it is being ruled again).  ``facts``: the table's
    decision of a question of fact, as hand-file action lines of that hand.  ``quotes``: also give
    the cited rules in their source's own words (the seed's sentences, for a table that reads them).
    """
    bare_night = _without(night, number, action)
    if bare_night is not night:
        replayed = replay_night_file(bare_night)
    index = next((i for i, h in enumerate(replayed) if h.entry.number == number), None)
    if index is None:
        raise InputError(_("{source} has no hand {hand}").format(source=night.source, hand=number),
                         hint=_("it has hands 1 to {last}").format(last=len(replayed)))
    hand = replayed[index]
    replay = hand.replay
    logged = len(hand.entry.events)
    if not 1 <= action <= logged:
        raise InputError(_("hand {hand} has no action {action}").format(hand=number, action=action),
                         hint=_("its actions are numbered 1 to {last}: `referee replay --hand {hand}` lists them").format(
                             last=logged, hand=number))
    book = hand.rulebook
    game = book.game
    event = replay.events[action - 1]
    text = _words(event, game)
    voided_by = _voided_by(hand, action)
    if voided_by is not None:
        raise InputError(_("hand {hand}, action {action} (“{text}”) was taken back by action {by}: the replay "
                           "skips it, so there is nothing of it to rule on").format(
                               hand=number, action=action, text=text, by=voided_by),
                         hint=_("dispute the action that stands in its place: `referee replay --hand {hand}` lists "
                                "them").format(hand=number))
    player = getattr(event, "player", None)
    said = tuple((i, _words(e, game)) for i, e in enumerate(replay.events[:action], 1))
    state = play(replay.setup, replay.events[:action]).snapshot()

    to_act = play(replay.setup, replay.events[:action - 1]).to_act()

    relevant = _relevant(topic, game, replay.findings, action, player)
    breaches = [f for f in relevant if f.severity == "error"]
    unknown = [f for f in relevant if f.kind == "unverifiable"]
    others = [f for f in replay.findings if f.action == action and f.severity == "error" and f not in relevant]
    needs: str | None = None
    later = None if breaches else play(replay.setup, replay.events).judged_later().get(topic.name)
    decided_by: str | None = "log"
    code: str | None = None
    rule: str | None = None
    remedy: str | None = None
    now: ReplayedHand | None = None
    if later is not None:  # the hand has not reached the point where this rule is judged
        decided_by = None
        rule = later.rule
        ruling = _("Not decided yet: {when} ({rule}). Ask again then.").format(when=later.when, rule=later.rule)
        if facts:
            ruling += " " + _("The table's decision (--decide) is not taken before then either.")
            facts = ()
    elif breaches:
        main = breaches[0]
        code, rule, remedy = main.code, main.rule, main.remedy
        ruling = " ".join(_finding_ruling(f) for f in breaches)
    elif unknown or (topic.name == "card_fact" and _needs_card(event)):
        main = None if topic.name == "card_fact" and _needs_card(event) else unknown[0]
        code = main.code if main else None
        rule = main.rule if main else _first_rule(book, _topic_rules(game, topic))
        who = (main.player if main else None) or player or _("the player")
        if main is not None:
            need = find_game(game).dispute_needs.get(main.code) or N_("the cards shown")
            what = _(need).format(player=who)
            gap = _finding_ruling(main)
        else:
            what = _("the card itself, as the table saw it (e.g. --decide \"{player}: shows …\")").format(player=who)
            gap = _("The log does not record the cards in question (“{action}”).").format(action=text)
        needs = what
        decided_by = None
        ruling = _("The log cannot decide this. {gap}").format(gap=gap)
    elif relevant:  # notes and answers: what the log says
        main = relevant[0]
        code, rule, remedy = main.code, main.rule, main.remedy
        ruling = " ".join(_finding_ruling(f) for f in relevant)
    else:
        rule = _first_rule(book, _topic_rules(game, topic)) or (others[0].rule if others else None)
        ruling = _no_breach(topic, hand, action, text)
    if decided_by is not None:
        ruling = _answer(topic, hand) + ruling
    if facts and decided_by == "log":
        raise InputError(_("the log decides this question: a table's decision is not needed (nor taken)"),
                         hint=_("leave out --decide; the log's ruling is: {ruling}").format(ruling=ruling))
    if facts:
        read_facts(facts, game, hand.entry.seats, hand.entry.events)  # an InputError names a line that does not read
        decided = replace(bare_night, rulings=(*bare_night.rulings, ev.Ruling(
            number, action, question, topic.name, "table", "", rule, code, tuple(facts))))
        now = replay_night_file(decided)[index]
        decided_by = "table"
        summary = now.replay.outcome.summary
        ruling = _("The table decided: {facts}.").format(facts="; ".join(facts))
        if summary:
            ruling += " " + _("Replayed with it: {summary}.").format(summary=summary)
        resolved = {f.code for f in now.replay.findings}
        still = [f for f in unknown if f.code in resolved]
        if still:
            ruling += " " + _("The log still cannot decide all of it: {findings}").format(
                findings=" ".join(_finding_ruling(f) for f in still))
        newly = [f for f in now.replay.findings if f.severity == "error" and f.code not in {b.code for b in breaches}
                 and f.code in topic.codes_in(game)]
        if newly:
            ruling += " " + " ".join(_finding_ruling(f) for f in newly)
            code, rule, remedy = newly[0].code, newly[0].rule, newly[0].remedy
        needs = None
    final = now or hand
    pots, penalties, carries = _outcome_lines(final)
    cited = []
    for f in (*breaches, *relevant, *final.replay.outcome.penalties):
        if f.rule and f.rule != rule:
            text_of = _rule_text(book, f.rule)
            if text_of and (f.rule, text_of) not in cited:
                cited.append((f.rule, text_of))
    return RulingDocument(
        source=night.source, session=session, hand=number, action=action, question=question, topic=topic.name,
        topic_title=_(topic.title), game=game, rulebook=book.name, action_text=text, action_line=event.line,
        said=said, held=_held(hand, action), pot_after=state.pot,
        stacks_after=tuple(zip(state.names, state.stacks)), to_act_before=to_act,
        decided_by=decided_by, ruling=ruling, rule=rule, rule_text=_rule_text(book, rule), remedy=remedy, code=code,
        needs=needs, later=later.when if later else None, facts=tuple(facts), chips=_chips(hand, now), pots=pots, penalties=penalties, carries=carries,
        also=tuple(_finding_ruling(f) + (f" [{f.rule}]" if f.rule else "") for f in others),
        cited=tuple(cited),
        quoted=_quoted(book, (rule, *(r for r, _ in cited))) if quotes else (),
    )


def contradiction(doc: RulingDocument, replayed: ReplayedNight) -> str | None:
    """What in ``replayed`` (the night as it stands, rulings on record included) contradicts the
    ruling ``doc``, in words, or None: a ruling is stored only when nothing does.

    The disputed action must still stand; the hand must have reached the point where the rule is
    judged; and a ruling from the log must say what the replay's own findings on the question say
    (no breach where the replay finds none, the breach it finds where it finds one).
    """
    hand = next((h for h in replayed if h.entry.number == doc.hand), None)
    if hand is None or not 1 <= doc.action <= len(hand.replay.events):
        return _("hand {hand} has no action {action} any more").format(hand=doc.hand, action=doc.action)
    voided_by = _voided_by(hand, doc.action)
    if voided_by is not None:
        return _("action {action} of hand {hand} was taken back by action {by}").format(
            action=doc.action, hand=doc.hand, by=voided_by)
    if not doc.decided:
        return _("nothing is decided")
    replay = hand.replay
    topic = topic_named(doc.topic)
    relevant = _relevant(topic, replay.setup.rulebook.game, replay.findings, doc.action,
                         getattr(replay.events[doc.action - 1], "player", None))
    breaches = [f for f in relevant if f.severity == "error"]
    later = None if breaches else play(replay.setup, replay.events).judged_later().get(doc.topic)
    if later is not None:
        return _("it is not decided yet: {when} ({rule})").format(when=later.when, rule=later.rule)
    if doc.decided_by != "log":
        return None  # the table's facts are replayed with it: what the replay says follows from them
    if doc.code is None and breaches:
        return _("the replay finds {findings}").format(findings=" ".join(_finding_ruling(f) for f in breaches))
    if doc.code is not None and doc.code not in {f.code for f in relevant}:
        return _("the replay no longer finds what it rests on ({code})").format(code=doc.code)
    return None


__all__ = ["contradiction", "decide"]
