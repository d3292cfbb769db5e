"""The wheel's build hook: the message catalogs compiled.

Each ``referee/locale/<language>/LC_MESSAGES/referee.po`` is compiled by Babel to its ``.mo`` in the
build's own folder and put beside the ``.po`` in the wheel, so an installed referee reads compiled
catalogs and a checkout commits none (an editable install and a checkout compile a catalog in memory
when it is loaded: :mod:`referee.i18n`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):
    """Compiles the ``.po`` catalogs to ``.mo`` files carried by the wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        out = Path(self.directory) / "catalogs"
        for po in sorted((root / "referee" / "locale").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(root).with_suffix(".mo")
            mo = out / relative
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source)
            with mo.open("wb") as target:
                write_mo(target, catalog)
            build_data["force_include"][str(mo)] = relative.as_posix()
