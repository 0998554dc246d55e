"""EX Sandstorm Pokémon ex2-1 … ex2-45 (Armaldo … Lombre).

Cards are lines of data over the shared vocabulary (`effects/`, where the blocks
first written for ex1 now live) and the effect classes below, each with its reason beside it; their powers live in
`ex2_powers_1.py`. Every class words its own `text` from its parameters.

Rulings taken here:
- "Each Defending Pokémon" / "all Defending Pokémon" (Sand Swirl, Double Wing Attack, Super Poison
  Breath, Random Curse) is the one Defending Pokémon of a game with one Active Pokémon a side:
  Random Curse puts its 5 counters on it (placed, not damage: R-DAMAGE-3).
- Feint Attack and Thunder Spear name their target in choices.pokemon (left out when the opponent
  has one Pokémon). The Active is the Defending Pokémon: the attack's damage to it. Feint Attack's
  damage to it ignores Weakness, Resistance and every effect on it (its powers, Trainer and Energy
  cards, effects of attacks, shields: AttackCtx.ignores "defender_effects"). A Benched target takes
  Bench damage without Weakness and Resistance (R-DAMAGE-2); the rules give no way for an effect
  to make Bench damage ignore the effects on that Pokémon, so Feint Attack's on the Bench is Bench
  damage as usual (see the report to the lead).
- Lure Poison and Metal Hook: the switch is optional and the attacker picks the Benched Pokémon
  (choices.pokemon; left out: no switch), named with the attack; it happens after the Confusion
  check, before any damage, and the new Defending Pokémon takes the damage and the Poison. An
  effect that shields the Defending Pokémon from attacks' effects stops the switch.
- Lightning Strike: choices.cards names every Energy card attached to Jolteon that provides
  Lightning (Rainbow and Multi Energy too) to discard them, or is left out to keep them; the
  discard comes as the damage is worked out (Dark Slash's ruling, ex1), so a Confused Jolteon that
  fails its flip keeps them. Dark Bind and Deadly Poison likewise name the one card to discard
  (choices.cards; left out, nothing is discarded), discarded after the damage; the Special
  Condition follows only if it was.
- Burn Up (tails) discards every Energy card attached that provides Fire (Rainbow and Multi
  Energy too), as Fire Stream's ruling (ex1) reads "Fire Energy card".
- Judgement: 2 coins; 2 heads Knock Out the Defending Pokémon (unless an effect shields it from
  attacks' effects); its owner's opponent takes Prize cards as for any Knock Out.
- "Energy attached" counts the Energy provided (Light Touch Throw, Energy Crush, Max Bubbles,
  Link Blast), as ex1's rulings; Ultra Energy Source counts basic Energy cards, as printed.
- Cosmic Draw and Pull Down look for an Evolved Pokémon: a card on top of another (a fossil's
  Stage 1 on its fossil included; a Stage 1 put onto the Bench by Team Assembly or Influence is
  not one). Pull Down and Time Spiral take off the top card: the Pokémon keeps its damage and
  attached cards and, as in evolving (R-EVOLVE-5), loses its Special Conditions and the effects
  of attacks; with damage at least its new HP it is Knocked Out after the attack. Pull Down skips
  a Pokémon an effect shields from attacks' effects. Time Spiral's Pokémon is named with the
  attack (choices.pokemon; left out with one), before its coin; no Evolved Pokémon: no coin.
- Scam and Supernatural look at the opponent's hand: the attack shows it to its player alone
  (R-HIDDEN-1: `pending`), then `choose` names a Supporter card of it in choices.cards (or []:
  "you may"); a judge may give choices.cards with the attack. Scam: the Supporter is shuffled into
  its owner's deck, who then draws a card. Supernatural: the Supporter's effect is carried out for
  the attacking player, with the Supporter's own choices in choices.copied and its targets in
  choices.pokemon (its rules of play — one Supporter a turn, Primal Veil — don't apply: it is not
  played); it stays in the opponent's hand. A Supporter whose effect would stop to show its player
  hidden cards (a deck search) can't stop a second time within the attack (the rules finish an
  attack after one `choose`): its choices must then come in choices.copied (see the report).
- Fast Evolution and Jump Catch search the deck for an Evolution card (a Stage 1 or Stage 2
  Pokémon card) or a Trainer card, show it and put it into the hand; Gather Energy attaches a
  basic Energy card of any type to one of your Pokémon (choices.to). Two steps for a player, as
  ex1's searches; a fitting card must be taken when there is one (R-TRAINER-5).
- Team Assembly and Influence put 0 or more fitting cards onto the Bench (as many as it has room
  for; Influence at most 2): Team Assembly's are cards named Omanyte or Kabuto and Basic Pokémon
  cards (a fossil is a Trainer in the deck), Influence's the cards named Omanyte, Kabuto,
  Aerodactyl, Lileep or Anorith (Aerodactyl ex is another name, R-EVOLVE-1). Each goes onto the
  Bench alone, as a Basic Pokémon would (it evolves by its name as usual).
- Energy Retrieval: up to 2 basic Energy cards of the discard pile (choices.cards; left out, all
  of them when there are 2 or fewer) to one of your Pokémon (choices.to); 1 damage counter on it
  per card (placed: it may Knock that Pokémon Out). Drizzle attaches any number of basic Water
  Energy cards from the hand (choices.cards, a list, maybe empty) to Azumarill, each an attachment
  from the hand (not the turn's one, R-ENERGY-1). Plasma (heads) attaches a basic Lightning Energy
  card from the discard pile (ex1's Charge). Sniff Out takes any card of the discard pile
  (choices.cards; left out with one).
- Rapid Spin: the opponent picks their new Active (reported in choices.pokemon, as Whirlwind),
  then Baltoy's player switches Baltoy with a Benched Pokémon (choices.to; left out with one).
  Both switches happen when there is a Benched Pokémon; a Knocked Out Defending Pokémon is not
  switched (its owner promotes as usual).
- Amnesia names one of the Defending Pokémon's attacks in choices.attack (left out with one): it
  can't be used during the opponent's next turn (ends if that Pokémon leaves the Active spot or
  evolves). Iron Defense (heads) is the shared "prevent all effects" of the opponent's next turn.
- Target Slash's +30 needs the Defending Pokémon to be named Seviper; Super Slash's an Evolved
  Pokémon; Extra Poison's Asleep and Poisoned a Pokémon-ex (tag "ex"); Special Blow's +40 a
  Special Energy card attached; Pester's +20 any Special Condition.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from ...messages import joined, msg, msg_n
from ..carddb import define_pokemon
from ..contexts import TrainerCtx
from ..core import (
    Illegal,
    attach_by_effect,
    discard_cards,
    draw,
    energy_count,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ..state import Pokemon
from .effects import (
    AttachFromDiscard,
    BaseIfEnergyDiffers,
    BenchDamage,
    BonusIfDefendingDamaged,
    CoinsPerOwnEnergy,
    CoinsTimes,
    DamageChosenOpponent,
    DamageIgnores,
    DeckSearch,
    DefendingCantRetreat,
    DiscardOwnEnergy,
    Effect,
    ExtraEnergyBonus,
    FixedDamage,
    Flip,
    FlipWithChoices,
    HealSelf,
    Inflict,
    PlusPerOwnCounter,
    PreventDamageNextTurn,
    SearchDeckToBench,
    SearchEnergyAttach,
    SelfDamage,
    SwitchDefending,
    SwitchSelf,
    affected_defender,
    attach_from_discard,
    attack_memo,
    chosen_cards,
    chosen_target,
    discard_attached,
    distinct_picks,
    energy_of_type,
    heads,
    one_per_card,
    one_pokemon_named,
)
from .effects.hand_deck import DevolveOpponents, devolve
from .effects.next_turn import DefendingAttackBlockedChosen
from .ex2_powers_1 import (
    BabyEvolution,
    ChaosFlash,
    ConditionImmunity,
    ConditionPayback,
    DamageShield,
    EclipseType,
    EnergyVariation,
    FanAway,
    IntimidatingFangIgnorable,
    PrimalVeil,
    RainDish,
    Safeguard,
    SuperSuctionCups,
    is_evolved,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import State


# -- damage by what the Defending Pokémon is ---------------------------------------------------

class DefendingBonus(Effect):
    """+`bonus` damage when the Defending Pokémon is of a kind (`when`): "evolved", "special_energy",
    "condition", or "named:<name>"."""

    _WORDS = {"evolved": "is an Evolved Pokémon", "special_energy": "has a Special Energy card attached",
              "condition": "has a Special Condition"}

    def __init__(self, bonus: int, when: str):
        self.bonus = bonus
        self.when = when
        what = f"is named {when[6:]}" if when.startswith("named:") else self._WORDS[when]
        self.text = f"+{bonus} damage if the Defending Pokémon {what}"

    def _applies(self, state: State, d: Pokemon) -> bool:
        if self.when.startswith("named:"):
            return state.card_of(d.top).name == self.when[6:]
        if self.when == "evolved":
            return is_evolved(d)
        if self.when == "special_energy":
            return any(state.card_of(i).energy_kind == "special" for i in d.energy)
        return bool(d.conditions)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount + self.bonus if d is not None and self._applies(actx.state, d) else amount


class MinusPerDefendingEnergy(Effect):
    """The printed damage minus `per` for each Energy attached to the Defending Pokémon."""

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"the printed damage minus {per} for each Energy attached to the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount - self.per * (energy_count(actx.state, d) if d is not None else 0)


class PlusPerOpponentEnergy(Effect):
    """+`per` damage for each Energy attached to all of the opponent's Pokémon."""

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each Energy attached to all of your opponent's Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * sum(energy_count(actx.state, p) for p in actx.them.in_play())


