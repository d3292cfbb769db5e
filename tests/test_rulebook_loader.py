"""Loading house rulebooks: extends, overrides, and one clear error at file:line for every mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RulebookError
from referee.rulebook import load_rulebook
from referee.rulebook.toml_lines import key_lines, line_of


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path) -> RulebookError:
    with pytest.raises(RulebookError) as info:
        load_rulebook(path)
    return info.value


HOUSE = """\
# Friday night at Bob's
[rulebook]
name = "friday"
title = "Friday jackpots"
extends = "jackpots"

[options]
"jackpots.false_open_penalty" = "ante_for_all_next_deal"
draw.limit_post = 10

[rules]
"house.1" = "Cards speak at the showdown."

[option_rules."jackpots.false_open_penalty"]
ante_for_all_next_deal = "At Bob's the false opener antes for everybody on the next deal."
"""


def test_house_rulebook_extends_and_overrides(tmp_path: Path) -> None:
    """The issue: 'A house rulebook extends a shipped one and overrides options.'"""
    book = load_rulebook(write(tmp_path, "house.toml", HOUSE))
    base = load_rulebook("jackpots")
    assert (book.name, book.game, book.title, book.extends) == ("friday", "jackpots", "Friday jackpots", "jackpots")
    assert book.option("jackpots.false_open_penalty") == "ante_for_all_next_deal"
    assert book.option("draw.limit_post") == 10
    changed = {k for k in book.options if book.options[k] != base.options[k]}
    assert changed == {"jackpots.false_open_penalty", "draw.limit_post"}
    assert book.rule_text("jackpots.false_open_penalty") == "At Bob's the false opener antes for everybody on the next deal."
    assert book.rule_text("house.1") == "Cards speak at the showdown."
    assert book.rule_text("jackpots.6") == base.rule_text("jackpots.6")
    assert "may not exceed 10 chips" in book.rule_text("draw.limit_post")
    assert book.chain == (str(tmp_path / "house.toml"), base.source, load_rulebook("straight_draw").source)
    # the replaced text is only for that value; the other values keep the shipped texts
    other = book.with_options({"jackpots.false_open_penalty": "none"})
    assert other.rule_text("jackpots.false_open_penalty") == base.option_text("jackpots.false_open_penalty", "none")


def test_extends_chain_through_relative_paths(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    write(tmp_path / "club", "base.toml", '[rulebook]\nextends = "five_card_stud"\n[options]\n"stud.ante" = "ante"\n')
    top = write(tmp_path, "top.toml", '[rulebook]\nextends = "club/base.toml"\n[options]\n"stud.ante_amount" = 2\n')
    book = load_rulebook(top)
    assert book.name == "top" and book.game == "five_card_stud"
    assert (book.option("stud.ante"), book.option("stud.ante_amount")) == ("ante", 2)
    assert "each player antes 2 chip(s)" in book.rule_text("stud.ante_amount")


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", '[rulebook]\nextends = "b.toml"\n')
    write(tmp_path, "b.toml", '\n[rulebook]\nextends = "a.toml"\n')
    err = load_error(tmp_path / "a.toml")
    assert err.message == "extends cycle: a.toml -> b.toml -> a.toml"
    assert err.where is not None and err.where.endswith("b.toml:3")
    assert err.hint


def test_self_extension_is_a_cycle(tmp_path: Path) -> None:
    err = load_error(write(tmp_path, "me.toml", '[rulebook]\nextends = "me.toml"\n'))
    assert err.message == "extends cycle: me.toml -> me.toml"


@pytest.mark.parametrize(
    ("body", "line", "message", "hint"),
    [
        ('"draw.max_drw" = 3', 4, "unknown option 'draw.max_drw'", "did you mean 'draw.max_draw'?"),
        ('"draw.max_draw" = 4', 4,
         "option 'draw.max_draw' must be one of 3_or_4_if_under_6, 3, 5_split_4_then_1 (got '4')",
         "draw.max_draw: how many cards a player may draw"),
        ("draw.limit_pre = \"two\"", 4, "option 'draw.limit_pre' must be a whole number, not str 'two'", None),
        ('"brag.wild" = "deuces"', 4,
         "option 'brag.wild' does not apply to jackpots (it belongs to three_card_brag)", None),
        ('\n\n"common.wheel" = "maybe"', 6, "option 'common.wheel' must be one of allowed, forbidden (got 'maybe')",
         None),
    ],
)
def test_option_errors_name_the_file_and_line(tmp_path: Path, body: str, line: int, message: str,
                                              hint: str | None) -> None:
    """The issue: loading reports `house.toml:12: option 'draw.max_draw' must be one of 3, 4, …`."""
    path = write(tmp_path, "house.toml", f'[rulebook]\nextends = "jackpots"\n[options]\n{body}\n')
    err = load_error(path)
    assert err.where == f"{path}:{line}"
    assert err.message == message
    assert err.hint if hint is None else err.hint == hint


def test_dotted_table_keys_are_located(tmp_path: Path) -> None:
    text = '[rulebook]\ngame = "straight_draw"\n\n[options.draw]\nante = "dealer_antes_N"\nmax_draw = "five"\n'
    path = write(tmp_path, "house.toml", text)
    err = load_error(path)
    assert err.where == f"{path}:6"
    assert "draw.max_draw" in err.message


def test_unknown_game(tmp_path: Path) -> None:
    path = write(tmp_path, "house.toml", '[rulebook]\ntitle = "x"\ngame = "jackpot"\n')
    err = load_error(path)
    assert (err.where, err.message, err.hint) == (f"{path}:3", "unknown game 'jackpot'", "did you mean 'jackpots'?")


def test_game_must_match_the_rulebook_extended(tmp_path: Path) -> None:
    path = write(tmp_path, "house.toml", '[rulebook]\ngame = "la_viuda"\nextends = "jackpots"\n')
    err = load_error(path)
    assert err.where == f"{path}:2"
    assert err.message == "game 'la_viuda' differs from game 'jackpots' of the rulebook it extends (jackpots)"


def test_toml_syntax_error_keeps_tomllib_position(tmp_path: Path) -> None:
    path = write(tmp_path, "house.toml", '[rulebook]\nextends = "jackpots"\n[options]\n"draw.ante" dealer\n')
    err = load_error(path)
    assert err.where == f"{path}:4"
    assert err.message.startswith("TOML syntax error: ") and "(at line 4, column" in err.message


def test_missing_file_and_unknown_shipped_name(tmp_path: Path) -> None:
    err = load_error(tmp_path / "nope.toml")
    assert err.message == f"rulebook file not found: {tmp_path / 'nope.toml'}"
    with pytest.raises(RulebookError) as info:
        load_rulebook("jackpot")
    assert info.value.message == "no shipped rulebook named 'jackpot'"
    assert info.value.hint == "did you mean 'jackpots'?"


def test_missing_extends_target_is_located(tmp_path: Path) -> None:
    path = write(tmp_path, "house.toml", '[rulebook]\n\nextends = "jackpotz"\n')
    err = load_error(path)
    assert (err.where, err.message) == (f"{path}:3", "no shipped rulebook named 'jackpotz'")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[rulebook]\nextends = "jackpots"\n[optoins]\n', 3, "unknown table 'optoins'"),
        ('[rulebook]\nextend = "jackpots"\n', 2, "unknown key 'extend' in [rulebook]"),
        ('[rulebook]\nname = 3\nextends = "jackpots"\n', 2, "[rulebook] name must be a non-empty string"),
        ('[rulebook]\ntitle = "t"\n', 1, "no game: set game or extends in [rulebook]"),
        ('[rulebook]\nextends = "jackpots"\n[rules]\n"house" = "x"\n', 4, "bad rule id 'house'"),
        ('[rulebook]\nextends = "jackpots"\n[rules]\n"brag.1" = "x"\n', 4,
         "rule 'brag.1' has a prefix foreign to jackpots"),
        ('[rulebook]\nextends = "jackpots"\n[rules]\n"house.1" = ""\n', 4, "rule 'house.1' must be a non-empty string"),
        ('[rulebook]\nextends = "jackpots"\n[option_rules."draw.ante"]\neveryone = "x"\n', 4,
         "option_rules: 'draw.ante' has no value 'everyone'"),
        ('[rulebook]\nextends = "jackpots"\n[option_rules]\n"draw.antee" = "x"\n', 4,
         "option_rules: unknown option 'draw.antee'"),
        ('[rulebook]\nextends = "jackpots"\n[option_rules]\n"draw.limit_pre" = 3\n', 4,
         "rule text of 'draw.limit_pre' must be a string with {value}"),
    ],
)
def test_structure_errors(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = write(tmp_path, "house.toml", text)
    err = load_error(path)
    assert err.where == f"{path}:{line}"
    assert err.message == message
    assert err.hint


def test_missing_rulebook_table(tmp_path: Path) -> None:
    path = write(tmp_path, "house.toml", '[options]\n"draw.ante" = "dealer_antes_N"\n')
    err = load_error(path)
    assert (err.where, err.message) == (str(path), "missing [rulebook] table")


def test_standalone_rulebook_needs_a_text_for_every_option(tmp_path: Path) -> None:
    """Every ruling cites a rule: a rulebook without extends must give every option's text itself."""
    path = write(tmp_path, "bare.toml", '[rulebook]\ngame = "stop_the_bus"\n')
    err = load_error(path)
    assert err.message == "option 'common.wheel' = 'allowed' has no rule text"
    assert err.where == f"{path}:1"


