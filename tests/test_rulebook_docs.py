"""docs/rulebooks.md documents every option of every game with its default, and every section-10 pin."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.games import game_names
from referee.rulebook import game_schema

DOC = (Path(__file__).resolve().parent.parent / "docs" / "rulebooks.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", game_names())
def test_every_option_is_documented_with_its_default(game: str) -> None:
    section = DOC.split(f"### {game}:", 1)[1].split("\n### ", 1)[0]
    for spec in game_schema(game).options:
        assert f"| `{spec.name}` | `{spec.default}` |" in section, spec.name


def test_every_section_10_item_is_documented() -> None:
    pins = DOC.split("## The open points of RULES.md §10", 1)[1]
    for item in range(1, 16):
        assert f"\n| {item} | `" in pins, item


def test_commands_are_documented() -> None:
    for command in ("referee rulebook list", "referee rulebook show", "referee rulebook check"):
        assert command in DOC
