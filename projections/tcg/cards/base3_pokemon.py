"""Fossil Pokémon base3-1 … base3-57 (base3-16 … 30 are the non-holo prints of base3-1 … 15:
the same cards, encoded by the same lines).

Most cards are one line of data from the shared vocabulary in `effects/` (the Base Set's
blocks among them); the attacks that need their own logic get a small effect class below, and the Pokémon
Powers live in `base3_powers.py`. Every class words its own `text` from its parameters.

Rulings taken here:
- Prophecy looks at the top 3 cards (all of them when the deck is shorter) of the deck its
  player names (choices.deck: "own" or "opponent") and puts them back in the order its player
  gives (choices.order, new top first): looking at fewer changes nothing a player can use.
  Two steps for a player (the deck is hidden): the attack shows the cards (`pending`), then
  `choose` gives the order; only the attacking player is told the new order.
- Wildfire: the Fire Energy cards (choices.cards, any number, none included) are discarded
  when the attack is used, before the Confusion check (as a cost, R-ATTACK-2); the opponent
  then discards that many cards from the top of the deck (as many as it holds) as the
  attack's effect, so a failed Confusion flip discards none of them.
- Leech Life and Absorb heal from the damage the attack did to the Defending Pokémon after
  every step of R-DAMAGE-1 (`actx.dealt`); Absorb's half is rounded up to a multiple of 10.
- Thunderstorm flips once for each of the opponent's Benched Pokémon, in Bench order; then
  Zapdos does 10 damage to itself per tails (no Weakness or Resistance).
- Stone Barrage flips until tails (the tails included in the flips).
- Terror Strike and Whirlwind: the opponent's choice of Benched Pokémon is reported in
  choices.pokemon with the attack; on tails nothing is switched.
- Energy Conversion takes up to 2 Energy cards (basic or special) from the discard pile
  (choices.cards; left out when there are 2 or fewer: all of them); then Gastly does 10 damage
  to itself.
- Scavenge's Trainer card (choices.search) is taken after the Psychic Energy is discarded as
  the cost; with no Trainer card in the discard pile the attack still can be used and takes
  nothing.
- Headache: during the opponent's next turn that player can't play Trainer cards — a Trainer
  played as a Pokémon (Mysterious Fossil, Clefairy Doll) included, for it is played as a
  Trainer card from the hand. The lock is a lasting effect on each Pokémon of the attacking
  player in play (it lasts while any of them stays in play; it survives their going to the
  Bench and evolving), refusing `can_play` for the opponent (R-TRAINER-1).
- Call for Family can't be used with a full Bench (R-BENCH-1); with room, it puts 0 or 1
  Krabby from the deck onto the Bench and shuffles.
- Spacing Out can't be used while Slowpoke has no damage counter (R-ATTACK-1); Metronome
  skips that requirement as any other.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import define_pokemon
from ..core import Illegal, add_effect, discard_cards, heal
from ..hooks import Listener, PlayEvent, lasting
from ..rulesets import get_ruleset
from .base3_powers import (
    Clairvoyance,
    Cowardice,
    Curse,
    KabutoArmor,
    PrehistoricPower,
    StepIn,
    StrangeBehavior,
    ToxicGas,
    Transform,
    Transparency,
)
from .effects import (
    BenchDamage,
    ChosenBenchDamage,
    CoinsTimes,
    DamageIgnores,
    DefendingAttackMayFail,
    DiscardDefendingEnergy,
    DiscardOwnEnergy,
    Effect,
    ExtraEnergyBonus,
    Flip,
    FlipWithChoices,
    HealSelf,
    Inflict,
    PerOwnCounter,
    PreventDamageNextTurn,
    SearchDeckToBench,
    SelfDamage,
    SwitchDefending,
    TailsDoesNothing,
    attack_memo,
    discard_attached,
    energy_of_type,
    heads,
    next_turn_of_opponent,
)
from .effects.hand_deck import TopInAnyOrder

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


# -- effects this module needs -----------------------------------------------------------

class HealDamageDone(Effect):
    """Remove damage counters from this Pokémon for the damage this attack did to the Defending
    Pokémon (all of it, or half rounded up to a multiple of 10)."""
    settled_by_check = ()       # core.heal asks nothing

    def __init__(self, half: bool = False):
        self.half = half
        what = "half the damage (rounded up to the nearest 10)" if half else "the damage"
        self.text = f"remove damage counters from this Pokémon for {what} this attack did to the Defending Pokémon"

    def after(self, actx: AttackCtx) -> None:
        amount = -(-actx.dealt // 20) * 10 if self.half else actx.dealt
        healed = heal(actx, actx.attacker, amount)
        if healed:
            actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed.", pokemon=actx.attacker_name,
                         count=healed // 10))


class FlipUntilTails(Effect):
    """Flip until tails: the damage is the printed number times the heads."""
    text = "flip coins until you get tails: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = 0
        while actx.flip(f"{actx.attack.name} ({heads + 1})"):
            heads += 1
        return actx.attack.damage * heads


class Thunderstorm(Effect):
    """For each of the opponent's Benched Pokémon flip: heads, `amount` damage to it; then this
    Pokémon does `self_per_tails` damage to itself per tails."""

    def __init__(self, amount: int = 20, self_per_tails: int = 10):
        self.amount = amount
        self.self_per_tails = self_per_tails
        self.text = (f"flip a coin for each of the opponent's Benched Pokémon — heads: {amount} damage to it (no "
                     f"Weakness or Resistance); then {self_per_tails} damage to this Pokémon per tails")

    def after(self, actx: AttackCtx) -> None:
        tails = 0
        for p in list(actx.them.bench):
            if actx.flip(msg("%(attack)s on %(pokemon)s", attack=actx.attack.name, pokemon=actx.name(p))):
                actx.deal_damage(p, self.amount, to_defending=False, apply_wr=False)
            else:
                tails += 1
        if tails:
            actx.deal_damage(actx.attacker, self.self_per_tails * tails, to_defending=False, apply_wr=False)


class DiscardFireToMill(Effect):
    """Discard any number of `energy_type` Energy cards from this Pokémon (choices.cards) when
    using the attack; then that many cards from the top of the opponent's deck are discarded."""
    settled_by_check = ()       # the check reads the Energy; paying and milling move cards

    def __init__(self, energy_type: str = "Fire"):
        self.energy_type = energy_type
        self.text = (f"discard any number of {energy_type} Energy cards attached to this Pokémon (choices.cards) "
                     "when using it; then discard that many cards from the top of the opponent's deck")

    def _chosen(self, actx: AttackCtx) -> list[str]:
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        raw = actx.choices.get("cards", [])
        if (not isinstance(raw, list) or len(set(raw)) != len(raw)
                or any(not isinstance(i, str) or i not in allowed for i in raw)):
            raise Illegal("R-ATTACK-2", msg("choices.cards must name distinct %(type)s Energy cards attached to "
                                            "%(pokemon)s (none is allowed).", type=self.energy_type,
                                            pokemon=actx.attacker_name))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["cards"] = self._chosen(actx)

    def pay(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        discard_attached(actx, actx.seat, actx.attacker, cards)
        if cards:
            actx.say(msg("%(pokemon)s discards %(count)s %(type)s Energy card(s).", pokemon=actx.attacker_name,
                         count=len(cards), type=self.energy_type))

    def after(self, actx: AttackCtx) -> None:
        deck = actx.them.deck
        n = min(len(attack_memo(actx, self)["cards"]), len(deck))
        milled, deck[:n] = deck[:n], []
        discard_cards(actx, actx.opp, milled)
        if milled:
            actx.say(msg("%(count)s card(s) from the top of %(seat)s's deck are discarded: %(cards)s.",
                         count=len(milled), seat=actx.seat_label(actx.opp), cards=actx.refs(milled, shown_to="*")))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        fire = energy_of_type(state, attacker, self.energy_type)
        return [{"cards": fire[:k]} for k in range(len(fire) + 1)]


class FromDiscardToHand(Effect):
    """Put up to `most` cards of a kind from your discard pile into your hand (choices.cards;
    left out when there are `most` or fewer: every one). `exactly`: as many as there are, up
    to `most`."""
    settled_by_check = ()       # the check reads the discard pile; `after` moves the cards

    def __init__(self, kind: str, most: int, exactly: bool = False, key: str = "cards"):
        self.kind = kind
        self.most = most
        self.exactly = exactly
        self.key = key
        what = {"energy": "Energy card", "trainer": "Trainer card"}[kind]
        count = f"{most}" if exactly else f"up to {most}"
        self.text = f"put {count} {what}(s) from your discard pile into your hand (choices.{key})"

    def _fits(self, state: State, seat: int) -> list[str]:
        supertype = {"energy": "Energy", "trainer": "Trainer"}[self.kind]
        return [i for i in state.seats[seat].discard if state.card_of(i).supertype == supertype]

    def _chosen(self, actx: AttackCtx) -> list[str]:
        fits = self._fits(actx.state, actx.seat)
        raw = actx.choices.get(self.key)
        if raw is None and len(fits) <= self.most:
            return fits
        lo = min(self.most, len(fits)) if self.exactly else 0
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or not lo <= len(raw) <= self.most
                or any(not isinstance(i, str) or i not in fits for i in raw)):
            raise Illegal("R-ATTACK-2", msg("choices.%(key)s must name %(lo)s to %(most)s distinct fitting cards of "
                                            "your discard pile.", key=self.key, lo=lo, most=self.most))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["cards"] = self._chosen(actx)

    def after(self, actx: AttackCtx) -> None:
        cards = [i for i in attack_memo(actx, self)["cards"] if i in actx.me.discard]
        for i in cards:
            actx.me.discard.remove(i)
            actx.me.hand.append(i)
        actx.say(msg("%(seat)s puts %(count)s card(s) from the discard pile into the hand: %(cards)s.",
                     seat=actx.seat_label(actx.seat), count=len(cards),
                     cards=actx.refs(cards, shown_to="*") if cards else msg("none")))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        fits = self._fits(state, seat)
        if len(fits) <= self.most:
            sizes = [len(fits)] if self.exactly else range(len(fits) + 1)
        else:
            sizes = [self.most] if self.exactly else range(self.most + 1)
        return [{self.key: list(c)} for k in sizes for c in combinations(fits, k)]


