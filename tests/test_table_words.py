"""The table in each game's own words, and a screen that never cuts them: ``referee act`` through the
real CLI and ``referee table`` in a pseudo-terminal (the :class:`Terminal` of test_table_terminal).

* a game's verbs, hints and did-you-mean are that game's (its ``table_words``), in the words its
  players say; every verb its prompt offers is one its hand format reads;
* the status line and the printed answers wrap at the terminal's width, between words;
* the showdown says who shows first, why, and quotes the rule;
* no internal phase name, one name per game;
* a pasted colour code is not a crash.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pexpect
import pytest
from helpers.cli import run
from test_table_terminal import Terminal

from referee.engine.events import Show
from referee.engine.games import all_games, phase_words
from referee.engine.night import NightThread
from referee.engine.replay import start_hand
from referee.handfile import read_night
from referee.handfile.actions import HandReader
from referee.handfile.replay import night_hands
from referee.recording.live_table import LiveTable
from referee.handfile.shorthand import expand, verb_for
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

GOLDEN = Path(__file__).parent / "golden"


def new_session(url: str, rulebook: str, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee")) -> int:
    with open_store(url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook=rulebook, chip_value_cents=25,
                                        seats=[SeatSpec(n, 40) for n in names])
        assert session.id is not None
        return session.id


def texts(url: str, sid: int, hand: int = 1) -> list[str]:
    with open_store(url) as store:
        return [r.text for r in store.events(sid, hand)]


# ------------------------------------------------------------------ a game's own words


def test_three_card_brag_takes_the_words_its_players_say(sqlite_url: str) -> None:
    """Seed 001: a player "не может «спасовать»" and stay in, he stakes or drops (пас); he may stake
    «втемную» (blind).  The status offers "drop"; the table takes it, and a hand-format line with it."""
    sid = new_session(sqlite_url, "three_card_brag")
    begun = run("act", str(sid), "new hand", "--db", sqlite_url)
    assert begun.stdout.splitlines()[-1].endswith("Bob to act: drop, blind 1–5, look (then stake as seen)")
    done = run("act", str(sid), "bob drops", "cy втемную 2", "dee пас", "Ann: drops", "--db", sqlite_url)
    assert done.returncode == 0, done.stderr
    assert texts(sqlite_url, sid) == ["Bob: folds", "Cy: blind 2", "Dee: folds", "Ann: folds"]


def test_did_you_mean_and_hints_offer_only_the_games_own_words(sqlite_url: str) -> None:
    sid = new_session(sqlite_url, "three_card_brag")
    assert run("act", str(sid), "new hand", "--db", sqlite_url).returncode == 0
    typo = run("act", str(sid), "bob dorp", "--db", sqlite_url)
    assert typo.returncode == 2
    assert "'dorp' is not a verb of Three-card Brag" in typo.stderr and "did you mean 'drop'?" in typo.stderr
    jackpots_word = run("act", str(sid), "bob opens", "--db", sqlite_url)  # a Jackpots word: no brag word is near
    assert jackpots_word.returncode == 2 and "'opens'?" not in jackpots_word.stderr
    hint = jackpots_word.stderr.split("Hint:", 1)[1]
    assert "drop (пас)" in hint and "blind (втемную)" in hint and "see (вскрыть)" in hint
    assert not re.search(r"\bchecks?\b|\bopens?\b|\braises?\b", hint)  # brag has no checking, opening, raising
    unread = run("act", str(sid), "Bob: frobs", "--db", sqlite_url)  # the hand format's examples: a brag hand
    examples = unread.stderr.split("Hint:", 1)[1]
    assert "dealt Jh Jd ??;" in examples and "?? ?? ??" not in examples and "checks" not in examples
    assert "shows As Ad Kc;" in examples
    alone = run("act", str(sid), "bob", "--db", sqlite_url)
    assert "e.g. 'bob drop'" in alone.stderr
    assert texts(sqlite_url, sid) == []


def _spots(game: type) -> list[tuple[object, object]]:
    """(state, prompt) at every step of the game's golden nights (the engine's real spots)."""
    files = sorted((GOLDEN / game.name).glob("*.txt"))  # type: ignore[attr-defined]
    assert files, f"{game.name} has no golden nights to walk"  # type: ignore[attr-defined]
    spots = []
    for path in files:
        night = read_night(path)
        thread = NightThread([(s.name, s.stack) for s in night.seats], night.dealer, night.so_far)
        for hand in night_hands(night):
            setup = thread.setup_for(hand)
            state = start_hand(setup)
            for event in hand.events:
                spots.append((state.prompt(), state.phase))
                state.push(event)
            spots.append((state.prompt(), state.phase))
            thread.after(hand, setup, state.outcome())
    return spots


def _kinds(game: type, words: str) -> set[type]:
    """The event kinds whose example lines in the game begin with the hand format's ``words``."""
    return {kind for kind, examples in game.events.items()  # type: ignore[attr-defined]
            for example in examples.split(" | ") if example.startswith(words)}


