"""Two cards that exist only for the tests, written as any card module would be, to prove
that a continuous effect is an addition — this module and its test — not an edit of the
rules (issue 11):

* "test-stadium" (Rusty Gears): a Stadium; while it is in play every Pokémon's Retreat Cost
  is 1 more.
* "test-body" (Shellder-like "Shellmon"): a Basic Pokémon with a Poké-Body that makes the
  damage an opponent's attack does to it 10 less, after Weakness, Resistance and Trainers
  (R-DAMAGE-1 f).
"""
from projections.tcg.carddb import add_card, define_pokemon, define_trainer
from projections.tcg.cards.effects import Power, Trainer

STADIUM, BODY = "test-stadium", "test-body"

add_card({"id": STADIUM, "number": "1", "name": "Rusty Gears", "supertype": "Trainer"})
add_card({"id": BODY, "number": "2", "name": "Shellmon", "supertype": "Pokemon", "stage": "Basic",
          "hp": 60, "type": "Water", "weakness": "Lightning", "resistance": None, "retreat_cost": 1,
          "power": {"name": "Hard Shell", "kind": "Poké-Body"},
          "attacks": [{"name": "Clamp", "cost": ["Water"], "damage": "10"}]})


class RustyGears(Trainer):
    text = "while it is in play, every Pokémon's Retreat Cost is 1 more"

    def play(self, tctx):
        tctx.say("Rusty Gears grinds: every Retreat Cost is 1 more.")
        return True

    def retreat_cost(self, src, ev, cost):
        return cost + 1


class HardShell(Power):
    text = "damage an opponent's attack does to this Pokémon is 10 less (after Weakness and Resistance)"
    reduction = 10

    def damage_defender(self, src, ev, dmg):
        if ev.target is not src.on or dmg <= 0:
            return dmg
        dmg -= self.reduction
        ev.note(f"Hard Shell −{self.reduction} = {dmg}")
        return dmg


define_trainer(STADIUM, RustyGears(), kind="stadium")
define_pokemon(BODY, {"Clamp": []}, power=HardShell())
