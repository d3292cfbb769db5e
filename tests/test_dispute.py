"""``referee dispute``: questions read as topics, rulings the engine decides from the log, questions
of fact the log cannot decide (and the table's decision), rulings stored in the session log and
followed by later replays; the ruling's PDF read back as text and rendered to PNG pages."""

from __future__ import annotations

import json
import shutil
import subprocess
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
from referee.store.store import open_store
from referee.store.codec import decode_event, encode_event

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
runner = CliRunner()

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
