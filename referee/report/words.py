"""The words the end of the night is told in, one way everywhere (``session close``, ``settle``, the
report in the terminal and in the PDF).

**Short and over** are said of the night's money, as the bank (the money paid in for chips) sees it:

* *short*: the chips cashed out are worth more than the money paid in for them — someone counted
  chips the log does not give him, so the winners are owed more than there is, and the losers (or
  the banker) make it up;
* *over*: they are worth less — fewer chips came back than were bought (a miscount, chips left in
  the middle), so money is left over, and it goes back to the losers (or to the banker).

``close`` says it in chips, ``settle`` and the report in money; the session's ``shortfall`` setting
says who absorbs either.  Every equation printed is true as printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.ledger.ledger import ChipCheck, Difference


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 illegal action``, ``2 illegal actions``; ``many`` for a plural not made with an s."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def short_or_over(cents: int) -> str:
    """The night's money, ``cents`` being the sum of the balances before anything is absorbed
    (:attr:`referee.ledger.ledger.Difference.cents`): + short, − over, 0 square."""
    return "short" if cents > 0 else "over" if cents < 0 else "square"


def cash_out_words(bought: int, cashed: int) -> str:
    """``session close``'s line: the chips bought and the chips cashed out, and whether the night is
    short or over by the difference."""
    if bought == cashed:
        return f"Chips: {bought} bought, {cashed} cashed out (they balance)"
    if cashed < bought:
        return (f"Chips: {bought} bought, {cashed} cashed out ({bought - cashed} fewer came back than were bought: "
                f"over by {plural(bought - cashed, 'chip')})")
    return (f"Chips: {bought} bought, {cashed} cashed out ({cashed - bought} more came back than were bought: "
            f"short by {plural(cashed - bought, 'chip')})")


def check_words(check: ChipCheck) -> str:
    """The conservation check as a true equation: what was bought (and what the games put on or took
    off) against where the chips are, with the count's difference on whichever side makes it hold."""
    left = f"{check.bought} bought"
    if check.added_by_games:
        left += f" + {check.added_by_games} put on by games"
    if check.removed_by_games:
        left += f" \u2212 {check.removed_by_games} taken off by games"
    right = [f"{check.cashed} cashed out"]
    if check.on_table:
        right.append(f"{check.on_table} on the table")
    if check.middle:
        right.append(f"{check.middle} in the middle")
    if check.undecided:
        right.append(f"{check.undecided} in undecided pots")
    found = " + ".join(right)
    d = check.difference
    if d == 0:
        return f"Chips: {left} = {found}: holds"
    if d < 0:  # fewer found than bought: money is left over
        return (f"Chips: {left} = {found} + {-d} missing from the count: "
                f"over by {plural(-d, 'chip')}")
    return (f"Chips: {left} + {d} counted beyond the log = {found}: "
            f"short by {plural(d, 'chip')}")


def difference_words(difference: Difference, money: str) -> str:
    """The night's money that the balances do not account for, and who absorbs it: ``Over by €4.00
    (money left over), absorbed pro rata to the losers (the default)``.  ``money`` is its amount
    written in the session's currency.  Of a night still open it says what it is so far: chips in
    the middle of a hand in play are nobody's yet, not money left over."""
    if difference.open_night and difference.cents < 0:
        return (f"Not settled yet: {money} of chips is in nobody's stack (the night is open), shared for now "
                f"{difference.policy}")
    if difference.open_night and difference.cents > 0:
        return f"Short by {money} so far (the night is open), absorbed for now {difference.policy}"
    if difference.cents > 0:
        return (f"Short by {money} (the chips cashed out are worth more than was paid in), "
                f"absorbed {difference.policy}")
    if difference.cents < 0:
        return (f"Over by {money} (money left over: the chips cashed out are worth less than was paid in), "
                f"absorbed {difference.policy}")
    return f"The money is square: the balances sum to zero; a night short or over is absorbed {difference.policy}"


def share_column(difference: Difference) -> str:
    """The ledger's column of each player's share of what the night is short or over, named for it."""
    return "Share of short" if difference.cents > 0 else "Share of over"


__all__ = ["cash_out_words", "check_words", "difference_words", "plural", "share_column", "short_or_over"]
