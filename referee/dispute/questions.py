"""A dispute's question in plain words, read as one of the topics the referee rules on.

Each :class:`Topic` names the words that mark it (keywords and phrases, matched on whole words,
case and punctuation ignored), the finding codes (:data:`referee.engine.findings.CODES`) whose
presence or absence decides it.  The rules a topic cites when the log shows nothing broken, and
the rules a hand has not reached the point of judging yet, are each game's own
(``HandState.dispute_rules``, ``HandState.judged_later``).  The question is scored against every
topic; the best scoring one wins, a tie going to the topic listed first (the more specific ones
come first).  A question no topic's words mark is not guessed at: :func:`classify` returns None and
:func:`forms` says what questions are understood.  The words are English and Russian (a Russian table
asks in Russian: «открытие было ложным», «сколько карт прикупил»).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.engine.games import dispute_codes
from referee.i18n import N_, _


@dataclass(frozen=True)
class Topic:
    name: str
    #: in words, for the ruling's heading and the list of forms (marked: translated where shown)
    title: str
    #: an example question
    example: str
    #: words and phrases that mark it (a phrase counts double: it is the more telling)
    words: tuple[str, ...]
    #: finding codes that decide it in every game (the shared turn engines' and every game's); a game adds
    #: its own (``HandState.dispute_codes``): :meth:`codes_in`
    codes: tuple[str, ...]
    #: True: a finding anywhere in the hand decides it (a false open is established at the showdown
    #: but is about the opening); False: only a finding at (or about) the disputed action
    whole_hand: bool = False

    def codes_in(self, game: str) -> frozenset[str]:
        """The finding codes that decide this topic in a hand of ``game``: its own and the game's."""
        return frozenset(self.codes) | dispute_codes(game, self.name)


_BETTING = ("acted_out_of_turn", "acted_not_in_hand", "acted_all_in", "acted_round_over", "bet_outside_round",
            "bet_facing_bet", "raise_not_above_bet", "check_facing_bet", "check_not_allowed", "over_table_stakes",
            "short_call", "check_raise_forbidden", "raise_not_reopened")

