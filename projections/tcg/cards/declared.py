"""Declared effects as card effects: the text of a card the engine does not encode is carried
out as the steps the table declares (`projections/tcg/declare.py`, R-DECLARE-1..4).

After every card module has registered what it encodes, `declare_the_rest` gives each card of
a set played by declaration (`DECLARED_SETS`) what it lacks: an attack with printed text and no
encoding runs the effects its text compiles to (`cards/compiler`: templates matching the whole
text; `AttackDef.compiled_by` names them), else `DeclaredAttack`; an Ability the Power its text
compiles to (`PowerDef.compiled_by`), else `DeclaredPower`; a Trainer the Trainer its text
compiles to (`CardDef.trainer_compiled_by`), else `DeclaredTrainer`; an attack without text
is exact from its facts (its damage).
`CardDef.declared` lists what is declared ("attack:<name>", "power:<name>", "trainer",
"energy"), so the card's page, the timeline and the audit say what the engine verified and
what the table declared.

Rulings taken here:
- An attack whose text is declared deals its printed damage to the Defending Pokémon through
  the damage rules (Weakness, Resistance, effects in play) unless a `base_damage` step gives
  another base; a "×" attack must declare it. Its other steps follow the damage. An attack
  that does not happen (a Confused attacker's tails) refuses its declared steps, but not that
  base damage alone: it is read, not carried out, and the coin is flipped after the action.
- A declared Ability may be used from the Active or the Bench whatever the Special
  Conditions (an Ability's kind, R-POWER-2), once a turn per Pokémon when its text begins so
  (the printed `once_per_turn` fact); any other limit of its text is the table's to respect.
- A Trainer or Special Energy reprinted in another set of the modern pool (Scarlet & Violet, Mega
  Evolution) under the same name is the same card: it takes the encoding of its name (checked
  against the printed texts when this was written: of the 176 Scarlet & Violet Trainer names,
  two differ only in their reminder text, Bravery Charm and Rescue Board; the 26 reprints in
  Surging Sparks through the Mega Evolution promos of an encoded Trainer or Special Energy —
  Ultra Ball, Buddy-Buddy Poffin, Night Stretcher, Maximum Belt, Prime Catcher, Jet Energy … —
  print the same effect, six of them with their reminder text left out or moved).
- The steps of a declared attack, of a declared Ability when it is used and of a declared Item
  or Supporter stay within what the card's printed text bounds where the compiler reads it in
  part (R-DECLARE-5, `compiler/partial.py`; read when the card is first played). A text that
  acts by itself (a Tool's, a Stadium's, a Special Energy's, R-DECLARE-4) is not bounded, nor a
  text `bounded` is False for.
- A declared Trainer follows its kind's rules (one Supporter, one Stadium, a Tool on one
  Pokémon without a Tool) and then its steps; a declared Special Energy provides what its
  facts say (`provides`) and its other text is declared with `declare` when it acts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from .. import carddb
from ..core import Illegal
from .compiler import compile_attack, compile_power, compile_trainer
from .compiler.partial import attack_reading, card_text_reading
from .effects import Effect, Power, Trainer

if TYPE_CHECKING:
    from ..contexts import AttackCtx, PowerCtx, TrainerCtx
    from ..state import Pokemon, State

# The sets whose cards the table may declare (the modern ruleset's: too many to encode at once).
DECLARED_SETS = ("sv1", "sv2", "sv3", "sv3pt5", "sv4", "sv4pt5", "sv5", "sv6", "sv6pt5", "sv7",
                 "svp", "sve", "sv8", "sv8pt5", "sv9", "sv10", "zsv10pt5", "rsv10pt5",
                 "me1", "me2", "me2pt5", "mep")
NOTHING: list[dict[str, Any]] = []     # the step list legal_actions offers: "it did nothing"


class DeclaredAttack(Effect):
    """The attack's steps, declared, within what its printed text bounds where the compiler's
    partial reading reads it (`compiler/partial.py`, R-DECLARE-5; `bounded` False: no bound)."""
    text = "The attack's text is declared by the table as steps the engine checks."
    declared = True

    def __init__(self, bounded: bool = True):
        self.bounded = bounded

    def check(self, actx: AttackCtx) -> None:
        actx.declared_run = actx.run_declared(msg("%(pokemon)s's %(attack)s", pokemon=actx.attacker_name,
                                                  attack=actx.attack.name), attack=actx)
        if self.bounded:
            actx.declared_run.bound_by(attack_reading(actx.attack), actx.attacker)

    def damage(self, actx: AttackCtx, n: int) -> int:
        attack = actx.attack
        base = actx.declared_run.declared_base(attack.damage, attack.damage_mark)
        if base is None and attack.damage_mark == "×":
            raise Illegal("R-DECLARE-1", msg('%(attack)s does %(damage)s× damage: declare the base damage '
                                             '({"op": "base_damage", "amount": ...}).', attack=attack.name,
                                             damage=attack.damage))
        return n if base is None else base

    def after(self, actx: AttackCtx) -> None:
        actx.declared_run.run()

    def declared_options(self, attack: carddb.AttackDef) -> list[list[dict[str, Any]]]:
        if attack.damage_mark == "×":
            return [[{"op": "base_damage", "amount": attack.damage}]]
        return [NOTHING]


class DeclaredPower(Power):
    """The Ability's steps when it is used, declared, within what its printed text bounds
    (R-DECLARE-5 when `bounded`; "this Pokémon" is the Pokémon using it)."""
    text = "The Ability's text is declared by the table as steps the engine checks."
    declared = True

    def __init__(self, bounded: bool = True):
        self.bounded = bounded

    def check(self, pctx: PowerCtx) -> None:
        power = pctx.card.power
        assert power is not None
        used = pctx.state.this_turn["powers_used"].get(pctx.pokemon.stack[0], 0)
        if power.once_per_turn and used:
            raise Illegal("R-POWER-1", msg("%(power)s is used once a turn (printed); %(pokemon)s has used it.",
                                           power=power.name, pokemon=pctx.name(pctx.pokemon)))

    def use(self, pctx: PowerCtx) -> None:
        power = pctx.card.power
        assert power is not None
        run = pctx.run_declared(msg("%(pokemon)s's %(power)s", pokemon=pctx.card.name, power=power.name))
        if self.bounded:
            run.bound_by(card_text_reading(power.text), pctx.pokemon)
        run.run()

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"declared": NOTHING}]


class DeclaredTrainer(Trainer):
    """The Trainer's steps when it is played, declared, within what its printed text bounds
    (R-DECLARE-5 when `bounded`: an Item's or a Supporter's; a Tool's and a Stadium's text
    acts later, R-DECLARE-4, and is not bounded)."""
    text = "The card's text is declared by the table as steps the engine checks."
    declared = True

    def __init__(self, bounded: bool = False):
        self.bounded = bounded

    def check(self, tctx: TrainerCtx) -> None:
        tctx.sel = tctx.run_declared(tctx.card.name)
        if self.bounded:
            tctx.sel.bound_by(card_text_reading(tctx.card.text))

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.sel.run()
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        if state.card_of(instance).trainer_kind == "tool":
            return [{"targets": [p.top], "choices": {}, "declared": NOTHING}
                    for p in state.seats[seat].in_play()]
        return [{"targets": [], "choices": {}, "declared": NOTHING}]


def declare_the_rest() -> None:
    cards = [c for c in carddb.all_cards() if c.id.split("-")[0] in DECLARED_SETS]
    encoded = {c.name: c for c in cards if c.supertype == "Trainer" and c.trainer is not None}
    energies = {c.name: c for c in cards if c.energy_kind == "special" and c.energy_effect is not None}
    for c in cards:
        same = encoded.get(c.name)
        if c.supertype == "Trainer" and c.trainer is None and same is not None and same.trainer is not None:
            as_pokemon = ({"hp": same.hp, "type": same.type, "retreat_cost": same.retreat_cost}
                          if same.is_pokemon_card else None)     # a fossil plays as a Basic Pokémon
            carddb.define_trainer(c.id, same.trainer, kind=same.trainer_kind, as_pokemon=as_pokemon)
        energy = energies.get(c.name)
        if c.energy_kind == "special" and c.energy_effect is None and energy is not None:
            carddb.define_energy(c.id, energy.energy_effect)
        _fill(c)


def _fill(c: carddb.CardDef) -> None:
    """Give the card a declared effect for each text nothing encodes, and list them."""
    for attack in c.attacks:
        if attack.has_effect_text and not attack.effects:
            compiled = compile_attack(attack)     # its whole printed text matched: exact
            if compiled is not None:
                attack.effects, attack.compiled_by = compiled.effects, compiled.templates
            else:
                attack.effects = [DeclaredAttack()]
    if c.power is not None and c.power.effect is None:
        power = compile_power(c)
        if power is not None:
            c.power.effect, c.power.compiled_by = power.effect, power.templates
        else:
            c.power.effect = DeclaredPower()
    if c.supertype == "Trainer" and c.trainer is None:
        trainer = compile_trainer(c)
        if trainer is not None:
            c.trainer, c.trainer_compiled_by = trainer.effect, trainer.templates
        else:
            c.trainer = DeclaredTrainer(bounded=c.trainer_kind in ("item", "supporter"))
    c.declared = frozenset(_declared_texts(c))
    c.implemented = True


def _declared_texts(c: carddb.CardDef) -> list[str]:
    def declared(effect: Any) -> bool:
        return bool(getattr(effect, "declared", False))
    texts = [f"attack:{a.name}" for a in c.attacks if any(declared(e) for e in a.effects)]
    if c.power is not None and declared(c.power.effect):
        texts.append(f"power:{c.power.name}")
    if c.supertype == "Trainer" and declared(c.trainer):
        texts.append("trainer")
    if c.supertype == "Energy" and c.energy_kind == "special" and c.energy_effect is None:
        texts.append("energy")
    return texts
