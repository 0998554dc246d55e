"""Jungle Pokémon base2-1 … base2-63.

Jungle prints its sixteen holo cards twice (base2-1 … 16 holo, base2-17 … 32 the same game text
without holo): each pair is one card, encoded once and registered under both ids (`both`).
Most cards are one line of data over the shared vocabulary (`effects/`), the Base Set's words
(Metronome, Mirror Move) and the EX words that read the same (a card drawn, a self-switch, Rage);
the few attacks that need their own logic get a small effect class below, and the Pokémon
Powers live in `base2_powers.py`. Every class words its own `text` from its parameters.

Rulings taken here:
- Pounce and Snivel ("if the Defending Pokémon attacks this Pokémon", damage 10 / 20 less after
  Weakness and Resistance) and Tail Wag and Leer ("the Defending Pokémon can't attack this
  Pokémon") bind two Pokémon: a mark with a shared token on each (`paired_with` on the attacker,
  the effect itself on the Defending Pokémon). Each mark is an effect of an attack, so it ends
  when its Pokémon goes to the Bench or evolves (R-RETREAT-6, R-EVOLVE-5); the effect holds only
  while both marks are there, which is the card's "benching either Pokémon ends this effect".
  Tail Wag and Leer refuse every attack of the Defending Pokémon while the bound Pokémon is its
  Defending Pokémon (R-ATTACK-1). Pounce prints "during your next turn": the Defending Pokémon
  can only attack during the opponent's next turn, so it reads as Snivel's "your opponent's
  next turn".
- Swords Dance: during its owner's next turn this Pokémon's Slash does 60 as its base damage
  (added at the attacker's step of R-DAMAGE-1, before Weakness and Resistance, which is where a
  higher base damage would count); it ends if the Pokémon goes to the Bench.
- Chain Lightning reads the Defending Pokémon's type as the attack begins (a type changed by a
  power counts, `flags["type"]`); with a type other than Colorless, 10 damage to each Benched
  Pokémon of that type on both sides (Bench damage, no Weakness or Resistance, R-DAMAGE-2).
- Hurricane: unless the Defending Pokémon is Knocked Out by the damage (or an effect keeps
  attacks' effects off it), it and every card on it go back to its owner's hand, who then
  chooses a new Active Pokémon (R-KO-3). With no Benched Pokémon that player has no Pokémon in
  play and loses (R-WIN-2).
- Ram: 20 damage to Rhydon, then the opponent picks the Benched Pokémon to switch in (reported
  in choices.pokemon, as Whirlwind), even if Rhydon was Knocked Out by its own damage; a
  Defending Pokémon Knocked Out by the damage is not switched.
- Call for Family, Sprout and Call for Friend can't be used with a full Bench (R-BENCH-1, a
  requirement Metronome skips); otherwise the deck is looked at (R-HIDDEN-1) and one fitting
  Basic Pokémon (or none, when the deck has none) goes onto the Bench, then the deck is shuffled.
- Mega Drain heals half the damage done to the Defending Pokémon (after Weakness, Resistance and
  every other step of R-DAMAGE-1), rounded up to a multiple of 10; Leech Life heals all of it.
- Big Eggsplosion flips a coin for each Energy attached (Double Colorless Energy gives 2), as
  EX Sandstorm's "Energy attached" counts the Energy provided.
- Boyfriends counts its owner's Pokémon named Nidoking (Active and Bench); Do the Wave its
  owner's Benched Pokémon.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import define_pokemon
from ..core import Illegal, add_effect, remove_pokemon_from_play
from ..hooks import AttackEvent, DamageEvent, Listener, is_type, lasting, pokemon_type
from ..rulesets import get_ruleset
from .base2_powers import InvisibleWall, Peek, RetreatAid, Shift, ThickSkinned, VileplumeHeal
from .effects import (
    ChosenBenchDamage,
    CoinsPerOwnEnergy,
    CoinsTimes,
    DefendingCantRetreat,
    DiscardOwnEnergy,
    DrawCards,
    Effect,
    ExtraEnergyBonus,
    FlipBonusOrSelfDamage,
    HealDamageDone,
    HealSelf,
    Inflict,
    InflictSelf,
    Metronome,
    MirrorMove,
    PerDefendingCounter,
    PlusPerOwnCounter,
    Power,
    PreventDamageNextTurn,
    ReduceDamageNextTurn,
    SearchPokemonToBench,
    SelfDamage,
    SwitchDefending,
    SwitchSelf,
    attack_memo,
    basic_of_type,
    bench_room,
    heads,
    named_basic,
    next_turn_of_opponent,
    standing_defender,
    tails,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..core import Illegal as IllegalType
    from ..state import Pokemon


# -- damage that counts something --------------------------------------------------------------

class PlusPerOwnBenched(Effect):
    """The printed damage plus `per` for each of your Benched Pokémon (Do the Wave)."""
    settled_by_check = ()       # damage counted from the state

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"the printed damage plus {per} for each of your Benched Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * len(actx.me.bench)


class PlusPerOwnNamed(Effect):
    """The printed damage plus `per` for each of your Pokémon in play named `name` (Boyfriends)."""
    settled_by_check = ()       # damage counted from the state

    def __init__(self, name: str, per: int):
        self.name = name
        self.per = per
        self.text = f"the printed damage plus {per} for each of your Pokémon in play named {name}"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * sum(1 for p in actx.me.in_play() if actx.name(p) == self.name)


class BenchDamageOfDefendingType(Effect):
    """`amount` damage to each Benched Pokémon (both sides) of the Defending Pokémon's type,
    unless that type is Colorless (Chain Lightning)."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"if the Defending Pokémon is not Colorless, {amount} damage to each Benched Pokémon "
                     "(yours too) of the Defending Pokémon's type")

    def damage(self, actx: AttackCtx, dmg: int) -> int:
        d = actx.defender
        attack_memo(actx, self)["type"] = pokemon_type(actx.state, d) if d is not None else None
        return dmg

    def after(self, actx: AttackCtx) -> None:
        kind = attack_memo(actx, self).get("type")
        if kind in (None, "Colorless"):
            actx.say(msg("The Defending Pokémon is Colorless: %(attack)s does no Bench damage.",
                         attack=actx.attack.name), "R-ATTACK-3")
            return
        for s in (actx.seat, actx.opp):
            for p in list(actx.state.seats[s].bench):
                if is_type(actx.state, p, kind):
                    actx.deal_damage(p, self.amount, to_defending=False, apply_wr=False)