class TimesBasicEnergyOnActives(Effect):
    """The printed damage times the basic Energy cards attached to both Active Pokémon."""
    text = "the printed damage times the number of basic Energy cards attached to both Active Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        actives = [p for p in (actx.me.active, actx.them.active) if p is not None]
        cards = sum(1 for p in actives for i in p.energy if actx.state.card_of(i).is_basic_energy)
        return actx.attack.damage * cards


class FeintAttack(DamageChosenOpponent):
    """DamageChosenOpponent whose damage to the Defending Pokémon ignores Weakness, Resistance and
    every effect on it (the Bench: see the module's ruling)."""

    def __init__(self, amount: int):
        super().__init__(amount)
        self.text = (f"{amount} damage to one of the opponent's Pokémon you choose (choices.pokemon); to the Active "
                     "it ignores Weakness, Resistance and every effect on that Pokémon; a Benched one takes it "
                     "without Weakness and Resistance")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if attack_memo(actx, self)["target"] is actx.defender:
            actx.ignores.add("defender_effects")
        return super().damage(actx, amount)


# -- optional costs and switches ----------------------------------------------------------------

class MayDiscardAllForBase(Effect):
    """You may discard every Energy card of a type attached to this Pokémon (choices.cards naming
    them all; left out, none) for a base damage of `base`."""

    def __init__(self, energy_type: str, base: int):
        self.energy_type = energy_type
        self.base = base
        self.text = (f"you may discard all {energy_type} Energy cards attached to this Pokémon (choices.cards "
                     f"naming them all; left out to keep them): if you do, the base damage is {base}")

    def check(self, actx: AttackCtx) -> None:
        chosen = actx.choices.get("cards")
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if chosen is not None and (not isinstance(chosen, list) or sorted(chosen) != sorted(allowed) or not allowed):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names every %(type)s Energy card attached to "
                                            "%(pokemon)s (%(cards)s), or is left out.", attack=actx.attack.name,
                                            type=self.energy_type, pokemon=actx.attacker_name,
                                            cards=joined(allowed) or msg("there is none")))
        attack_memo(actx, self)["cards"] = list(allowed) if chosen else []

    def damage(self, actx: AttackCtx, amount: int) -> int:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            return amount
        discard_attached(actx, actx.seat, actx.attacker, cards)
        actx.say(msg_n("%(pokemon)s discards %(num)s %(type)s Energy card(s): %(attack)s's base damage is %(base)s.",
                       "%(pokemon)s discards %(num)s %(type)s Energy card(s): %(attack)s's base damage is %(base)s.",
                       len(cards), pokemon=actx.attacker_name, type=self.energy_type, attack=actx.attack.name,
                       base=self.base), "R-ENERGY-3")
        return self.base

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = energy_of_type(state, attacker, self.energy_type)
        return [{}] + ([{"cards": allowed}] if allowed else [])


