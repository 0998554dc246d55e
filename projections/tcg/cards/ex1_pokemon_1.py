"""EX Ruby & Sapphire Pokémon ex1-1 … ex1-20 (Aggron … Sceptile).

Cards are lines of data over the shared vocabulary (`effects/`) and the effect classes below;
their powers live in `ex1_powers_1.py`. Every class words its own `text` from its parameters.

Rulings taken here:
- "Amount of Energy attached" (Max Energy Source, Energy Burst, Lizard Poison) counts the Energy
  the cards provide (a card giving 2 counts 2); "Fighting Energy attached" (Battle Blast) counts
  the Fighting Energy provided, Rainbow Energy's every-type unit included.
- "Discard N basic Energy cards attached … or this attack does nothing" (Fire Spin, Critical
  Move) is done with the attack's costs, before the Confusion check (R-ATTACK-2; seed 002 puts
  such discards there): with enough basic Energy cards the player must discard them
  (choices.cards when there is a choice); with too few, nothing is discarded and the attack does
  nothing. Slaking's "can't attack during your next turn" is part of the attack, so it holds
  only when the attack happened (not after a failed Confusion flip or a lack of Energy).
- Fire Stream's "discard a Fire Energy card … if you do" is paid with the costs too (the attack's
  own Fire cost means there is always one, Rainbow Energy included); the Bench damage follows.
- Lava Burn's 10 damage goes to the Benched Pokémon named in choices.pokemon (no Bench: none).
- Retaliate: heads, 10 damage per damage counter on Aggron (none: no damage); tails, no damage.
- Super Slap Push's 20 is damage to the Defending Pokémon (Weakness and Resistance apply).
- Mega Throw's +40 needs the Defending Pokémon to be a Pokémon-ex (tag "ex").
- Attract Current and Invisible Hand search the deck after the damage: the player sees the deck
  (R-HIDDEN-1: `ask`) and the next action `choose` names the card (choices.search) and, for
  Attract Current, the Pokémon to attach it to (choices.to); a judge may give both in the attack
  itself. A search must take a fitting card when there is one (R-TRAINER-5); the deck is
  shuffled afterwards. Invisible Hand does nothing more unless the opponent's Active Pokémon is
  an Evolved Pokémon (a card on top of another in its stack).
- Shakedown (heads) discards a card of the opponent's hand chosen without looking: the referee
  picks it with the action's randomness (a shuffle's first position, recorded in the event like
  a coin); at a paper table, the first card of the hand the referee does not know, which the
  table may report (`revealed`).
- Repulsion does nothing at all, without a flip, when the opponent has no Benched Pokémon.
  Heads, the Defending Pokémon and every card on it (lower Stages, Energy, Tools) go to its
  owner's hand; the opponent promotes a new Active before the next turn starts (R-KO-3's
  mechanism). An effect that shields the Defending Pokémon from effects stops it.
- Clutch: the Defending Pokémon can't retreat until the end of the opponent's next turn (an
  attack's effect, so it ends if that Pokémon leaves the Active spot or evolves).
- Stockpile marks Pelipper for its owner's next turn: Spit Up's base damage is 70 and Swallow's 60
  (the difference is added at the attacker's step of R-DAMAGE-1, before Weakness and Resistance);
  it ends if Pelipper goes to the Bench. Swallow heals as many counters as the damage it did to
  the Defending Pokémon (final damage; at most what Pelipper has).
- Toxic (Dustox): Poisoned with 2 counters between turns.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import define_pokemon
from ..core import (
    energy_count,
    remove_pokemon_from_play,
)
from ..hooks import DamageEvent, Listener, lasting
from .effects import (
    BenchDamage,
    BonusIfDefendingDamaged,
    BoostNextTurn,
    CantAttackNextTurn,
    ChosenBenchDamage,
    CoinsTimes,
    DefendingCantRetreat,
    DiscardFromOpponentHandUnseen,
    DiscardOwnEnergy,
    Effect,
    FixedDamage,
    HeadsTimesOwnCounters,
    HealDamageDone,
    HealEachOwn,
    Inflict,
    IntimidatingFang,
    PlusPerOwnEnergy,
    SearchAnyCardIf,
    SearchEnergyAttach,
    SelfDamage,
    TimesEnergy,
    attack_memo,
    chosen_cards,
    combinations_of,
    discard_attached,
    heads,
    protected_from_attacks,
    tails,
)
from .ex1_powers_1 import (
    EnergyDraw,
    EnergyTransEx,
    Firestarter,
    Lazy,
    ProtectiveDust,
    PsyShadow,
    WaterCall,
    WitheringDust,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


# -- damage from what is on the board ----------------------------------------------------------


class BonusIfDefendingTagged(Effect):
    """+`bonus` damage when the Defending Pokémon's card has `tag` (carddb.TAGS)."""

    def __init__(self, tag: str, bonus: int):
        self.tag = tag
        self.bonus = bonus
        what = "a Pokémon-ex" if tag == "ex" else f"tagged {tag}"
        self.text = f"+{bonus} damage if the Defending Pokémon is {what}"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount + self.bonus if d is not None and self.tag in actx.state.card_of(d.top).tags else amount