class RequireOwnDamage(Effect):
    """The attack can be used only while this Pokémon has a damage counter."""
    requirement = True          # Metronome ignores it (something required to use the attack)
    settled_by_check = ()
    text = "can be used only while this Pokémon has damage counters"

    def check(self, actx: AttackCtx) -> None:
        if actx.attacker.damage < 10:
            raise Illegal("R-ATTACK-1", msg("%(attack)s can't be used: %(pokemon)s has no damage counters.",
                                            attack=actx.attack.name, pokemon=actx.attacker_name))


class RequireBenchRoom(Effect):
    """The attack can't be used while its player's Bench is full."""
    requirement = True
    settled_by_check = ()
    text = "can't be used while your Bench is full"

    def check(self, actx: AttackCtx) -> None:
        if len(actx.me.bench) >= get_ruleset(actx.state.ruleset).bench_size:
            raise Illegal("R-BENCH-1", msg("%(attack)s can't be used while %(seat)s's Bench is full.",
                                           attack=actx.attack.name, seat=actx.seat_label(actx.seat)))


@lasting("no_trainers")
class NoTrainers:
    """Lasting: the opponent of this Pokémon's owner can't play Trainer cards."""

    def can_play(self, src: Listener, ev: PlayEvent) -> Illegal | None:
        if ev.ctx.seat == src.seat:
            return None
        return Illegal("R-TRAINER-1", msg("%(seat)s can't play Trainer cards this turn (%(why)s).",
                                          seat=ev.ctx.seat_label(ev.ctx.seat), why=src.data.get("why")))