class MayDiscardThen(Effect):
    """After damage, you may discard 1 Energy card of a type attached to this Pokémon (choices.cards;
    left out, none); if you do, the `then` effects follow."""

    def __init__(self, energy_type: str, *then: Effect):
        self.energy_type = energy_type
        self.then = list(then)
        more = ", ".join(e.describe() for e in self.then)
        self.text = (f"you may discard 1 {energy_type} Energy card attached to this Pokémon (choices.cards; leave "
                     f"it out to keep it): if you do, {more}")

    def check(self, actx: AttackCtx) -> None:
        chosen = actx.choices.get("cards")
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if chosen is not None and (not isinstance(chosen, list) or len(chosen) != 1 or chosen[0] not in allowed):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name one %(type)s Energy card attached to "
                                            "%(pokemon)s: %(cards)s.", attack=actx.attack.name, type=self.energy_type,
                                            pokemon=actx.attacker_name, cards=joined(allowed) or msg("there is none")))
        attack_memo(actx, self)["card"] = chosen[0] if chosen else None

    def after(self, actx: AttackCtx) -> None:
        card = attack_memo(actx, self).get("card")
        if card is None or card not in actx.attacker.energy:
            return
        actx.attacker.energy.remove(card)
        discard_cards(actx, actx.seat, [card])
        actx.say(msg("%(pokemon)s discards %(card)s for %(attack)s.", pokemon=actx.attacker_name,
                     card=actx.name(card), attack=actx.attack.name), "R-ENERGY-3")
        for e in self.then:
            if hasattr(e, "after"):
                e.after(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"cards": [i]} for i in energy_of_type(state, attacker, self.energy_type)]


