"""EX Ruby & Sapphire Pokémon ex1-21 … ex1-45 (Seaking … Slakoth), with their Poké-Bodies Rough
Skin, Natural Remedy, Hard Cocoon and Natural Cure.

Most cards are a line of data over `effects/`; the effects and powers they need beyond it are
small classes at the top of this module, each with its reason beside it (the lead may gather the
shared ones into `effects/`). Every `text` is this module's own wording, never the printed card.

Rulings taken here:
- "Each Defending Pokémon" (Poison Smog, Dazzle Dance) is the one Defending Pokémon of a game
  with one Active Pokémon a side. Fast Stream's Energy move needs a second Defending Pokémon,
  which such a game never has, so it is ignored as its text says: the attack does its 30 damage
  and says that nothing moves.
- Water Arrow (choices.pokemon: one of the opponent's Pokémon; left out when there is only
  one): the opponent's Active is the Defending Pokémon, so its 20 damage is the attack's damage
  to it, with Weakness, Resistance and every damage effect (R-DAMAGE-1); a Benched Pokémon
  takes it without Weakness and Resistance (R-DAMAGE-2).
- Dark Slash: the optional discard is named at announcement (choices.cards: one Energy card
  attached to Sharpedo that provides Darkness — Darkness Energy, or Rainbow Energy, which
  provides every type while attached; left out, nothing is discarded). It is part of the
  attack's effect, not a cost of using it (seed 002's order pays before the Confusion check only
  what the attack needs done to be used at all): it happens as the damage is worked out, after
  the Confusion flip, so a Confused Sharpedo that fails its flip keeps the card.
- Rough Skin answers only while Sharpedo is the Active Pokémon, each time an opponent's attack
  puts damage on it (even when that Knocks it Out); the 2 damage counters are placed, not
  damage (R-DAMAGE-3), on the attacking Pokémon if it is still in play. It is a Poké-Body:
  Special Conditions don't stop it (R-POWER-2).
- Natural Remedy and Natural Cure answer an Energy card attached from the hand (an attachment
  by an effect that moves a card from elsewhere is not "from your hand"), and only the basic
  Energy card of their type (Rainbow Energy is not a Water, Fire or Grass Energy card in the
  hand). Natural Remedy's "once during your turn" counts only an attachment that removed a
  counter: attaching to an undamaged Swampert leaves it unused for that turn.
- Hard Cocoon flips each time an opponent's attack would put damage on Cascoon / Silcoon
  (Active or Benched) after Weakness, Resistance and Trainer effects (R-DAMAGE-1 f); no flip
  when that damage is already 0. Heads: 30 less, never below 0.
- Energy Call / Charge name the card to attach in choices.cards (left out when only one card
  fits); with none in the discard pile the attack still does its damage. The attachment is not
  from the hand (AttachEvent.from_hand False) and is not the turn's Energy attachment.
- Cannonball counts Energy units: every unit attached beyond the attack's 2-unit cost adds 10.
- Swift's damage to the Defending Pokémon skips Weakness, Resistance and every effect on the
  Defending Pokémon — Trainer and Special Energy effects (R-DAMAGE-1 e, defender side), its
  powers and the effects of attacks on it (f), and effects that shield it from attacks
  (AttackCtx.ignores "defender_effects"); the attacker's own effects (b, e attacker side) still
  apply. Aqua Sonic skips only Resistance.
- Removal Beam names the Energy card to discard at announcement (choices.cards, left out when
  the Defending Pokémon has one or none); it is discarded only on heads.
- Life Drain (heads) places counters (R-DAMAGE-3) until the Defending Pokémon has 10 HP left;
  it places none when it already has 10 HP or less left.
- Gigashock names the Benched Pokémon in choices.pokemon: 2 of them, or every one when the
  opponent has 2 or fewer (then it may be left out).
- Seek Out and Minor Errand-Running look through the deck (R-HIDDEN-1): a player's attack shows
  the deck (state.pending, by="attack") and the next action `choose` names the cards in
  choices.search; choices.search may also be given in the attack itself (a judge, a
  scorekeeper). Seek Out takes 0 to 2 cards. Minor Errand-Running must take 2 basic Energy
  cards, or as many as the deck holds (R-TRAINER-5: do as much as you can), shows them to both
  players, and the deck is shuffled afterwards either way. `legal_actions` lists one choice per
  distinct set of card ids (two copies of one card are the same choice).
- Continuous Headbutt flips until tails, at most 100 times (a guard against a coin source that
  never says tails, like the heads-only probe of `legal_actions`; no real game reaches it).
- At a paper table (table mode) the searched cards may be named by card id, in the `choose`
  step (`choose_zones`) or in the attack action itself (`choice_zones`).
- Gooey Thread and Slack Off leave effects of attacks that end as usual when that Pokémon goes
  to the Bench or evolves (R-RETREAT-6, R-EVOLVE-5): Gooey Thread until the end of the
  opponent's next turn, Slack Off until the end of its owner's next turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import joined, msg
from ..carddb import define_pokemon
from ..core import condition_name, cure, heal, place_counters
from ..hooks import AttachEvent, DamageEvent, Listener
from .effects import (
    AttachFromDiscard,
    BenchDamage,
    CantAttackNextTurn,
    ChosenBenchDamage,
    CoinsTimes,
    DamageChosenOpponent,
    DamageIgnores,
    DefendingCantRetreat,
    DiscardDefendingEnergyChosen,
    Effect,
    Flip,
    FlipBonusOrSelfDamage,
    FlipUntilTails,
    FlipWithChoices,
    HealSelf,
    Inflict,
    MayDiscardForBonus,
    NeedsTwoDefending,
    PlusPerExtraEnergy,
    PlusPerHeads,
    Power,
    RoughSkin,
    SearchDeckToHand,
    SelfDamage,
    TailsDoesNothing,
    affected_defender,
    heads,
    is_basic_energy_of,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


# -- helpers -----------------------------------------------------------------------------------


def _in_play_name(state: State, p: Pokemon) -> str:
    return state.card_of(p.top).name


# -- attack effects this module needs ---------------------------------------------------------


class CountersUntilHpLeft(Effect):
    """Place damage counters on the Defending Pokémon until it has `left` HP left (not damage,
    R-DAMAGE-3)."""

    def __init__(self, left: int = 10):
        self.left = left
        self.text = f"put damage counters on the Defending Pokémon until it has {left} HP left"

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        if d is None:
            return
        counters = (actx.state.hp(d) - self.left - d.damage) // 10
        if counters <= 0:
            actx.say(msg("%(pokemon)s already has %(hp)s HP or less left: %(attack)s places no counter.",
                         pokemon=actx.name(d), hp=self.left, attack=actx.attack.name), "R-DAMAGE-3")
            return
        place_counters(actx, d, counters, actx.attack.name)


# -- Poké-Bodies --------------------------------------------------------------------------------

class NaturalRemedy(Power):
    """Poké-Body: once during your turn, a Water Energy card attached from the hand to this
    Pokémon removes 1 damage counter from it (answers `on_attach`)."""
    text = ("once during your turn, when you attach a Water Energy card from your hand to this Pokémon, remove "
            "1 damage counter from it")
    energy_type = "Water"

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        p = src.on
        state = ev.ctx.state
        if (ev.pokemon is not p or p is None or not ev.from_hand or ev.ctx.seat != src.seat
                or not is_basic_energy_of(state, ev.card, self.energy_type) or p.damage < 10):
            return
        used = p.flags.setdefault("body_used_turn", {})
        name = _in_play_name(state, p)
        if used.get("Natural Remedy") == state.turn:
            ev.ctx.say(msg("%(pokemon)s's Natural Remedy was already used this turn.", pokemon=name))
            return
        used["Natural Remedy"] = state.turn
        heal(ev.ctx, p, 10)
        ev.ctx.say(msg("%(pokemon)s's Natural Remedy removes 1 damage counter (%(damage)s/%(hp)s).", pokemon=name,
                       damage=p.damage, hp=state.hp(p)), "R-POWER-1")


class HardCocoon(Power):
    """Poké-Body: damage from an opponent's attack, after Weakness and Resistance, is 30 less on
    heads (answers `damage_defender`, R-DAMAGE-1 f)."""
    text = ("during the opponent's turn, when an opponent's attack would damage this Pokémon (after Weakness and "
            "Resistance), flip a coin: heads, that damage is 30 less")
    reduction = 30

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not ev.by_opponent:
            return dmg
        if not ev.ctx.flip(msg("%(pokemon)s's Hard Cocoon", pokemon=_in_play_name(ev.state, ev.target))):
            ev.note(msg("Hard Cocoon: tails"))
            return dmg
        dmg -= self.reduction
        ev.note(msg("Hard Cocoon −%(amount)s = %(damage)s", amount=self.reduction, damage=dmg))
        return dmg


class NaturalCure(Power):
    """Poké-Body: a basic Energy card of its type attached from the hand to this Pokémon removes
    all its Special Conditions (answers `on_attach`)."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"when you attach a {energy_type} Energy card from your hand to this Pokémon, it loses all "
                     "its Special Conditions")

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        p = src.on
        state = ev.ctx.state
        if (ev.pokemon is not p or p is None or not ev.from_hand or not p.conditions
                or not is_basic_energy_of(state, ev.card, self.energy_type)):
            return
        gone = joined(condition_name(c) for c in p.conditions)
        cure(p)
        ev.ctx.say(msg("%(pokemon)s's Natural Cure removes its Special Conditions (%(conditions)s).",
                       pokemon=_in_play_name(state, p), conditions=gone), "R-POWER-1")


