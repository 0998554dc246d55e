"""The import rules of the layers, read from the source of every module (``ast``; nothing is
imported, so a lazy import inside a function counts as much as one at the top).

    app  ->  projections, events        workers  ->  projections, events
    projections  ->  events             events   ->  (none of the three)

and a game's package (``projections.tcg``) is reached only through the game interface:
``projections.games`` (the registry) is the one module outside the package that imports it.
Inside it, a set's card module (``projections.tcg.cards.ex2_pokemon_1``) imports the effect
vocabulary (``projections.tcg.cards.effects``) and the engine, never another set's module,
and the vocabulary imports no set's module (issue 45: one vocabulary, not copies).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("app", "events", "projections", "workers")

# (importing layer, imported module prefix, why)
FORBIDDEN = (
    ("app", "workers", "app and workers are siblings: what both need lives below them"),
    ("workers", "app", "app and workers are siblings: what both need lives below them"),
    ("events", "app", "events is the bottom layer"),
    ("events", "workers", "events is the bottom layer"),
    ("events", "projections", "events is the bottom layer"),
    ("projections", "app", "projections knows nothing of the web"),
    ("projections", "workers", "projections knows nothing of the jobs"),
)
GAME_PACKAGES = ("projections.tcg",)
GAME_REGISTRY = "projections.games"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = current.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(source: str, current: str, is_package: bool = False
               ) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every module the source imports: ``import x``, ``from x import
    y`` (as ``x`` and ``x.y``, since ``y`` may be a module), relative imports resolved, and
    ``__import__("x")`` / ``importlib.import_module("x")`` with a constant name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(current, is_package, node)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def violations_of(source: str, current: str, is_package: bool = False) -> list[str]:
    layer = current.split(".")[0]
    found = []
    for line, imported in imports_of(source, current, is_package):
        for importer, prefix, why in FORBIDDEN:
            if layer == importer and _within(imported, prefix):
                found.append(f"{current}:{line} imports {imported} ({why})")
        for game in GAME_PACKAGES:
            if _within(imported, game) and not (current == GAME_REGISTRY
                                                or _within(current, game)):
                found.append(f"{current}:{line} imports {imported} (a game's package is "
                             "reached only through projections.games)")
    return sorted(set(found))


# The service (app/service) knows no web framework and no HTTP: of app/ it may use only
# itself, the per-reader filter and the randomness source.
SERVICE = "app.service"
SERVICE_MAY_USE = ("app.service", "app.visibility", "app.randomness")
WEB = ("flask", "flask_smorest", "werkzeug", "webargs", "gunicorn")


def service_violations(source: str, current: str, is_package: bool = False) -> list[str]:
    if not _within(current, SERVICE):
        return []
    found = []
    for line, imported in imports_of(source, current, is_package):
        if any(_within(imported, web) for web in WEB) or (
                _within(imported, "app") and imported != "app"
                and not any(_within(imported, ok) for ok in SERVICE_MAY_USE)):
            found.append(f"{current}:{line} imports {imported} (the service knows no web "
                         "framework and no HTTP)")
    return sorted(set(found))


# The card modules: a set's module is named after its set (``base1_trainers``, ``ex3_pokemon_1``,
# ``sv_decks_pokemon``: the set is the name's first part); the others are the pool's machinery.
CARDS = "projections.tcg.cards"
VOCABULARY = "projections.tcg.cards.effects"
NOT_A_SET = ("declared", "describe")


def _card_set(module: str) -> str | None:
    """The set a module of ``projections.tcg.cards`` belongs to; None for the vocabulary, the
    package itself and its machinery."""
    if not _within(module, CARDS) or module == CARDS or _within(module, VOCABULARY):
        return None
    name = module[len(CARDS) + 1:].split(".")[0]
    return None if name in NOT_A_SET else name.split("_")[0]


def card_violations(source: str, current: str, is_package: bool = False) -> list[str]:
    own = _card_set(current)
    if own is None and not _within(current, VOCABULARY):
        return []
    found = []
    for line, imported in imports_of(source, current, is_package):
        other = _card_set(imported)
        if other is not None and other != own:
            found.append(f"{current}:{line} imports {imported} (a card module imports the effect "
                         "vocabulary, never another set's module: move what both need into "
                         f"{VOCABULARY})")
    return sorted(set(found))


def all_modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_every_module_keeps_to_its_layer() -> None:
    found = []
    for path in all_modules():
        source, name = path.read_text(encoding="utf-8"), module_name(path)
        found += violations_of(source, name, path.name == "__init__.py")
        found += service_violations(source, name, path.name == "__init__.py")
        found += card_violations(source, name, path.name == "__init__.py")
    assert not found, "layer rules broken:\n" + "\n".join(found)


@pytest.mark.parametrize("module, source, broken", [
    ("projections.tcg.cards.ex2_pokemon_1", "from .ex1_pokemon_2 import DamageIgnores", True),
    ("projections.tcg.cards.sv1_items", "from .base1_trainers import Potion", True),
    ("projections.tcg.cards.sv_decks_trainers", "from .sv1_items import OntoTheBench", True),
    ("projections.tcg.cards.effects.search", "from ..ex1_pokemon_1 import DeckSearch", True),
    ("projections.tcg.cards.effects", "from . import base1_trainers", True),
    ("projections.tcg.cards.ex2_pokemon_1", "from .ex2_powers_1 import Safeguard", False),
    ("projections.tcg.cards.sv_decks_pokemon", "from .sv_fossils import X", False),
    ("projections.tcg.cards.ex2_pokemon_1", "from .effects import DamageIgnores", False),
    ("projections.tcg.cards.ex2_pokemon_1", "from ..core import Illegal", False),
    ("projections.tcg.cards.effects.coins", "from .base import Effect", False),
    ("projections.tcg.cards", "from .declared import declare_the_rest", False),
])
def test_a_set_module_imports_the_vocabulary_not_another_set(module: str, source: str,
                                                            broken: bool) -> None:
    found = card_violations(source, module)
    assert bool(found) is broken
    if broken:   # the message names the module and the line
        assert found[0].startswith(f"{module}:1 imports ")


@pytest.mark.parametrize("source, broken", [
    ("from flask import current_app", True),
    ("from app.errors import problem", True),
    ("from app.extensions import get_store", True),
    ("from app.visibility import Reader", False),
    ("from app.service.plans import Plan", False),
    ("from events.store import EventStore", False),
])
def test_the_service_knows_no_web(source: str, broken: bool) -> None:
    assert bool(service_violations(source, "app.service.write")) is broken


def test_the_modules_are_all_read() -> None:
    names = {module_name(p) for p in all_modules()}
    assert {"app.service.write", "events.store", "projections.games",
            "projections.tcg.game", "workers.jobs"} <= names


@pytest.mark.parametrize("module, source, broken", [
    ("app.routes.x", "from workers.queue import get_queue", True),
    ("app.cli", "def f():\n    import workers.runner", True),
    ("app.cli", "__import__('workers.cli')", True),
    ("workers.jobs", "from app.extensions import get_store", True),
    ("events.store", "from projections.replay import fold", True),
    ("projections.snapshots", "from app.errors import problem", True),
    ("projections.readmodels.model", "from ...app import x", True),
    ("app.games", "from projections.tcg.carddb import card", True),
    ("workers.export", "from projections import tcg", True),
    ("app.x", "import importlib\nimportlib.import_module('projections.tcg.decks')", True),
    ("projections.replay", "from .tcg.randomness import Replay", True),
    ("projections.games", "from .tcg.game import TcgGame", False),
    ("projections.tcg.game", "from . import engine", False),
    ("app.routes.x", "from projections.games import get_game", False),
    ("workers.jobs", "from events.jobqueue import get_queue", False),
])
def test_the_rules_catch_what_they_should(module: str, source: str, broken: bool) -> None:
    assert bool(violations_of(source, module)) is broken


def test_the_workers_commands_join_referee_by_entry_points() -> None:
    """``app/cli.py`` imports no workers module: the commands come from the installed
    package's ``referee.commands`` entry points (setup.cfg)."""
    from importlib.metadata import entry_points

    from app.cli import COMMANDS_GROUP, main

    declared = {entry.name: entry.value for entry in entry_points(group=COMMANDS_GROUP)}
    assert {"worker", "audit", "rebuild", "export", "replay", "reconcile"} <= set(declared)
    assert all(value.startswith("workers.cli:") for value in declared.values())
    assert set(declared) <= set(main.commands)