class DiscardAllOwnOfType(Effect):
    """Discard every Energy card of a type attached to this Pokémon (after damage)."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = f"discard all {energy_type} Energy cards attached to this Pokémon"

    def after(self, actx: AttackCtx) -> None:
        cards = energy_of_type(actx.state, actx.attacker, self.energy_type)
        discard_attached(actx, actx.seat, actx.attacker, cards)
        actx.say(msg_n("%(pokemon)s discards %(num)s %(type)s Energy card(s).",
                       "%(pokemon)s discards %(num)s %(type)s Energy card(s).", len(cards),
                       pokemon=actx.attacker_name, type=self.energy_type), "R-ENERGY-3")


class MaySwitchDefendingFirst(Effect):
    """Before damage, you may switch the Defending Pokémon with one of the opponent's Benched
    Pokémon (choices.pokemon; left out, no switch): the new one is the Defending Pokémon."""
    text = ("before any damage, you may switch the Defending Pokémon with one of your opponent's Benched Pokémon "
            "(choices.pokemon; leave it out for no switch): the attack goes on against the new Defending Pokémon")

    def check(self, actx: AttackCtx) -> None:
        chosen = actx.choices.get("pokemon")
        if chosen is None:
            attack_memo(actx, self)["new"] = None
            return
        pick = chosen[0] if isinstance(chosen, list) and len(chosen) == 1 else None
        new = next((p for p in actx.them.bench if isinstance(pick, str) and pick in p.stack), None)
        if new is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon may name one of the opponent's Benched "
                                            "Pokémon.", attack=actx.attack.name))
        attack_memo(actx, self)["new"] = new

    def damage(self, actx: AttackCtx, amount: int) -> int:
        new = attack_memo(actx, self)["new"]
        d = actx.defender
        if new is None or d is None:
            return amount
        if not actx.can_affect(d):
            actx.say(msg("%(pokemon)s is protected from the effects of attacks: no switch.", pokemon=actx.name(d)))
            return amount
        switch_active(actx, actx.opp, new)
        actx.defender = new
        actx.say(msg("%(attack)s switches %(pokemon)s with %(other)s, the new Defending Pokémon.",
                     attack=actx.attack.name, pokemon=actx.name(d), other=actx.name(new)), "R-RETREAT-6")
        return amount

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"pokemon": [p.top]} for p in state.seats[1 - seat].bench]


# -- the Defending Pokémon ----------------------------------------------------------------------

class ConditionsIfDefendingTagged(Effect):
    """The Defending Pokémon gets `conditions` when its card has `tag` (carddb.TAGS)."""

    def __init__(self, tag: str, *conditions: str):
        self.tag = tag
        self.conditions = conditions
        what = "a Pokémon-ex" if tag == "ex" else f"tagged {tag}"
        self.text = (f"if the Defending Pokémon is {what}, it is now "
                     + " and ".join(c.capitalize() for c in conditions))

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None or self.tag not in actx.state.card_of(d.top).tags:
            return
        for condition in self.conditions:
            actx.inflict(d, condition)


class KnockOutOnAllHeads(Effect):
    """Flip `coins` coins: all heads, the Defending Pokémon is Knocked Out."""

    def __init__(self, coins: int = 2):
        self.coins = coins
        self.text = f"flip {coins} coins: if all are heads, the Defending Pokémon is Knocked Out"

    def after(self, actx: AttackCtx) -> None:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        d = actx.defender
        if heads < self.coins or d is None:
            return
        if not actx.can_affect(d):
            actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(d)))
            return
        actx.say(msg("%(attack)s: %(pokemon)s is Knocked Out.", attack=actx.attack.name, pokemon=actx.name(d)),
                 "R-KO-1")
        actx.extra_knockouts.append((actx.opp, d))


class CountersOnDefending(Effect):
    """Put `counters` damage counters on the Defending Pokémon (placed, not damage, R-DAMAGE-3)."""

    def __init__(self, counters: int):
        self.counters = counters
        self.text = f"put {counters} damage counters on the Defending Pokémon"

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        if d is None:
            return
        place_counters(actx, d, self.counters, actx.attack.name)




class DevolveChosenOnHeads(Effect):
    """Name one of the opponent's Evolved Pokémon (choices.pokemon; left out with one) and flip: heads,
    its top card is shuffled into its owner's deck. None: nothing, no coin."""
    text = ("if your opponent has an Evolved Pokémon, choose one (choices.pokemon) and flip a coin: heads, its "
            "highest Stage Evolution card is shuffled into your opponent's deck")

    def _evolved(self, actx: AttackCtx) -> list[Pokemon]:
        return [p for p in actx.them.in_play() if is_evolved(p)]

    def check(self, actx: AttackCtx) -> None:
        evolved = self._evolved(actx)
        if not evolved:
            attack_memo(actx, self)["target"] = None
            return
        target = one_pokemon_named(actx.choices, evolved)
        if target is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the opponent's Evolved "
                                            "Pokémon.", attack=actx.attack.name))
        attack_memo(actx, self)["target"] = target

    def after(self, actx: AttackCtx) -> None:
        p: Pokemon | None = attack_memo(actx, self)["target"]
        if p is None:
            actx.say(msg("The opponent has no Evolved Pokémon: %(attack)s does nothing.", attack=actx.attack.name),
                     "R-ATTACK-3")
            return
        if not actx.flip(actx.attack.name):
            return
        if not is_evolved(p) or actx.state.find_pokemon(p.top)[0] != actx.opp:
            return
        if not actx.can_affect(p):
            actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(p)))
            return
        name = actx.name(p)
        top = devolve(p)
        actx.them.deck.append(top)
        shuffle_deck(actx, actx.opp)
        actx.say(msg("%(attack)s: %(card)s is shuffled into %(seat)s's deck; %(pokemon)s is %(devolved)s again "
                     "(%(damage)s/%(hp)s).", attack=actx.attack.name, card=actx.ref(top, shown_to='*'),
                     seat=actx.seat_label(actx.opp), pokemon=name, devolved=actx.name(p), damage=p.damage,
                     hp=actx.state.hp(p)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        evolved = [p for p in state.seats[1 - seat].in_play() if is_evolved(p)]
        return [{}] if len(evolved) <= 1 else [{"pokemon": [p.top]} for p in evolved]


# -- cards from the hand, the deck and the discard pile ---------------------------------------------

class DrawIfOpponentEvolved(Effect):
    """Draw `count` cards when the opponent has an Evolved Pokémon in play."""

    def __init__(self, count: int):
        self.count = count
        self.text = f"if your opponent has an Evolved Pokémon in play, draw {count} cards"

    def after(self, actx: AttackCtx) -> None:
        if not any(is_evolved(p) for p in actx.them.in_play()):
            actx.say(msg("The opponent has no Evolved Pokémon: %(attack)s draws nothing.", attack=actx.attack.name),
                     "R-ATTACK-3")
            return
        drawn = draw(actx, actx.seat, self.count)
        actx.say(msg_n("%(seat)s draws %(num)s card(s).", "%(seat)s draws %(num)s card(s).", len(drawn),
                       seat=actx.seat_label(actx.seat)),
                 "R-TRAINER-5" if len(drawn) < self.count else None)


class SearchDeckShow(DeckSearch):
    """Search the deck for one card of a kind ("evolution": a Stage 1 or Stage 2 Pokémon card;
    "trainer"), show it and put it into the hand."""

    def __init__(self, kind: str):
        self.kind = kind
        self.what = {"evolution": msg("Evolution card"), "trainer": msg("Trainer card")}[kind]
        self.text = (f"look through your deck for a {self.what} (choices.search), show it, put it into your hand "
                     "and shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        if self.kind == "trainer":
            return c.supertype == "Trainer"
        return c.supertype == "Pokemon" and c.stage in ("Stage 1", "Stage 2")

    def take(self, actx: AttackCtx, card: str) -> None:
        actx.me.hand.append(card)
        actx.say(msg("%(seat)s shows %(card)s and puts it into the hand.", seat=actx.seat_label(actx.seat),
                     card=actx.ref(card, shown_to='*')))


class SearchAnyBasicEnergyAttach(SearchEnergyAttach):
    """SearchEnergyAttach for a basic Energy card of any type."""

    def __init__(self) -> None:
        super().__init__("any")
        self.what = msg("basic Energy card")
        self.text = ("look through your deck for a basic Energy card (choices.search), attach it to one of your "
                     "Pokémon (choices.to) and shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        return state.card_of(instance).is_basic_energy


class AttachUpToWithCounters(Effect):
    """Attach up to `most` basic Energy cards of the discard pile (choices.cards) to one of your
    Pokémon (choices.to); 1 damage counter on it for each."""

    def __init__(self, most: int = 2):
        self.most = most
        self.text = (f"attach up to {most} basic Energy cards from your discard pile (choices.cards; left out, all "
                     f"of them when there are {most} or fewer) to one of your Pokémon (choices.to), then put 1 "
                     "damage counter on it for each")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        chosen = actx.choices.get("cards")
        if chosen is None:
            if len(allowed) > self.most:
                raise Illegal("R-ATTACK-2", msg("Name up to %(most)s basic Energy cards of your discard pile in "
                                                "choices.cards.", most=self.most))
            chosen = allowed
        elif (not isinstance(chosen, list) or len(chosen) > self.most or len(set(chosen)) != len(chosen)
              or any(c not in allowed for c in chosen)):
            raise Illegal("R-ATTACK-2", msg("choices.cards must name up to %(most)s different basic Energy cards of "
                                            "your discard pile: %(cards)s.", most=self.most,
                                            cards=joined(allowed) or msg("it has none")))
        memo = attack_memo(actx, self)
        memo["cards"] = list(chosen)
        memo["to"] = chosen_target(actx, actx.choices, actx.me.in_play(), msg("one of your Pokémon in play"),
                                   "R-ATTACK-2") if chosen else None

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        cards, target = memo["cards"], memo["to"]
        if not cards or target is None:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
            return
        attach_from_discard(actx, target, cards)
        actx.say(msg("%(attack)s attaches %(cards)s from the discard pile to %(pokemon)s.", attack=actx.attack.name,
                     cards=joined(actx.name(c) for c in cards), pokemon=actx.name(target)))
        place_counters(actx, target, len(cards), actx.attack.name)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        mine = state.seats[seat].in_play()
        out: list[dict[str, Any]] = []
        for pick in distinct_picks(state, allowed, 0, min(self.most, len(allowed))):
            out += [{"cards": pick}] if not pick else [{"cards": pick, "to": p.top} for p in mine]
        return out


class AttachTypeFromHand(Effect):
    """Attach any number of basic Energy cards of a type from the hand (choices.cards) to this
    Pokémon, each an attachment from the hand (not the turn's one)."""
    choice_zones = {"cards": "hand"}

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"attach as many basic {energy_type} Energy cards from your hand as you like (choices.cards) "
                     "to this Pokémon; not your Energy attachment for the turn")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand
                if state.card_of(i).is_basic_energy and self.energy_type in state.card_of(i).provides]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        chosen = actx.choices.get("cards", [])
        if (not isinstance(chosen, list) or len(set(chosen)) != len(chosen) or any(c not in allowed for c in chosen)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names basic %(type)s Energy cards of your hand: "
                                            "%(cards)s.", attack=actx.attack.name, type=self.energy_type,
                                            cards=actx.refs(allowed)))
        attack_memo(actx, self)["cards"] = list(chosen)

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
            return
        for card in cards:
            actx.me.hand.remove(card)
            actx.say(msg("%(attack)s attaches %(card)s from the hand to %(pokemon)s.", attack=actx.attack.name,
                         card=actx.ref(card, shown_to='*'), pokemon=actx.attacker_name), "R-ENERGY-1")
            attach_by_effect(actx, actx.attacker, card, from_hand=True)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        return [{"cards": pick} for pick in distinct_picks(state, allowed, 0, len(allowed))]


class DiscardToHand(Effect):
    """Put any 1 card of your discard pile (choices.cards; left out with one) into your hand."""
    text = "put any 1 card from your discard pile into your hand (choices.cards)"
    choice_zones = {"cards": "discard"}

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["cards"] = chosen_cards(actx, list(actx.me.discard), 1,
                                                        msg("card of your discard pile"))

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            actx.say(msg("%(seat)s's discard pile is empty: %(attack)s takes nothing.",
                         seat=actx.seat_label(actx.seat), attack=actx.attack.name))
            return
        actx.me.discard.remove(cards[0])
        actx.me.hand.append(cards[0])
        actx.say(msg("%(seat)s puts %(card)s from the discard pile into the hand.",
                     seat=actx.seat_label(actx.seat), card=actx.ref(cards[0], shown_to='*')))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        discard = state.seats[seat].discard
        return [{}] if len(discard) <= 1 else [{"cards": [i]} for i in one_per_card(state, discard)]


# -- the opponent's hand: Scam, Supernatural -------------------------------------------------------

class OpponentHandSupporter(Effect, ABC):
    """Look at the opponent's hand and pick a Supporter card of it or none (choices.cards): the
    attack shows the hand to its player (R-HIDDEN-1), `choose` names the card; given with the
    attack, one action (a judge)."""

    @staticmethod
    def _supporters(state: State, among: list[str]) -> list[str]:
        return [i for i in among if state.card_of(i).trainer_kind == "supporter"]

    def _picked(self, actx: AttackCtx, among: list[str]) -> str | None:
        raw = actx.choices.get("cards")
        if raw is None or raw == []:
            return None
        fitting = self._supporters(actx.state, among)
        if not isinstance(raw, list) or len(raw) != 1 or raw[0] not in fitting:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names one Supporter card of the opponent's "
                                            "hand, or none ([]).", attack=actx.attack.name))
        return str(raw[0])

    def check(self, actx: AttackCtx) -> None:
        if "cards" in actx.choices:
            self._picked(actx, actx.them.hand)

    def after(self, actx: AttackCtx) -> None:
        hand = actx.them.hand
        if not hand:
            actx.say(msg("%(seat)s has no card in hand: %(attack)s finds nothing.",
                         seat=actx.seat_label(actx.opp), attack=actx.attack.name))
            return
        if "cards" in actx.choices:
            self._finish(actx, self._picked(actx, hand))
            return
        actx.say(msg("%(seat)s looks at %(opponent)s's hand.", seat=actx.seat_label(actx.seat),
                     opponent=actx.seat_label(actx.opp)), "R-HIDDEN-1")
        actx.ask("look", actx.attacker.top, hand, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.them.hand]
        self._finish(actx, self._picked(actx, shown))

    @abstractmethod
    def _finish(self, actx: AttackCtx, supporter: str | None) -> None:
        """What the attack does with the Supporter picked (None: none)."""

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        hand = state.seats[1 - pending["seat"]].hand
        shown = [i for i in pending["look"] if i in hand]
        return [{"cards": []}] + [{"cards": [s]} for s in one_per_card(state, self._supporters(state, shown))]


