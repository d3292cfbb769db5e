"""``referee dispute``: questions read as topics, rulings the engine decides from the log, questions
of fact the log cannot decide (and the table's decision), rulings stored in the session log and
followed by later replays; the ruling's PDF read back as text and rendered to PNG pages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.dispute.decide import decide
from referee.dispute.questions import TOPICS, classify, forms, topic
from referee.engine.events import Ruling
from referee.errors import InputError
from referee.handfile import parse_night, read_night
from referee.handfile.replay import replay_night_file
from referee.recording.night_file import record_night
from referee.recording.session_log import night_from_session
from referee.store.store import SeatSpec, open_store
from referee.store.codec import decode_event, encode_event

from helpers.fuzz import store_rows

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}

#: Bob opens and nobody ever sees his openers: the pot waits for them (jackpots.3)
UNPROVEN = """\
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
Cy: shows Ks Kd 7c 6h 2d

hand 2
Cy: bets 2
Ann: calls
Bob: folds
Cy: draws 1
Ann: draws 3
Cy: checks
Ann: checks
Ann: shows Ah Ad 7c 6h 2d
Cy: shows Kh Kc Jd Js 3s
"""


def ruling_on(path: Path | str, hand: int, action: int, question: str, facts: tuple[str, ...] = ()):
    night = read_night(path) if isinstance(path, Path) else parse_night(path)
    found = classify(question)
    assert found is not None, question
    return decide(night, replay_night_file(night), hand, action, question, found, facts)


# ------------------------------------------------------------------ reading the question


@pytest.mark.parametrize(("question", "expected"), [
    ("Bob says Ann's open was false", "false_open"),
    ("that open was false", "false_open"),
    ("Ann could not prove her openers", "false_open"),
    ("did Bob really have jacks to open?", "false_open"),
    ("Ann bet 10 after the draw, is that too much?", "over_limit"),
    ("who wins the side pot?", "cover"),
    ("Cy's raise was over the limit", "over_limit"),
    ("he bet too much after the draw", "over_limit"),
    ("who had to show first, Ann or Bob?", "show_order"),
    ("Was Dee allowed to see Cy?", "see"),
    ("I had covered the pot", "cover"),
    ("who contests the main pot?", "cover"),
    ("could Cy still buy back La Viuda?", "buy_back"),
    ("How many cards did Bob draw?", "draw_count"),
    ("Ann acted out of turn", "turn"),
    ("Ann says Bob's hole card was the jack of hearts", "card_fact"),
    ("was that check legal?", "legality"),
])
def test_questions_are_read_as_their_topic(question: str, expected: str) -> None:
    found = classify(question)
    assert found is not None and found.name == expected


def test_a_question_no_topic_marks_is_not_guessed_at() -> None:
    assert classify("what is the weather like?") is None
    listed = forms()
    for t in TOPICS:
        assert t.example in listed
    result = runner.invoke(app, ["dispute", str(GOLDEN / "jackpots" / "15_false_open_found_at_showdown.txt"),
                                 "--hand", "1", "--action", "2", "what is the weather like?"])
    assert result.exit_code == 2
    assert "cannot tell what the question 'what is the weather like?' asks" in result.stderr
    assert "questions understood:" in result.stderr and "Traceback" not in result.output


def test_every_topic_codes_are_real_finding_codes() -> None:
    """A game's own codes come with its actions: the catalogue holds them once every game is loaded."""
    from referee.engine.findings import CODES
    from referee.engine.games import all_games

    all_games()
    for t in TOPICS:
        assert set(t.codes) <= set(CODES), t.name


# ------------------------------------------------------------------ what the log decides


def test_a_false_open_found_at_the_showdown_is_ruled_from_the_log() -> None:
    doc = ruling_on(GOLDEN / "jackpots" / "15_false_open_found_at_showdown.txt", 1, 2, "Cy says Bob's open was false")
    assert doc.decided_by == "log" and doc.code == "false_open_at_showdown" and doc.rule == "jackpots.9"
    assert "the pot goes to the best hand among the other players" in (doc.rule_text or "")
    assert doc.remedy  # the engine's words for the penalty (jackpots.6)
    assert dict((c.player, c.net) for c in doc.chips) == {"Ann": -3, "Bob": -10, "Cy": 12, "Dee": 1}
    assert "Bob pays 1 to Cy [jackpots.false_open_penalty]" in doc.penalties
    assert doc.said[-1] == (2, "Bob: bets 2") and ("Bob", "Ah Kd 8c 5s 2d") in doc.held
    assert doc.event() == Ruling(1, 2, "Cy says Bob's open was false", "false_open", "log", doc.ruling,
                                 "jackpots.9", "false_open_at_showdown", ())


