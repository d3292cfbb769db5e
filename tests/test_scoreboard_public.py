"""The players' page is made from what the table has seen: nights where it once told more.

"What the page shows about a hand — whose turn, what was done, who won and with what, the pot's fate,
findings and rulings, standings, chart — is derived from what the table has seen, never from a logged
private card. While the cards that decide a result are unshown, the page says so ('showdown: waiting
for the shows', 'opener's proof pending') and the standings and chart count the hand as not yet
decided."  The scorekeeper's own views (the replay, the report) still settle from his logged deals.

The non-interference proof over every night is tests/test_scoreboard_noninterference.py; these are the
situations it was written from, each with what the page must say, and a check that the proof catches
the page that settled from the logged deals.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from helpers.scoreboard import act, record_step_by_step
from helpers.swap import LEAKED_ONCE
from test_scoreboard_noninterference import check_night

import referee.engine.public as public
from referee.cards import parse_card
from referee.engine.public import PublicNightReplay, public_events
from referee.engine.replay import replay_hand
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file
from referee.ledger.ledger import people_of
from referee.scoreboard.view import PROOF_PENDING, UNAVAILABLE, WAITING_FOR_SHOWS, PublicPage, mask_text, session_view
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec


def _pages(store: Store, text: str) -> list[dict]:
    """The page's view after each event of the night ``text``, recorded one event at a time."""
    page = PublicPage()
    return [page.view(store.log_snapshot(sid), people_of(store, sid))
            for sid, _, _ in record_step_by_step(store, parse_night(text))]


def _text(view: dict) -> str:
    return json.dumps(view, ensure_ascii=False)


@pytest.fixture
def store(tmp_path: Path):
    with open_store(f"sqlite:///{tmp_path / 'public.sqlite3'}") as opened:
        yield opened