class ShuffleSupporterBack(OpponentHandSupporter):
    """Scam: the Supporter picked is shuffled into its owner's deck, who then draws a card."""
    text = ("look at your opponent's hand; you may have them shuffle a Supporter card of it (choices.cards, after "
            "the hand is shown) into their deck; if you do, they draw a card")

    def _finish(self, actx: AttackCtx, supporter: str | None) -> None:
        if supporter is None:
            actx.say(msg("%(seat)s leaves %(opponent)s's hand as it is.", seat=actx.seat_label(actx.seat),
                         opponent=actx.seat_label(actx.opp)))
            return
        them = actx.them
        them.hand.remove(supporter)
        them.deck.append(supporter)
        shuffle_deck(actx, actx.opp)
        actx.say(msg("%(seat)s shuffles %(card)s into the deck.", seat=actx.seat_label(actx.opp),
                     card=actx.ref(supporter, shown_to='*')))
        drawn = draw(actx, actx.opp, 1)
        actx.say(msg_n("%(seat)s draws %(num)s card(s).", "%(seat)s draws %(num)s card(s).", len(drawn),
                       seat=actx.seat_label(actx.opp)), "R-TRAINER-5" if not drawn else None)


class UseSupporterEffect(OpponentHandSupporter):
    """Supernatural: the effect of the Supporter picked is carried out for this attack's player,
    with its choices in choices.copied and its targets in choices.pokemon; the card stays where it is."""
    text = ("look at your opponent's hand; you may use the effect of a Supporter card of it as this attack's effect "
            "(choices.cards after the hand is shown; its own choices in choices.copied, its targets in "
            "choices.pokemon); the card stays in their hand")

    def _finish(self, actx: AttackCtx, supporter: str | None) -> None:
        if supporter is None:
            actx.say(msg("%(seat)s uses no Supporter's effect.", seat=actx.seat_label(actx.seat)))
            return
        state = actx.state
        card = state.card_of(supporter)
        trainer = card.trainer
        if trainer is None:
            raise Illegal("R-ATTACK-2", msg("%(card)s has no effect to use.", card=card.name))
        copied = actx.choices.get("copied") or {}
        targets = actx.choices.get("pokemon") or []
        tctx = TrainerCtx(actx, supporter, card, targets, copied)
        trainer.check(tctx)
        actx.say(msg("%(attack)s uses the effect of %(card)s from %(seat)s's hand.", attack=actx.attack.name,
                     card=actx.ref(supporter, shown_to='*'), seat=actx.seat_label(actx.opp)), "R-ATTACK-2")
        waiting = state.pending
        trainer.play(tctx)
        if state.pending is not waiting:
            raise Illegal("R-HIDDEN-1", msg("%(card)s's effect looks at hidden cards, which %(attack)s can't show a "
                                            "second time: give its choices in choices.copied "
                                            "(choices.copied.search).", card=card.name, attack=actx.attack.name))
        actx.extra_knockouts.extend(tctx.extra_knockouts)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        hand = state.seats[1 - seat].hand
        shown = [i for i in pending["look"] if i in hand]
        out: list[dict[str, Any]] = [{"cards": []}]
        for s in one_per_card(state, self._supporters(state, shown)):
            trainer = state.card_of(s).trainer
            for opt in trainer.options(state, seat, s) if trainer is not None else []:
                choice: dict[str, Any] = {"cards": [s], "copied": opt.get("choices", {})}
                if opt.get("targets"):
                    choice["pokemon"] = opt["targets"]
                out.append(choice)
        return out


