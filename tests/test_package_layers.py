"""The package is built in layers and imports only downward, with no cycles (DESIGN.md: "the store
(which imports nothing above it) ... No import cycles").  Every module's imports are read from its
source (module level and function level alike: a deferred import is still a dependency); a type
named only for type hints (under ``if TYPE_CHECKING:``) loads nothing and is no dependency for the
cycles, but it still names a layer: no layer names a type from a layer above it either.

:data:`LAYERS` is where the layers are written down, lowest first.  A module may import from its own
layer and the ones below; never from a layer above, and never round in a cycle.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).resolve().parent

#: The layers, lowest first: each names the top-level modules and packages of ``referee`` in it.
#: The game registry is part of the engine, and the rulebook reads it (which games there are, their
#: rule prefixes and the options each declares), so the rulebook sits above the engine; the engine
#: reads a rulebook through its own protocol (``referee.engine.house.Rules``) and names nothing above it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("referee", "errors", "cards", "money", "resources", "files", "plain_words", "plain_data", "i18n"),  # foundation
    ("ranking",),
    ("engine",),
    ("rulebook",),
    ("handfile",),
    ("store",),
    ("recording", "ledger", "dispute", "report", "night", "season"),
    ("scoreboard",),
    ("cli", "__main__"),
)
LAYER_OF = {name: n for n, names in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = ["referee", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def part_of(module: str) -> str:
    """The top-level module or package of ``referee`` that ``module`` belongs to."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "referee"


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST, types: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports under ``node``; with ``types``, those under ``if TYPE_CHECKING:`` too."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking_only(child) and not types:
            for other in child.orelse:
                yield from _import_nodes(other)
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        yield from _import_nodes(child, types)


def imports_of(module: str, types: bool = False) -> dict[str, int]:
    """The ``referee`` modules ``module`` imports, each with the line of its first import (``types``:
    the ones it names only for type hints too)."""
    path = MODULES[module]
    out: dict[str, int] = {}
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")), types):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:  # relative: from its own package
                base = module.split(".")[: len(module.split(".")) - node.level + (path.name == "__init__.py")]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in MODULES else stem for a in node.names]
        for target in targets:
            if target.startswith("referee") and target in MODULES:
                out.setdefault(target, node.lineno)
                # importing a.b.c runs the __init__ of a.b first (its own packages are already running)
                parts = target.split(".")
                for n in range(2, len(parts)):
                    parent = ".".join(parts[:n])
                    if parent in MODULES and not (module + ".").startswith(parent + "."):
                        out.setdefault(parent, node.lineno)
    return out


GRAPH = {module: imports_of(module) for module in MODULES}
TYPED_GRAPH = {module: imports_of(module, types=True) for module in MODULES}


def test_every_part_of_the_package_has_a_layer() -> None:
    assert sorted({part_of(m) for m in MODULES} - set(LAYER_OF)) == []


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    upward = [
        f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}: {m} imports {target}"
        for m, targets in GRAPH.items() for target, line in targets.items()
        if LAYER_OF[part_of(target)] > LAYER_OF[part_of(m)]
    ]
    assert upward == []


def test_no_module_names_a_type_from_a_layer_above_its_own() -> None:
    # a type hint names its layer too: the engine reads a rulebook through its own protocol
    upward = [
        f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}: {m} names {target} in type hints"
        for m, targets in TYPED_GRAPH.items() for target, line in targets.items()
        if LAYER_OF[part_of(target)] > LAYER_OF[part_of(m)]
    ]
    assert upward == []


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(GRAPH)))
    for v in GRAPH:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles() -> None:
    assert _cycles() == []


def test_the_walk_sees_deferred_and_relative_imports_but_not_type_hints() -> None:
    # a check that the walk reads what it should: the CLI's commands import the store inside their
    # bodies, and the night's replay names the engine's rules protocol for type hints only
    assert any(part_of(t) == "store" for m in GRAPH if part_of(m) == "cli" for t in GRAPH[m])
    assert "referee.engine.house" not in GRAPH["referee.engine.night"]
    assert "referee.engine.house" in TYPED_GRAPH["referee.engine.night"]


STORE_SCRIPT = """
import json, sys
from referee.engine.events import AddChips, Bet, LedgerSetting, Leave, SitDown, TransferPaid
from referee.errors import InputError
from referee.store.store import SeatSpec, StaleLogError, open_store

with open_store(sys.argv[1]) as store:
    with store.transaction() as tx:
        sid = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                             seats=[SeatSpec("Ann", 20), SeatSpec("Bob", 20)], dealer="Ann").id
    store.start_hand(sid)
    store.append_event(sid, 1, Bet("Ann", 1))
    seen = store.last_seq(sid)
    store.append_events(sid, None, [AddChips("Bob", 10), SitDown("Cy", 30, "Bob"), LedgerSetting("currency", "GBP")])
    refused = []
    try:
        store.append_event(sid, None, Leave("Dee"))  # not seated: the table state refuses it
    except InputError as err:
        refused.append(err.message)
    try:
        store.append_event(sid, None, AddChips("Ann", 5), expected_seq=seen)  # stale: told what came since
    except StaleLogError as err:
        refused.append(str(err))
    assert len(refused) == 2 and "not at the table" in refused[0] and "Cy sits down" in refused[1], refused
    store.close_session(sid, {"Ann": 19, "Bob": 31, "Cy": 30})
    store.append_event(sid, None, TransferPaid("Ann", "Bob", 25))
    snapshot = store.log_snapshot(sid)
    assert store.verify_chain(sid).ok and len(snapshot.events) > 5
print(json.dumps(sorted(sys.modules)))
"""


def test_the_store_records_and_checks_a_night_without_loading_anything_above_it(tmp_path: Path) -> None:
    """Recording a night into the store, checking its night events, refusing a stale append with what
    was stored since, reading it back and verifying its chain load nothing above the store."""
    url = f"sqlite:///{tmp_path / 'layers.sqlite3'}"
    proc = subprocess.run([sys.executable, "-c", STORE_SCRIPT, url], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    above = [m for m in json.loads(proc.stdout)
             if m.startswith("referee") and LAYER_OF[part_of(m)] > LAYER_OF["store"]]
    assert above == []
