"""Every rule that applies to base-1999 has at least one test whose name carries its id, and
one of those tests checks that the engine cites the rule (a refusal's rule, or "[R-…]" in the
narration): a name alone let six rules through (issue 10, item 19c)."""
import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The project's copy: the shared RULES.md plus the project's own finer ids. (Reading a file
# outside the repository made the test depend on where the checkout sits.)
RULES_MD = HERE.parents[1] / "docs" / "RULES.md"
RULE_LINE = re.compile(r"^- ((?:R|J)-[A-Z]+-\d+)\s*(\(([^)]*)\))?")
RULE_ID = re.compile(r"\b(?:R|J)-[A-Z]+-\d+\b")

# Rules that need cards or eras the Base Set doesn't have; the ruleset parameters they hold
# are still tested under ex-2005 / modern in test_rules_rulesets.py where the engine has them.
NOT_IN_BASE = {"R-DECK-4", "R-TRAINER-2", "R-TRAINER-3", "R-TRAINER-4", "R-ATTACK-4", "R-DAMAGE-4"}
# (the EX era's rules among them are held to the same standard by the ex-2005 check below)
# Judge procedure handled by the service (rewind, appeals, time), and the service's rules about
# what a player may name (R-HIDDEN-1, tests/api/test_hidden_information.py), not by the engine.
SERVICE_ONLY = {"J-PENALTY-2", "J-REPAIR-1", "J-APPEAL-1", "J-TIME-1", "J-TIME-2", "R-HIDDEN-1"}
# Rules of other eras whose ruleset parameter the engine holds: tested per ruleset.
TESTED_PER_RULESET = ("R-ATTACK-5", "R-RETREAT-5", "R-STATUS-6")


def _rule_lines():
    """(rule id, its era annotation) for every rule line of RULES.md."""
    out = []
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        m = RULE_LINE.match(line)
        if m:
            out.append((m.group(1), m.group(3) or ""))
    return out


def _other_era_only(eras):
    return "`" in eras and "base-1999" not in eras


def rule_ids():
    return [rule for rule, eras in _rule_lines()
            if not _other_era_only(eras) or rule in TESTED_PER_RULESET]


def _checked_rules():
    return [rule for rule in rule_ids() if rule not in NOT_IN_BASE and rule not in SERVICE_ONLY]


def _test_functions():
    """{name: the string constants in its body, docstring left out} for every top-level test
    function under tests/engine (card tests included)."""
    functions = {}
    for path in sorted(HERE.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            functions[node.name] = [c.value for stmt in body for c in ast.walk(stmt)
                                    if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return functions


def _named(rule, functions):
    pat = re.compile(r"(?<![A-Za-z0-9])" + re.escape(rule.replace("-", "_")) + r"(?!\d)")
    return [name for name in functions if pat.search(name)]


def _unnamed(rules, functions):
    """The rules no test function's name carries."""
    return [rule for rule in rules if not _named(rule, functions)]


def _uncited(rules, functions):
    """The rules whose named tests never check the id itself (as a refusal's rule or in the
    narration): a string constant in the test's body, not its docstring."""
    missing = []
    for rule in rules:
        cited = re.compile(re.escape(rule) + r"(?!\d)")
        if not any(cited.search(s) for name in _named(rule, functions) for s in functions[name]):
            missing.append(rule)
    return missing


def test_rules_md_is_read_whole():
    """A RULES.md the parser half-reads would make the checks below pass on nothing."""
    text = RULES_MD.read_text(encoding="utf-8")
    listed = {rule for rule, _ in _rule_lines()}
    assert set(RULE_ID.findall(text)) <= listed
    assert len(_checked_rules()) >= 50
    for rule in ("R-ENERGY-2", "R-ENERGY-3", "R-ATTACK-3", "R-DAMAGE-1", "R-STATUS-7", "R-CHECKUP-1"):
        assert rule in _checked_rules(), rule


def test_exemptions_are_real_and_not_base_rules():
    eras = dict(_rule_lines())
    for rule in NOT_IN_BASE:
        assert rule in eras and _other_era_only(eras[rule]), rule
    for rule in SERVICE_ONLY:
        assert rule in eras and (rule.startswith("J-") or rule == "R-HIDDEN-1"), rule
    api_tests = (HERE.parents[0] / "api" / "test_hidden_information.py").read_text(encoding="utf-8")
    assert "def test_R_HIDDEN_1_" in api_tests
    for rule in TESTED_PER_RULESET:
        assert rule in eras, rule


def ex_rule_ids():
    """The rules that apply to ex-2005: those of every era, and those whose annotation names
    `ex-2005` (the service's own, SERVICE_ONLY, are proven through the API)."""
    return [rule for rule, eras in _rule_lines()
            if ("`" not in eras or "ex-2005" in eras) and rule not in SERVICE_ONLY]


def test_every_base_rule_has_a_named_test():
    assert _unnamed(_checked_rules(), _test_functions()) == []


def test_every_ex_2005_rule_has_a_named_test_that_checks_the_engine_cites_it():
    rules = ex_rule_ids()
    assert {"R-TRAINER-2", "R-TRAINER-3", "R-TRAINER-4", "R-ATTACK-4", "R-STATUS-6", "R-RETREAT-5"} <= set(rules)
    functions = _test_functions()
    assert _unnamed(rules, functions) == []
    assert _uncited(rules, functions) == []


def test_every_base_rule_has_a_named_test_that_checks_the_engine_cites_it():
    assert _uncited(_checked_rules(), _test_functions()) == []


def test_the_checks_catch_a_rule_named_only_in_a_test_name():
    functions = {"test_R_ENERGY_2_named_only": ["Jab", "R-ATTACK-1"],
                 "test_R_ENERGY_20_other": ["R-ENERGY-2"],
                 "test_XR_ENERGY_2_not_a_rule_name": ["R-ENERGY-2"],
                 "test_R_ENERGY_3_cited": ["[R-ENERGY-3]"]}
    assert _named("R-ENERGY-2", functions) == ["test_R_ENERGY_2_named_only"]
    assert _unnamed(["R-ENERGY-2", "R-ENERGY-3", "R-ENERGY-1"], functions) == ["R-ENERGY-1"]
    assert _uncited(["R-ENERGY-2", "R-ENERGY-3"], functions) == ["R-ENERGY-2"]


def modern_rule_ids():
    """The rules that apply to `modern`: those of every era, and those whose annotation names
    `modern` (the service's own, SERVICE_ONLY, are proven through the API)."""
    return [rule for rule, eras in _rule_lines()
            if ("`" not in eras or "modern" in eras) and rule not in SERVICE_ONLY]


def test_every_modern_rule_has_a_named_test_that_checks_the_engine_cites_it():
    rules = modern_rule_ids()
    assert {"R-DECK-4", "R-DAMAGE-4", "R-ATTACK-5", "R-DECLARE-1", "R-DECLARE-2", "R-DECLARE-3",
            "R-DECLARE-4"} <= set(rules)
    assert "R-ATTACK-4" not in rules           # the EX era's Baby flip
    functions = _test_functions()
    assert _unnamed(rules, functions) == []
    assert _uncited(rules, functions) == []
