"""Wheel build hook: the rules engine compiled with mypyc, on request.

Off by default: ``pip install .`` and ``pip install -e .`` build a pure-Python referee, as always.
``HATCH_BUILD_HOOKS_ENABLE=1 pip wheel .`` (or ``python -m build --wheel``) builds a wheel whose hot
engine modules are compiled (``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml lists
them; see docs/compiled.md).

This is hatch-mypyc's hook with two guards:

* an editable install is never compiled: it runs the sources, and an extension module beside a ``.py``
  file is imported instead of it, so every later edit of that file would be ignored;
* hatch-mypyc compiles in place, beside the sources; once the wheel holds the compiled modules they are
  removed from the source tree, for the same reason.
"""

from __future__ import annotations

from typing import Any

from hatch_mypyc.plugin import MypycBuildHook


class CompiledEngineHook(MypycBuildHook):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "editable":
            super().initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if version != "editable":
            self.clean([version])


def get_build_hook() -> type[MypycBuildHook]:
    # named explicitly: this module also holds the hatch-mypyc class it extends
    return CompiledEngineHook