@pytest.mark.parametrize("game", [g for g in all_games() if g.replays], ids=lambda g: g.name)
def test_every_verb_a_games_prompt_offers_is_read_by_its_hand_format(game: type) -> None:
    """Walks every spot of the game's golden nights: each verb the status line offers ("drop",
    "blind 1–5", "keep his hand", "turn the widow face up") is a word of the game at the table,
    stands for an event the hand format reads, and together they cover every event the prompt allows."""
    offered: dict[str, set[type]] = {}
    phases: set[str] = set()
    for prompt, phase in _spots(game):
        phases.add(phase)
        if prompt.to_act is None:  # type: ignore[attr-defined]
            continue
        covered: set[type] = set()
        for phrase in prompt.legal:  # type: ignore[attr-defined]
            word = phrase.split()[0]
            if word not in offered:
                words = verb_for(word, game.name)  # refused: the game does not take its own prompt's word
                kinds = _kinds(game, words)
                assert kinds, (phrase, words)
                example = next(e for k in kinds for e in game.events[k].split(" | ") if e.startswith(words))
                line = example if re.match(r"(?:widow|dummy)\b", example) else f"Ann: {example}"  # a table line
                read = HandReader(game.name, lambda typed: typed.capitalize()).read(line, 1)
                assert type(read) in kinds
                typed = expand(f"ann {word}", game.name, ("Ann", "Bob"))  # the word alone at the table
                assert typed.startswith(("Ann: " + words.split()[0], words.split()[0])), (word, typed)
                offered[word] = kinds
            covered |= offered[word]
        allowed = {type(e) for e in prompt.events()}  # type: ignore[attr-defined]
        assert allowed <= covered | {Show}, (game.name, prompt.legal, allowed - covered)  # type: ignore[attr-defined]
    assert offered
    assert not [p for p in phases if re.search(r"_|[a-z]\d", phase_words(game.name, p))]  # no phase by the engine's own name


# ------------------------------------------------------------------ one name, no phase names


def test_the_game_is_named_by_its_title_and_phases_in_words(sqlite_url: str) -> None:
    sid = new_session(sqlite_url, "three_card_brag")
    done = run("act", str(sid), "new hand", "?", "--db", sqlite_url)
    assert done.returncode == 0, done.stderr
    assert "hand 1 · Three-card Brag · dealer Ann" in done.stdout
    assert "Bob to act (the betting): drop, blind 1–5" in done.stdout
    assert "three card brag" not in done.stdout.lower().replace("three-card brag", "")
    assert "(betting)" not in done.stdout and "round1" not in done.stdout
    jackpots = new_session(sqlite_url, "jackpots")
    asked = run("act", str(jackpots), "new hand", "bob open 2", "?", "--db", sqlite_url)
    assert "Cy to act (first betting round): fold, call 2, raise 1–2" in asked.stdout
    assert "round1" not in asked.stdout


# ------------------------------------------------------------------ the showdown


def test_the_showdown_says_who_shows_first_and_why_and_quotes_the_rule(db_url: str) -> None:
    """Seed 002 (draw.showdown_first = last_raiser): "The showdown begins with the last player who bet
    or raised in the hand and goes clockwise" (draw.9)."""
    sid = new_session(db_url, "jackpots")
    called = run("act", str(sid), "new hand", "bob dealt JhJd??????", "bob open 2", "cy f", "dee c", "ann f",
                 "bob d 3", "dee d 2", "bob x", "dee b 4", "bob c", "?", "--db", db_url)
    assert called.returncode == 0, called.stderr
    lines = called.stdout.splitlines()
    assert lines[-1] == ("hand 1 · Jackpots · dealer Ann · pot 16 · Dee shows first: Dee bet or raised last in the "
                         "hand (draw.showdown_first) · cards Bob Jh Jd")
    answer = lines[lines.index("hand 1, action 10: Bob: calls") + 1:]
    assert answer[0] == "hand 1: Dee shows first: Dee bet or raised last in the hand (draw.showdown_first)"
    assert answer[1].startswith("  draw.showdown_first: The showdown begins with the last player who bet or raised")
    shown = run("act", str(sid), "dee show AsAdKsKd2c", "?", "--db", db_url)
    assert shown.stdout.splitlines()[-1] == (
        "hand 1 · Jackpots · dealer Ann · pot 16 · Bob shows next: clockwise from Dee, who showed first (draw.9) · "
        "cards Bob Jh Jd; Dee As Ad Ks Kd 2c")
    assert "  draw.9: At the showdown every remaining player in turn, clockwise from the first to show" in shown.stdout