# -- costs that decide whether the attack happens ------------------------------------------------

class DiscardBasicOrNothing(Effect):
    """Discard `count` basic Energy cards attached to this Pokémon with the attack's costs
    (choices.cards when there is a choice); with fewer than that, nothing is discarded and the
    attack does nothing."""

    def __init__(self, count: int = 1):
        self.count = count
        self.text = (f"discard {count} basic Energy card(s) attached to this Pokémon, or the attack does nothing")

    @staticmethod
    def _basics(state: State, p: Pokemon) -> list[str]:
        return [i for i in p.energy if state.card_of(i).is_basic_energy]

    def check(self, actx: AttackCtx) -> None:
        basics = self._basics(actx.state, actx.attacker)
        memo = attack_memo(actx, self)
        memo["cards"] = chosen_cards(actx, basics, self.count, msg("basic Energy to discard")) \
            if len(basics) >= self.count else None

    def pay(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if cards is None:
            return
        discard_attached(actx, actx.seat, actx.attacker, cards)
        actx.say(msg("%(pokemon)s discards %(count)s basic Energy card(s) for %(attack)s.",
                     pokemon=actx.attacker_name, count=len(cards), attack=actx.attack.name), "R-ENERGY-3")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if attack_memo(actx, self).get("cards") is None:
            actx.say(msg("%(pokemon)s has fewer than %(count)s basic Energy card(s) to discard.",
                         pokemon=actx.attacker_name, count=self.count))
            actx.did_nothing = True
        return amount

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        basics = self._basics(state, attacker)
        if len(basics) <= self.count:
            return [{}]
        return [{"cards": c} for c in combinations_of(basics, self.count)]


class ConditionsByEnergy(Effect):
    """Special Conditions for the Defending Pokémon by the amount of Energy on this Pokémon:
    `table` maps an amount to conditions, the largest amount not above it applies."""

    def __init__(self, table: dict[int, tuple[str, ...]]):
        self.table = dict(sorted(table.items()))
        parts = [f"{n}{'+' if n == max(self.table) else ''}: {' and '.join(c.capitalize() for c in conds)}"
                 for n, conds in self.table.items()]
        self.text = ("the Defending Pokémon gets Special Conditions by the amount of Energy attached to this "
                     "Pokémon — " + "; ".join(parts))

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        units = energy_count(actx.state, actx.attacker)
        steps = [n for n in self.table if n <= units]
        if d is None or not steps:
            return
        for condition in self.table[steps[-1]]:
            actx.inflict(d, condition)


class ReturnDefendingToHand(Effect):
    """Flip (only when the opponent has a Benched Pokémon): heads, the Defending Pokémon and
    every card on it go back to its owner's hand."""
    text = ("if the opponent has a Benched Pokémon, flip a coin — heads: the Defending Pokémon and all cards "
            "attached to it go back to the opponent's hand; with no Benched Pokémon the attack does nothing")

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None or not actx.them.bench:
            actx.say(msg("The opponent has no Benched Pokémon: %(attack)s does nothing.", attack=actx.attack.name),
                     "R-ATTACK-3")
            return
        if not actx.flip(actx.attack.name):
            return
        if not actx.can_affect(d):
            actx.say(protected_from_attacks(actx.name(d)))
            return
        name = actx.name(d)
        cards = d.all_cards()
        remove_pokemon_from_play(actx, actx.opp, d)
        actx.them.hand.extend(cards)
        actx.defender = None
        actx.say(msg("%(pokemon)s and the %(count)s card(s) on it go back to %(seat)s's hand; a new Active Pokémon "
                     "is chosen from the Bench.", pokemon=name, count=len(cards) - 1, seat=actx.seat_label(actx.opp)),
                 "R-KO-3")


# -- the hand and the deck -----------------------------------------------------------------------


class SearchAnyIfOpponentEvolved(SearchAnyCardIf):
    """When the opponent's Active Pokémon is an Evolved Pokémon, search the deck for any card
    and put it into the hand."""
    text = ("if the opponent's Active Pokémon is an Evolved Pokémon, look through your deck, put any 1 card "
            "of it (choices.search) into your hand and shuffle the deck")

    def wanted(self, actx: AttackCtx) -> bool:
        d = actx.them.active
        return d is not None and len(d.stack) > 1

    def _not_wanted(self, actx: AttackCtx) -> str:
        return msg("The opponent's Active Pokémon is not an Evolved Pokémon: %(attack)s does nothing.",
                   attack=actx.attack.name)


# -- healing and lasting effects on this Pokémon ---------------------------------------------------


@lasting("stockpile")
class Stockpiled:
    """Lasting: during turn `on_turn`, this Pokémon's attacks named in `base` have that base damage."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        base = src.data["base"].get(ev.ctx.attack.name)
        if ev.attacker is not src.on or base is None or src.data["on_turn"] != ev.state.turn or not ev.to_defending:
            return dmg
        printed = ev.ctx.attack.damage
        dmg += base - printed
        ev.note(msg("%(why)s: base %(base)s instead of %(printed)s = %(damage)s", why=src.data["why"], base=base,
                    printed=printed, damage=dmg))
        return dmg


# -- the cards ---------------------------------------------------------------------------------


define_pokemon("ex1-1", {"Retaliate": HeadsTimesOwnCounters(10), "Mega Punch": [],
                         "Double Lariat": CoinsTimes(2)})
define_pokemon("ex1-2", {"Stun Spore": heads(Inflict("paralyzed")), "Parallel Gain": HealEachOwn(1)},
               power=WitheringDust())
define_pokemon("ex1-3", {"Fire Stream": [DiscardOwnEnergy(1, "Fire"), BenchDamage(10, benches="opponent")]},
               power=Firestarter())
define_pokemon("ex1-4", {"Lava Burn": ChosenBenchDamage(10), "Fire Spin": DiscardBasicOrNothing(2)})
define_pokemon("ex1-5", {"Max Energy Source": TimesEnergy()}, power=EnergyDraw())
define_pokemon("ex1-6", {"Toxic": Inflict("poisoned", poison_damage=20), "Gust": []}, power=ProtectiveDust())
define_pokemon("ex1-7", {"Energy Burst": TimesEnergy(defending=True)}, power=PsyShadow())
define_pokemon("ex1-8", {"Super Slap Push": FixedDamage(20), "Mega Throw": BonusIfDefendingTagged("ex", 40)})
define_pokemon("ex1-9", {"Attract Current": SearchEnergyAttach("Lightning"), "Thunder Jolt": tails(SelfDamage(10))})
define_pokemon("ex1-10", {"Shakedown": heads(DiscardFromOpponentHandUnseen())}, power=IntimidatingFang())
define_pokemon("ex1-11", {"Lizard Poison": ConditionsByEnergy({1: ("asleep",), 2: ("poisoned",),
                                                                3: ("asleep", "poisoned"),
                                                                4: ("asleep", "burned", "poisoned")}),
                          "Solarbeam": []})
define_pokemon("ex1-12", {"Critical Move": [DiscardBasicOrNothing(1), CantAttackNextTurn()]}, power=Lazy())
define_pokemon("ex1-13", {"Hypno Splash": Inflict("asleep")}, power=WaterCall())
define_pokemon("ex1-14", {"Take Down": SelfDamage(20), "Surf": []})
define_pokemon("ex1-15", {"Clutch": DefendingCantRetreat(), "Flamethrower": DiscardOwnEnergy(1, "Fire")})
define_pokemon("ex1-16", {"Headbutt": [], "Battle Blast": PlusPerOwnEnergy("Fighting", 10)})
define_pokemon("ex1-17", {"Rend": BonusIfDefendingDamaged(20), "Double Spin": CoinsTimes(2)})
define_pokemon("ex1-18", {"Invisible Hand": SearchAnyIfOpponentEvolved(), "Repulsion": ReturnDefendingToHand()})
define_pokemon("ex1-19", {"Stockpile": BoostNextTurn({"Spit Up": 70, "Swallow": 60}), "Spit Up": [],
                          "Swallow": HealDamageDone()})
define_pokemon("ex1-20", {"Tail Rap": CoinsTimes(2)}, power=EnergyTransEx())