class OpponentNoTrainersNextTurn(Effect):
    """The opponent can't play Trainer cards during their next turn (a lasting "no_trainers"
    effect on each of the attacking player's Pokémon in play)."""
    text = "your opponent can't play Trainer cards during their next turn"

    def after(self, actx: AttackCtx) -> None:
        for p in actx.me.in_play():
            add_effect(p, "no_trainers", next_turn_of_opponent(actx.state), why=actx.attack.name,
                       survives_bench=True, survives_evolution=True)
        actx.say(msg("%(seat)s can't play Trainer cards during the next turn.", seat=actx.seat_label(actx.opp)),
                 "R-TRAINER-1")


class Prophecy(TopInAnyOrder):
    """Look at the top 3 cards of either deck (choices.deck: "own" / "opponent") and put them
    back in any order (choices.order, new top first): TopInAnyOrder on the deck chosen."""
    text = ("look at the top 3 cards of either player's deck (choices.deck: own or opponent) and put them back "
            "in any order (choices.order, new top first)")

    def __init__(self) -> None:
        super().__init__(3)
        self.text = Prophecy.text

    @staticmethod
    def _decks(state: State, seat: int) -> dict[str, int]:
        return {k: s for k, s in (("own", seat), ("opponent", 1 - seat)) if state.seats[s].deck}

    def _deck_seat(self, actx: AttackCtx) -> int | None:
        decks = self._decks(actx.state, actx.seat)
        which = actx.choices.get("deck")
        if which is None and len(decks) <= 1:
            return next(iter(decks.values()), None)
        if which not in decks:
            raise Illegal("R-ATTACK-2", msg("choices.deck must be one of: %(decks)s.",
                                            decks=", ".join(decks) or msg("none")))
        return decks[which]

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        decks = self._decks(state, seat)
        return [{"deck": k} for k in decks] if len(decks) > 1 else [{}]


