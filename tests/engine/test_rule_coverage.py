"""Every rule that applies to base-1999 has at least one test whose name carries its id."""
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES_MD = next((p for p in (HERE.parents[2] / "shared" / "RULES.md", HERE.parents[1] / "docs" / "RULES.md")
                 if p.is_file()), HERE.parents[1] / "docs" / "RULES.md")

# Rules that need cards or eras the Base Set doesn't have; the ruleset parameters they hold
# are still tested under ex-2005 / modern in test_rules_rulesets.py where the engine has them.
NOT_IN_BASE = {"R-DECK-4", "R-TRAINER-2", "R-TRAINER-3", "R-TRAINER-4", "R-ATTACK-4", "R-DAMAGE-4"}
# Judge procedure handled by the service (rewind, appeals, time), not by the pure engine.
SERVICE_ONLY = {"J-PENALTY-2", "J-REPAIR-1", "J-APPEAL-1", "J-TIME-1"}


def rule_ids():
    ids = []
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^- ((?:R|J)-[A-Z]+-\d+)\s*(\(([^)]*)\))?", line)
        if not m:
            continue
        eras = m.group(3) or ""
        # rules of other eras only; the three ruleset parameters below are tested per ruleset
        tested_per_ruleset = ("R-ATTACK-5", "R-RETREAT-5", "R-STATUS-6")
        if "`" in eras and "base-1999" not in eras and m.group(1) not in tested_per_ruleset:
            continue
        ids.append(m.group(1))
    return ids


def _test_names():
    names = []
    for path in HERE.glob("test_*.py"):
        names += re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    return names


def test_every_base_rule_has_a_named_test():
    names = _test_names()
    missing = []
    for rule in rule_ids():
        if rule in NOT_IN_BASE or rule in SERVICE_ONLY:
            continue
        pat = re.compile(re.escape(rule.replace("-", "_")) + r"(?!\d)")
        if not any(pat.search(n) for n in names):
            missing.append(rule)
    assert missing == []
