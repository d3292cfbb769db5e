"""Nine-card Brag (rulebook ``nine_card_brag``, seed-001): seven-card brag with three hands, as a subclass.

At most five players; nine cards each, no discard; three three-card hands revealed in three rounds,
the best first (brag9.3: only the first reveal must be the player's best).  The pot goes to the
player best in all three rounds, or in two of them (``brag9.win``); otherwise it stays and grows
(brag9.7).  9-9-9 is the top prial.  Four of a kind declared before arranging wins at once;
four pairs declared before arranging end the deal: the pot stays and the same dealer deals again
(``brag9.four_pairs_redeal``).  The nine-card rulebook has no misorder option: a player who does
not reveal his best hand first cannot win the deal, as in seven-card brag's default (brag9.1).
"""

from __future__ import annotations

from types import MappingProxyType

from referee.engine.games.seven_card_brag import SevenCardBrag
from referee.engine.options import choice
from referee.errors import InputError
from referee.i18n import _


class NineCardBrag(SevenCardBrag):
    """One hand of Nine-card Brag."""

    name = "nine_card_brag"
    title = "Nine-card Brag"
    prefix = "brag9"
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("brag9.win", "all_three | two_of_three", "what wins the pot", "seed-001; op-9cb", pins="10.14"),
        choice("brag9.four_of_a_kind_wins", "off | on",
               "whether four of a kind among the nine cards wins at once", "seed-001; op-9cb"),
        choice("brag9.round_tie", "no_unique_best | first_revealed_wins",
               "what a tie for the best hand of a round means", "seed silent; op-9cb", pins="10.13"),
        choice("brag9.four_pairs_redeal", "off | on",
               "whether a player dealt four pairs may call a redeal", "op-9cb"),
        choice("brag9.scoring", "single_pot | four_pots | points_3_2_1_to_21", "how the stakes are won",
               "seed-001; 3cardbrag.co.uk; johnpanter"),
    )
    hand_size = 9
    declarations = frozenset({"four_of_a_kind", "four_pairs"})

    rounds = 3
    top_prial = 9
    max_players = 5
    discards = 0
    stake_rule = "brag9.1"
    order_rules = ("brag9.3",)
    best_first_rule = "brag9.3"
    dispute_rules = MappingProxyType({"show_order": ("brag9.3.1", "brag9.3")})
    win_rule = "brag9.5"
    carry_rule = "brag9.7"
    four_rule = "brag9.6"
    four_option = "brag9.four_of_a_kind_wins"
    tie_option = "brag9.round_tie"

    def refuse_unplayed_options(self) -> None:
        """``brag9.scoring``: only ``single_pot`` is the seed's; how the stakes are divided among four pots,
        or how points for second and third places and their ties go, is not stated anywhere the engine
        could cite, so such a hand is not replayed rather than replayed by a guess."""
        scoring = self.options["brag9.scoring"]
        if scoring != "single_pot":
            raise InputError(_("the rules engine does not replay brag9.scoring = {scoring}: its division of the stakes is not stated").format(scoring=scoring), hand=self.setup.number,
                             hint=_("replay it with brag9.scoring = single_pot"))

    def declaration_rules(self, what: str) -> tuple[str, str]:
        if what == "four_pairs":
            return "brag9.four_pairs_redeal", "brag9.four_pairs_redeal"
        return super().declaration_rules(what)

    def needed_wins(self) -> int:
        """brag9.win: all three rounds, or two of the three."""
        return 2 if self.options["brag9.win"] == "two_of_three" else 3
