"""Reading hand files: the header, hands, seat changes, options, every action form, and the errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cards import UNKNOWN, card, cards
from referee.engine import events as ev
from referee.errors import HandFileError
from referee.handfile import AddChips, Leave, Seat, SitDown, parse_night, read_night

HEADER = """\
rulebook: jackpots
seats: Ann 100, Bob 100, Cy 100, Dee 100
dealer: Ann
"""


def night(body: str, header: str = HEADER):
    return parse_night(header + body, source="night.txt")


def one(action: str, header: str = HEADER) -> ev.Event:
    """The single event of a one-line hand."""
    (event,) = night(f"hand 1\n{action}\n", header).hands[0].events
    return event


def error(text: str) -> HandFileError:
    with pytest.raises(HandFileError) as info:
        parse_night(text, source="night.txt")
    return info.value


# ---------------------------------------------------------------- header


def test_header_seats_dealer_options_and_comments() -> None:
    n = parse_night(
        "# Friday at Ann's\n"
        "rulebook: jackpots   # the house game\n"
        "option draw.limit_post = 10\n"
        "option jackpots.false_open_penalty = ante_for_all_next_deal\n"
        "seats: Ann 100, Bob 80\n"
        "seat: Cy 120\n"
        "dealer: bob\n"
        "\n"
        "hand 1\n"
        "Ann: folds\n",
        source="night.txt",
    )
    assert n.rulebook == "jackpots" and n.game == "jackpots"
    assert dict(n.options) == {"draw.limit_post": 10, "jackpots.false_open_penalty": "ante_for_all_next_deal"}
    assert n.seats == (Seat("Ann", 100), Seat("Bob", 80), Seat("Cy", 120))
    assert n.dealer == "Bob"
    (hand,) = n.hands
    assert hand.number == 1 and hand.seats == ("Ann", "Bob", "Cy") and hand.dealer is None
    assert dict(hand.options) == dict(n.options)
    assert hand.events == (ev.Fold("Ann"),)
    assert hand.events[0].line == 10


def test_a_header_alone_is_a_night_without_hands() -> None:
    assert parse_night(HEADER).hands == ()


def test_events_carry_their_line_numbers() -> None:
    n = night("\nhand 1\nAnn: bets 2\n\n# comment\nBob: calls\n")
    assert [e.line for e in n.hands[0].events] == [6, 9]


def test_hand_numbers_may_be_omitted_but_must_follow_in_order() -> None:
    n = night("hand\nAnn: folds\nhand\nBob: folds\nhand 3:\nCy: folds\n")
    assert [h.number for h in n.hands] == [1, 2, 3]
    err = error(HEADER + "hand 1\nAnn: folds\nhand 3\nBob: folds\n")
    assert err.where == "night.txt:6" and "hand 3 where hand 2 was expected" in err.message


# ---------------------------------------------------------------- between hands


def test_seat_changes_dealer_and_options_in_a_hand_header_carry_on() -> None:
    n = night(
        "hand 1\nAnn: folds\n"
        "hand 2\n"
        "option draw.limit_pre = 3\n"
        "Eve sits down with 50 after Bob\n"
        "Cy leaves\n"
        "Ann adds 20\n"
        "dealer: eve\n"
        "Eve: checks\n"
        "hand 3\nDee: folds\n"
    )
    h1, h2, h3 = n.hands
    assert h1.seats == ("Ann", "Bob", "Cy", "Dee")
    assert h2.seats == ("Ann", "Bob", "Eve", "Dee")
    assert h2.changes == (SitDown("Eve", 50, "Bob"), Leave("Cy"), AddChips("Ann", 20))
    assert h2.joined == (SitDown("Eve", 50, "Bob"),) and h2.left == ("Cy",) and h2.added == (AddChips("Ann", 20),)
    assert h2.dealer == "Eve" and dict(h2.option_changes) == {"draw.limit_pre": 3}
    assert h3.seats == h2.seats and h3.dealer is None and h3.changes == ()
    assert dict(h3.options) == {"draw.limit_pre": 3} and dict(h3.option_changes) == {}


def test_a_new_player_without_after_sits_last_in_the_order() -> None:
    n = night("hand 1\nEve sits down with 40\nEve: folds\n")
    assert n.hands[0].seats == ("Ann", "Bob", "Cy", "Dee", "Eve")


def test_a_rulebook_change_switches_game_and_resets_options() -> None:
    n = night(
        "hand 1\nAnn: folds\n"
        "hand 2\nrulebook: five_card_stud\nAnn: dealt up Kh\n",
        header="rulebook: jackpots\noption draw.limit_post = 10\nseats: Ann 10, Bob 10\ndealer: Ann\n",
    )
    h1, h2 = n.hands
    assert (h1.game, dict(h1.options)) == ("jackpots", {"draw.limit_post": 10})
    assert (h2.game, h2.rulebook, dict(h2.options), h2.rulebook_change) == ("five_card_stud", "five_card_stud", {}, "five_card_stud")


def test_a_rulebook_path_is_read_relative_to_the_hand_file(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text(
        '[rulebook]\nname = "house"\nextends = "jackpots"\n[options]\n"draw.limit_pre" = 4\n', encoding="utf-8"
    )
    (tmp_path / "night.txt").write_text(
        "rulebook: house.toml\nseats: Ann 10, Bob 10\ndealer: Ann\nhand 1\nAnn: bets 4\n", encoding="utf-8"
    )
    n = read_night(tmp_path / "night.txt")
    assert n.game == "jackpots" and n.rulebook == "house.toml" and n.base_dir == str(tmp_path)


# ---------------------------------------------------------------- action words


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Ann: dealt Jh Jd ?? ?? ??", ev.Deal("Ann", (card("Jh"), card("Jd"), UNKNOWN, UNKNOWN, UNKNOWN))),
        ("Ann: fold", ev.Fold("Ann")),
        ("ANN: Folds", ev.Fold("Ann")),
        ("Ann: check", ev.Check("Ann")),
        ("Ann: bet 2", ev.Bet("Ann", 2)),
        ("Ann: bets 2", ev.Bet("Ann", 2)),
        ("Ann: call", ev.Call("Ann")),
        ("Ann: raise 2", ev.Raise("Ann", 2)),
        ("Ann: raises to 6", ev.Raise("Ann", 6, to=True)),
        ("Ann: all in", ev.AllIn("Ann")),
        ("Ann: goes all-in", ev.AllIn("Ann")),
        ("Ann: draws 3", ev.Draw("Ann", 3)),
        ("Ann: stands pat", ev.Draw("Ann", 0)),
        ("Ann: draws 2, discards 7c 2d face down", ev.Draw("Ann", 2, discards=tuple(cards("7c 2d")), kept_face_down=True)),
        ("Ann: draws 2, discards 7c 2d, gets Kd ks", ev.Draw("Ann", 2, tuple(cards("7c 2d")), tuple(cards("Kd Ks")))),
        ("Ann: draws 1, discards face down", ev.Draw("Ann", 1, kept_face_down=True)),
        ("Ann: shows As Ad Kc Kd 2s", ev.Show("Ann", tuple(cards("As Ad Kc Kd 2s")))),
        ("Ann: shows openers Jh Jd", ev.Show("Ann", tuple(cards("Jh Jd")), purpose="openers")),
        ("Ann: shows discards 7c 2d", ev.Show("Ann", tuple(cards("7c 2d")), purpose="discards")),
        ("Ann: mucks", ev.Muck("Ann")),
        ("Bob: asks Ann", ev.Ask("Bob", "Ann")),
        ("Bob: asks ann how many she drew", ev.Ask("Bob", "Ann")),
        ("Ann: declares split openers", ev.Declare("Ann", "split_openers")),
        ("Bob: declares open", ev.Declare("Bob", "open")),
        ("Ann: admits false open", ev.Declare("Ann", "false_open")),
        ("Ann: exposes Jh", ev.Expose("Ann", card("Jh"), by_dealer=False)),
        ("dealer exposes 10h to bob", ev.Expose("Bob", card("Th"), by_dealer=True)),
        ("misdeal: first card exposed", ev.Misdeal(reason="first card exposed")),
        ("Misdeal", ev.Misdeal()),
        ("Ann: takes the pot", ev.TakePot("Ann")),
        ("Ann: rakes in the pot", ev.TakePot("Ann")),
    ],
)
def test_draw_game_action_words(line: str, event: ev.Event) -> None:
    assert one(line) == event


def test_void_names_an_action_number_or_the_previous_action() -> None:
    events = night("hand 1\nAnn: bets 2\nBob: raises 9\nvoid 2: misheard\nBob: calls\nvoid\n").hands[0].events
    assert events[2] == ev.Void(2, "misheard") and events[4] == ev.Void(4)


def test_stud_upcards() -> None:
    header = "rulebook: five_card_stud\nseats: Ann 10, Bob 10\ndealer: Ann\n"
    n = night("hand 1\nAnn: dealt ??\nAnn: dealt up Kh\nBob: dealt down 2c\n", header)
    assert n.hands[0].events == (
        ev.Deal("Ann", (UNKNOWN,)),
        ev.Deal("Ann", (card("Kh"),), face_up=True),
        ev.Deal("Bob", (card("2c"),)),
    )


# ---------------------------------------------------------------- errors: file:line, message, hint


@pytest.mark.parametrize(
    ("body", "line", "message", "hint"),
    [
        ("hand 1\nAnn: dealt Jh Ts1 Qd\n", 5, "bad card 'Ts1' (2nd card)", "??"),
        ("hand 1\nZed: folds\n", 5, "unknown player 'Zed'", "Ann, Bob, Cy, Dee"),
        ("hand 1\nAnn: sings\n", 5, "cannot read action 'sings' of Ann", "bets 2"),
        ("hand 1\nAnn: rasies 2\n", 5, "cannot read action 'rasies 2' of Ann", "did you mean 'raises 2'?"),
        ("hand 1\nAnn: fodls\n", 5, "cannot read action 'fodls' of Ann", "did you mean 'folds'?"),
        ("hand 1\nAnn: knocks\n", 5, "'knocks' is not an action of Jackpots", "draws 3"),
        ("hand 1\nAnn: bets two\n", 5, "bad bet 'two'", "whole numbers"),
        ("hand 1\nAnn: bets 0\n", 5, "bad bet '0': must be at least 1", "positive"),
        ("hand 1\nAnn: calls 2\n", 5, "'calls 2': a call takes no amount", "short call"),
        ("hand 1\nAnn: draws 2, discards 7c\n", 5, "Ann draws 2 but the line lists 1 discards", "??"),
        ("hand 1\nAnn: draws 2, tosses 7c 2d\n", 5, "cannot read 'tosses 7c 2d' in a draw", "face down"),
        ("hand 1\nAnn: dealt Jh Jh ?? ?? ??\n", 5, "card dealt twice: Jh in the deal", None),
        ("hand 1\nAnn: asks Ann\n", 5, "Ann asks himself", "write whom he asked: 'Bob: asks Ann'"),
        ("hand 1\nAnn: declares four of a kind\n", 5, "'declares four of a kind' is not a declaration of Jackpots", "split openers"),
        ("hand 1\nAnn: bets 2\nvoid 5\n", 6, "'void 5': the hand has 1 action so far", "void"),
        ("hand 1\nAnn: bets 2\nvoid 1\nvoid 1\n", 7, "action 1 is already void", None),
        ("hand 1\nAnn: bets 2\nvoid 1\nvoid 2\n", 7, "action 2 is itself a void", None),
        ("hand 1\nvoid\n", 5, "'void' with nothing to void", None),
        ("Ann: folds\n", 4, "'Ann: folds' before the first 'hand' line", "hand 1"),
        ("hand 1\n", 4, "hand 1 has no actions", "delete"),
        ("hand 1\nAnn: folds\nhand 2\nAnn: folds\nEve sits down with 5\n", 8, "a player sitting down after the hand's first action", "before hand 2"),
        ("hand 1\nAnn sits down with 5\nAnn: folds\n", 5, "Ann is already seated", None),
        ("hand 1\nann leaves\nAnn: folds\n", 6, "unknown player 'Ann'", "Bob, Cy, Dee"),
        ("hand 1\nDee leaves\nCy leaves\nBob leaves\nAnn: folds\n", 8, "hand 1 has fewer than two players", None),
        ("hand 1\ndealer: Zed\nAnn: folds\n", 5, "dealer Zed is not seated in hand 1", "Ann, Bob"),
        ("hand 1\noption draw.limit_pre = lots\nAnn: folds\n", 5, "draw.limit_pre", None),
        ("hand 1\noption draw.no_such = 3\nAnn: folds\n", 5, "draw.no_such", None),
        ("hand 1\nseats: Eve 5\n", 5, "'seats:' inside a hand", "sits down"),
        ("hand 1\nAnn: folds\nAnn: blah blah\n", 6, "cannot read action 'blah blah' of Ann", "folds"),
        ("hand 1\nAnn: folds\nthe lights went out\n", 6, "cannot read 'the lights went out'", "void 7"),
    ],
)
def test_errors_name_file_and_line_with_a_hint(body: str, line: int, message: str, hint: str | None) -> None:
    err = error(HEADER + body)
    assert err.where == f"night.txt:{line}"
    assert message in err.message
    if hint is not None:
        assert err.hint is not None and hint in err.hint
    assert str(err).startswith(f"night.txt:{line}: ")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("seats: Ann 10, Bob 10\ndealer: Ann\nhand 1\nAnn: folds\n", 3, "the night names no rulebook"),
        ("rulebook: jackpots\nseats: Ann 10\ndealer: Ann\nhand 1\n", 4, "fewer than two players"),
        ("rulebook: jackpots\nseats: Ann 10, Bob 10\nhand 1\nAnn: folds\n", 3, "the night names no dealer"),
        ("rulebook: jackpots\nseats: Ann 10, Bob 10\n", 2, "the night names no dealer"),
        ("rulebook: jackpot\nseats: Ann 10, Bob 10\n", 1, "no shipped rulebook named 'jackpot'"),
        ("rulebook: jackpots\nrulebook: jackpots\n", 2, "a second 'rulebook:' line"),
        ("option draw.limit_pre = 3\n", 1, "an option before the rulebook"),
        ("rulebook: jackpots\nseats: Ann 10, Bob ten\n", 2, "bad stack for Bob 'ten'"),
        ("rulebook: jackpots\nseats: Ann 10, ann 10\n", 2, "ann is already seated"),
        ("rulebook: jackpots\nseats: Ann 10, Hand 10\n", 2, "'Hand' cannot be a player's name"),
        ("rulebook: jackpots\nseats: Ann 10, 7up 10\n", 2, "bad player name '7up'"),
        ("rulebook: jackpots\nseats: Ann 10, Bob\n", 2, "cannot read seat 'Bob'"),
        ("rulebook: jackpots\nseats: Ann 10, Bob 10\ndealer: Zed\n", 3, "unknown player 'Zed'"),
        ("rulebook: jackpots\nseats: Ann 10, Bob 10\nfoo\n", 3, "cannot read 'foo'"),
        ("rulebok: jackpots\nseats: Ann 10, Bob 10\ndealer: Ann\n", 1, "'rulebok:' is not a header line"),
        ("rulebook: jackpots\nsets: Ann 10, Bob 10\ndealer: Ann\n", 2, "'sets:' is not a header line"),
    ],
)
def test_header_errors(text: str, line: int, message: str) -> None:
    err = error(text)
    assert err.where == f"night.txt:{line}" and message in err.message and err.hint


def test_a_misspelt_header_key_is_named_with_the_key_it_looks_like() -> None:
    assert error("rulebook: jackpots\nseats: Ann 10, Bob 10\ndeeler: Ann\n").hint == "did you mean 'dealer:'?"


def test_one_mistake_is_one_error_not_a_cascade() -> None:
    """A hand whose only line is bad is not also "a hand with no actions"; a night with no rulebook
    says so once, at its first hand, not again at the end of the file."""
    with pytest.raises(HandFileError) as bad_action:
        parse_night(HEADER + "hand 1\nAnn: bets two\nhand 2\nAnn: bets 2\nBob: folds\n", source="night.txt")
    assert str(bad_action.value).startswith("night.txt:5: bad bet 'two'")
    assert not hasattr(bad_action.value, "errors")  # the one error, not a list of them
    with pytest.raises(HandFileError) as no_rulebook:
        parse_night("rulebok: jackpots\nseats: Ann 10, Bob 10\ndealer: Ann\nhand 1\nAnn: bets 2\n", source="night.txt")
    messages = [str(e) for e in no_rulebook.value.errors]  # type: ignore[attr-defined]
    assert messages == ["night.txt:1: 'rulebok:' is not a header line", "night.txt:4: the night names no rulebook"]


def test_a_rulebook_error_keeps_the_rulebook_hint() -> None:
    err = error("rulebook: jackpot\n")
    assert err.hint == "did you mean 'jackpots'?"


def test_read_night_names_the_file_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("night.txt").write_text(HEADER + "hand 1\nAnn: dealt Jh Ts1\n", encoding="utf-8")
    with pytest.raises(HandFileError) as info:
        read_night("night.txt")
    assert str(info.value).startswith("night.txt:5: bad card 'Ts1' (2nd card)")
    with pytest.raises(HandFileError, match="no such hand file: missing.txt"):
        read_night("missing.txt")
    Path("latin1.txt").write_bytes(HEADER.encode() + b"hand 1\nAnn: folds \xe9\n")
    with pytest.raises(HandFileError) as info:
        read_night("latin1.txt")
    assert info.value.where == "latin1.txt:5"


def _spellings(example: str) -> list[str]:
    """An example action's words with its first word in each form a reader takes (``bet``, ``bets``,
    ``Bets``), and a few words players write that no action starts with."""
    first, _, rest = example.partition(" ")
    plain = first.removesuffix("es") if first.endswith("es") and first != "goes" else first.removesuffix("s")
    forms = {first, plain, plain + "s", plain + "es", first.upper(), first.capitalize()}
    return [" ".join(w for w in (form, rest) if w) for form in sorted(forms)] + [example + " now", "goes all in"]


@pytest.mark.parametrize("game", ["straight_draw", "jackpots", "five_card_stud", "whiskey_poker", "la_viuda",
                                  "three_card_brag", "seven_card_brag", "stop_the_bus"])
def test_a_line_is_read_as_the_first_action_it_matches_whichever_way_its_verb_is_written(game: str) -> None:
    # "Ann: bets 2" is tried against the actions a line beginning "bets" may be; the action found must
    # be the one trying every action in order would find, for every way of writing each action
    from referee.engine.games import find_game
    from referee.engine.games.common import SHARED_ACTIONS
    from referee.handfile.actions import _by_verb

    every = (*SHARED_ACTIONS, *find_game(game).actions)
    tried = 0
    for examples in find_game(game).events.values():
        for example in examples.split(" | "):
            for said in _spellings(example):
                first = next((a for a in every if a.match(said)), None)
                chosen = next((a for a in _by_verb(game, said) if a.match(said)), None)
                assert chosen is first, (said, chosen, first)
                tried += first is not None
    assert tried > len(find_game(game).events)