# -- the cards ----------------------------------------------------------------------------------


define_pokemon("ex1-21", {"Water Arrow": DamageChosenOpponent(20),
                          "Fast Stream": NeedsTwoDefending(msg("move 1 Energy card from one Defending Pokémon "
                                                               "to the other"))})
define_pokemon("ex1-22", {"Dark Slash": MayDiscardForBonus("Darkness", 30)}, power=RoughSkin(2))
define_pokemon("ex1-23", {"Water Arrow": DamageChosenOpponent(20), "Waterfall": []}, power=NaturalRemedy())
define_pokemon("ex1-24", {"Confusion Gas": Inflict("confused"),
                          "Poison Smog": [Inflict("poisoned"), BenchDamage(10, benches="opponent")]})
define_pokemon("ex1-25", {"Rollout": [], "Double Stab": CoinsTimes(2)})
define_pokemon("ex1-26", {"Poison Thread": Inflict("poisoned")}, power=HardCocoon())
define_pokemon("ex1-27", {"Flare": [], "Double Kick": CoinsTimes(2)})
define_pokemon("ex1-28", {"Lunge": TailsDoesNothing()}, power=NaturalCure("Fire"))
define_pokemon("ex1-29", {"Energy Call": AttachFromDiscard(to="active"), "Cannonball": PlusPerExtraEnergy(10)})
define_pokemon("ex1-30", {"Charge": AttachFromDiscard("Lightning"), "Thunder Jolt": Flip(tails=SelfDamage(10))})
define_pokemon("ex1-31", {"Poison Breath": Inflict("poisoned"), "Swift": DamageIgnores("defender_effects")})
define_pokemon("ex1-32", {"Slash": []}, power=NaturalCure("Grass"))
define_pokemon("ex1-33", {"Shove": heads(Inflict("paralyzed")), "Slap Down": PlusPerHeads(2, 10)})
define_pokemon("ex1-34", {"Removal Beam": FlipWithChoices(heads=DiscardDefendingEnergyChosen(1)), "Super Psy": []})
define_pokemon("ex1-35", {"Dazzle Dance": heads(Inflict("confused")), "Life Drain": heads(CountersUntilHpLeft(10))})
define_pokemon("ex1-36", {"Ram": [], "Metal Claw": []})
define_pokemon("ex1-37", {"Magnitude": BenchDamage(10, benches="both"), "One-Two Strike": PlusPerHeads(2, 20)})
define_pokemon("ex1-38", {"Seek Out": SearchDeckToHand(2), "Continuous Headbutt": FlipUntilTails()})
define_pokemon("ex1-39", {"Thundershock": heads(Inflict("paralyzed")), "Gigashock": ChosenBenchDamage(10, 2)})
define_pokemon("ex1-40", {"Bubble": heads(Inflict("paralyzed")), "Slash": []})
define_pokemon("ex1-41", {"Aqua Sonic": DamageIgnores("resistance")}, power=NaturalCure("Water"))
define_pokemon("ex1-42", {"Bite": [], "Ambush": FlipBonusOrSelfDamage(bonus=30)})
define_pokemon("ex1-43", {"Gooey Thread": DefendingCantRetreat()}, power=HardCocoon())
define_pokemon("ex1-44", {"Minor Errand-Running": SearchDeckToHand(2, basic_energy=True),
                          "Lullaby": Inflict("asleep")})
define_pokemon("ex1-45", {"Claw": TailsDoesNothing(), "Slack Off": [HealSelf("all"), CantAttackNextTurn()]})