def test_an_unshown_draw_showdown_waits_for_the_shows_on_the_page(sqlite_url: str) -> None:
    """`act 1 "new hand" "Ann: dealt Jh Jd 4c 7s 9d" "Bob: dealt Qh Qd 2c 3s 8d" "Cy: dealt Ks Kd 5c 6s Td"
    "bob bet 2" "cy call" "ann fold" "bob stands pat" "cy stands pat" "bob check" "cy check"` once gave the
    page "Cy wins 7 with pair of kings": nobody had shown anything."""
    with open_store(sqlite_url) as opened:
        with opened.transaction() as tx:
            sid = tx.new_session(table_name="Kitchen", rulebook="straight_draw", chip_value_cents=100,
                                     seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy")]).id
    act(sqlite_url, sid, "new hand", "Ann: dealt Jh Jd 4c 7s 9d", "Bob: dealt Qh Qd 2c 3s 8d",
        "Cy: dealt Ks Kd 5c 6s Td", "bob bet 2", "cy call", "ann fold", "bob stands pat", "cy stands pat",
        "bob check", "cy check")
    with open_store(sqlite_url) as opened:
        view = session_view(opened, sid)
    hand = view["hand"]
    assert hand["waiting"] == WAITING_FOR_SHOWS and hand["over"] is None
    assert "kings" not in _text(view) and "Cy wins" not in _text(view)
    assert view["undecided"] == [1]
    # the 7 chips in the pot are nobody's yet: Bob and Cy put 2 in and anted 1 with Ann... all below 100
    assert {s["name"]: s["counted"] for s in view["standings"]} == {"Ann": 97, "Bob": 98, "Cy": 98}
    assert [a["words"] for a in hand["actions"][:3]] == ["Ann: dealt ?? ?? ?? ?? ??", "Bob: dealt ?? ?? ?? ?? ??",
                                                          "Cy: dealt ?? ?? ?? ?? ??"]
    act(sqlite_url, sid, "bob shows Qh Qd 2c 3s 8d", "cy shows Ks Kd 5c 6s Td")
    with open_store(sqlite_url) as opened:
        view = session_view(opened, sid)
    assert view["hand"]["over"] == "Cy wins 7 with pair of kings"
    assert {s["name"]: s["counted"] for s in view["standings"]} == {"Ann": 97, "Bob": 98, "Cy": 105}
    assert view["undecided"] == []


def test_the_scorekeepers_replay_still_settles_from_his_logged_deals() -> None:
    night = replay_night_file(parse_night(LEAKED_ONCE["straight_draw"].split("Bob: shows")[0]))
    assert night[0].replay.outcome.summary == "Cy wins 7 with pair of kings"


def test_stud_upcards_and_the_unshown_hole_card_do_not_name_a_full_house(store: Store) -> None:
    """Ann's upcards 9s 9d 2c 9h, her hole card 2d logged: the page once said "full house, nines full of twos"."""
    pages = _pages(store, LEAKED_ONCE["five_card_stud"])
    before_shows = pages[-3]
    assert before_shows["hand"]["waiting"] == WAITING_FOR_SHOWS
    assert "full house" not in _text(before_shows) and "2d" not in _text(before_shows)
    assert {s["name"]: s["cards"] for s in before_shows["hand"]["shown"]}["Ann"] == "9d 9h 9s 2c"
    assert pages[-1]["hand"]["over"] == "Ann wins 18 with full house, nines full of twos"


@pytest.mark.parametrize("game", ["whiskey_poker", "la_viuda"])
def test_a_commerce_deal_names_no_hand_and_moves_no_chip_before_the_shows(game: str, store: Store) -> None:
    """Every hand dealt and logged, the cycle over, the shows still to come: the page once named the best
    (worst) hand and moved the chips."""
    pages = _pages(store, LEAKED_ONCE[game])
    shows = sum(1 for line in LEAKED_ONCE[game].splitlines() if ": shows" in line)
    before_shows = pages[-shows - 1]
    assert before_shows["hand"]["over"] is None
    opening = {s["name"]: s["counted"] for s in pages[0]["standings"]}
    assert {s["name"]: s["counted"] for s in pages[-2]["standings"]} == opening  # the ante aside
    assert pages[-1]["hand"]["over"] is not None and pages[-1]["undecided"] == []


def test_jackpots_opener_proof_is_pending_whatever_his_logged_deal(store: Store) -> None:
    """`"Bob: dealt 4s 6d 8c Th Qd" "bob open 2" "cy fold" "dee fold" "ann fold"`: the page once showed a
    false open and its penalty, and "pot undecided" with jacks logged instead.  Nobody has shown anything."""
    no_openers = _pages(store, LEAKED_ONCE["jackpots"])[-1]
    jacks = _pages(store, LEAKED_ONCE["jackpots"].replace("4s 6d 8c Th Qd", "Js Jd 8c Th Qd"))[-1]
    assert no_openers["hand"]["waiting"] == PROOF_PENDING
    assert "false open" not in _text(no_openers).lower() and "penalt" not in _text(no_openers).lower()
    assert _text({**no_openers, "session": 0}) == _text({**jacks, "session": 0})


def test_a_card_given_into_a_face_down_widow_stays_unseen(store: Store) -> None:
    """`-o whiskey.phase1_knock=allowed`, `"Bob: dealt 4s 7h 9c Jd Kc" "ann knock"`, `act --force "bob exchanges
    4s for ??"`: the page once put 4s on the table."""
    last = _pages(store, LEAKED_ONCE["face_down_widow"])[-1]
    assert last["hand"]["table_cards"] == ""
    assert "4s" not in _text(last)
    assert last["hand"]["actions"][-1]["words"] == "Bob: exchanges ?? for ??"


def _planted_settle_from_the_logged_deals(self: PublicNightReplay, hand):  # type: ignore[no-untyped-def]
    """The page's old mistake: the outcome worked out from the scorekeeper's whole log."""
    setup = self.thread.setup_for(hand)
    events, self.seen = public_events(setup, hand.events)
    result = replay_hand(setup, events)
    result = replace(result, outcome=replay_hand(setup, hand.events).outcome)
    self.thread.after(replace(hand, events=events), setup, result.outcome)
    self.last = result
    return result


@pytest.mark.parametrize("game", ["straight_draw", "jackpots", "five_card_stud", "whiskey_poker", "la_viuda"])
def test_the_swap_proof_catches_a_page_settled_from_the_logged_deals(game: str, store: Store,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    night = parse_night(LEAKED_ONCE[game])
    check_night(store, night, game)  # the page as it is: nothing to catch
    monkeypatch.setattr(PublicNightReplay, "hand", _planted_settle_from_the_logged_deals)
    assert _caught(store, night, game)


def _caught(store: Store, night, name: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the proof fails on ``night`` with one of a few swaps (one swap may by chance decide the
    same way: a false open swapped for another hand without openers)."""
    for seed in range(5):
        try:
            check_night(store, night, name, seed)
        except AssertionError as failure:
            assert "after event" in str(failure)
            return True
    return False


def test_the_swap_proof_catches_every_exchange_taken_as_public(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    night = parse_night(LEAKED_ONCE["face_down_widow"])
    check_night(store, night, "face down")
    monkeypatch.setattr(public, "_widow_face_up", lambda *args: True)
    assert _caught(store, night, "face down")


# ---------------------------------------------------------------- free text and names


@pytest.mark.parametrize("typed, shown", [
    ("misread: jh jd were his", "misread: ?? ?? were his"),
    ("JhJd, not QhQd", "?? ??, not ?? ??"),
    ("it was the J♡", "it was the ??"),
    ("the jack of hearts was exposed", "the ?? was exposed"),
    ("10h or Th?", "?? or ???"),
    ("Jk1 is not a card of the La Viuda pack", "?? is not a card of the La Viuda pack"),
    ("Ah dealt twice to Ks", "Ah dealt twice to Ks"),  # players named Ah and Ks
    ("a pair of kings, nothing else", "a pair of kings, nothing else"),
    ("у Боба был валет червей, а не дама пик", "у Боба был ??, а не ??"),
    ("он сбросил десятку бубен и туза треф", "он сбросил ?? и ??"),
    ("пара королей, больше ничего", "пара королей, больше ничего"),
])
def test_free_text_shows_no_unseen_card_in_any_form_the_reader_accepts(typed: str, shown: str) -> None:
    assert mask_text(typed, frozenset(), names=("Ah", "Ks")) == shown


def test_free_text_keeps_the_cards_the_table_has_seen() -> None:
    seen = frozenset({parse_card("Jh")})
    assert mask_text("jh and jd", seen) == "jh and ??"
    assert mask_text("валет червей и валет бубен", seen) == "валет червей и ??"


def test_players_named_like_cards_are_shown_as_names(store: Store) -> None:
    night = """rulebook: straight_draw
seats: Ah 100, Ks 100, Cy 100
dealer: Ah

hand 1
Ah: dealt Jh Jd 4c 7s 9d
Ks: bets 2
Cy: folds
Ah: folds
void 3: Cy misread Ks for a check, Ah saw the Jh
"""
    last = _pages(store, night)[-1]
    words = [a["words"] for a in last["hand"]["actions"]]
    assert words[1] == "Ks: bets 2" and words[0] == "Ah: dealt ?? ?? ?? ?? ??"
    assert words[-1].endswith("Cy misread Ks for a check, Ah saw the ??"), words[-1]
    assert {s["name"] for s in last["standings"]} == {"Ah", "Ks", "Cy"}


def test_a_misdeal_reason_shows_no_unseen_card(store: Store) -> None:
    night = """rulebook: straight_draw
seats: Ann 100, Bob 100, Cy 100
dealer: Ann

hand 1
Bob: dealt Qh Qd 2c 3s 8d
misdeal: Bob got the queen of hearts and QD twice
"""
    words = _pages(store, night)[-1]["hand"]["actions"][-1]["words"]
    assert "queen" not in words and "QD" not in words and "??" in words, words


# ---------------------------------------------------------------- a night the page cannot show


def test_a_night_that_no_longer_replays_tells_the_phone_only_that(tmp_path: Path, store: Store) -> None:
    """A house rulebook edited under a running night stored before nights kept their rulebook's text, so
    that it no longer replays (its first read records the file as edited), then deleted: the phones once
    got "Jk1 is not a card of the La Viuda pack", then the server's absolute path."""
    book = tmp_path / "house.toml"
    book.write_text('[rulebook]\nextends = "la_viuda"\n')
    with store.transaction() as tx:
        tx.records_rulebooks = False  # as the release before stored it
        sid = tx.new_session(table_name="Kitchen", rulebook=str(book), chip_value_cents=100,
                             seats=[SeatSpec(n, 3) for n in ("Ann", "Bob", "Cy")]).id
        hand = tx.start_hand(sid, dealer="Ann")
    from referee.engine import events as ev
    from referee.cards import cards

    store.append_event(sid, hand.number, ev.Expose("Cy", cards("Jk1")[0]))
    page = PublicPage()
    assert "unavailable" not in page.view(store.log_since(sid, 0), people_of(store, sid))  # its rulebook not recorded yet
    book.write_text('[rulebook]\nextends = "la_viuda"\n[options]\n"laviuda.jokers" = 0\n')  # no joker in the pack
    for _ in range(2):
        view = PublicPage().view(store.log_snapshot(sid), people_of(store, sid))
        assert view["unavailable"] == UNAVAILABLE
        assert "Jk1" not in _text(view) and str(tmp_path) not in _text(view)
        book.unlink(missing_ok=True)