def test_an_opener_who_only_could_not_prove_openers_is_ruled_as_unproven() -> None:
    path = GOLDEN / "jackpots" / "09_split_openers_undeclared.txt"
    night = read_night(path)
    codes = {f.code for h in replay_night_file(night) for f in h.replay.findings}
    assert "unproven_opener" in codes
    hand = next(h for h in replay_night_file(night) if any(f.code == "unproven_opener" for f in h.replay.findings))
    finding = next(f for f in hand.replay.findings if f.code == "unproven_opener")
    doc = ruling_on(path, hand.entry.number, finding.about or finding.action or 1, "he could not prove his openers")
    assert doc.code == "unproven_opener" and doc.rule == "jackpots.unproven_opener" and doc.decided_by == "log"


def test_an_over_limit_raise_and_a_legal_one() -> None:
    doc = ruling_on(UNPROVEN, 1, 2, "Cy's raise was over the limit")
    assert (doc.decided_by, doc.code, doc.rule, doc.remedy) == ("log", "bet_over_limit", "draw.6", "capped at 2")
    fine = ruling_on(UNPROVEN, 2, 1, "Cy's bet was over the limit")
    assert fine.decided_by == "log" and fine.code is None and fine.rule == "draw.6"
    assert fine.ruling.startswith("The log shows no breach: “Cy: bets 2” stands.")


def test_who_had_to_show_first() -> None:
    doc = ruling_on(UNPROVEN, 2, 9, "who had to show first?")
    assert doc.decided_by == "log" and doc.ruling.startswith("Cy had to show first; the order of showing was Cy, Ann.")
    assert doc.code == "showed_out_of_order" and doc.rule == "draw.9"


def test_whether_a_see_was_allowed() -> None:
    doc = ruling_on(GOLDEN / "three_card_brag" / "02_no_ante_see.txt", 1, 7, "was Bob allowed to see Cy?")
    assert doc.decided_by == "log" and doc.code is None and "no breach" in doc.ruling
    assert doc.rule is not None and doc.rule.startswith("brag.")


def test_who_contests_a_covered_pot() -> None:
    doc = ruling_on(GOLDEN / "three_card_brag" / "23_cover_five_players.txt", 1, 14, "Dee covered: who contests the pot?")
    assert doc.decided_by == "log"
    assert "the main pot of 40: Bob, Dee, Eve" in doc.ruling and "side pot 1 of 29: Bob, Eve" in doc.ruling


def test_whether_a_buy_back_was_still_open() -> None:
    late = ruling_on(GOLDEN / "la_viuda" / "05_buyback_not_immediately.txt", 3, 2, "could Bob still buy back?")
    assert late.decided_by == "log" and late.code == "buyback_not_immediate"
    proper = ruling_on(GOLDEN / "la_viuda" / "05_buyback_not_immediately.txt", 4, 2, "could Cy still buy la viuda?")
    assert proper.decided_by == "log" and proper.code is None and "bought by Cy" in proper.ruling


# ------------------------------------------------------------------ what the log cannot decide


def test_a_ruling_is_never_a_guess_and_the_table_decides_the_fact() -> None:
    open_question = ruling_on(UNPROVEN, 1, 1, "Cy says Bob's open was false")
    assert open_question.decided_by is None and open_question.code == "openers_unverifiable"
    assert open_question.ruling.startswith("The log cannot decide this.")
    assert open_question.needs and "Bob: shows openers" in open_question.needs
    with pytest.raises(AssertionError):
        open_question.event()
    decided = ruling_on(UNPROVEN, 1, 1, "Cy says Bob's open was false", ("Bob: shows openers Qs Qd",))
    assert decided.decided_by == "table" and decided.facts == ("Bob: shows openers Qs Qd",)
    nets = {c.player: (c.net, c.without) for c in decided.chips}
    assert nets == {"Ann": (-3, -3), "Bob": (10, -7), "Cy": (-7, -7)}
    with pytest.raises(InputError, match="the log decides this question"):
        ruling_on(UNPROVEN, 1, 2, "Cy's raise was over the limit", ("Cy: shows Ks Kd 7c 6h 2d",))
    with pytest.raises(InputError, match="cannot be read"):
        ruling_on(UNPROVEN, 1, 1, "Bob's open was false", ("Bob: shows openers Qs Qx",))