# -- the cards ---------------------------------------------------------------------------


def selfdestruct(bench: int, itself: int) -> list[Effect]:
    return [BenchDamage(bench, benches="both"), SelfDamage(itself)]


def water_gun() -> ExtraEnergyBonus:
    return ExtraEnergyBonus("Water", per=10, max_extra=2)


# base3-1 … 15, and their non-holo prints base3-16 … 30
HOLOS: dict[int, tuple[dict[str, Any], Any]] = {
    1: ({"Wing Attack": []}, PrehistoricPower()),                                             # Aerodactyl
    2: ({"Freeze Dry": heads(Inflict("paralyzed")),                                            # Articuno
         "Blizzard": Flip(heads=BenchDamage(10, "opponent"), tails=BenchDamage(10, "own"))}, None),
    3: ({}, Transform()),                                                                      # Ditto
    4: ({"Slam": CoinsTimes(2)}, StepIn()),                                                    # Dragonite
    5: ({"Dark Mind": ChosenBenchDamage(10)}, Curse()),                                        # Gengar
    6: ({"Nightmare": Inflict("asleep")}, Transparency()),                                     # Haunter
    7: ({"Stretch Kick": ChosenBenchDamage(20), "High Jump Kick": []}, None),                  # Hitmonlee
    8: ({"Prophecy": Prophecy(), "Dark Mind": ChosenBenchDamage(10)}, None),                   # Hypno
    9: ({"Sharp Sickle": [], "Absorb": HealDamageDone(half=True)}, None),                      # Kabutops
    10: ({"Water Gun": water_gun(), "Confuse Ray": heads(Inflict("confused"))}, None),         # Lapras
    11: ({"Sonicboom": DamageIgnores("weakness", "resistance"),                                # Magneton
          "Selfdestruct": selfdestruct(20, 100)}, None),
    12: ({"Wildfire": DiscardFireToMill("Fire"), "Dive Bomb": TailsDoesNothing()}, None),      # Moltres
    13: ({"Sludge": heads(Inflict("poisoned"))}, ToxicGas()),                                  # Muk
    14: ({"Gigashock": ChosenBenchDamage(10, count=3)}, None),                                 # Raichu
    15: ({"Thunderstorm": Thunderstorm(20, 10)}, None),                                        # Zapdos
}
for n, (attacks, power) in HOLOS.items():
    for number in (n, n + 15):
        define_pokemon(f"base3-{number}", attacks, power=power)

define_pokemon("base3-31", {"Terror Strike": FlipWithChoices(heads=SwitchDefending("opponent")),  # Arbok
                            "Poison Fang": Inflict("poisoned")})
