"""The nine shipped rulebooks: every option at the seed's default, a text for every value, the seed rules."""

from __future__ import annotations

import re
import tomllib

import pytest

from referee.resources import rulebooks_dir
from referee.engine.games import game_names
from referee.rulebook import Rulebook, game_schema, load_rulebook, shipped_rulebook_names
from referee.rulebook.model import RULE_ID

# The numbered seed rules of RULES.md section (a) of each game, as top-level ids (sub-rules allowed).
#: rules of referee's own where the seeds are silent, in every shipped rulebook: house.90 ends a hand
#: in play when the night closes (docs/ledger.md)
HOUSE_RULES = ("house.90",)
SEED_RULES = {
    "straight_draw": [f"draw.{n}" for n in range(1, 10)],
    "jackpots": [f"jackpots.{n}" for n in range(1, 12)] + [f"draw.{n}" for n in range(1, 10)],
    "five_card_stud": [f"stud.{n}" for n in range(1, 7)],
    "whiskey_poker": [f"whiskey.{n}" for n in range(1, 7)],
    "la_viuda": [f"laviuda.{n}" for n in range(1, 9)],
    "three_card_brag": [f"brag.{n}" for n in range(1, 10)],
    "seven_card_brag": [f"brag7.{n}" for n in range(1, 9)],
    "nine_card_brag": [f"brag9.{n}" for n in range(1, 8)],
    "stop_the_bus": [f"stopbus.{n}" for n in range(1, 7)],
}


def test_one_shipped_rulebook_per_game() -> None:
    assert shipped_rulebook_names() == list(game_names())


@pytest.mark.parametrize("name", game_names())
def test_shipped_file_sets_every_option_at_the_seed_default(name: str) -> None:
    """The issue: 'Each names its game, sets every option that RULES.md lists for it, with the seed's value
    as default' — checked on the file itself, not only after loading."""
    with open(rulebooks_dir() / f"{name}.toml", "rb") as handle:
        data = tomllib.load(handle)
    assert data["rulebook"]["name"] == name and data["rulebook"]["game"] == name
    defaults = game_schema(name).defaults()
    assert set(data["options"]) == set(defaults)
    book = load_rulebook(name)
    assert dict(book.options) == defaults


@pytest.mark.parametrize("name", game_names())
def test_every_option_value_has_a_rule_text(name: str) -> None:
    book = load_rulebook(name)
    for option in book.schema_names():
        spec = book.spec(option)
        for value in spec.choices or (spec.default, spec.maximum):
            assert value is not None
            text = book.option_text(option, value)
            assert len(text) > 10 and "{value}" not in text, (option, value)
        if spec.is_int:
            assert str(spec.default) in book.rule_text(option)


@pytest.mark.parametrize("name", game_names())
def test_seed_rules_are_numbered_as_in_rules_md(name: str) -> None:
    book = load_rulebook(name)
    for rule_id in SEED_RULES[name]:
        assert book.has_rule(rule_id), rule_id
        assert book.rule_text(rule_id).strip()
    for rule_id in book.rule_ids():
        assert RULE_ID.match(rule_id)
        top = ".".join(rule_id.split(".")[:2])
        assert top in SEED_RULES[name] or top in HOUSE_RULES, rule_id


@pytest.mark.parametrize("name", game_names())
def test_rule_texts_name_only_real_rules_and_options(name: str) -> None:
    """A text that says 'see draw.max_draw' must point at something the rulebook can cite."""
    book = load_rulebook(name)
    texts = [book.rules[r] for r in book.rule_ids()]
    for option in book.schema_names():
        spec = book.spec(option)
        texts += [book.option_text(option, v) for v in spec.choices or (spec.default,)]
    for text in texts:
        for ref in re.findall(r"\b(?:common|draw|jackpots|stud|whiskey|laviuda|brag7|brag9|brag|stopbus)"
                              r"\.[a-z0-9_]+(?:\.[0-9]+)*", text):
            assert book.has_rule(ref), (name, ref, text)