def test_a_card_nobody_recorded_is_a_question_of_fact() -> None:
    night = UNPROVEN.replace("Bob: draws 2\n", "Bob: draws 2, gets ?? ??\n")
    doc = ruling_on(night, 1, 5, "which cards did Bob get?")
    assert doc.topic == "card_fact" and doc.decided_by is None
    assert "does not record the cards in question" in doc.ruling and doc.needs


def test_bad_hand_and_action_numbers() -> None:
    with pytest.raises(InputError, match="has no hand 9"):
        ruling_on(UNPROVEN, 9, 1, "was that legal?")
    with pytest.raises(InputError, match="hand 1 has no action 40"):
        ruling_on(UNPROVEN, 1, 40, "was that legal?")


# ------------------------------------------------------------------ the ruling in the log


def test_the_ruling_event_round_trips_through_the_store_codec() -> None:
    event = Ruling(4, 9, "Bob says Ann's open was false", "false_open", "table", "The table decided: …",
                   "jackpots.3", "openers_unverifiable", ("Ann: shows openers Jh Jd",))
    kind, payload = encode_event(event)
    assert kind == "Ruling" and decode_event(kind, payload) == event


def test_a_stored_ruling_is_followed_by_later_replays(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    with open_store(url) as store:
        sid = record_night(store, parse_night(UNPROVEN), table_name="Kitchen", chip_value_cents=25)
    result = runner.invoke(app, ["dispute", str(sid), "--hand", "1", "--action", "1", "Cy says Bob's open was false",
                                 "--decide", "Bob: shows openers Qs Qd", "--db", url])
    assert result.exit_code == 0, result.output
    assert "decided by the table" in result.stdout and f"Recorded in session {sid}'s log" in result.stdout
    with open_store(url) as store:
        night = night_from_session(store, sid)
    (ruling,) = night.rulings
    assert (ruling.hand, ruling.action, ruling.decided_by, ruling.facts) == (1, 1, "table", ("Bob: shows openers Qs Qd",))
    replayed = replay_night_file(night)
    assert replayed[0].replay.outcome.net["Bob"] == 10 and replayed[0].replay.outcome.undecided == 0
    assert replayed[1].replay.setup.seats[1].stack == 30  # hand 2 starts from the ruled stacks
    doc = json.loads(runner.invoke(app, ["replay", "--session", str(sid), "--json", "--db", url]).stdout)
    hand1 = doc["hands"][0]
    assert hand1["ruled_actions"] == 1 and hand1["timeline"][-1]["from_ruling"] is True
    assert hand1["rulings"][0]["facts"] == ["Bob: shows openers Qs Qd"] and doc["rulings"] == hand1["rulings"]
    # ruled again: the later ruling replaces the earlier one
    again = runner.invoke(app, ["dispute", str(sid), "--hand", "1", "--action", "1", "Bob's openers were false",
                                "--decide", "Bob: shows openers 9c 9h", "--db", url])
    assert again.exit_code == 0, again.output
    with open_store(url) as store:
        night = night_from_session(store, sid)
    assert len(night.rulings) == 2
    assert replay_night_file(night)[0].replay.outcome.net["Bob"] < 0  # nines do not open: a false open now
    # nothing decided: nothing stored
    with open_store(url) as store:
        before = store.log_snapshot(sid).events[-1].seq
    looked = runner.invoke(app, ["dispute", str(sid), "--hand", "2", "--action", "9", "who had to show first?",
                                 "--no-record", "--db", url])
    assert looked.exit_code == 0 and "Recorded" not in looked.stdout
    with open_store(url) as store:
        assert store.log_snapshot(sid).events[-1].seq == before


# ------------------------------------------------------------------ the PDF


def test_the_ruling_pdf_reads_back_and_renders_to_png(tmp_path: Path) -> None:
    from pypdf import PdfReader

    target = tmp_path / "ruling.pdf"
    result = runner.invoke(app, ["dispute", str(GOLDEN / "jackpots" / "15_false_open_found_at_showdown.txt"),
                                 "--hand", "1", "--action", "2", "Cy says Bob's open was false", "--pdf", str(target)])
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(target).pages)
    for words in ("Ruling", "Cy says Bob's open was false", "Was the open false?", "jackpots.9",
                  "If the false open is found at the showdown, the pot goes to the best hand among the other players.",
                  "Remedy:", "Bob pays 1 to Cy", "Decided by the rules engine",
                  "Bob: dealt Ah Kd 8c 5s 2d", "The chips that follow"):
        assert words in text, words
    fonts = {str(font.get_object()["/BaseFont"]).split("+")[-1]
             for page in PdfReader(target).pages for font in page["/Resources"]["/Font"].values()}
    # the shipped fonts, a real italic among them (the question); monospace from the system
    assert {"Referee-Sans", "Referee-Sans-Bold", "Referee-Sans-Italic"} <= fonts, fonts
    assert all(name.startswith(("Referee-Sans", "DejaVu-Sans-Mono")) for name in fonts), fonts
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(target), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert pages and all(p.stat().st_size > 2000 for p in pages)