# -- the cards ---------------------------------------------------------------------------------


FOSSIL_NAMES = ("Omanyte", "Kabuto", "Aerodactyl", "Lileep", "Anorith")

define_pokemon("ex2-1", {"Blade Arms": []}, power=PrimalVeil())                         # Armaldo
define_pokemon("ex2-2", {"Feint Attack": FeintAttack(40)}, power=ConditionPayback("poisoned"))  # Cacturne
define_pokemon("ex2-3", {"Lure Poison": [MaySwitchDefendingFirst(), Inflict("poisoned")],      # Cradily
                         "Spiral Drain": HealSelf(2)}, power=SuperSuctionCups())
define_pokemon("ex2-4", {"Judgement": KnockOutOnAllHeads(2), "Random Curse": CountersOnDefending(5)})  # Dusclops
define_pokemon("ex2-5", {"Super Singe": heads(Inflict("burned")),                        # Flareon
                         "Flamethrower": DiscardOwnEnergy(1, "Fire")})
define_pokemon("ex2-6", {"Double Kick": CoinsTimes(2),                                   # Jolteon
                         "Lightning Strike": MayDiscardAllForBase("Lightning", 70)})
define_pokemon("ex2-7", {"Hydro Punch": ExtraEnergyBonus("Water", per=10, max_extra=2)}, power=RainDish())  # Ludicolo
define_pokemon("ex2-8", {"Cosmic Draw": DrawIfOpponentEvolved(3), "Lunar Blast": []},    # Lunatone
               power=EclipseType("Solrock", "Darkness"))