def test_multiline_strings_do_not_confuse_line_numbers(tmp_path: Path) -> None:
    text = (
        '[rulebook]\nextends = "jackpots"\n[rules]\n"house.1" = """\nnot = a key\n[not.a.table]\n"""\n'
        '[options]\n"draw.bet_min" = 0\n'
    )
    path = write(tmp_path, "house.toml", text)
    err = load_error(path)
    assert err.where == f"{path}:9"
    assert load_rulebook(write(tmp_path, "ok.toml", text.replace("= 0", "= 2"))).rule_text("house.1") == (
        "not = a key [not.a.table]")


def test_with_options_validates_and_locates(tmp_path: Path) -> None:
    """The hand-file header overrides options through Rulebook.with_options(where=...)."""
    book = load_rulebook("jackpots")
    changed = book.with_options({"draw.max_draw": "3", "draw.limit_pre": "4"})
    assert (changed.option("draw.max_draw"), changed.option("draw.limit_pre")) == ("3", 4)
    assert book.option("draw.max_draw") == "3_or_4_if_under_6"  # the original is untouched
    with pytest.raises(RulebookError) as info:
        book.with_options({"draw.max_draw": "4"}, where="night.txt:3")
    assert str(info.value).startswith("night.txt:3: option 'draw.max_draw' must be one of ")
    with pytest.raises(RulebookError) as info:
        book.with_options({"stud.ante": "ante"})
    assert info.value.where is None and "does not apply to jackpots" in info.value.message