def test_a_question_topic_is_known_by_name() -> None:
    assert topic("false_open").whole_hand and not topic("over_limit").whole_hand


# ------------------------------------------------------------------ a ruling only when the log can decide

#: Bob opens on 2c 3c 4c 5d 7h (no openers); the rest of the hand, to the showdown, comes later
EARLY = ("new hand", "bob dealt 2c3c4c5d7h", "bob open 2")
TO_THE_SHOWDOWN = ("cy c", "ann f", "bob pat", "cy d 2", "bob x", "cy x", "bob show 2c3c4c5d7h", "cy show KsKd9h8h3d")
FALSE_OPEN_QUESTION = ["--hand", "1", "--action", "2", "Ann says Bob's open was false"]


def jackpots_session(url: str) -> int:
    with open_store(url) as store:
        game = store.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                 seats=[SeatSpec(n, 20) for n in ("Ann", "Bob", "Cy")])
    assert game.id is not None
    return game.id


def act(url: str, sid: int, *lines: str) -> None:
    done = runner.invoke(app, ["act", str(sid), *lines, "--db", url])
    assert done.exit_code == 0, done.output


def test_a_false_open_asked_before_the_showdown_is_not_decided_yet_and_nothing_is_stored(sqlite_url: str) -> None:
    """jackpots.3: "When a false open counts as found decides which of jackpots.8-11 applies, and it is
    when the table learns it": Bob opened on 2c 3c 4c 5d 7h, but nobody has seen his hand yet.  Asked
    then, the answer is "not decided yet" with jackpots.3, exit 75 (not done, nothing to fix: ask again),
    and not a row is written; asked again after the showdown, where Bob shows that hand, it is ruled
    (jackpots.9: the pot goes to the best hand among the others) and stored."""
    sid = jackpots_session(sqlite_url)
    act(sqlite_url, sid, *EARLY)
    before = store_rows(sqlite_url)
    early = subprocess.run([str(REFEREE), "dispute", str(sid), *FALSE_OPEN_QUESTION, "--db", sqlite_url],
                           capture_output=True, text=True, env=CLEAN_ENV | {"COLUMNS": "200"}, timeout=120)
    assert early.returncode == 75, early.stderr
    assert early.stderr == ""
    assert "Ruling — not decided yet" in early.stdout
    said = " ".join(early.stdout.replace("│", " ").split())  # the ruling's panel wraps at 100 columns
    assert ("Not decided yet: a false open is found at the showdown, or when the opener's hand is seen (Bob's "
            "openers shown, or a false open declared at the table) (jackpots.3). Ask again then.") in said
    assert "Not recorded: not decided yet." in early.stdout and "Recorded in" not in early.stdout
    assert store_rows(sqlite_url) == before  # not a row, and the chain's head where it was
    # the table's word is not taken before then either
    told = runner.invoke(app, ["dispute", str(sid), *FALSE_OPEN_QUESTION, "--decide", "Bob: shows openers Jh Jd",
                               "--db", sqlite_url])
    assert told.exit_code == 75 and "is not taken before then" in " ".join(told.stdout.replace("│", " ").split())
    assert store_rows(sqlite_url) == before

    act(sqlite_url, sid, *TO_THE_SHOWDOWN)
    with open_store(sqlite_url) as store:
        head = store.last_seq(sid)
    late = runner.invoke(app, ["dispute", str(sid), *FALSE_OPEN_QUESTION, "--db", sqlite_url])
    assert late.exit_code == 0, late.output
    assert "decided from the log" in late.stdout and f"Recorded in session {sid}'s log (event {head + 1})" in late.stdout
    with open_store(sqlite_url) as store:
        (ruling,) = night_from_session(store, sid).rulings
    assert (ruling.hand, ruling.action, ruling.decided_by, ruling.code, ruling.rule) == (
        1, 2, "log", "false_open_at_showdown", "jackpots.9")