class HealHalfDamageDone(HealDamageDone):
    """Remove half the damage done to the Defending Pokémon, rounded up to 10 (Mega Drain)."""
    text = ("remove from this Pokémon damage counters equal to half the damage done to the Defending Pokémon, "
            "rounded up to the nearest 10")

    def after(self, actx: AttackCtx) -> None:
        half = -(-actx.dealt // 20) * 10
        saved, actx.dealt = actx.dealt, half
        try:
            super().after(actx)
        finally:
            actx.dealt = saved


# -- lasting effects ---------------------------------------------------------------------------

@lasting("base_damage_next_turn")
class BaseDamageNextTurn:
    """Lasting: during turn `on_turn`, this Pokémon's attack `attack` has `base` as its base damage."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        data = src.data
        if (ev.attacker is not src.on or not ev.to_defending or ev.state.turn != data["on_turn"]
                or ev.ctx.attack.name != data["attack"]):
            return dmg
        dmg += data["base"] - ev.ctx.attack.damage
        ev.note(msg("%(effect)s: base damage %(base)s", effect=data["why"], base=data["base"]))
        return dmg


class BaseDamageForNextTurn(Effect):
    """During your next turn, this Pokémon's `attack` has `base` as its base damage (Swords Dance)."""

    def __init__(self, attack: str, base: int):
        self.attack = attack
        self.base = base
        self.text = f"during your next turn, this Pokémon's {attack} attack's base damage is {base}"

    def after(self, actx: AttackCtx) -> None:
        turn = actx.state.turn + 2
        add_effect(actx.attacker, "base_damage_next_turn", turn, on_turn=turn, attack=self.attack, base=self.base,
                   why=actx.attack.name)
        actx.say(msg("During its owner's next turn, %(pokemon)s's %(attack)s has a base damage of %(base)s.",
                     pokemon=actx.attacker_name, attack=self.attack, base=self.base))


def _paired(p: Pokemon | None, token: str) -> bool:
    """`p` carries the other half of the bond `token` (ruling above)."""
    return p is not None and any(e["kind"] == "paired_with" and e.get("token") == token for e in p.effects)


@lasting("paired_with")
class PairedWith:
    """Lasting: this Pokémon is the other half of an effect bound to two Pokémon; it answers nothing."""


@lasting("cant_attack_paired")
class CantAttackPaired:
    """Lasting: this Pokémon can't attack while its Defending Pokémon is the one it is bound to."""

    def can_attack(self, src: Listener, ev: AttackEvent) -> IllegalType | None:
        if ev.attacker is not src.on:
            return None
        target = ev.ctx.state.seats[1 - src.seat].active
        if target is None or not _paired(target, src.data["token"]):
            return None
        return Illegal("R-ATTACK-1", msg("%(pokemon)s can't attack %(target)s this turn (%(why)s).",
                                         pokemon=ev.ctx.name(src.on), target=ev.ctx.name(target),
                                         why=src.data["why"]))


@lasting("weakened_against_paired")
class WeakenedAgainstPaired:
    """Lasting: damage this Pokémon's attacks do to the Pokémon it is bound to is `amount` less,
    after Weakness and Resistance (R-DAMAGE-1 f, the damaged Pokémon's own last attack)."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.attacker is not src.on or not ev.to_defending or dmg <= 0 or not _paired(ev.target, src.data["token"]):
            return dmg
        dmg -= src.data["amount"]
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=src.data["why"], amount=src.data["amount"], damage=dmg))
        return dmg


class BindDefending(Effect):
    """Bind the Defending Pokémon to this one until the end of the opponent's next turn: it can't
    attack this Pokémon (`reduce` None) or its damage to this Pokémon is `reduce` less; benching
    either one ends it (ruling above)."""

    def __init__(self, reduce: int | None = None):
        self.reduce = reduce
        self.text = ("during the opponent's next turn, the Defending Pokémon can't attack this Pokémon"
                     if reduce is None else
                     f"during the opponent's next turn, damage the Defending Pokémon's attacks do to this Pokémon is "
                     f"{reduce} less (after Weakness and Resistance)") + "; benching either Pokémon ends this"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        until = next_turn_of_opponent(actx.state)
        token = f"{actx.attacker.stack[0]}@{actx.state.turn}"
        add_effect(actx.attacker, "paired_with", until, token=token, why=actx.attack.name)
        if self.reduce is None:
            add_effect(d, "cant_attack_paired", until, token=token, why=actx.attack.name)
            actx.say(msg("%(pokemon)s can't attack %(target)s during the opponent's next turn.",
                         pokemon=actx.name(d), target=actx.attacker_name), "R-ATTACK-1")
        else:
            add_effect(d, "weakened_against_paired", until, token=token, amount=self.reduce, why=actx.attack.name)
            actx.say(msg("During the opponent's next turn, %(pokemon)s's attacks do %(amount)s less damage to "
                         "%(target)s.", pokemon=actx.name(d), amount=self.reduce, target=actx.attacker_name))


# -- the Defending Pokémon back to the hand, the Bench ------------------------------------------

class ReturnDefendingUnlessKnockedOut(Effect):
    """Unless the damage Knocked it Out, the Defending Pokémon and every card on it go back to
    its owner's hand (Hurricane)."""
    text = ("unless this attack Knocks Out the Defending Pokémon, it and all cards attached to it go back to "
            "the opponent's hand")

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        name, cards = actx.name(d), d.all_cards()
        remove_pokemon_from_play(actx, actx.opp, d)
        actx.them.hand.extend(cards)
        actx.defender = None
        actx.say(msg("%(pokemon)s and the %(count)s card(s) on it go back to %(seat)s's hand.", pokemon=name,
                     count=len(cards) - 1, seat=actx.seat_label(actx.opp)), "R-KO-3")
        if not actx.them.bench:
            actx.say(msg("%(seat)s has no Pokémon left in play.", seat=actx.seat_label(actx.opp)), "R-WIN-2")
            actx.decide_winner([False, False])


class BenchNotFull(Effect):
    """The attack can't be used while your Bench is full."""
    requirement = True          # Metronome skips it (something required to use the attack)
    settled_by_check = ()       # a look at the Bench

    text = "can't be used while your Bench is full"

    def check(self, actx: AttackCtx) -> None:
        if len(actx.me.bench) >= get_ruleset(actx.state.ruleset).bench_size:
            raise Illegal("R-BENCH-1", msg("%(attack)s can't be used while your Bench is full.",
                                           attack=actx.attack.name))


class SearchOneToBench(SearchPokemonToBench):
    """SearchPokemonToBench for a single card: look through the deck for one `what` and put it
    onto the Bench (or none when the deck holds none), then shuffle."""

    def __init__(self, what: str, fits: Any):
        super().__init__(what, fits)
        self.text = (f"look through your deck for {what} and put it onto your Bench (choices.search: it or none "
                     "when there is none), then shuffle the deck")

    def _room(self, state: Any, seat: int) -> int:
        return min(1, bench_room(state, seat))


def call_for(what: str, fits: Any) -> list[Effect]:
    return [BenchNotFull(), SearchOneToBench(what, fits)]


# -- the cards ---------------------------------------------------------------------------------


Attacks = dict[str, Effect | list[Effect] | tuple[Effect, ...]]


def both(number: int, attacks: Attacks, power: Power | None = None) -> None:
    """A holo card and its non-holo print (16 numbers later): one card, two ids."""
    for n in (number, number + 16):
        define_pokemon(f"base2-{n}", attacks, power=power)


QUICK_ATTACK = FlipBonusOrSelfDamage(bonus=20)
STOMP = FlipBonusOrSelfDamage(bonus=10)

both(1, {"Metronome": Metronome(), "Minimize": ReduceDamageNextTurn(20)})              # Clefable
both(2, {"Tackle": [], "Chain Lightning": BenchDamageOfDefendingType(10)})             # Electrode
both(3, {"Quick Attack": QUICK_ATTACK, "Flamethrower": DiscardOwnEnergy(1, "Fire")})    # Flareon
both(4, {"Quick Attack": QUICK_ATTACK, "Pin Missile": CoinsTimes(4)})                   # Jolteon
both(5, {"Fetch": DrawCards(1), "Comet Punch": CoinsTimes(4)})                          # Kangaskhan
both(6, {"Meditate": PerDefendingCounter(10)}, power=InvisibleWall())                  # Mr. Mime
both(7, {"Boyfriends": PlusPerOwnNamed("Nidoking", 20), "Mega Punch": []})             # Nidoqueen
both(8, {"Wing Attack": [], "Hurricane": ReturnDefendingUnlessKnockedOut()})           # Pidgeot
both(9, {"Irongrip": heads(Inflict("paralyzed")), "Guillotine": []})                   # Pinsir
both(10, {"Swords Dance": BaseDamageForNextTurn("Slash", 60), "Slash": []})            # Scyther
both(11, {"Body Slam": heads(Inflict("paralyzed"))}, power=ThickSkinned())             # Snorlax
both(12, {"Quick Attack": QUICK_ATTACK,                                                # Vaporeon
          "Water Gun": ExtraEnergyBonus("Water", per=10, max_extra=2)})
both(13, {"Venom Powder": heads(Inflict("confused"), Inflict("poisoned"))}, power=Shift())  # Venomoth
both(14, {"Lure": SwitchDefending("attacker"), "Acid": heads(DefendingCantRetreat())})  # Victreebel
both(15, {"Petal Dance": [CoinsTimes(3), InflictSelf("confused")]}, power=VileplumeHeal())  # Vileplume
both(16, {"Lullaby": Inflict("asleep"), "Do the Wave": PlusPerOwnBenched(10)})         # Wigglytuff

define_pokemon("base2-33", {"Whirlwind": SwitchDefending("opponent"),                  # Butterfree
                            "Mega Drain": HealHalfDamageDone()})
define_pokemon("base2-34", {"Rage": PlusPerOwnCounter(10)}, power=RetreatAid())       # Dodrio
define_pokemon("base2-35", {"Teleport": SwitchSelf(), "Big Eggsplosion": CoinsPerOwnEnergy()})  # Exeggutor
define_pokemon("base2-36", {"Agility": heads(PreventDamageNextTurn("prevent_all")),    # Fearow
                            "Drill Peck": []})
define_pokemon("base2-37", {"Poisonpowder": Inflict("poisoned"),                        # Gloom
                            "Foul Odor": [Inflict("confused"), InflictSelf("confused")]})
define_pokemon("base2-38", {"Tongue Wrap": heads(Inflict("paralyzed")),                 # Lickitung
                            "Supersonic": heads(Inflict("confused"))})
define_pokemon("base2-39", {"Bonemerang": CoinsTimes(2),                                # Marowak
                            "Call for Friend": call_for(msg("a Fighting Basic Pokémon"), basic_of_type("Fighting"))})
define_pokemon("base2-40", {"Supersonic": heads(Inflict("confused")), "Double Kick": CoinsTimes(2)})  # Nidorina
define_pokemon("base2-41", {"Spore": Inflict("asleep"), "Slash": []})                   # Parasect
define_pokemon("base2-42", {"Scratch": [], "Pounce": BindDefending(reduce=10)})         # Persian
define_pokemon("base2-43", {"Fury Swipes": CoinsTimes(3),                               # Primeape
                            "Tantrum": tails(InflictSelf("confused"))})
define_pokemon("base2-44", {"Stomp": STOMP, "Agility": heads(PreventDamageNextTurn("prevent_all"))})  # Rapidash
define_pokemon("base2-45", {"Horn Attack": [], "Ram": [SelfDamage(20), SwitchDefending("opponent")]})  # Rhydon
define_pokemon("base2-46", {"Horn Attack": [], "Waterfall": []})                        # Seaking
define_pokemon("base2-47", {"Stomp": STOMP,                                             # Tauros
                            "Rampage": [PlusPerOwnCounter(10), tails(InflictSelf("confused"))]})
define_pokemon("base2-48", {"Poisonpowder": heads(Inflict("poisoned")), "Razor Leaf": []})  # Weepinbell
define_pokemon("base2-49", {"Vine Whip": [],                                            # Bellsprout
                            "Call for Family": call_for(msg("a Basic Pokémon named Bellsprout"),
                                                        named_basic("Bellsprout"))})
define_pokemon("base2-50", {"Snivel": BindDefending(reduce=20), "Rage": PlusPerOwnCounter(10)})  # Cubone
define_pokemon("base2-51", {"Tail Wag": heads(BindDefending()), "Quick Attack": QUICK_ATTACK})  # Eevee
define_pokemon("base2-52", {"Hypnosis": Inflict("asleep"),                              # Exeggcute
                            "Leech Seed": HealSelf(1, only_if_damage_done=True)})
define_pokemon("base2-53", {"Horn Attack": []})                                         # Goldeen
define_pokemon("base2-54", {"Lullaby": Inflict("asleep"), "Pound": []})                 # Jigglypuff
define_pokemon("base2-55", {"Scratch": []}, power=Peek())                               # Mankey
define_pokemon("base2-56", {"Pay Day": heads(DrawCards(1))})                            # Meowth
define_pokemon("base2-57", {"Fury Swipes": CoinsTimes(3),                               # Nidoran ♀
                            "Call for Family": call_for(msg("a Basic Pokémon named Nidoran ♂ or Nidoran ♀"),
                                                        lambda c: c.is_basic_pokemon
                                                        and c.name in ("Nidoran ♂", "Nidoran ♀"))})
define_pokemon("base2-58", {"Stun Spore": heads(Inflict("paralyzed")),                  # Oddish
                            "Sprout": call_for(msg("a Basic Pokémon named Oddish"), named_basic("Oddish"))})
define_pokemon("base2-59", {"Scratch": [], "Spore": Inflict("asleep")})                 # Paras
define_pokemon("base2-60", {"Spark": ChosenBenchDamage(10)})                            # Pikachu
define_pokemon("base2-61", {"Leer": heads(BindDefending()), "Horn Attack": []})         # Rhyhorn
define_pokemon("base2-62", {"Peck": [], "Mirror Move": MirrorMove()})                   # Spearow
define_pokemon("base2-63", {"Stun Spore": heads(Inflict("paralyzed")), "Leech Life": HealDamageDone()})  # Venonat