def test_each_section_10_item_is_stated_in_the_text_of_its_pinning_option() -> None:
    """RULES.md section 10: 'pin each by an option with a documented default, and say in the rule text which
    reading was chosen' -- every option the schema marks as pinning an item says in its text that it reads an
    open point of a seed, citing the seed by its source (users do not have RULES.md), and every item is pinned."""
    found: set[int] = set()
    for name in game_names():
        book = load_rulebook(name)
        for option in book.schema_names():
            spec = book.spec(option)
            texts = " ".join(book.option_text(option, v) for v in spec.choices or (spec.default,))
            assert "RULES.md" not in texts, (name, option)
            if spec.pins:
                assert re.search(r"an open point of .*seed-00\d", texts), (name, option)
                found.add(int(spec.pins.split(".")[1]))
    assert sorted(found) == list(range(1, 16))


def test_no_rule_text_cites_a_file_users_do_not_have() -> None:
    """Rulings quote rule texts to the table: they cite the seed by its source, never RULES.md."""
    for name in game_names():
        book = load_rulebook(name)
        for rule_id in book.rule_ids():
            assert "RULES.md" not in book.rule_text(rule_id), (name, rule_id)


def test_section_10_readings() -> None:
    """Spot-check the readings chosen for RULES.md section 10 items, as rulings will quote them."""
    draw = load_rulebook("straight_draw")
    assert "is not one of his raises" in draw.rule_text("draw.opening_bet_counts_as_raise")  # item 1
    assert "If he is still in, he acts first" in draw.rule_text("draw.round2_first")  # item 2
    assert "apply to bets too" in draw.rule_text("draw.betting")  # item 3
    jackpots = load_rulebook("jackpots")
    assert "straight-draw rule is inherited" in jackpots.rule_text("jackpots.no_open")  # item 4
    assert "penalty applies" in jackpots.rule_text("jackpots.unproven_opener")  # item 5
    assert "jackpots.10 applies" in jackpots.rule_text("jackpots.false_open_after_win")  # item 6
    assert "only when all players fold" in load_rulebook("five_card_stud").rule_text("stud.all_check")  # item 7
    assert "nine of diamonds" in load_rulebook("three_card_brag").with_options(
        {"brag.wild": "braggers_AD_JC_9D"}).rule_text("brag.wild")  # item 10
    assert "wins all three" in load_rulebook("nine_card_brag").rule_text("brag9.win")  # item 14
    assert "full round of passes" in load_rulebook("stop_the_bus").rule_text("stopbus.end")  # item 15


def test_jackpots_inherits_the_draw_rules_from_straight_draw() -> None:
    """RULES.md section 2: 'structure, ante, limits, draw inherited from seed-002'."""
    jackpots, draw = load_rulebook("jackpots"), load_rulebook("straight_draw")
    assert jackpots.extends == "straight_draw"
    for rule_id in draw.rule_ids():
        assert jackpots.rule_text(rule_id) == draw.rule_text(rule_id)
    assert jackpots.chain[1] == draw.source


def test_false_open_penalty_text_reads_the_value_in_force() -> None:
    """seed-003 rule 6: 'as a rule the offender gives 1 chip to each other player; alternatively he antes for
    all other players on the next deal'."""
    jackpots = load_rulebook("jackpots")
    assert "one chip to each of the other players" in jackpots.rule_text("jackpots.false_open_penalty")
    free_ride = jackpots.with_options({"jackpots.false_open_penalty": "ante_for_all_next_deal"})
    assert "antes for all the other players on the next deal" in free_ride.rule_text("jackpots.false_open_penalty")
    assert jackpots.rule_text("jackpots.6") == free_ride.rule_text("jackpots.6")


def test_split_rule_is_citable_whole() -> None:
    """seed-002 rule 7 (the draw) is split into draw.7.1 ... draw.7.7; 'draw.7' still reads the whole rule."""
    book = load_rulebook("straight_draw")
    whole = book.rule_text("draw.7")
    assert whole.startswith("(1) ") and "(7) " in whole
    assert book.rule_text("draw.7.2") in whole
    assert not book.has_rule("draw.7.9") and not book.has_rule("draw.10")


def test_numeric_option_text_states_the_number() -> None:
    """seed-002: 'before the draw a raise may not exceed two chips, after it five'."""
    book = load_rulebook("straight_draw")
    assert "may not exceed 2 chips" in book.rule_text("draw.limit_pre")
    assert "may not exceed 7 chips" in book.with_options({"draw.limit_pre": 7}).rule_text("draw.limit_pre")


def test_shipped_rulebooks_are_loaded_once() -> None:
    assert load_rulebook("jackpots") is load_rulebook("jackpots")
    assert isinstance(load_rulebook("jackpots"), Rulebook)