TOPICS: tuple[Topic, ...] = (
    Topic("false_open", N_("Was the open false? (openers)"),
          "Bob says Ann's open was false",
          ("false open", "false", "openers", "opener", "jacks or better", "without openers", "prove", "proof", "jacks",
           "could not prove", "open", "opened", "opening",
           "ложное открытие", "ложно", "ложным", "ложное", "открыл", "открытие", "открывающей", "открывающая", "пара валетов", "без пары"),
          ("took_pot_not_his",), whole_hand=True),
    Topic("over_limit", N_("Was the bet or raise within the limit?"),
          "Cy's raise was over the limit",
          ("over the limit", "limit", "too much", "too big", "too large", "maximum", "max", "minimum", "min",
           "how much", "raise cap", "too many raises", "capped", "cap", "over",
           "лимит", "лимита", "больше лимита", "предел", "предела", "слишком много", "слишком большая", "максимум", "минимум"),
          ("bet_over_limit", "bet_under_minimum", "raise_cap_reached", "stake_not_round")),
    Topic("show_order", N_("Who had to show first?"),
          "who had to show first, Ann or Bob?",
          ("show first", "shows first", "showed first", "first to show", "who shows", "who had to show",
           "show", "showed", "order", "first", "reveal", "revealed", "turn over",
           "открываться первым", "первым открываться", "кто открывается", "вскрываться первым", "порядок", "первым"),
          ("showed_out_of_order", "showdown_unverifiable"),
          whole_hand=True),
    Topic("see", N_("Was the see allowed?"),
          "was Dee allowed to see Cy?",
          ("see", "sees", "saw", "seen", "seeing", "pay to see", "allowed to see",
           "вскрыть", "вскрыл", "вскрыла", "вскрывает", "вскрытие"),
          ("see_not_heads_up", "see_nothing_staked", "seen_sees_blind", "see_short", "see_over_cost",
           "see_wrong_target")),
    Topic("cover", N_("Who contests a covered pot?"),
          "Dee covered the pot: who plays for it?",
          ("cover", "covers", "covered", "covering", "contests", "contest", "side pot", "main pot",
           "закрыл банк", "закрыла банк", "закрыть банк", "закрытие банка", "кто играет за банк", "вспомогательный банк", "побочный банк", "основной банк"),
          ("cover_with_chips", "acted_after_cover"), whole_hand=True),
    Topic("buy_back", N_("Could La Viuda still be bought?"),
          "could Cy still buy La Viuda back?",
          ("buy back", "buyback", "buy-back", "buys back", "bought back", "buy la viuda", "la viuda", "buy", "bought",
           "buys", "widow chip",
           "выкупить", "выкуп", "выкупил", "выкупает"),
          ()),
    Topic("draw_count", N_("How many cards did he draw?"),
          "how many cards did Bob draw?",
          ("how many cards", "how many", "drew", "draw", "draws", "took", "cards did",
           "сколько карт", "сколько", "прикупил", "прикуп", "прикупает"),
          ()),
    Topic("misdeal", N_("Was it a misdeal?"),
          "Ann says the deal was a misdeal",
          ("misdeal", "misdealt", "mis-deal", "redeal", "re-deal", "deal again", "exposed", "wrong number of cards",
           "deal was wrong", "dealt out of order",
           "ошибка при сдаче", "ошибка сдачи", "пересдать", "пересдача", "неправильно сдал", "открыта карта"),
          ("misdeal_called", "misdeal_refused", "card_exposed", "card_exposed_plays", "dealt_not_in_deal"),
          whole_hand=True),
    Topic("turn", N_("Was it his turn?"),
          "Ann acted out of turn",
          ("out of turn", "turn", "his turn", "her turn", "whose turn", "before", "acted", "skipped",
           "не в свою очередь", "очередь", "очереди", "его ход", "чей ход", "ход"),
          ("acted_out_of_turn", "acted_round_over", "acted_not_in_hand", "acted_after_cover", "acted_after_last_turn")),
    Topic("card_fact", N_("What card did he hold? (a question of fact)"),
          "Ann says Bob's hole card was the Jh",
          ("card", "cards", "held", "hold", "holding", "had", "was it", "which card", "what card", "hole card", "ace",
           "king", "queen", "jack", "deuce", "hand was", "his hand", "her hand", "dealt",
           "карта", "карту", "карты", "какая карта", "на руке", "было на руке"),
          ("show_unreadable", "showdown_unverifiable", "show_contradicts_log"), whole_hand=True),
    Topic("legality", N_("Was that action legal?"),
          "was Bob's check allowed?",
          ("legal", "illegal", "allowed", "not allowed", "may", "could he", "could she", "can he", "can she",
           "is that ok", "rule", "rules", "wrong", "mistake", "foul", "check", "bet", "raise", "call", "fold",
           "stake", "exchange", "pass", "knock",
           "по правилам", "можно", "нельзя", "запрещено", "правило", "правила", "ошибка", "чек", "ставка", "ставку", "повысил", "пас", "уравнял"),
          _BETTING),
)

_BY_NAME = {t.name: t for t in TOPICS}


def topic(name: str) -> Topic:
    return _BY_NAME[name]


def _normal(text: str) -> str:
    text = text.casefold().replace("’", "'")
    text = re.sub(r"[^\w'\s-]+", " ", text)
    return f" {' '.join(text.split())} "


def scores(question: str) -> dict[str, int]:
    """Each topic's score for ``question``: 1 per keyword, 2 per phrase of several words found."""
    said = _normal(question)
    out: dict[str, int] = {}
    for t in TOPICS:
        score = 0
        for word in t.words:
            if f" {word} " in said or (" " in word and f" {word}" in said):
                score += 2 if " " in word else 1
        out[t.name] = score
    return out


def classify(question: str) -> Topic | None:
    """The topic ``question`` is about, or None when no topic's words are in it."""
    scored = scores(question)
    best = max(scored.values(), default=0)
    if best == 0:
        return None
    return next(t for t in TOPICS if scored[t.name] == best)


def forms() -> str:
    """The forms of question understood, one per topic, for a hint."""
    # a title without its last parenthetical ('(openers)'), as translated (the pseudo-language's
    # closing bracket stays)
    return "; ".join(re.sub(r" \([^()]*\)(?=⟧?$)", "", _(t.title)) + f" (\"{t.example}\")" for t in TOPICS)


__all__ = ["TOPICS", "Topic", "classify", "forms", "scores", "topic"]
