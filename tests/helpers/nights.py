"""Generated hands and nights of every game, for the property tests (hypothesis strategies).

``hand_events``: a sequence of events of one game that the hand-file reader accepts (any legality:
that is the engine's to judge).  ``nights``: a night of up to four hands in which players come and go,
add chips, and a hand header may switch the game or change an option.
"""

from __future__ import annotations

from hypothesis import strategies as st

from referee.cards import ALL_CARDS, UNKNOWN, AnyCard
from referee.engine import events as ev
from referee.engine.events import Ruling
from referee.engine.games import find_game, game_names
from referee.handfile import AddChips, HandEntry, Leave, Night, Seat, SitDown, parse_night
from referee.rulebook import shipped_rulebook_names

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789'.,-", min_size=1, max_size=8)
REASON = st.lists(WORD, max_size=4).map(" ".join)
AMOUNT = st.integers(min_value=1, max_value=500)
ANY_CARD: st.SearchStrategy[AnyCard] = st.one_of(st.just(UNKNOWN), st.sampled_from(ALL_CARDS))


def card_list(min_size: int = 1, max_size: int = 5) -> st.SearchStrategy[tuple[AnyCard, ...]]:
    """Cards with no known card twice (the reader refuses a card named twice in one list)."""
    return st.lists(ANY_CARD, min_size=min_size, max_size=max_size).map(_dedupe).filter(
        lambda cs: min_size <= len(cs)
    )


def _dedupe(cs: list[AnyCard]) -> tuple[AnyCard, ...]:
    seen: set[object] = set()
    out: list[AnyCard] = []
    for c in cs:
        if c is UNKNOWN or c not in seen:
            out.append(c)
            seen.add(c)
    return tuple(out)


@st.composite
def hand_events(draw: st.DrawFn, game: str, seats: tuple[str, ...]) -> tuple[ev.Event, ...]:
    """A sequence of events of ``game`` that the reader accepts (any legality: that is the engine's)."""
    kinds = sorted(find_game(game).events, key=lambda k: k.__name__)
    events: list[ev.Event] = []
    voided: set[int] = set()
    wanted = draw(st.integers(min_value=1, max_value=12))
    while len(events) < wanted:  # a hand holds at least one action (a lone void has nothing to void)
        kind = draw(st.sampled_from(kinds))
        p = draw(st.sampled_from(seats))
        other = draw(st.sampled_from([s for s in seats if s != p]))
        e: ev.Event
        if kind is ev.Void:
            targets = [n for n, x in enumerate(events, 1) if n not in voided and not isinstance(x, ev.Void)]
            if not targets:
                continue
            e = ev.Void(draw(st.sampled_from(targets)), draw(REASON))
            voided.add(e.action)
        elif kind is ev.Misdeal:
            e = ev.Misdeal(reason=draw(REASON))
        elif kind is ev.TurnWidow:
            e = ev.TurnWidow(draw(card_list(0, 5)))
        elif kind is ev.DealWidow:
            e = ev.DealWidow(draw(card_list(1, 5)))
        elif kind is ev.Showdown:
            e = ev.Showdown()
        elif kind is ev.Reported:
            e = ev.Reported(p, draw(st.sampled_from(["lowest", "best"])))
        elif kind is ev.Expose:
            e = ev.Expose(p, draw(ANY_CARD), by_dealer=draw(st.booleans()))
        elif kind is ev.Deal:
            e = ev.Deal(p, draw(card_list(1, 9)), face_up=draw(st.booleans()))
        elif kind is ev.Show:
            e = ev.Show(p, draw(card_list()), purpose=draw(st.sampled_from(["hand", "openers", "discards"])))
        elif kind is ev.Bet:
            e = ev.Bet(p, draw(AMOUNT))
        elif kind is ev.Stake:
            e = ev.Stake(p, draw(AMOUNT), blind=draw(st.booleans()))
        elif kind is ev.Raise:
            e = ev.Raise(p, draw(AMOUNT), to=draw(st.booleans()))
        elif kind is ev.See:
            e = ev.See(p, draw(AMOUNT), target=draw(st.sampled_from([None, other])))
        elif kind is ev.Draw:
            count = draw(st.integers(min_value=0, max_value=5))
            known = draw(st.booleans()) and count > 0
            e = ev.Draw(
                p,
                count,
                discards=draw(card_list(count, count)) if known else (),
                received=draw(card_list(count, count)) if count and draw(st.booleans()) else (),
                kept_face_down=draw(st.booleans()),
            )
        elif kind is ev.Ask:
            e = ev.Ask(p, other)
        elif kind is ev.Declare:
            e = ev.Declare(p, draw(st.sampled_from(sorted(find_game(game).declarations))), draw(card_list(0, 4)))
        elif kind is ev.Exchange:
            cs = draw(card_list(2, 10))
            half = len(cs) // 2
            e = ev.Exchange(p, cs[:half], cs[half : 2 * half], knock=draw(st.booleans()))
        elif kind is ev.Arrange:
            cs = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=10, max_size=10, unique=True))
            n = draw(st.integers(min_value=1, max_value=3))
            hands = tuple(tuple(cs[3 * i : 3 * i + 3]) for i in range(n))
            e = ev.Arrange(p, hands, discard=tuple(cs[9:]) if draw(st.booleans()) else ())
        elif kind is ev.Reported:
            e = ev.Reported(p, "lowest")  # Stop the Bus: 'Cy: was lowest'
        elif kind is ev.Reveal:
            e = ev.Reveal(p, draw(st.none() | st.integers(min_value=1, max_value=3)), draw(card_list(3, 3)))
        else:
            e = kind(p)
        events.append(e)
    return tuple(events)