def test_a_showdown_after_checks_names_the_last_to_bet_before_the_draw(sqlite_url: str) -> None:
    sid = new_session(sqlite_url, "jackpots")
    done = run("act", str(sid), "new hand", "bob open 2", "cy f", "dee c", "ann f", "bob d 3", "dee d 2", "bob x",
               "dee x", "--db", sqlite_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith(
        "Bob shows first: Bob bet or raised last in the hand (draw.showdown_first)")


# ------------------------------------------------------------------ the screen


@pytest.fixture
def narrow_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    return env | {"TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path / "data")}


def _words(text: str) -> list[str]:
    return text.replace("·", " ").split()


def test_the_status_line_and_answers_wrap_between_words_at_a_narrow_terminal(sqlite_url: str,
                                                                            narrow_env: dict[str, str]) -> None:
    sid = new_session(sqlite_url, "three_card_brag")
    cols = 50
    term = Terminal("table", str(sid), "--db", sqlite_url, env=narrow_env, cols=cols, rows=100)
    try:
        screen = term.wait_for("table> ")
        assert "'help' or 'quit'." in screen and "'?\n'" not in screen  # the greeting too, between words
        term.type("new hand\r", "✓ hand 1 begins: Ann deals")
        term.type("bob dealt JhJdJs\r", "✓ hand 1, action 1: Bob: dealt Jh Jd Js")
        term.pump(0.3)
        with open_store(sqlite_url) as store:
            status = LiveTable(store, sid).status()
        whole = status.line()
        assert len(whole) > cols
        shown = term.bottom_lines(len(status.toolbar(cols - 1).splitlines()))
        assert all(len(line) < cols for line in shown)
        assert _words(" ".join(shown)) == _words(whole)  # every word whole: nothing cut, nothing split

        term.type("?\r", "is allowed.")  # the last words of the last rule quoted
        term.pump(0.5)
        with open_store(sqlite_url) as store:
            rules = LiveTable(store, sid).rules_here()
        screen = [line for line in term.seen if line.strip()]
        start = next(i for i, line in enumerate(screen) if line.startswith("Bob> ?"))
        answer = screen[start + 1:start + 1 + 60]
        said = " ".join(answer)
        for rule_line in rules.splitlines():  # each rule's text, word for word, wherever the lines broke
            assert " ".join(rule_line.split()) in " ".join(said.split()), rule_line
        screen = term.type("bob dr", "legal now")  # completion offers the status line's own word
        assert re.search(r"drop +legal now", screen)
        term.type("\t\r", "✓ hand 1, action 2: Bob: folds")
        term.type("cy пас\r", "✓ hand 1, action 3: Cy: folds")
        term.type("quit\r", "")
        term.child.expect(pexpect.EOF, timeout=20)
    finally:
        term.child.close(force=True)


def test_a_pasted_colour_code_is_no_crash(sqlite_url: str, narrow_env: dict[str, str]) -> None:
    sid = new_session(sqlite_url, "jackpots")
    term = Terminal("table", str(sid), "--db", sqlite_url, env=narrow_env)
    try:
        term.wait_for("table> ")
        term.type("new hand\r", "✓ hand 1 begins: Ann deals")
        term.type("\x1b[31mbob open 2\x1b[0m\r", "✓ hand 1, action 1: Bob: bets 2")
        term.type("\x1b[1;32mcy r 4\x1b[0m\r", "✗ ")
        assert not any("Unhandled exception" in line or "Traceback" in line for line in term.seen)
        term.type("quit\r", "")
        term.child.expect(pexpect.EOF, timeout=20)
    finally:
        term.child.close(force=True)
    assert texts(sqlite_url, sid) == ["Bob: bets 2"]
    by_act = run("act", str(sid), "\x1b[32mcy f\x1b[0m", "--db", sqlite_url)  # pasted into a script
    assert by_act.returncode == 0, by_act.stderr
    assert texts(sqlite_url, sid) == ["Bob: bets 2", "Cy: folds"]