def test_a_dispute_asked_again_right_after_its_ruling_is_recorded_once(sqlite_url: str, tmp_path: Path) -> None:
    """A ruling whose reply was lost (or a scorekeeper who presses Enter twice): the same question asked
    again right after it was ruled finds the ruling stored and says so ("Already recorded", exit 0);
    the log holds one ruling, and the PDF asked for is still written, naming the event that holds it."""
    sid = jackpots_session(sqlite_url)
    act(sqlite_url, sid, *EARLY, *TO_THE_SHOWDOWN)
    first = runner.invoke(app, ["dispute", str(sid), *FALSE_OPEN_QUESTION, "--db", sqlite_url])
    assert first.exit_code == 0, first.output
    with open_store(sqlite_url) as store:
        head = store.last_seq(sid)
    before = store_rows(sqlite_url)
    again = runner.invoke(app, ["dispute", str(sid), *FALSE_OPEN_QUESTION, "--pdf", str(tmp_path / "r.pdf"),
                                "--db", sqlite_url])
    assert again.exit_code == 0, again.output
    said = " ".join(again.stdout.replace("│", " ").split())
    assert "Already recorded: " in said and f"(session {sid}, event {head})" in said, said
    assert store_rows(sqlite_url) == before
    assert (tmp_path / "r.pdf").stat().st_size > 0
    with open_store(sqlite_url) as store:
        assert len(night_from_session(store, sid).rulings) == 1


def test_a_ruling_the_replay_contradicts_is_never_stored(sqlite_url: str) -> None:
    """A ruling is stored only at the head of the log it was decided on, and only when the replay of
    that log agrees with it.  "No breach" on Bob's open, which the replay after the showdown finds false
    (jackpots.9), is refused; so is a ruling decided on an older log; and a ruling on an action the table
    took back (void) is none: nothing of it stands to rule on."""
    from referee.dispute.decide import contradiction
    from referee.dispute.record import record_ruling
    from referee.store.store import StaleLogError

    sid = jackpots_session(sqlite_url)
    act(sqlite_url, sid, *EARLY, *TO_THE_SHOWDOWN)
    with open_store(sqlite_url) as store:
        head = store.last_seq(sid)
        night = night_from_session(store, sid)
    replayed = replay_night_file(night)
    found = classify("Ann says Bob's open was false")
    assert found is not None
    ruled = decide(night, replayed, 1, 2, "Ann says Bob's open was false", found, session=sid)
    assert ruled.code == "false_open_at_showdown" and contradiction(ruled, replayed) is None
    # what a ruling asked before the showdown said before it waited for the showdown
    stands = replace(ruled, code=None, rule="jackpots.6", remedy=None,
                     ruling="The log shows no breach: “Bob: bets 2” stands.")
    assert contradiction(stands, replayed) == (
        "the replay finds Bob opened without openers (his hand before the draw was 2c 3c 4c 5d 7h; jacks or "
        "better were needed): found at the showdown, he may not win; the pot goes to the best hand among the "
        "others.")
    before = store_rows(sqlite_url)
    with open_store(sqlite_url) as store, pytest.raises(InputError, match="the replay finds Bob opened without openers"):
        record_ruling(store, sid, stands, replayed, head)
    assert store_rows(sqlite_url) == before
    # decided on the log as it was; the log has moved since: not stored, run again (exit 75)
    act(sqlite_url, sid, "new hand", "cy dealt KsKd9h8h3c")
    moved = store_rows(sqlite_url)
    with open_store(sqlite_url) as store, pytest.raises(StaleLogError):
        record_ruling(store, sid, ruled, replayed, head)
    assert store_rows(sqlite_url) == moved
    # an action taken back
    act(sqlite_url, sid, "cy open 2", "undo")
    moved = store_rows(sqlite_url)
    result = runner.invoke(app, ["dispute", str(sid), "--hand", "2", "--action", "2", "Cy's bet was over the limit",
                                 "--db", sqlite_url])
    assert result.exit_code == 2
    assert "hand 2, action 2 (“Cy: bets 2”) was taken back by action 3" in result.output
    assert store_rows(sqlite_url) == moved


