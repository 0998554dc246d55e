"""Every T-* rule of docs/TFG.md is named by a test of tests/tfg whose body checks the engine
cites it (a refusal's rule or "[T-…]" in the narration), except the rules of Trainer cards:
the figure data holds no Trainer card (see EXEMPT)."""
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
TFG_MD = HERE.parents[1] / "docs" / "TFG.md"
# T-TRAINER-1/2 need Trainer cards and the Trainer figure's wheel: ../shared/tfg has neither, so
# a 6-vs-6 game is played without them and these rules wait for the data.
EXEMPT = {"T-TRAINER-1", "T-TRAINER-2"}


def rule_ids() -> list[str]:
    return re.findall(r"^- (T-[A-Z]+-\d+)", TFG_MD.read_text(encoding="utf-8"), re.M)


def test_tfg_md_is_read_whole():
    assert len(rule_ids()) == 25


def test_every_t_rule_is_named_by_a_test_that_checks_the_engine_cites_it():
    sources = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    tests = re.findall(r"^def (test_\w+)\(.*?(?=^def |\Z)", sources, re.M | re.S)
    bodies = dict(zip(re.findall(r"^def (test_\w+)\(", sources, re.M),
                      re.split(r"^def test_\w+\(", sources, flags=re.M)[1:], strict=True))
    assert tests
    missing = []
    for rule in rule_ids():
        if rule in EXEMPT:
            continue
        named = [name for name in bodies if rule.replace("-", "_") in name]
        cites = [name for name in named if rule in bodies[name]]
        if not cites:
            missing.append(rule)
    assert missing == []