define_pokemon("ex2-9", {"Scam": ShuffleSupporterBack(), "Metal Hook": MaySwitchDefendingFirst()})  # Mawile
define_pokemon("ex2-10", {"Supernatural": UseSupporterEffect(),                          # Sableye
                          "Dark Bind": MayDiscardThen("Darkness", Inflict("paralyzed"))})
define_pokemon("ex2-11", {"Deadly Poison": MayDiscardThen("Grass", Inflict("poisoned")),  # Seviper
                          "Extra Poison": ConditionsIfDefendingTagged("ex", "asleep", "poisoned")})
define_pokemon("ex2-12", {"Light Touch Throw": MinusPerDefendingEnergy(10)}, power=FanAway())  # Shiftry
define_pokemon("ex2-13", {"Cosmic Draw": DrawIfOpponentEvolved(3), "Solar Blast": []},   # Solrock
               power=EclipseType("Lunatone", "Fire"))
define_pokemon("ex2-14", {"Target Slash": DefendingBonus(30, "named:Seviper"),           # Zangoose
                          "Super Slash": DefendingBonus(30, "evolved")}, power=ConditionImmunity("poisoned"))
define_pokemon("ex2-15", {"Burn Up": Flip(tails=DiscardAllOwnOfType("Fire"))},           # Arcanine
               power=ConditionPayback("burned"))
