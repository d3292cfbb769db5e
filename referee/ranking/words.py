"""Rank words in the interface's language, in the forms the hand names need: ``king`` and ``kings``,
and in Russian the cases the names put them in (``король``, ``до короля``, ``короли``, ``пара
королей``).  English has one form for each number; the contexts say which case a translation gives.

Called only when a hand's name is built (:func:`referee.ranking.keys.hand_name`,
:attr:`referee.ranking.brag.BragValue.name`), never while a hand is ranked.
"""

from __future__ import annotations

from referee.i18n import pgettext


def rank_word(rank: int) -> str:
    """One card of ``rank``, as named alone or in a run: ``king`` (``король``)."""
    return {
        2: pgettext("rank", "two"),
        3: pgettext("rank", "three"),
        4: pgettext("rank", "four"),
        5: pgettext("rank", "five"),
        6: pgettext("rank", "six"),
        7: pgettext("rank", "seven"),
        8: pgettext("rank", "eight"),
        9: pgettext("rank", "nine"),
        10: pgettext("rank", "ten"),
        11: pgettext("rank", "jack"),
        12: pgettext("rank", "queen"),
        13: pgettext("rank", "king"),
        14: pgettext("rank", "ace"),
    }[rank]


def rank_genitive(rank: int) -> str:
    """One card of ``rank`` after a word that governs it: ``king`` in ``straight, king high`` (``стрит до короля``)."""
    return {
        2: pgettext("rank, genitive", "two"),
        3: pgettext("rank, genitive", "three"),
        4: pgettext("rank, genitive", "four"),
        5: pgettext("rank, genitive", "five"),
        6: pgettext("rank, genitive", "six"),
        7: pgettext("rank, genitive", "seven"),
        8: pgettext("rank, genitive", "eight"),
        9: pgettext("rank, genitive", "nine"),
        10: pgettext("rank, genitive", "ten"),
        11: pgettext("rank, genitive", "jack"),
        12: pgettext("rank, genitive", "queen"),
        13: pgettext("rank, genitive", "king"),
        14: pgettext("rank, genitive", "ace"),
    }[rank]


def ranks_word(rank: int) -> str:
    """Cards of ``rank``, named alone: ``kings`` in ``two pair, kings and fives`` (``короли``)."""
    return {
        2: pgettext("ranks", "twos"),
        3: pgettext("ranks", "threes"),
        4: pgettext("ranks", "fours"),
        5: pgettext("ranks", "fives"),
        6: pgettext("ranks", "sixes"),
        7: pgettext("ranks", "sevens"),
        8: pgettext("ranks", "eights"),
        9: pgettext("ranks", "nines"),
        10: pgettext("ranks", "tens"),
        11: pgettext("ranks", "jacks"),
        12: pgettext("ranks", "queens"),
        13: pgettext("ranks", "kings"),
        14: pgettext("ranks", "aces"),
    }[rank]


def ranks_genitive(rank: int) -> str:
    """Cards of ``rank`` after a word that governs them: ``kings`` in ``pair of kings`` (``пара королей``)."""
    return {
        2: pgettext("ranks, genitive", "twos"),
        3: pgettext("ranks, genitive", "threes"),
        4: pgettext("ranks, genitive", "fours"),
        5: pgettext("ranks, genitive", "fives"),
        6: pgettext("ranks, genitive", "sixes"),
        7: pgettext("ranks, genitive", "sevens"),
        8: pgettext("ranks, genitive", "eights"),
        9: pgettext("ranks, genitive", "nines"),
        10: pgettext("ranks, genitive", "tens"),
        11: pgettext("ranks, genitive", "jacks"),
        12: pgettext("ranks, genitive", "queens"),
        13: pgettext("ranks, genitive", "kings"),
        14: pgettext("ranks, genitive", "aces"),
    }[rank]


def run_words(ranks: tuple[int, ...]) -> str:
    """Ranks high to low, joined: ``king-jack-nine`` (0s, unused places, left out)."""
    return "-".join([rank_word(r) for r in ranks if r])


__all__ = ["rank_genitive", "rank_word", "ranks_genitive", "ranks_word", "run_words"]
