"""The HellGame engine's layout mirrors a round (engines/hellgame/DESIGN.md):
the core below everything, the phases in the round's order, magic and the
beings above the phases, the contract on top. Read from the imports of the
source, lazy ones (inside functions) included."""

from __future__ import annotations

import ast
from pathlib import Path

import engines.hellgame

ROOT = Path(engines.hellgame.__file__).parent
PACKAGE = "engines.hellgame"
#: The phases in the round's order (rulebook 5.2); a phase imports only earlier ones.
PHASES = ("phases.hell", "phases.soul", "phases.summoning", "phases.action", "phases.combat",
          "phases.petition", "phases.endphase")


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        name = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
        out[name.removesuffix(".__init__") if name.endswith("__init__") else name] = path
    return out


def imports() -> dict[str, set[str]]:
    """Module -> the modules of the game it imports (``engines.hellgame.`` left off)."""
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
                base = node.module[len(PACKAGE) + 1:]
                for alias in node.names:
                    full = f"{base}.{alias.name}" if base else alias.name
                    found.append(full if full in known else base)
            elif isinstance(node, ast.Import):
                found += [a.name[len(PACKAGE) + 1:] for a in node.names if a.name.startswith(PACKAGE + ".")]
            graph[name] |= {f for f in found if f and f != name and f in known}
    return graph


def part(module: str) -> str:
    for prefix in ("core", *PHASES, "magic", "beings"):
        if module == prefix or module.startswith(prefix + "."):
            return prefix
    return "top"


def test_the_layout_has_no_import_cycle():
    graph = imports()
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            assert state.get(nxt) != 1, "import cycle: " + " -> ".join(path + [node, nxt])
            if nxt not in state:
                visit(nxt, path + [node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


def test_the_core_imports_nothing_above_it():
    wrong = [(m, d) for m, deps in imports().items() if part(m) == "core" for d in deps if part(d) != "core"]
    assert wrong == []


def test_a_phase_never_imports_a_later_phase_magic_or_a_being():
    wrong = []
    for module, deps in imports().items():
        if part(module) not in PHASES:
            continue
        for dep in deps:
            if part(dep) in ("magic", "beings", "top") or (
                    part(dep) in PHASES and PHASES.index(part(dep)) > PHASES.index(part(module))):
                wrong.append((module, dep))
    assert wrong == []


def test_magic_and_the_beings_never_import_the_contract_or_the_setup():
    wrong = [(m, d) for m, deps in imports().items() if part(m) in ("magic", "beings")
             for d in deps if part(d) == "top"]
    assert wrong == []


def test_magic_never_imports_a_being():
    """The beings answer magic's summoning hooks; magic knows no being."""
    wrong = [(m, d) for m, deps in imports().items() if part(m) == "magic" for d in deps if part(d) == "beings"]
    assert wrong == []


def test_importing_one_module_of_a_package_that_registers_brings_all_of_it():
    """A test importing only the spells still finds the cast verb and the combat spells."""
    import subprocess
    import sys

    probe = ("import engines.hellgame.magic.spells as s; from engines.hellgame.phases.action import actions;"
             "print(sorted(actions.VERBS)); print(sorted(s.EFFECTS))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    verbs, spells = out.splitlines()
    assert "'cast'" in verbs and "'conspire'" in verbs and "'influence'" in verbs
    assert "'frenzy'" in spells and "'lore'" in spells


def test_the_checks_see_the_real_structure():
    """The checks above would pass on an empty graph: this one pins what they read."""
    graph = imports()
    assert {"core.model", "core.flow", "phases.hell.hellcards", "phases.combat.battle", "magic.spells",
            "beings.uriel", "engine"} <= set(graph)
    assert "core.hooks" in graph["phases.hell.hellcards"] and "core.hooks" in graph["phases.combat.battle"]
    assert "phases.action.actions" in graph["magic.casting"]
    assert part("phases.combat.battle") == "phases.combat" and part("setup") == "top"


def test_the_design_notes_examples_run():
    """The guide's examples are code a contributor copies: they must work."""
    import re

    text = (ROOT / "DESIGN.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    scope: dict = {}
    for block in blocks:  # the second example uses the first one's imports
        exec(compile(block, "DESIGN.md", "exec"), scope)
    assert scope["s"].step == "random"
