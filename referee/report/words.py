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

from referee.i18n import _
from referee.plain_words import plural

if TYPE_CHECKING:
    from referee.ledger.ledger import ChipCheck, Difference


def chips(count: int) -> str:
    """``1 chip``, ``2 chips`` (``1 фишка``, ``2 фишки``, ``5 фишек``)."""
    return plural(count, "chip", "chips")


def short_or_over(cents: int) -> str:
    """The night's money, ``cents`` being the sum of the balances before anything is absorbed
    (:attr:`referee.ledger.ledger.Difference.cents`): + short, − over, 0 square."""
    return "short" if cents > 0 else "over" if cents < 0 else "square"


def cash_out_words(bought: int, cashed: int) -> str:
    """``session close``'s line: the chips bought and the chips cashed out, and whether the night is
    short or over by the difference."""
    if bought == cashed:
        return _("Chips: {bought} bought, {cashed} cashed out (they balance)").format(bought=bought, cashed=cashed)
    if cashed < bought:
        return _("Chips: {bought} bought, {cashed} cashed out ({fewer} fewer came back than were bought: "
                 "over by {chips})").format(bought=bought, cashed=cashed, fewer=bought - cashed,
                                            chips=chips(bought - cashed))
    return _("Chips: {bought} bought, {cashed} cashed out ({more} more came back than were bought: "
             "short by {chips})").format(bought=bought, cashed=cashed, more=cashed - bought, chips=chips(cashed - bought))


def check_words(check: ChipCheck) -> str:
    """The conservation check as a true equation: what was bought (and what the games put on or took
    off) against where the chips are, with the count's difference on whichever side makes it hold."""
    left = _("{count} bought").format(count=check.bought)
    if check.added_by_games:
        left += " + " + _("{count} put on by games").format(count=check.added_by_games)
    if check.removed_by_games:
        left += " \u2212 " + _("{count} taken off by games").format(count=check.removed_by_games)
    right = [_("{count} cashed out").format(count=check.cashed)]
    if check.on_table:
        right.append(_("{count} on the table").format(count=check.on_table))
    if check.middle:
        right.append(_("{count} in the middle").format(count=check.middle))
    if check.undecided:
        right.append(_("{count} in undecided pots").format(count=check.undecided))
    found = " + ".join(right)
    d = check.difference
    if d == 0:
        return _("Chips: {bought} = {found}: holds").format(bought=left, found=found)
    if d < 0:  # fewer found than bought: money is left over
        return _("Chips: {bought} = {found} + {missing} missing from the count: over by {chips}").format(
            bought=left, found=found, missing=-d, chips=chips(-d))
    return _("Chips: {bought} + {extra} counted beyond the log = {found}: short by {chips}").format(
        bought=left, extra=d, found=found, chips=chips(d))


def difference_words(difference: Difference, money: str) -> str:
    """The night's money that the balances do not account for, and who absorbs it: ``Over by €4.00
    (money left over), absorbed pro rata to the losers (the default)``.  ``money`` is its amount
    written in the session's currency.  Of a night still open it says what it is so far: chips in
    the middle of a hand in play are nobody's yet, not money left over."""
    policy = str(difference.policy)  # kept as English words with their message: said in the reader's language
    if difference.open_night and difference.cents < 0:
        return _("Not settled yet: {money} of chips is in nobody's stack (the night is open), shared for now "
                 "{policy}").format(money=money, policy=policy)
    if difference.open_night and difference.cents > 0:
        return _("Short by {money} so far (the night is open), absorbed for now {policy}").format(
            money=money, policy=policy)
    if difference.cents > 0:
        return _("Short by {money} (the chips cashed out are worth more than was paid in), "
                 "absorbed {policy}").format(money=money, policy=policy)
    if difference.cents < 0:
        return _("Over by {money} (money left over: the chips cashed out are worth less than was paid in), "
                 "absorbed {policy}").format(money=money, policy=policy)
    return _("The money is square: the balances sum to zero; a night short or over is absorbed {policy}").format(
        policy=policy)


def share_column(difference: Difference) -> str:
    """The ledger's column of each player's share of what the night is short or over, named for it."""
    return _("Share of short") if difference.cents > 0 else _("Share of over")


__all__ = ["cash_out_words", "check_words", "chips", "difference_words", "plural", "share_column", "short_or_over"]