define_pokemon("base3-32", {"Clamp": [TailsDoesNothing(), Inflict("paralyzed")],           # Cloyster
                            "Spike Cannon": CoinsTimes(2)})
define_pokemon("base3-33", {"Lick": heads(Inflict("paralyzed")),                           # Gastly
                            "Energy Conversion": [FromDiscardToHand("energy", 2), SelfDamage(10)]})
define_pokemon("base3-34", {"Wing Attack": [], "Leech Life": HealDamageDone()})            # Golbat
define_pokemon("base3-35", {"Psyshock": heads(Inflict("paralyzed")),                       # Golduck
                            "Hyper Beam": DiscardDefendingEnergy(1)})
define_pokemon("base3-36", {"Avalanche": [], "Selfdestruct": selfdestruct(20, 100)})       # Golem
define_pokemon("base3-37", {"Harden": PreventDamageNextTurn("prevent_damage_at_most", 30),  # Graveler
                            "Rock Throw": []})
define_pokemon("base3-38", {"Flail": PerOwnCounter(), "Crabhammer": []})                   # Kingler
define_pokemon("base3-39", {"Smokescreen": DefendingAttackMayFail(),                       # Magmar
                            "Smog": heads(Inflict("poisoned"))})
define_pokemon("base3-40", {"Water Gun": water_gun(), "Spike Cannon": CoinsTimes(2)})      # Omastar
define_pokemon("base3-41", {"Slash": [], "Fury Swipes": CoinsTimes(3)})                    # Sandslash
define_pokemon("base3-42", {"Water Gun": water_gun(),                                      # Seadra
                            "Agility": heads(PreventDamageNextTurn("prevent_all"))})
define_pokemon("base3-43", {"Psyshock": heads(Inflict("paralyzed"))}, power=StrangeBehavior())  # Slowbro
define_pokemon("base3-44", {"Supersonic": heads(Inflict("confused")),                      # Tentacruel
                            "Jellyfish Sting": Inflict("poisoned")})
define_pokemon("base3-45", {"Smog": heads(Inflict("poisoned")),                            # Weezing
                            "Selfdestruct": selfdestruct(10, 60)})
define_pokemon("base3-46", {"Spit Poison": heads(Inflict("poisoned")),                     # Ekans
                            "Wrap": heads(Inflict("paralyzed"))})
define_pokemon("base3-47", {"Stone Barrage": FlipUntilTails()})                            # Geodude
define_pokemon("base3-48", {"Nasty Goo": heads(Inflict("paralyzed")),                      # Grimer
                            "Minimize": PreventDamageNextTurn("reduce_damage", 20)})
define_pokemon("base3-49", {"Smokescreen": DefendingAttackMayFail()})                      # Horsea
define_pokemon("base3-50", {"Scratch": []}, power=KabutoArmor())                           # Kabuto
define_pokemon("base3-51", {"Call for Family": [RequireBenchRoom(),                        # Krabby
                                                SearchDeckToBench(("Krabby",), most=1)],
                            "Irongrip": []})
define_pokemon("base3-52", {"Water Gun": water_gun()}, power=Clairvoyance())               # Omanyte
define_pokemon("base3-53", {"Headache": OpponentNoTrainersNextTurn(),                      # Psyduck
                            "Fury Swipes": CoinsTimes(3)})
define_pokemon("base3-54", {"Supersonic": heads(Inflict("confused")),                      # Shellder
                            "Hide in Shell": heads(PreventDamageNextTurn("prevent_damage"))})
define_pokemon("base3-55", {"Spacing Out": [RequireOwnDamage(), heads(HealSelf(1))],       # Slowpoke
                            "Scavenge": [DiscardOwnEnergy(1, "Psychic"),
                                         FromDiscardToHand("trainer", 1, exactly=True, key="search")]})
define_pokemon("base3-56", {"Acid": []}, power=Cowardice())                                # Tentacool
define_pokemon("base3-57", {"Supersonic": heads(Inflict("confused")),                      # Zubat
                            "Leech Life": HealDamageDone()})
