"""The table mode's prompt (referee.cli.table_prompt) driven through prompt_toolkit's own pipe input:
the completer, the status toolbar, the loop, the one-keystroke force and the history."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText, to_plain_text
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.cli.table_prompt import TableCompleter, make_session, run, run_lines
from referee.recording.live_table import LiveTable
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec


@pytest.fixture
def table(sqlite_url: str) -> Iterator[LiveTable]:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
        assert session.id is not None
        yield LiveTable(store, session.id)


def completions(table: LiveTable, text: str) -> list[str]:
    return [c.text for c in TableCompleter(table).get_completions(Document(text), CompleteEvent())]


def drive(table: LiveTable, keys: str, history: InMemoryHistory | None = None) -> list[str]:
    """Type ``keys`` at the table's prompt (then Ctrl-D); what it printed, line by line."""
    printed: list[FormattedText] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys + "\x04")
        session = make_session(table, history=history, input=pipe, output=DummyOutput())
        run(table, session, printed.append)
    return [to_plain_text(text) for text in printed][1:]


def test_the_first_word_completes_to_players_and_table_words(table: LiveTable) -> None:
    assert completions(table, "")[:4] == ["Ann", "Bob", "Cy", "Dee"]
    assert "new hand" in completions(table, "") and "undo" in completions(table, "")
    assert completions(table, "b") == ["Bob"]
    assert completions(table, "n") == ["new hand"]
    assert completions(table, "mis") == ["misdeal"]


def test_the_verb_completes_with_what_is_legal_now_first(table: LiveTable) -> None:
    table.enter("new hand")
    # in the words the game's players say (its table_words), what Bob may do now first
    assert completions(table, "bob ")[:3] == ["fold", "check", "bet"]  # Bob is to act
    assert completions(table, "bob r") == ["raise"]
    assert completions(table, "cy ")[:4] == ["fold", "пас", "check", "чек"]  # not his turn: the game's words
    assert completions(table, "bob st") == ["stand"]
    assert completions(table, "zed ") == []


def test_cards_and_names_complete_after_their_verbs(table: LiveTable) -> None:
    table.enter("new hand")
    table.enter("bob dealt Jh Jd ?? ?? ??")
    shown = completions(table, "bob shows ")
    assert shown[:2] == ["Jh", "Jd"] and "Jc" in shown and shown[-1] == "??"
    assert completions(table, "cy shows J") == ["Jc", "Js"]  # Jh and Jd are Bob's
    assert completions(table, "bob asks ") == ["Ann", "Cy", "Dee"]
    assert completions(table, "bob bets ") == []


def test_the_toolbar_is_the_status_line(table: LiveTable) -> None:
    with create_pipe_input() as pipe:
        session = make_session(table, input=pipe, output=DummyOutput())
        table.enter("new hand")
        table.enter("bob open 2")
        toolbar = session.bottom_toolbar
        assert callable(toolbar)
        assert toolbar() == "hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2"
        table.enter("bob show openers JhJd")
        assert toolbar() == ("hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2\n"
                             "cards Bob Jh Jd")


def test_a_refused_action_is_forced_with_one_keystroke(table: LiveTable) -> None:
    said = drive(table, "new hand\rbob open 2\rcy x\r!undo\r")
    assert said == [
        "✓ hand 1 begins: Ann deals",
        "✓ hand 1, action 1: Bob: bets 2",
        "✗ Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2 (draw.4.2)",
        "  press ! to log it as it happened",
        # wrapped at the terminal's width (80 columns) between words, the wrapped part indented
        "✓ hand 1, action 2: Cy: checks\n  flagged: Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2\n"
        "    (draw.4.2)",
        "✓ hand 1, action 3: void 2: undo (takes back Cy: checks)",
    ]
    store: Store = table.store
    assert [r.text for r in store.events(table.session_id, 1)] == ["Bob: bets 2", "Cy: checks", "void 2: undo"]


def test_an_exclamation_mark_is_typed_as_such_when_nothing_was_refused(table: LiveTable) -> None:
    said = drive(table, "new hand\r!\r")
    assert said[-2:] == ["✗ nothing to force", "  force logs the action refused just before"]


def test_typed_lines_go_into_the_history(table: LiveTable) -> None:
    history = InMemoryHistory()
    drive(table, "new hand\rbob open 2\r?\r", history)
    assert list(history.get_strings()) == ["new hand", "bob open 2", "?"]


def test_quit_and_help(table: LiveTable) -> None:
    said = drive(table, "help\rquit\rnew hand\r")
    assert said[0].startswith("Type one action per line") and len(said) == 1  # nothing after quit
    assert "Jackpots words: fold (пас), check (чек), call, bet (open, opens)" in " ".join(said[0].split())


def test_without_a_terminal_the_table_reads_lines(table: LiveTable) -> None:
    echoed: list[str] = []
    run_lines(table, ["new hand", "bob open 2", "cy x", "!", "quit", "dee c"], echoed.append)
    assert echoed == [
        "session 1 · Jackpots · no hand yet: type 'new hand' (Ann deals)",
        "✓ hand 1 begins: Ann deals",
        "hand 1 · Jackpots · dealer Ann · pot 4 · Bob to act: check, fold, bet 1–2",
        "✓ hand 1, action 1: Bob: bets 2",
        "hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2",
        "✗ Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2 (draw.4.2)",
        "  press ! to log it as it happened",
        "hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2",
        "✓ hand 1, action 2: Cy: checks\n  flagged: Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2 "
        "(draw.4.2)",
        # draw.check_facing_bet = must_act_again: the check logged as it happened moves no chips; Cy acts again
        "hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2",
    ]


def test_the_screen_in_docs_table_md_is_what_the_table_prints(table: LiveTable) -> None:
    """docs/table.md's transcript, typed at the table: every prompt names the player the table asks
    (after a forced check that moves no chips, draw.check_facing_bet = must_act_again, that is still Cy),
    every ✓/✗ line is what the table prints, and the status line at the end is the table's."""
    from pathlib import Path

    from referee.cli.table_prompt import entry_lines, handle, prompt_text

    doc = (Path(__file__).resolve().parent.parent / "docs" / "table.md").read_text(encoding="utf-8")
    block = doc.split("## The screen", 1)[1].split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    table.enter("new hand")
    table.enter("bob dealt JhJd??????")  # the transcript starts at Bob's open, action 2, his cards known
    expected: list[str] = []
    printed: list[str] = []
    typed = 0
    for line in block:
        prompt, sep, text = line.partition("> ")
        if sep and " " not in prompt:
            assert prompt_text(table) == f"{prompt}> ", (line, prompt_text(table))
            typed += 1
            if text.strip() == text and " " not in text and text.isalpha() and text.islower() and text != "undo":
                break  # the last line: a name typed, the completion menu open, not entered
            entry = handle(table, text)
            assert entry is not None
            printed += [part for _, said in entry_lines(entry) for part in said.split("\n")]
        elif line.startswith(("✓", "✗", "  press", "  flagged")):
            expected.append(line)
    assert typed >= 8 and printed == expected
    assert " · ".join(block[-2:]) == table.status().line()  # the cards on a line of their own at the terminal