define_pokemon("ex2-16", {"Confuse Ray": heads(Inflict("confused")),                     # Espeon
                          "Energy Crush": PlusPerOpponentEnergy(10)})
define_pokemon("ex2-17", {"Special Blow": DefendingBonus(40, "special_energy")}, power=ChaosFlash())  # Golduck
define_pokemon("ex2-18", {"Double Scratch": CoinsTimes(2)}, power=EnergyVariation())     # Kecleon
define_pokemon("ex2-19", {"Pull Down": DevolveOpponents("each", "hand"),                               # Omastar
                          "Hydrocannon": ExtraEnergyBonus("Water", per=20, max_extra=2)})
define_pokemon("ex2-20", {"Energy Retrieval": AttachUpToWithCounters(2)}, power=BabyEvolution("Pikachu"))  # Pichu
define_pokemon("ex2-21", {"Sand Swirl": [FixedDamage(20), DefendingCantRetreat()],       # Sandslash
                          "Earthquake": BenchDamage(10, benches="own")})
define_pokemon("ex2-22", {"Feint Attack": FeintAttack(40), "Slash": []})                 # Shiftry
define_pokemon("ex2-23", {"Rage": PlusPerOwnCounter(10),                                 # Steelix
                          "Spinning Tail": [FixedDamage(20), BenchDamage(20, benches="opponent")]})
define_pokemon("ex2-24", {"Confuse Ray": heads(Inflict("confused")), "Moon Impact": []})  # Umbreon
define_pokemon("ex2-25", {"Aurora Beam": [], "Aqua Sonic": DamageIgnores("resistance")})  # Vaporeon
define_pokemon("ex2-26", {"Flip Over": SelfDamage(10)}, power=Safeguard())               # Wobbuffet
define_pokemon("ex2-27", {"Fast Evolution": SearchDeckShow("evolution"), "Pierce": []})  # Anorith
define_pokemon("ex2-28", {"Slash": [], "Double Scratch": CoinsTimes(2)})                 # Anorith
define_pokemon("ex2-29", {"Toxic": Inflict("poisoned", poison_damage=20)},               # Arbok
               power=IntimidatingFangIgnorable())
define_pokemon("ex2-30", {"Drizzle": AttachTypeFromHand("Water"), "Max Bubbles": CoinsPerOwnEnergy()})  # Azumarill
define_pokemon("ex2-31", {"Jump Catch": SearchDeckShow("trainer")}, power=BabyEvolution("Marill"))  # Azurill
define_pokemon("ex2-32", {"Rapid Spin": [SwitchDefending("opponent"), SwitchSelf()]})    # Baltoy
define_pokemon("ex2-33", {"Super Poison Breath": Inflict("poisoned"),                    # Breloom
                          "Sky Uppercut": DamageIgnores("resistance")})
define_pokemon("ex2-34", {"Scratch": [], "Ultra Energy Source": TimesBasicEnergyOnActives()})  # Delcatty
define_pokemon("ex2-35", {"Plasma": FlipWithChoices(heads=AttachFromDiscard("Lightning")),  # Electabuzz
                          "Thunder Spear": DamageChosenOpponent(40)})
define_pokemon("ex2-36", {"Gather Energy": SearchAnyBasicEnergyAttach()}, power=BabyEvolution("Electabuzz"))  # Elekid
define_pokemon("ex2-37", {"Double Wing Attack": FixedDamage(20), "Rend": BonusIfDefendingDamaged(20)})  # Fearow
define_pokemon("ex2-38", {"Chaotic Noise": Flip(heads=Inflict("confused"), tails=Inflict("asleep")),  # Illumise
                          "Pester": DefendingBonus(20, "condition")},
               power=DamageShield(30, partner="Volbeat", attacker_types=("Fighting", "Darkness")))
define_pokemon("ex2-39", {"Team Assembly": SearchDeckToBench(("Omanyte", "Kabuto"), any_basic=True),  # Kabuto
                          "Pierce": []}, power=DamageShield(20))
define_pokemon("ex2-40", {"Psyshock": heads(Inflict("paralyzed")), "Link Blast": BaseIfEnergyDiffers(30)})  # Kirlia
define_pokemon("ex2-41", {"Iron Defense": heads(PreventDamageNextTurn("prevent_all")), "Headbutt": []})  # Lairon
define_pokemon("ex2-42", {"Influence": SearchDeckToBench(FOSSIL_NAMES, most=2),          # Lileep
                          "Time Spiral": DevolveChosenOnHeads()})
define_pokemon("ex2-43", {"Amnesia": DefendingAttackBlockedChosen(), "Headbutt": []})            # Lileep
define_pokemon("ex2-44", {"Sniff Out": DiscardToHand(), "Fury Swipes": CoinsTimes(3)})   # Linoone
define_pokemon("ex2-45", {"Double Scratch": CoinsTimes(2)}, power=RainDish())            # Lombre