def test_a_ruling_pdf_that_cannot_be_written_records_nothing(sqlite_url: str, tmp_path: Path) -> None:
    """A refused step writes nothing: the ruling's PDF is rendered to a temporary file beside its target
    before the ruling is recorded, so a target that cannot be written (/proc, a folder that does not
    exist, '-') is one error line, exit 2, and the log is as it was; a good one gets both."""
    sid = jackpots_session(sqlite_url)
    act(sqlite_url, sid, *EARLY, *TO_THE_SHOWDOWN)
    before = store_rows(sqlite_url)
    folder = tmp_path / "pdfs"
    folder.mkdir()
    for bad in ("/proc/x.pdf", str(folder / "no-such-folder" / "x.pdf"), "-"):
        proc = subprocess.run([str(REFEREE), "dispute", str(sid), *FALSE_OPEN_QUESTION, "--pdf", bad,
                               "--db", sqlite_url], capture_output=True, text=True, env=CLEAN_ENV, timeout=120)
        assert proc.returncode == 2, (bad, proc.stdout, proc.stderr)
        errors = [line for line in proc.stderr.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1 and errors[0].startswith("Error: --pdf: cannot write"), proc.stderr
        assert "Traceback" not in proc.stderr and "Recorded" not in proc.stdout
        assert store_rows(sqlite_url) == before, bad
    assert not list(folder.iterdir())
    target = folder / "ruling.pdf"
    good = runner.invoke(app, ["dispute", str(sid), *FALSE_OPEN_QUESTION, "--pdf", str(target), "--db", sqlite_url])
    assert good.exit_code == 0, good.output
    assert target.read_bytes().startswith(b"%PDF") and "Recorded in session" in good.stdout
    assert [p.name for p in folder.iterdir()] == ["ruling.pdf"]  # no temporary file left behind


def test_every_game_names_its_dispute_rules_by_real_topics_and_rules() -> None:
    """A game's dispute rules (cited when the log shows nothing broken) are its own: each under a topic
    the questions know, each a rule its rulebook has or an option of it; and what would decide a finding
    the log cannot is named for real finding codes."""
    from referee.engine.findings import CODES
    from referee.engine.games import all_games
    from referee.rulebook import load_rulebook

    names = {t.name for t in TOPICS}
    for game in all_games():
        book = load_rulebook(game.name)
        for name, rules in game.dispute_rules.items():
            assert name in names, (game.name, name)
            assert any(book.has_rule(r) for r in rules), (game.name, name, rules)
        for code, words in game.dispute_needs.items():
            assert code in CODES and words.strip(), (game.name, code)
        for name, codes in game.dispute_codes.items():  # the game's own codes deciding a topic
            assert name in names and codes and all(code in CODES for code in codes), (game.name, name, codes)


@pytest.mark.parametrize(("lines", "action", "question", "rule"), [
    # draw.misdeal (rrop_list): "A misdeal is declared, if found before two players have acted, when: ... a
    # player has the wrong number of cards" -- nobody's cards are in the log and only Bob has acted
    ("Bob: bets 2\n", 1, "Cy says the deal was a misdeal", "draw.misdeal"),
    # draw.showdown_first: the showdown begins with the last raiser -- the betting is still going on
    ("Bob: bets 2\nCy: raises 2\n", 2, "who had to show first?", "draw.showdown_first"),
])
def test_a_question_the_hand_has_not_reached_yet_is_not_decided(lines: str, action: int, question: str,
                                                                 rule: str) -> None:
    doc = ruling_on("rulebook: straight_draw\nseats: Ann 20, Bob 20, Cy 20\ndealer: Ann\n\nhand 1\n" + lines,
                    1, action, question)
    assert doc.decided_by is None and doc.rule == rule and doc.later
    assert doc.ruling.startswith("Not decided yet: ") and doc.ruling.endswith(f"({rule}). Ask again then.")
    with pytest.raises(AssertionError):
        doc.event()


def test_a_misdeal_claim_after_two_players_acted_is_decided() -> None:
    """draw.misdeal: a misdeal may be called only "before two players have acted": after that the log
    decides the claim (no breach: the hand stands), citing the rule."""
    doc = ruling_on("rulebook: straight_draw\nseats: Ann 20, Bob 20, Cy 20\ndealer: Ann\n\nhand 1\n"
                    "Bob: bets 2\nCy: calls\n", 1, 1, "Cy says the deal was a misdeal")
    assert doc.decided_by == "log" and doc.rule == "draw.misdeal" and doc.later is None