def test_unknown_rule_and_option_lookups() -> None:
    book = load_rulebook("jackpots")
    with pytest.raises(RulebookError) as info:
        book.rule_text("jackpots.66")
    assert info.value.message == "rulebook 'jackpots' has no rule 'jackpots.66'"
    with pytest.raises(RulebookError) as info:
        book.option("draw.limit_pr")
    assert info.value.hint == "did you mean 'draw.limit_pre'?"


def test_rulebook_is_immutable_and_hashable() -> None:
    book = load_rulebook("straight_draw")
    with pytest.raises(TypeError):
        book.options["draw.limit_pre"] = 9  # type: ignore[index]
    with pytest.raises(AttributeError):
        book.name = "x"  # type: ignore[misc]
    assert hash(book) == hash(book.with_options({})) and book == book.with_options({})
    assert book != book.with_options({"draw.limit_pre": 3})


def test_a_rulebook_is_one_key_by_content() -> None:
    """Two loads of one rulebook are one key of a mapping (what the engine remembers per rulebook
    is found again); a changed option makes another key."""
    first, again = load_rulebook("jackpots"), load_rulebook("jackpots").with_options({})
    assert first is not again
    remembered = {first: "betting rules"}
    assert remembered[again] == "betting rules"
    assert first.with_options({"jackpots.min_open": "progressive_QQ_KK_AA"}) not in remembered


def test_a_rule_split_into_sub_rules_is_citable_whole() -> None:
    """``draw.7`` has no text of its own, only ``draw.7.1`` .. ``draw.7.7``: it is a rule of the
    rulebook all the same (a ruling may cite it), as options are; a number it does not have is not."""
    book = load_rulebook("straight_draw")
    assert book.has_rule("draw.7") and book.has_rule("draw.7.1") and book.has_rule("draw.max_draw")
    assert not book.has_rule("draw.7.9") and not book.has_rule("draw.99") and not book.has_rule("draw")


def test_key_lines_quoted_dotted_and_headers() -> None:
    text = (
        "# comment = not a key\n"
        "[rulebook]\n"
        'name = "x"  # trailing = comment\n'
        "[options]\n"
        '"draw.ante" = "a=b"\n'
        "draw.max_draw = 3\n"
        "[option_rules.\"draw.raise_cap\"]\n"
        "per_player_3 = 'x'\n"
        "[[array]]\n"
    )
    lines = key_lines(text)
    assert lines[("rulebook", "name")] == 3
    assert lines[("options", "draw.ante")] == 5
    assert lines[("options", "draw", "max_draw")] == 6
    assert lines[("option_rules", "draw.raise_cap", "per_player_3")] == 8
    assert lines[("array",)] == 9
    assert line_of(lines, ("options", "draw.ante", "deeper")) == 5
    assert line_of(lines, ("elsewhere",)) is None


def test_one_text_for_every_value_of_a_choice(tmp_path: Path) -> None:
    """A house may word an option once for all its values, with {value} standing for the one in force."""
    path = write(tmp_path, "house.toml",
                 '[rulebook]\nextends = "straight_draw"\n[option_rules]\n"draw.ante" = "Ante rule here: {value}."\n')
    book = load_rulebook(path)
    assert book.rule_text("draw.ante") == "Ante rule here: dealer_antes_N."
    assert book.option_text("draw.ante", "each_player_antes_1") == "Ante rule here: each_player_antes_1."
