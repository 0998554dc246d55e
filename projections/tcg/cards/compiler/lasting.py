"""Templates for the wordings of effects that last or borrow: "During your opponent's next turn,
…" on the Defending Pokémon or this one, "During your next turn, …" on this one, attacks copied
("Choose 1 of … attacks and use it as this attack"), damage counters placed ("Put N damage
counters on …"), and the attack's own damage that ignores the effects on the Defending Pokémon
or is followed by the discard of all its Energy.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py` (after the other modules' templates: a
wording another template reads is read there first); shares `base.py`'s shapes. The rulings are
the blocks' own (`cards/effects/next_turn.py`, `cards/effects/lasting.py`).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..effects import (
    BoostNextTurn,
    CantAttackNextTurn,
    DefendingAttackMayFail,
    DefendingCantRetreat,
    Effect,
    Flip,
    PreventDamageNextTurn,
)
from ..effects.next_turn import (
    BoostAttackNextTurn,
    CantRetreatNextTurn,
    CantUseNextTurn,
    CopyBenchedAttack,
    CopyDefendingAttack,
    CountersOnAttackerNextTurn,
    CountersOnDefendingAtEndOfNextTurn,
    DamageNewActive,
    DefendingAttackBlockedChosen,
    DefendingAttacksWeaker,
    DefendingCantAttackNextTurn,
    DiscardAllOwnEnergyAfter,
    IfDefenderKnockedOut,
    IgnoresDefenderEffects,
    NoWeaknessNextTurn,
    OpponentNoItemsNextTurn,
    PlaceCounters,
    PreventDamageFromBasicNextTurn,
    PreventEffectsNextTurn,
    ReduceDamageFromStageNextTurn,
)
from .base import CONDITION, OPPONENT_ACTIVE, TYPES, Build, Template, normalise, template

if TYPE_CHECKING:
    from ...carddb import AttackDef


def reminder(words: str) -> str:
    """A parenthesised reminder (printed in italics in some sets: `normalise` drops the markup)."""
    return rf"\({words}\)"


BEFORE_WR = reminder("before applying Weakness and Resistance")
NEXT_TURN = "During your opponent's next turn, "


def _type_named(word: str | None) -> str | None:
    """A type as the text prints it ("colorless" in some printings) as the cards spell it."""
    return word.capitalize() if word else None


def _no_printed_damage(build: Callable[[], list[Effect]]) -> Build:
    """A builder for an attack whose whole damage is its text's: printed with no damage."""
    return lambda p, a: build() if a.damage == 0 and not a.damage_mark else None


