"""The rulebook in force (``load_rules``): a rulebook with the options a hand file or ``--option``
sets, read the same way by the hand-file reader, the replay, the live table and the what-if replay.
Each (rulebook, options) is loaded once; a house rulebook edited since is read again."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RulebookError
from referee.rulebook.loader import load_rules, option_value, parse_option, resolve_rulebook


def test_the_same_rulebook_and_options_are_the_same_rulebook_in_force() -> None:
    first = load_rules("jackpots", {"draw.limit_post": 10})
    assert load_rules("jackpots", {"draw.limit_post": 10}) is first
    assert first.option("draw.limit_post") == 10


def test_a_house_rulebook_edited_between_loads_is_read_again(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nextends = "jackpots"\n[options]\ndraw.limit_post = 10\n', encoding="utf-8")
    assert load_rules("house.toml", {}, str(tmp_path)).option("draw.limit_post") == 10
    house.write_text('[rulebook]\nextends = "jackpots"\n[options]\ndraw.limit_post = 12\n', encoding="utf-8")
    assert load_rules("house.toml", {}, str(tmp_path)).option("draw.limit_post") == 12


def test_two_house_rulebooks_of_one_name_in_two_folders_are_two_rulebooks(tmp_path: Path) -> None:
    for folder, limit in (("a", 10), ("b", 12)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "house.toml").write_text(
            f'[rulebook]\nextends = "jackpots"\n[options]\ndraw.limit_post = {limit}\n', encoding="utf-8")
    assert load_rules("house.toml", {}, str(tmp_path / "a")).option("draw.limit_post") == 10
    assert load_rules("house.toml", {}, str(tmp_path / "b")).option("draw.limit_post") == 12


def test_a_relative_rulebook_path_is_read_beside_the_hand_file_and_a_shipped_name_as_is() -> None:
    assert resolve_rulebook("house.toml", "/nights") == str(Path("/nights") / "house.toml")
    assert resolve_rulebook("/elsewhere/house.toml", "/nights") == "/elsewhere/house.toml"
    assert resolve_rulebook("jackpots", "/nights") == "jackpots"


def test_an_option_is_read_as_written_a_whole_number_as_a_number() -> None:
    assert option_value(" 3 ") == 3
    assert option_value('"ante_for_all_next_deal"') == "ante_for_all_next_deal"
    assert parse_option("draw.limit_pre = 3") == ("draw.limit_pre", 3)


def test_an_option_without_a_value_is_refused_where_it_was_given() -> None:
    with pytest.raises(RulebookError) as info:
        parse_option("draw.limit_pre")
    assert info.value.where == "--option" and "NAME=VALUE" in (info.value.hint or "")
