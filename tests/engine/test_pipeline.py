"""The effect pipeline (hooks.py): the rules never name a card, every ruleset parameter is
read, the hooks are asked in the documented order, and a rule that differs by era reads a
parameter (R-STATUS-6's Burn, R-ATTACK-4's Baby flip), never the era's name."""
import dataclasses
import json
import re
from pathlib import Path

from engine_helpers import FIGHTING, MACHOP, act, board, mon, seat

from projections.tcg import hooks
from projections.tcg.core import add_effect
from projections.tcg.rulesets import Ruleset

TCG = Path(__file__).resolve().parents[2] / "projections" / "tcg"
RULE_MODULES = ("core", "combat", "flow", "actions", "legal", "hooks", "engine", "evolution", "contexts")


def _card_words() -> set[str]:
    words = set()
    for path in (TCG / "cards").glob("*_facts.json"):
        for c in json.loads(path.read_text(encoding="utf-8")):
            words.add(c["name"])
            words.update(a["name"] for a in c.get("attacks", []))
            if c.get("power"):
                words.add(c["power"]["name"])
    return {w for w in words if len(w) >= 4} - RULE_TERMS


# Card words that are also the rules' own terms ("an Evolution card"; a Technical Machine's
# attack is called Evolution).
RULE_TERMS = {"Evolution"}


def test_the_rules_modules_name_no_card_attack_or_power():
    words = _card_words()
    found = []
    for name in RULE_MODULES:
        text = (TCG / f"{name}.py").read_text(encoding="utf-8")
        found += [(name, w) for w in words if re.search(rf"\b{re.escape(w)}\b", text)]
    assert found == []


def test_every_ruleset_parameter_is_read_by_the_engine():
    source = "\n".join(p.read_text(encoding="utf-8") for p in TCG.glob("*.py") if p.name != "rulesets.py")
    unread = [f.name for f in dataclasses.fields(Ruleset)
              if f.name not in ("name", "seeds") and not re.search(rf"\.{f.name}\b", source)]
    assert unread == []
    assert '"modern"' not in source and "'modern'" not in source and '"ex-2005"' not in source


class _Recorder:
    """Answers `retreat_cost` by noting where the answer came from."""
    seen: list = []

    def retreat_cost(self, src, ev, cost):
        self.seen.append((src.source, src.seat, src.card or src.data["kind"]))
        return cost


def test_hooks_are_asked_stadium_then_pokemon_then_attached_then_lasting_effects(monkeypatch):
    from projections.tcg.carddb import card

    st = board(seat(mon("base1-70"), bench=[mon(MACHOP, attached=["base1-80"])]),
               seat(mon("base1-70")), seat_to_act=1, turn=4)
    recorder = _Recorder()
    _Recorder.seen = []
    monkeypatch.setattr(card("base1-80"), "trainer", recorder)
    monkeypatch.setattr(card("base1-70"), "trainer", recorder)
    monkeypatch.setitem(hooks._LASTING, "test_noted", recorder)
    hooks.invalidate()                        # the cards changed: what answers which hook
    monkeypatch.setattr(hooks, "_MATCH_INDEX", {})  # and a fresh index again once they are put back
    add_effect(st.seats[0].active, "test_noted", None)
    add_effect(st.seats[1].active, "test_noted", None)
    st.stadium = {"card": st.seats[0].bench[0].attached[0], "owner": 0}
    hooks.modify(st, "retreat_cost", hooks.PokemonEvent(st, st.seats[0].active, 0), 1)
    sources = [(source, seat) for source, seat, _ in _Recorder.seen]
    assert sources == [("stadium", 0), ("pokemon", 1), ("pokemon", 0), ("attached", 0),
                       ("effect", 1), ("effect", 0)]


def test_every_hook_is_documented_with_a_kind_the_dispatcher_knows():
    assert {kind for kind, _, _ in hooks.HOOKS.values()} == {"modify", "check", "allow", "tell"}
    for name, (_kind, event, _what) in hooks.HOOKS.items():
        assert hasattr(hooks, event), (name, event)


def test_R_STATUS_6_burn_between_turns_reads_the_rulesets_parameter():
    def burned(ruleset):
        st = board(seat(mon(MACHOP)), seat(mon(MACHOP, conditions=["burned"])), ruleset=ruleset)
        return act(st, 0, {"type": "end_turn"}, coins=["heads"])
    ex = burned("ex-2005")        # flip first: heads, no counters; stays Burned
    assert ex.state.seats[1].active.damage == 0 and "burned" in ex.state.seats[1].active.conditions
    modern = burned("modern")     # 2 counters, then flip: heads recovers
    assert modern.state.seats[1].active.damage == 20 and "burned" not in modern.state.seats[1].active.conditions


def test_R_ATTACK_4_attacking_a_baby_flips_first_and_tails_ends_the_turn():
    from projections.tcg.carddb import card

    baby = card(MACHOP)
    try:
        object.__setattr__(baby, "tags", frozenset({"baby"}))
        ex = board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(MACHOP)), ruleset="ex-2005")
        tails = act(ex, 0, {"type": "attack", "attack": "Low Kick", "choices": {}}, coins=["tails"])
        assert tails.state.seats[1].active.damage == 0 and tails.state.seat_to_act == 1
        assert any("R-ATTACK-4" in line for line in tails.narration)
        heads = act(ex, 0, {"type": "attack", "attack": "Low Kick", "choices": {}}, coins=["heads"])
        assert heads.state.seats[1].active.damage == 20
        base = board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(MACHOP)))
        plain = act(base, 0, {"type": "attack", "attack": "Low Kick", "choices": {}})   # no flip asked
        assert plain.state.seats[1].active.damage == 20
    finally:
        object.__setattr__(baby, "tags", frozenset())