SHIPPED = [g for g in game_names() if g in shipped_rulebook_names()]


def draw_limit(draw: st.DrawFn, game: str) -> dict[str, str | int]:
    """Now and then a house option on a draw game (the options a night or a hand header sets)."""
    if game in ("straight_draw", "jackpots") and draw(st.booleans()):
        return {"draw.limit_post": draw(st.integers(min_value=5, max_value=20))}
    return {}


@st.composite
def nights(draw: st.DrawFn) -> Night:
    """A night of up to four hands: players come and go, and a hand header may switch the game
    ('rulebook: …', which resets the options) or change an option of the game being played."""
    first_game = game = draw(st.sampled_from(SHIPPED))
    seated = list(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True)))
    stacks = [Seat(n, draw(AMOUNT)) for n in seated]
    dealer = draw(st.sampled_from(seated))
    options = draw_limit(draw, game)
    so_far = None
    if game in ("whiskey_poker", "la_viuda") and draw(st.booleans()):  # a game already under way
        if game == "whiskey_poker":
            options["whiskey.scoring"] = "lowest_pays_1_to_pool_elimination"
            so_far = ev.GameSoFar(pool=draw(st.integers(0, 30)))
        else:
            bought = draw(st.sampled_from([None, False, True]))
            so_far = ev.GameSoFar(pool=draw(st.integers(1, 30)), fund=draw(st.none() | st.integers(0, 500)),
                                  bought=bought, bought_by=draw(st.sampled_from(seated)) if bought else None)
    first_options = dict(options)
    hands: list[HandEntry] = []
    for number in range(1, draw(st.integers(min_value=0, max_value=4)) + 1):
        changes: list[SitDown | Leave | AddChips] = []
        if number > 1:
            free = [n for n in NAMES if n not in seated]
            if free and draw(st.booleans()):
                name = draw(st.sampled_from(free))
                after = draw(st.sampled_from([None, *seated]))
                seated.insert(seated.index(after) + 1 if after else len(seated), name)
                changes.append(SitDown(name, draw(AMOUNT), after))
            if len(seated) > 2 and draw(st.booleans()):
                gone = draw(st.sampled_from(seated))
                seated.remove(gone)
                changes.append(Leave(gone))
            if draw(st.booleans()):
                changes.append(AddChips(draw(st.sampled_from(seated)), draw(AMOUNT)))
            if draw(st.integers(0, 3)) == 0:  # the table switches games: the new rulebook's own options
                game = rulebook_change = draw(st.sampled_from(SHIPPED))
                option_changes = draw_limit(draw, game)
                options = dict(option_changes)
            else:  # or changes an option of the game it plays
                rulebook_change, option_changes = None, draw_limit(draw, game)
                options = {**options, **option_changes}
        else:
            rulebook_change, option_changes = None, {}
        hand_dealer = draw(st.sampled_from([None, *seated]))
        hands.append(
            HandEntry(
                number=number,
                game=game,
                rulebook=game,
                options=dict(options),
                seats=tuple(seated),
                events=draw(hand_events(game, tuple(seated))),
                dealer=hand_dealer,
                changes=tuple(changes),
                rulebook_change=rulebook_change,
                option_changes=option_changes,
                shuffled=draw(st.booleans()),
            )
        )
    dealer_named = dealer if first_game not in ("whiskey_poker", "la_viuda") or draw(st.booleans()) else None
    return Night(
        source="<text>", rulebook=first_game, game=first_game, options=first_options, seats=tuple(stacks),
        dealer=dealer_named, hands=tuple(hands), so_far=so_far,
    )


#: a jackpots night whose first pot waits on openers never shown (jackpots.3), with a second hand after
DISPUTED_TEXT = """\
rulebook: jackpots
seats: Ann 20, Bob 20, Cy 20
dealer: Ann

hand 1
Bob: bets 2
Cy: raises 4
Ann: folds
Bob: calls
Bob: draws 2
Cy: draws 3
Bob: bets 3
Cy: calls
Bob: shows Qs Qd 9c 9h 2s
Cy: mucks

hand 2
Bob adds 10
Cy: bets 1
Ann: folds
Bob: folds
"""
DISPUTED = parse_night(DISPUTED_TEXT)
#: the same night with a third hand in play: Ann has opened for 1, Bob (20 chips behind) may raise
DISPUTED_IN_PLAY = parse_night(DISPUTED_TEXT + "\nhand 3\nAnn: bets 1\n")
#: the table decided Bob's openers were there (docs/rulings.md: a table's decision is replayed at the
#: end of its hand): he takes the pot
TABLE_RULED = Ruling(1, 1, "Cy says Bob's open was false", "false_open", "table", "The table decided",
                     facts=("Bob: shows openers Qs Qd",))