def _counters(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    counters = int(p["counters"])
    if counters <= 0 or not (p["active"] or p["one"] or p["spread"]) or (p["one"] and p["spread"]):
        return None
    if p.get("spread"):
        return [PlaceCounters(counters, "spread_benched" if p["benched"] else "spread")]
    if p.get("one"):
        return [PlaceCounters(counters, "one_benched" if p["benched"] else "one")]
    return [PlaceCounters(counters, "active")]


def _after(sentence: str, before: str) -> Callable[[dict[str, str], AttackDef], bool]:
    """A sentence that names what the sentence before it spoke of ("that Pokémon", "the new Active
    Pokémon") reads only after a sentence matching `before` (or alone, as its wording is listed)."""
    def fits(p: dict[str, str], attack: AttackDef) -> bool:
        text = normalise(attack.text)
        at = text.find(sentence)
        return at == 0 or re.search(rf"{before} $", text[:at]) is not None
    return fits


_AFTER_CONDITION = _after("During your opponent's next turn, that Pokémon can't retreat.",
                          rf"{OPPONENT_ACTIVE} is now (?:{CONDITION})\.")
_AFTER_TAILS_NOTHING = _after("If heads, during your opponent's next turn,",
                              r"Flip a coin\. If tails, this attack does nothing\.")
_AFTER_SWITCH_IN = _after("This attack does", r"Switch in 1 of your opponent's Benched Pokémon to the Active Spot\.")


def _cant_use(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    return [CantUseNextTurn(p["attack"])] if p["attack"] != "attacks" else None


TEMPLATES: tuple[Template, ...] = (
    template("defending_attacks_weaker", "R-DAMAGE-1",
             rf"{NEXT_TURN}(?:attacks used by the Defending Pokémon do|the Defending Pokémon's attacks do) "
             rf"(?P<amount>\d+) less damage {BEFORE_WR}\.",
             lambda p, a: [DefendingAttacksWeaker(int(p["amount"]))],
             "During your opponent's next turn, attacks used by the Defending Pokémon do 20 less damage (before "
             "applying Weakness and Resistance).",
             "During your opponent's next turn, the Defending Pokémon's attacks do 30 less damage (before applying "
             "Weakness and Resistance).",
             "During your opponent's next turn, attacks used by the Defending Pokémon do 20 less damage <i>(before "
             "applying Weakness and Resistance)</i>."),
    template("defending_cant_attack", "R-ATTACK-1",
             rf"{NEXT_TURN}the Defending Pokémon can't (?:attack|use attacks)\.",
             lambda p, a: [DefendingCantAttackNextTurn()],
             "During your opponent's next turn, the Defending Pokémon can't attack.",
             "During your opponent's next turn, the Defending Pokémon can't use attacks."),
    template("stage_defending_cant_attack", "R-ATTACK-1",
             r"If the Defending Pokémon is an? (?P<stage>Basic|Evolution) Pokémon, it can't attack during your "
             r"opponent's next turn\.",
             lambda p, a: [DefendingCantAttackNextTurn(p["stage"])],
             "If the Defending Pokémon is a Basic Pokémon, it can't attack during your opponent's next turn.",
             "If the Defending Pokémon is an Evolution Pokémon, it can't attack during your opponent's next turn."),
    template("prevent_damage_from_basic", "R-DAMAGE-1",
             rf"{NEXT_TURN}prevent all damage done to this Pokémon by attacks from Basic "
             rf"(?:non-(?P<type>(?i:{TYPES})) )?Pokémon\.",
             lambda p, a: [PreventDamageFromBasicNextTurn(_type_named(p["type"]))],
             "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Basic Pokémon.",
             "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Basic "
             "non-Colorless Pokémon.",
             "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Basic "
             "non-colorless Pokémon."),
    template("prevent_damage_at_most", "R-DAMAGE-1",
             rf"{NEXT_TURN}prevent all damage done to this Pokémon by attacks if that damage is (?P<amount>\d+) or "
             r"less\.",
             lambda p, a: [PreventDamageNextTurn("prevent_damage_at_most", int(p["amount"]))],
             "During your opponent's next turn, prevent all damage done to this Pokémon by attacks if that damage is "
             "40 or less."),
    template("takes_less_damage_from_stage", "R-DAMAGE-1",
             rf"{NEXT_TURN}this Pokémon takes (?P<amount>\d+) less damage from attacks from (?P<stage>Basic|Evolution) "
             rf"Pokémon {reminder('after applying Weakness and Resistance')}\.",
             lambda p, a: [ReduceDamageFromStageNextTurn(int(p["amount"]), p["stage"])],
             "During your opponent's next turn, this Pokémon takes 100 less damage from attacks from Evolution Pokémon "
             "(after applying Weakness and Resistance)."),
    template("counters_on_attacker", "R-DAMAGE-3",
             rf"{NEXT_TURN}if this Pokémon is damaged by an attack \(even if (?:it|this Pokémon) is Knocked Out\), "
             r"put (?:(?P<counters>\d+) damage counters on the Attacking Pokémon|damage counters on the Attacking "
             r"Pokémon equal to the damage done to this Pokémon)\.",
             lambda p, a: [CountersOnAttackerNextTurn(int(p["counters"]) if p["counters"] else None)],
             "During your opponent's next turn, if this Pokémon is damaged by an attack (even if it is Knocked Out), "
             "put 8 damage counters on the Attacking Pokémon.",
             "During your opponent's next turn, if this Pokémon is damaged by an attack (even if this Pokémon is "
             "Knocked Out), put 6 damage counters on the Attacking Pokémon.",
             "During your opponent's next turn, if this Pokémon is damaged by an attack (even if it is Knocked Out), "
             "put damage counters on the Attacking Pokémon equal to the damage done to this Pokémon."),
    template("boost_attacks_next_turn", "R-DAMAGE-1",
             r"During your next turn, attacks used by this Pokémon do (?P<amount>\d+) more damage to your opponent's "
             rf"Active Pokémon {BEFORE_WR}\.",
             lambda p, a: [BoostAttackNextTurn(None, int(p["amount"]))],
             "During your next turn, attacks used by this Pokémon do 30 more damage to your opponent's Active "
             "Pokémon (before applying Weakness and Resistance)."),
    template("base_damage_next_turn", "R-DAMAGE-1",
             r"During your next turn, this Pokémon's (?P<attack>[^.<]+?) attack's base damage is (?P<amount>\d+)\.",
             lambda p, a: [BoostNextTurn({p["attack"]: int(p["amount"])})],
             "During your next turn, this Pokémon's Hyper Fang attack's base damage is 240."),
    template("cant_retreat_next_turn", "R-RETREAT-1", r"During your next turn, this Pokémon can't retreat\.",
             lambda p, a: [CantRetreatNextTurn()], "During your next turn, this Pokémon can't retreat."),
    template("no_items_next_turn", "R-TRAINER-1",
             rf"(?P<flip>Flip a coin\. If heads, during your opponent's next turn|{NEXT_TURN[:-2]}), they can't play "
             r"any Item cards from their hand\.",
             lambda p, a: [Flip(heads=OpponentNoItemsNextTurn())] if p["flip"].startswith("Flip")
             else [OpponentNoItemsNextTurn()],
             "During your opponent's next turn, they can't play any Item cards from their hand.",
             "Flip a coin. If heads, during your opponent's next turn, they can't play any Item cards from their "
             "hand."),
    template("prevent_effects_next_turn", "R-ATTACK-2",
             rf"{NEXT_TURN}prevent all effects of attacks used by your opponent's Pokémon done to this Pokémon\. "
             r"\(Damage is not an effect\.\)",
             lambda p, a: [PreventEffectsNextTurn()],
             "During your opponent's next turn, prevent all effects of attacks used by your opponent's Pokémon done to "
             "this Pokémon. (Damage is not an effect.)"),
    template("counters_at_end_of_next_turn", "R-DAMAGE-3",
             r"At the end of your opponent's next turn, put (?P<counters>\d+) damage counters on the Defending "
             r"Pokémon\.",
             lambda p, a: [CountersOnDefendingAtEndOfNextTurn(int(p["counters"]))],
             "At the end of your opponent's next turn, put 9 damage counters on the Defending Pokémon."),
    template("no_weakness_next_turn", "R-DAMAGE-1", rf"{NEXT_TURN}this Pokémon has no Weakness\.",
             lambda p, a: [NoWeaknessNextTurn()], "During your opponent's next turn, this Pokémon has no Weakness."),
    template("that_pokemon_cant_retreat", "R-RETREAT-1", rf"{NEXT_TURN}that Pokémon can't retreat\.",
             lambda p, a: [DefendingCantRetreat()] if _AFTER_CONDITION(p, a) else None,
             "During your opponent's next turn, that Pokémon can't retreat."),
    template("defending_attack_may_fail", "R-ATTACK-2",
             rf"{NEXT_TURN}if the Defending Pokémon tries to (?:use an )?attack, your opponent flips a coin\. "
             r"If tails, that attack doesn't happen\.",
             lambda p, a: [DefendingAttackMayFail()],
             "During your opponent's next turn, if the Defending Pokémon tries to attack, your opponent flips a coin. "
             "If tails, that attack doesn't happen.",
             "During your opponent's next turn, if the Defending Pokémon tries to use an attack, your opponent flips "
             "a coin. If tails, that attack doesn't happen."),
    template("block_chosen_defending_attack", "R-ATTACK-1",
             rf"Choose 1 of your opponent's Active Pokémon's attacks\. {NEXT_TURN}that Pokémon can't use that "
             r"attack\.",
             lambda p, a: [DefendingAttackBlockedChosen()],
             "Choose 1 of your opponent's Active Pokémon's attacks. During your opponent's next turn, that Pokémon "
             "can't use that attack."),
    template("heads_prevent_all_after_tails", "R-DAMAGE-1",
             rf"If heads, {NEXT_TURN[0].lower()}{NEXT_TURN[1:]}prevent all damage from and effects of attacks done to "
             r"this Pokémon\.",
             lambda p, a: [PreventDamageNextTurn("prevent_all")] if _AFTER_TAILS_NOTHING(p, a) else None,
             "If heads, during your opponent's next turn, prevent all damage from and effects of attacks done to this "
             "Pokémon."),
    template("knocked_out_prevent_all", "R-DAMAGE-1",
             r"If your opponent's Pokémon is Knocked Out by damage from this attack, during your opponent's next "
             r"turn, prevent all damage from and effects of attacks done to this Pokémon\.",
             lambda p, a: [IfDefenderKnockedOut(PreventDamageNextTurn("prevent_all"))],
             "If your opponent's Pokémon is Knocked Out by damage from this attack, during your opponent's next turn, "
             "prevent all damage from and effects of attacks done to this Pokémon."),
    template("damage_new_active", "R-DAMAGE-1",
             r"This attack does (?P<amount>\d+) damage to the new Active Pokémon\.",
             lambda p, a: [DamageNewActive(int(p["amount"]))] if _AFTER_SWITCH_IN(p, a) else None,
             "This attack does 30 damage to the new Active Pokémon."),
    template("boost_attack_next_turn", "R-DAMAGE-1",
             rf"During your next turn, this Pokémon's (?P<attack>[^.<]+?) attack does (?P<amount>\d+) more damage "
             rf"{BEFORE_WR}\.",
             lambda p, a: [BoostAttackNextTurn(p["attack"], int(p["amount"]))],
             "During your next turn, this Pokémon's Echoed Voice attack does 80 more damage (before applying "
             "Weakness and Resistance).",
             "During your next turn, this Pokémon's Mochi Rush attack does 50 more damage <i>(before applying "
             "Weakness and Resistance)</i>."),
    template("cant_use_next_turn", "R-ATTACK-1", r"During your next turn, this Pokémon can't use (?P<attack>[^.<]+)\.",
             _cant_use, "During your next turn, this Pokémon can't use Mega Brave."),
    template("flip_tails_cant_attack", "R-ATTACK-1",
             r"Flip a coin\. If tails, during your next turn, this Pokémon can't (?:attack|use attacks)\.",
             lambda p, a: [Flip(tails=CantAttackNextTurn())],
             "Flip a coin. If tails, during your next turn, this Pokémon can't attack.",
             "Flip a coin. If tails, during your next turn, this Pokémon can't use attacks."),
    template("copy_defending_attack", "R-ATTACK-6",
             r"Choose 1 of your opponent's Active (?P<tera>Tera )?Pokémon's attacks and use it as this attack\.",
             lambda p, a: _no_printed_damage(lambda: [CopyDefendingAttack("tera" if p["tera"] else None)])(p, a),
             "Choose 1 of your opponent's Active Pokémon's attacks and use it as this attack.",
             "Choose 1 of your opponent's Active Tera Pokémon's attacks and use it as this attack."),
    template("copy_benched_attack", "R-ATTACK-6",
             r"Choose 1 of your Benched (?P<prefix>[A-Z][a-z]*'s )Pokémon's attacks and use it as this attack\.",
             lambda p, a: _no_printed_damage(lambda: [CopyBenchedAttack(p["prefix"])])(p, a),
             "Choose 1 of your Benched N's Pokémon's attacks and use it as this attack."),
    template("counters_on_opponent", "R-DAMAGE-3",
             r"Put (?P<counters>\d+) damage counters? on (?:(?P<active>your opponent's Active Pokémon)|"
             r"(?P<one>1 of )?your opponent's (?P<benched>Benched )?Pokémon(?P<spread> in any way you like)?)\.",
             _counters,
             "Put 7 damage counters on your opponent's Active Pokémon.",
             "Put 3 damage counters on 1 of your opponent's Pokémon.",
             "Put 2 damage counters on 1 of your opponent's Benched Pokémon.",
             "Put 3 damage counters on your opponent's Pokémon in any way you like.",
             "Put 6 damage counters on your opponent's Benched Pokémon in any way you like."),
    # templates.py's damage_ignores reads the wording that ignores Weakness and Resistance too
    template("ignores_defender_effects", "R-DAMAGE-1",
             r"This attack's damage isn't affected by any effects on your opponent's Active Pokémon\.",
             lambda p, a: [IgnoresDefenderEffects()],
             "This attack's damage isn't affected by any effects on your opponent's Active Pokémon."),
    template("discard_all_own_energy", "R-ENERGY-3", r"Discard all Energy from this Pokémon\.",
             lambda p, a: [DiscardAllOwnEnergyAfter()], "Discard all Energy from this Pokémon."),
)

__all__ = ["BEFORE_WR", "TEMPLATES", "reminder"]
