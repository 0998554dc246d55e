"""EX Dragon Pokémon ex3-1 … ex3-40 (Absol … Seadra).

Cards are lines of data over the shared vocabulary (`effects/`, EX Ruby & Sapphire's
blocks among them); what they lack is a small class below, each with its reason beside it, wording its
own `text` from its parameters (never the printed card). The powers live in `ex3_powers_1.py`.

Rulings taken here:
- The referee plays single battles (one Active Pokémon a side): "each Defending Pokémon" (Dragon
  Song, Double Metal Ball, Dragon Crush) is the one Defending Pokémon, "all of your Active
  Pokémon" / "each of your Active Pokémon" (Rock Vengeance, Healing Wave) the attacker itself,
  and Dragon Dance's "any of your current Active Pokémon" the Pokémon that used it.
- "Amount of Energy attached" (Psychic Boom, Mind Trip, Synchronized Search, Magnetic Force,
  Power Count, Grind) counts the Energy provided, as ex1's rulings do (a card giving 2 counts 2).
- Bad News picks the cards without looking: with the action's randomness (one shuffle of the
  hand's positions, recorded in the event; the first positions are discarded); at a paper table
  the cards of the hand the referee doesn't know come first (the table may name them,
  `revealed`). Fewer than 6 cards in the opponent's hand: nothing happens. It acts on the hand,
  so effects that shield a Pokémon don't stop it.
- Pick On shows the opponent's hand to the attacker (R-HIDDEN-1: the attack stops with `pending`,
  kind "look") and the next action `choose` names choices.cards, exactly as many as bring that
  hand to 5; a judge may give choices.cards in the attack itself. The cards are shuffled into
  the opponent's deck. Fewer than 6 cards: nothing happens, without a `choose` step.
- Prize Count compares the Prize cards left when the attack is made.
- Dragon Dance leaves a lasting effect on the attacker for its owner's next turn: its attacks
  with damage to do to the Defending Pokémon do 40 more, added with the attacker's own effects
  (R-DAMAGE-1 b, before Weakness and Resistance). It is an attack's effect: it ends if that
  Pokémon goes to the Bench or evolves (R-RETREAT-6, R-EVOLVE-5).
- Energy Shower and Speed Growth attach basic Energy cards from the hand (Speed Growth: basic
  Grass Energy cards, at most 2), named in choices.cards (left out: none), each to the Pokémon at
  the same place in choices.pokemon, or all to the one Pokémon in choices.to (left out when the
  player has a single Pokémon). These are not the turn's Energy attachment (R-ENERGY-1); the
  cards in play hear an attachment from the hand. `legal_actions` lists attaching nothing, each
  card to each Pokémon, and all the cards to each Pokémon (any other split is legal too).
- Rainbow Burn counts the types of the basic Energy cards attached (Rainbow Energy is no basic
  Energy card).
- Special Circuit: 40 when the chosen Pokémon has a Poké-Power or a Poké-Body, Extra Circuit: 40
  when it is a Pokémon-ex; Breaking Impact: 10 for each Colorless of the chosen Pokémon's Retreat
  Cost as the effects in play make it (`retreat_cost`; 0 does no damage). The chosen Pokémon is
  named in choices.pokemon (left out when the opponent has one Pokémon): the Active takes the
  attack's damage to the Defending Pokémon (Weakness, Resistance, every damage effect), a Benched
  one takes it without Weakness and Resistance (R-DAMAGE-2).
- Feint Attack: to the Defending Pokémon, its damage ignores Weakness, Resistance and every effect
  on that Pokémon (AttackCtx.ignores "defender_effects"); to a Benched Pokémon, the 20 damage is
  put on it as it is: no effect on it changes or prevents it (the engine's Bench damage has no
  way to ignore them, so this effect does that damage itself), and what answers damage
  (`after_damaged`) still hears it.
- Damage Curse and Double Metal Ball place damage counters (R-DAMAGE-3); effects that shield the
  Defending Pokémon from attacks stop them.
- Power Generation and Energy Recall take basic Energy cards of the discard pile, named in
  choices.cards (up to 2; left out: all of them when there are 2 or fewer; `[]` takes none); the
  discard pile is public, so it is one action. Energy Recall attaches them to Flaaffy (not the
  turn's attachment, not from the hand).
- Scorching Smoke Burns first, then flips; tails discards an Energy card attached to Torkoal that
  provides Fire (named in choices.cards when there is a choice, before any coin). Air Slash
  (tails) discards any Energy card attached to Flygon the same way.
- Synchronized Search compares the Energy when the attack is made; equal, the deck is searched
  as every deck search is (R-HIDDEN-1: shown, then `choose` names choices.search; a card must be
  taken when the deck holds one, R-TRAINER-5) and shuffled; different, nothing happens.
- Quick Touch: choices.to names the Benched Pokémon to switch with (left out: no switch), and
  choices.cards the Energy cards attached to Ninjask that provide Grass to move to it (left out:
  none; only with a switch). The switch and the move come after the damage; the moved cards are
  not the turn's attachment (R-ENERGY-1).
- Backspin: choices.cards names the Energy card to discard after the damage (left out: none) and
  choices.to the Benched Pokémon to switch with (left out when there is one); with no Benched
  Pokémon the card may still be discarded and nothing is switched.
- Dragon Flame: the optional discard (choices.cards, any Energy card attached to Salamence) is
  done as the damage is worked out, after the Confusion flip, as ex1's Dark Slash.
- Quick Charge is Lady Outing's search (ex1 ruling): 1 to 3 basic Energy cards of different types
  ("up to": fewer is the player's choice, but at least one when the deck holds one), shown to the
  opponent; the deck is shuffled.
- Big Explosion: 80 damage to the Defending Pokémon (the attack's damage, with Weakness and
  Resistance) and 80 to the attacker itself (no Weakness or Resistance, as damage an attack does
  to itself).
- Dragon Crush: heads, 10 damage; whatever the coin, an Energy card attached to the Defending
  Pokémon is discarded (the card's second sentence stands alone), named in choices.cards at
  announcement when it has more than one.
- Fury Cutter: 4 heads, 60 more; otherwise 10 more for each heads.
- Dragon Dew removes 2 damage counters (1 if it has only 1) from the Pokémon of yours named in
  choices.pokemon (left out when you have one Pokémon in play).
- Flamethrower (Houndoom) discards a Fire Energy card with the attack's costs, as ex1's Blaziken
  (a card attached that provides Fire; refused without one).
"""
from __future__ import annotations

from abc import abstractmethod
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from ...messages import joined, msg, msg_n
from .. import hooks
from ..carddb import UNKNOWN, define_pokemon
from ..combat import attack_type_of
from ..core import (
    Illegal,
    add_effect,
    attach_by_effect,
    discard_cards,
    energy_count,
    heal,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ..hooks import DamageEvent, Listener, PokemonEvent, lasting
from .effects import (
    AttachUpToFromDiscard,
    BenchDamage,
    BonusIfDefendingDamaged,
    ChosenBenchDamage,
    DamageChosenOpponent,
    DamageIgnores,
    DefendingAttackMayFail,
    DiscardDefendingEnergyChosen,
    DiscardOwnEnergy,
    DiscardOwnEnergyAfter,
    Effect,
    FixedDamage,
    FlipWithChoices,
    HeadsDamage,
    HeadsTimesOwnCounters,
    HealEachOwn,
    HealSelf,
    Inflict,
    MayDiscardEnergyForBonus,
    PerDefendingCounter,
    PlusPerExtraEnergy,
    PlusPerHeads,
    PlusPerOwnCounter,
    PreventDamageNextTurn,
    SearchAnyCardIf,
    SearchDeckToHand,
    SelfDamage,
    TimesEnergy,
    affected_defender,
    attack_memo,
    chosen_cards,
    chosen_target,
    distinct_picks,
    energy_of_type,
    heads,
    one_instance,
    one_per_card,
    one_pokemon_named,
    own_in_play,
    to_hand,
)
from .ex3_powers_1 import (
    ChainOfEvents,
    DragonWind,
    IntimidatingFangOwn,
    LooseShell,
    MagneticField,
    PowerPinchers,
    SandGuard,
    ThickSkin,
    WonderGuard,
    chosen_up_to,
    is_basic_energy,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


def _all_energy(state: State, pokemon: list[Pokemon]) -> int:
    return sum(energy_count(state, p) for p in pokemon)


# -- the opponent's hand ------------------------------------------------------------------------

class DiscardFromHandUnseenDownTo(Effect):
    """When the opponent holds `at_least` cards or more, discard cards of their hand picked without
    looking until `keep` are left (one shuffle of the hand's positions; at a paper table the
    unknown cards first). DiscardFromOpponentHandUnseen discards one."""

    def __init__(self, keep: int = 5, at_least: int = 6):
        self.keep = keep
        self.at_least = at_least
        self.text = (f"if the opponent has {at_least} or more cards in hand, cards of it picked without looking are "
                     f"discarded until {keep} are left")

    def _picks(self, actx: AttackCtx, hand: list[str], n: int) -> list[str]:
        if actx.state.table:
            unknown = [i for i in hand if actx.state.card_id(i) == UNKNOWN]
            return (unknown + [i for i in hand if i not in unknown])[:n]
        order = actx.rng.shuffle(len(hand))
        return [hand[i] for i in order[:n]]

    def after(self, actx: AttackCtx) -> None:
        hand = actx.them.hand
        if len(hand) < self.at_least:
            actx.say(msg_n("%(seat)s has %(num)s card(s) in hand, fewer than %(least)s: %(attack)s discards nothing.",
                           "%(seat)s has %(num)s card(s) in hand, fewer than %(least)s: %(attack)s discards nothing.",
                           len(hand), seat=actx.seat_label(actx.opp), least=self.at_least, attack=actx.attack.name),
                     "R-ATTACK-3")
            return
        picks = self._picks(actx, hand, len(hand) - self.keep)
        for i in picks:
            hand.remove(i)
        discard_cards(actx, actx.opp, picks)
        actx.say(msg_n("%(pokemon)s picks %(num)s card(s) of %(seat)s's hand without looking; they are discarded: "
                       "%(cards)s.", "%(pokemon)s picks %(num)s card(s) of %(seat)s's hand without looking; they are "
                       "discarded: %(cards)s.", len(picks), pokemon=actx.attacker_name,
                       seat=actx.seat_label(actx.opp), cards=actx.refs(picks, shown_to='*')))


class ShuffleHandCardsBackDownTo(Effect):
    """When the opponent holds `at_least` cards or more, look at their hand (R-HIDDEN-1: shown,
    then `choose` names choices.cards) and shuffle the cards chosen into their deck until `keep`
    are left in the hand."""

    def __init__(self, keep: int = 5, at_least: int = 6):
        self.keep = keep
        self.at_least = at_least
        self.text = (f"if the opponent has {at_least} or more cards in hand, look at it and choose cards of it "
                     f"(choices.cards, after the hand is shown) until {keep} are left; they are shuffled into the "
                     "opponent's deck")

    def _need(self, state: State, seat: int) -> int:
        hand = state.seats[1 - seat].hand
        return len(hand) - self.keep if len(hand) >= self.at_least else 0

    def _pick(self, actx: AttackCtx, among: list[str], hidden: bool) -> list[str]:
        need = self._need(actx.state, actx.seat)
        raw = actx.choices.get("cards")
        if (not isinstance(raw, list) or len(raw) != need or len(set(raw)) != len(raw)
                or any(i not in among for i in raw)):
            if hidden:
                raise Illegal("R-ATTACK-2", msg_n("%(attack)s: choices.cards must name %(num)s different cards of the "
                                                  "opponent's hand.", "%(attack)s: choices.cards must name %(num)s "
                                                  "different cards of the opponent's hand.", need,
                                                  attack=actx.attack.name))
            raise Illegal("R-ATTACK-2", msg_n("%(attack)s: choices.cards must name %(num)s different cards of the "
                                              "opponent's hand among the cards shown: %(cards)s.",
                                              "%(attack)s: choices.cards must name %(num)s different cards of the "
                                              "opponent's hand among the cards shown: %(cards)s.", need,
                                              attack=actx.attack.name, cards=actx.refs(among)))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        if "cards" in actx.choices and self._need(actx.state, actx.seat):
            attack_memo(actx, self)["cards"] = self._pick(actx, actx.them.hand, hidden=True)

    def after(self, actx: AttackCtx) -> None:
        if not self._need(actx.state, actx.seat):
            actx.say(msg_n("%(seat)s has %(num)s card(s) in hand, fewer than %(least)s: %(attack)s does nothing "
                           "more.", "%(seat)s has %(num)s card(s) in hand, fewer than %(least)s: %(attack)s does "
                           "nothing more.", len(actx.them.hand), seat=actx.seat_label(actx.opp),
                           least=self.at_least, attack=actx.attack.name), "R-ATTACK-3")
            return
        picked = attack_memo(actx, self).get("cards")
        if picked is not None:
            self._finish(actx, picked)
            return
        actx.say(msg("%(seat)s looks at %(opponent)s's hand.", seat=actx.seat_label(actx.seat),
                     opponent=actx.seat_label(actx.opp)), "R-HIDDEN-1")
        actx.ask("look", actx.attacker.top, actx.them.hand, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.them.hand]
        self._finish(actx, self._pick(actx, shown, hidden=False))

    def _finish(self, actx: AttackCtx, picked: list[str]) -> None:
        them = actx.them
        for i in picked:
            them.hand.remove(i)
            them.deck.append(i)
        shuffle_deck(actx, actx.opp)
        actx.say(msg_n("%(cards)s of %(seat)s's hand are shuffled into the deck; %(num)s card(s) are left in the "
                       "hand.", "%(cards)s of %(seat)s's hand are shuffled into the deck; %(num)s card(s) are left "
                       "in the hand.", len(them.hand), cards=actx.refs(picked, shown_to='*'),
                       seat=actx.seat_label(actx.opp)))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        hand = state.seats[1 - pending["seat"]].hand
        need = self._need(state, pending["seat"])
        shown = [i for i in pending["look"] if i in hand]
        return [{"cards": pick} for pick in distinct_picks(state, shown, need, need)]


# -- damage from what is on the board ---------------------------------------------------------

class BonusIfMorePrizesLeft(Effect):
    """+`bonus` damage when its player has more Prize cards left than the opponent."""

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = f"+{bonus} damage if you have more Prize cards left than the opponent"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        mine, theirs = len(actx.me.prizes), len(actx.them.prizes)
        return amount + self.bonus if mine > theirs else amount


class BonusIfFewerEnergy(Effect):
    """+`bonus` damage when its player's Pokémon in play have less Energy than the opponent's."""

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = (f"+{bonus} damage if all your Pokémon in play have less Energy attached than all the "
                     "opponent's Pokémon")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        mine = _all_energy(actx.state, actx.me.in_play())
        theirs = _all_energy(actx.state, actx.them.in_play())
        actx.say(msg("%(attack)s: your Pokémon have %(mine)s Energy, the opponent's %(theirs)s.",
                     attack=actx.attack.name, mine=mine, theirs=theirs))
        return amount + self.bonus if mine < theirs else amount


class PlusPerDefendingEnergy(Effect):
    """+`per` damage for each Energy attached to the Defending Pokémon, counted as Energy provided
    (effects.PerDefendingEnergy counts the cards)."""

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each Energy attached to the Defending Pokémon (Energy provided)"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount + self.per * (energy_count(actx.state, d) if d is not None else 0)


class TimesAllOwnEnergy(Effect):
    """The printed damage times the Energy attached to all of its player's Pokémon."""
    text = "the printed damage times the amount of Energy attached to all your Pokémon in play, this one included"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return actx.attack.damage * _all_energy(actx.state, actx.me.in_play())


class PlusPerBasicEnergyType(Effect):
    """+`per` damage for each type of basic Energy card attached to this Pokémon."""

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each type of basic Energy card attached to this Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        types: set[str] = set()
        for i in actx.attacker.energy:
            c = actx.state.card_of(i)
            if c.is_basic_energy:
                types.update(c.provides)
        return amount + self.per * len(types)


class FuryCutter(Effect):
    """Flip `coins` coins: all heads, +`all_heads`; otherwise +`per` for each heads."""

    def __init__(self, coins: int = 4, per: int = 10, all_heads: int = 60):
        self.coins = coins
        self.per = per
        self.all_heads = all_heads
        self.text = f"flip {coins} coins: all heads, +{all_heads} damage; otherwise +{per} damage for each heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        return amount + (self.all_heads if heads == self.coins else self.per * heads)


class FlipDamage(Effect):
    """An attack with no printed damage: flip; heads, `amount` damage to the Defending Pokémon;
    tails, no damage (its other effects still happen, unlike HeadsDamage)."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"flip a coin — heads: {amount} damage; tails: no damage"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return self.amount if actx.flip(actx.attack.name) else amount


class ConditionIfEnergyEqual(Effect):
    """After damage, the Defending Pokémon gets a Special Condition when it and this Pokémon have
    the same amount of Energy attached (ex1's BaseIfEnergyDiffers compares the same way)."""

    def __init__(self, condition: str):
        self.condition = condition
        self.text = (f"if this Pokémon and the Defending Pokémon have the same amount of Energy attached, the "
                     f"Defending Pokémon is now {condition.capitalize()}")

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None:
            return
        mine, theirs = energy_count(actx.state, actx.attacker), energy_count(actx.state, d)
        if mine != theirs:
            actx.say(msg("%(pokemon)s has %(mine)s Energy and %(other)s %(theirs)s: no Special Condition.",
                         pokemon=actx.attacker_name, mine=mine, other=actx.name(d), theirs=theirs))
            return
        actx.inflict(d, self.condition)


# -- Dragon Dance: a bonus for the next turn -----------------------------------------------------

@lasting("damage_bonus_next_turn")
class DamageBonusNextTurn:
    """Lasting: during turn `on_turn`, this Pokémon's attacks with damage to do to the Defending
    Pokémon do `amount` more (the attacker's step, R-DAMAGE-1 b)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.attacker is not src.on or not ev.to_defending or ev.state.turn != src.data["on_turn"]:
            return dmg
        dmg += src.data["amount"]
        ev.note(msg("%(effect)s +%(amount)s = %(damage)s", effect=src.data['why'], amount=src.data['amount'],
                    damage=dmg))
        return dmg


class BonusNextTurn(Effect):
    """During its owner's next turn, this Pokémon's attacks that do damage to the Defending Pokémon
    do `amount` more, before Weakness and Resistance."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"during your next turn, this Pokémon's attacks that do damage to the Defending Pokémon do "
                     f"{amount} more damage (before Weakness and Resistance)")

    def after(self, actx: AttackCtx) -> None:
        turn = actx.state.turn + 2
        add_effect(actx.attacker, "damage_bonus_next_turn", turn, on_turn=turn, amount=self.amount,
                   why=actx.attack.name)
        actx.say(msg("During its owner's next turn, %(pokemon)s's attacks do %(amount)s more damage to the Defending "
                     "Pokémon.", pokemon=actx.attacker_name, amount=self.amount))


# -- one of the opponent's Pokémon, chosen -------------------------------------------------------

class DamageChosenOpponentBy(DamageChosenOpponent):
    """DamageChosenOpponent whose damage depends on the Pokémon chosen (`amount_for`)."""

    def __init__(self, text: str):
        super().__init__(0)
        self.text = text

    @abstractmethod
    def amount_for(self, actx: AttackCtx, target: Pokemon) -> int:
        """The damage the chosen Pokémon takes."""

    def damage(self, actx: AttackCtx, amount: int) -> int:
        target: Pokemon = attack_memo(actx, self)["target"]
        return amount + self.amount_for(actx, target) if target is actx.defender else amount

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not actx.defender:
            actx.deal_damage(target, self.amount_for(actx, target), to_defending=False, apply_wr=False)


class CircuitDamage(DamageChosenOpponentBy):
    """`base` damage to the chosen Pokémon, `boosted` when it has a Poké-Power or Poké-Body
    (`boost_if="power"`) or is a Pokémon-ex (`boost_if="ex"`)."""

    def __init__(self, base: int, boosted: int, boost_if: str):
        self.base = base
        self.boosted = boosted
        self.boost_if = boost_if
        what = "has a Poké-Power or a Poké-Body" if boost_if == "power" else "is a Pokémon-ex"
        super().__init__(f"{base} damage to one of the opponent's Pokémon you choose (choices.pokemon), {boosted} "
                         f"if that Pokémon {what}; Weakness and Resistance count only for the Active Pokémon")

    def amount_for(self, actx: AttackCtx, target: Pokemon) -> int:
        c = actx.state.card_of(target.top)
        boost = (c.power is not None and c.power.kind in ("Poké-Power", "Poké-Body")) if self.boost_if == "power" \
            else "ex" in c.tags
        return self.boosted if boost else self.base


class DamageByRetreatCost(DamageChosenOpponentBy):
    """`per` damage for each Colorless of the chosen Pokémon's Retreat Cost (as the effects in play
    make it)."""

    def __init__(self, per: int = 10):
        self.per = per
        super().__init__(f"{per} damage for each Colorless Energy in the Retreat Cost (after effects) of one of the "
                         "opponent's Pokémon you choose (choices.pokemon), to that Pokémon; Weakness and Resistance "
                         "count only for the Active Pokémon")

    def amount_for(self, actx: AttackCtx, target: Pokemon) -> int:
        state = actx.state
        printed = state.card_of(target.top).retreat_cost
        cost = max(0, hooks.modify(state, "retreat_cost", PokemonEvent(state, target, actx.opp), printed))
        return self.per * cost


class FeintAttack(DamageChosenOpponentBy):
    """`amount` damage to the chosen Pokémon that no Weakness, Resistance or effect on it changes."""

    def __init__(self, amount: int):
        self.amount_done = amount
        super().__init__(f"{amount} damage to one of the opponent's Pokémon you choose (choices.pokemon), not "
                         "changed by Weakness, Resistance, Poké-Powers, Poké-Bodies or any other effect on that "
                         "Pokémon")

    def amount_for(self, actx: AttackCtx, target: Pokemon) -> int:
        return self.amount_done

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if attack_memo(actx, self)["target"] is actx.defender:
            actx.ignores.add("defender_effects")
        return super().damage(actx, amount)

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not actx.defender:
            damage_unaltered(actx, target, self.amount_done)


def damage_unaltered(actx: AttackCtx, target: Pokemon, amount: int) -> None:
    """Bench damage of an attack that no effect on the damaged Pokémon changes or prevents (the
    engine's `deal_damage` ignores such effects only for the Defending Pokémon); what answers
    damage (`after_damaged`) hears it as usual."""
    state = actx.state
    attacker = actx.attacker
    target.damage += amount // 10 * 10
    actx.say(msg("%(pokemon)s's %(attack)s does %(amount)s damage to %(target)s (no Weakness, Resistance or effect on "
                 "it applies) — %(damage)s/%(hp)s.", pokemon=actx.attacker_name, attack=actx.attack.name,
                 amount=amount, target=actx.name(target), damage=target.damage, hp=state.hp(target)), "R-DAMAGE-2")
    ev = DamageEvent(actx, attacker, target, attack_type_of(actx, attacker), to_defending=False, by_opponent=True,
                     steps=[msg("base %(amount)s", amount=amount)], ignores=frozenset({"defender_effects"}))
    hooks.tell(state, "after_damaged", ev)


# -- counters, healing -------------------------------------------------------------------------

class CountersOnDefending(Effect):
    """Place `counters` damage counters on the Defending Pokémon (R-DAMAGE-3), plus `per_own` for
    each damage counter on this Pokémon."""

    def __init__(self, counters: int, per_own: int = 0):
        self.counters = counters
        self.per_own = per_own
        more = f", plus {per_own} for each damage counter on this Pokémon" if per_own else ""
        self.text = f"put {counters} damage counter(s) on the Defending Pokémon{more}"

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        if d is None:
            return
        place_counters(actx, d, self.counters + self.per_own * (actx.attacker.damage // 10), actx.attack.name)


class HealChosenOwn(Effect):
    """Remove `counters` damage counters (all it has, if fewer) from one of your Pokémon named in
    choices.pokemon (left out when you have one Pokémon in play)."""

    def __init__(self, counters: int):
        self.counters = counters
        self.text = (f"remove {counters} damage counters (1 if it has only 1) from one of your Pokémon "
                     "(choices.pokemon)")

    def _target(self, actx: AttackCtx) -> Pokemon:
        target = one_pokemon_named(actx.choices, actx.me.in_play())
        if target is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of your Pokémon in play.",
                                            attack=actx.attack.name))
        return target

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["target"] = self._target(actx)

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        healed = heal(actx, target, 10 * self.counters)
        actx.say(msg_n("%(pokemon)s has %(num)s damage counter(s) removed (%(damage)s/%(hp)s).",
                       "%(pokemon)s has %(num)s damage counter(s) removed (%(damage)s/%(hp)s).", healed // 10,
                       pokemon=actx.name(target), damage=target.damage, hp=actx.state.hp(target)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        mine = state.seats[seat].in_play()
        return [{}] if len(mine) == 1 else [{"pokemon": [p.top]} for p in mine]


# -- Energy: from the hand, from the discard pile ---------------------------------------------------

class AttachFromHandAnyWay(Effect):
    """Attach basic Energy cards (of `energy_type`, at most `most`) from the hand to your Pokémon
    as you like: choices.cards (left out: none), each to the Pokémon at its place in
    choices.pokemon, or all to choices.to."""
    choice_zones = {"cards": "hand"}

    def __init__(self, energy_type: str | None = None, most: int | None = None):
        self.energy_type = energy_type
        self.most = most
        kind = f"basic {energy_type} Energy cards" if energy_type else "basic Energy cards"
        count = f"up to {most}" if most is not None else "any number of"
        self.text = (f"attach {count} {kind} from your hand (choices.cards) to your Pokémon as you like (each to the "
                     "Pokémon at its place in choices.pokemon, or all to choices.to); not the turn's Energy attachment")

    def _fitting(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if is_basic_energy(state, i)
                and (self.energy_type is None or self.energy_type in state.card_of(i).provides)]

    def _cards(self, actx: AttackCtx) -> list[str]:
        raw = actx.choices.get("cards")
        if raw is None:
            return []
        fitting = self._fitting(actx.state, actx.seat)
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in fitting for i in raw)
                or (self.most is not None and len(raw) > self.most)):
            listed = joined(fitting) or msg("there is none")
            if self.most is not None:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name up to %(most)s different fitting "
                                                "basic Energy cards of your hand: %(cards)s.", attack=actx.attack.name,
                                                most=self.most, cards=listed))
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name different fitting basic Energy cards "
                                            "of your hand: %(cards)s.", attack=actx.attack.name, cards=listed))
        return list(raw)

    def _targets(self, actx: AttackCtx, count: int) -> list[Pokemon]:
        mine = actx.me.in_play()
        raw = actx.choices.get("pokemon")
        if raw is None:
            to = one_instance(actx.choices, "to")
            one = mine[0] if to is None and len(mine) == 1 else own_in_play(actx.state, actx.seat, to)
            if one is None:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: name the Pokémon of yours to attach to in choices.to (all "
                                                "the cards) or choices.pokemon (one per card).",
                                                attack=actx.attack.name))
            return [one] * count
        targets = [own_in_play(actx.state, actx.seat, i) for i in raw] if isinstance(raw, list) else []
        if len(targets) != count or any(t is None for t in targets) or "to" in actx.choices:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of your Pokémon for each card "
                                            "of choices.cards, in the same order (and choices.to is then left out).",
                                            attack=actx.attack.name))
        return [t for t in targets if t is not None]

    def check(self, actx: AttackCtx) -> None:
        cards = self._cards(actx)
        attack_memo(actx, self)["pairs"] = list(zip(cards, self._targets(actx, len(cards)),
                                                    strict=True)) if cards else []

    def after(self, actx: AttackCtx) -> None:
        pairs = attack_memo(actx, self)["pairs"]
        if not pairs:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
        for card, target in pairs:
            actx.me.hand.remove(card)
            actx.say(msg("%(attack)s attaches %(card)s from the hand to %(pokemon)s (not the turn's Energy "
                         "attachment).", attack=actx.attack.name, card=actx.ref(card, shown_to='*'),
                         pokemon=actx.name(target)), "R-ENERGY-1")
            attach_by_effect(actx, target, card, from_hand=True)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        fitting = self._fitting(state, seat)
        mine = [p.top for p in state.seats[seat].in_play()]
        out: list[dict[str, Any]] = [{}]
        out += [{"cards": [c], "to": p} for c in one_per_card(state, fitting) for p in mine]
        every = fitting if self.most is None else fitting[:self.most]
        if len(every) > 1:
            out += [{"cards": every, "to": p} for p in mine]
        return out


class DiscardEnergyToHand(Effect):
    """Put up to `most` basic Energy cards of the discard pile into the hand, shown (choices.cards;
    left out: all of them when there are that many or fewer)."""

    def __init__(self, most: int = 2):
        self.most = most
        self.text = (f"put up to {most} basic Energy cards of your discard pile into your hand, shown to the opponent "
                     "(choices.cards; left out: all of them when there are that many or fewer)")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_basic_energy(state, i)]

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["cards"] = chosen_up_to(actx.choices, "cards", self._allowed(actx.state, actx.seat),
                                                  self.most, msg("basic Energy cards of your discard pile"),
                                                  "R-ATTACK-2")

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        for i in cards:
            actx.me.discard.remove(i)
            actx.me.hand.append(i)
        if cards:
            actx.say(msg("%(seat)s shows %(cards)s and puts it from the discard pile into the hand.",
                         seat=actx.seat_label(actx.seat), cards=actx.refs(cards, shown_to="*")))
        else:
            actx.say(msg("%(seat)s shows no card and puts it from the discard pile into the hand.",
                         seat=actx.seat_label(actx.seat)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        return [{"cards": pick} for pick in distinct_picks(state, allowed, 0, min(self.most, len(allowed)))]


class AttachBasicUpToFromDiscard(AttachUpToFromDiscard):
    """AttachUpToFromDiscard for basic Energy cards only."""

    def __init__(self, most: int = 2):
        super().__init__(most)
        self.text = (f"attach up to {most} basic Energy cards from your discard pile to this Pokémon (choices.cards; "
                     "left out, all of them when there are that many or fewer)")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_basic_energy(state, i)]


# -- searches ------------------------------------------------------------------------------------

class SearchAnyIfEnergyEqual(SearchAnyCardIf):
    """When this Pokémon and the Defending Pokémon have the same amount of Energy, search the
    deck for any card and put it into the hand."""
    text = ("if this Pokémon and the Defending Pokémon have the same amount of Energy attached, look through your "
            "deck, put any 1 card of it (choices.search) into your hand and shuffle the deck")

    def wanted(self, actx: AttackCtx) -> bool:
        d = actx.defender
        return d is not None and energy_count(actx.state, actx.attacker) == energy_count(actx.state, d)

    def _not_wanted(self, actx: AttackCtx) -> str:
        return msg("%(pokemon)s and the Defending Pokémon have different amounts of Energy: %(attack)s does "
                   "nothing.", pokemon=actx.attacker_name, attack=actx.attack.name)


class SearchBasicEnergyTypes(SearchDeckToHand):
    """Search the deck for 1 to `count` basic Energy cards of different types (at least one when
    the deck holds one), shown and put into the hand; shuffle (ex1 Lady Outing's ruling)."""

    def __init__(self, count: int = 3):
        super().__init__(count, basic_energy=True)
        self.text = (f"search your deck for up to {count} basic Energy cards of different types (at least 1 when "
                     "there is one), show them to the opponent and put them into your hand; shuffle the deck")

    @staticmethod
    def _type(state: State, instance: str) -> tuple[str, ...]:
        return tuple(state.card_of(instance).provides)

    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        fitting = self._fitting(actx.state, among)
        hi = min(self.count, len({self._type(actx.state, i) for i in fitting}))
        raw = actx.choices.get("search")
        if raw is None and hi == 0:
            return []
        what = msg("1 to %(most)s basic Energy cards of different types of your deck", most=self.count)
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in fitting for i in raw)
                or len({self._type(actx.state, i) for i in raw}) != len(raw)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name %(what)s.", attack=actx.attack.name,
                                            what=what))
        if not min(1, hi) <= len(raw) <= hi:
            rule = "R-TRAINER-5" if len(raw) < min(1, hi) else "R-ATTACK-2"   # fewer than it can, or too many
            raise Illegal(rule, msg("%(attack)s takes %(what)s (at least 1 when there is one); %(named)s named.",
                                    attack=actx.attack.name, what=what, named=len(raw)))
        return list(raw)

    def _take(self, actx: AttackCtx, picked: list[str]) -> None:
        """SearchDeckToHand's, citing R-TRAINER-5 only when nothing could be taken ("up to": fewer is
        the player's choice)."""
        to_hand(actx, actx.seat, picked, "deck")
        shuffle_deck(actx, actx.seat)
        if picked:
            actx.say(msg("%(seat)s shows and takes %(cards)s from the deck and shuffles it.",
                         seat=actx.seat_label(actx.seat), cards=actx.refs(picked, shown_to='*')))
        else:
            actx.say(msg("%(seat)s takes nothing from the deck and shuffles it.", seat=actx.seat_label(actx.seat)),
                     "R-TRAINER-5")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        by_type: dict[tuple[str, ...], list[str]] = {}
        for i in one_per_card(state, self._fitting(state, [i for i in pending["look"] if i in deck])):
            by_type.setdefault(self._type(state, i), []).append(i)
        out = [{"search": list(pick)} for k in range(1, min(self.count, len(by_type)) + 1)
               for types in combinations(by_type, k) for pick in product(*(by_type[t] for t in types))]
        return out or [{"search": []}]


# -- switching this Pokémon ----------------------------------------------------------------------

class MaySwitchMovingEnergy(Effect):
    """After damage, this Pokémon may switch with one of your Benched Pokémon (choices.to; left
    out: no switch), which may take Energy cards of `energy_type` from it (choices.cards)."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"you may switch this Pokémon with one of your Benched Pokémon (choices.to); if you do, you may "
                     f"move any {energy_type} Energy cards attached to this Pokémon to the new Active Pokémon "
                     "(choices.cards)")

    def _chosen(self, actx: AttackCtx) -> tuple[Pokemon | None, list[str]]:
        to = one_instance(actx.choices, "to")
        cards = actx.choices.get("cards")
        if to is None:
            if cards:
                raise Illegal("R-ATTACK-2", msg("%(attack)s moves Energy only with a switch: name the Benched Pokémon "
                                                "in choices.to.", attack=actx.attack.name))
            return None, []
        new = next((p for p in actx.me.bench if isinstance(to, str) and to in p.stack), None)
        if new is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.to must name one of your Benched Pokémon.",
                                            attack=actx.attack.name))
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if cards is not None and (not isinstance(cards, list) or len(set(cards)) != len(cards)
                                  or any(c not in allowed for c in cards)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name %(type)s Energy cards attached to "
                                            "%(pokemon)s: %(cards)s.", attack=actx.attack.name, type=self.energy_type,
                                            pokemon=actx.attacker_name, cards=joined(allowed) or msg("there is none")))
        return new, list(cards or [])

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["chosen"] = self._chosen(actx)

    def after(self, actx: AttackCtx) -> None:
        new, cards = attack_memo(actx, self)["chosen"]
        if new is None or new not in actx.me.bench:
            actx.say(msg("%(pokemon)s stays Active.", pokemon=actx.attacker_name))
            return
        old = actx.attacker
        switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=actx.name(old),
                     other=actx.name(new)), "R-RETREAT-6")
        for card in cards:
            if card in old.energy:
                old.energy.remove(card)
                attach_by_effect(actx, new, card, from_hand=False)
        if cards:
            actx.say(msg_n("%(num)s %(type)s Energy card(s) move from %(pokemon)s to %(other)s.",
                           "%(num)s %(type)s Energy card(s) move from %(pokemon)s to %(other)s.", len(cards),
                           type=self.energy_type, pokemon=actx.name(old), other=actx.name(new)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = energy_of_type(state, attacker, self.energy_type)
        out: list[dict[str, Any]] = [{}]
        for p in state.seats[seat].bench:
            out += [{"to": p.top, **({"cards": list(c)} if c else {})}
                    for k in range(len(allowed) + 1) for c in combinations(allowed, k)]
        return out


class MayDiscardThenSwitch(Effect):
    """After damage, you may discard an Energy card attached to this Pokémon (choices.cards; left
    out: none); if you do, this Pokémon switches with one of your Benched Pokémon (choices.to)."""
    text = ("you may discard 1 Energy card attached to this Pokémon (choices.cards); if you do, switch this Pokémon "
            "with one of your Benched Pokémon (choices.to)")

    def _chosen(self, actx: AttackCtx) -> tuple[str | None, Pokemon | None]:
        raw = actx.choices.get("cards")
        if raw is None:
            if "to" in actx.choices:
                raise Illegal("R-ATTACK-2", msg("%(attack)s switches only after a discard: name the Energy card in "
                                                "choices.cards.", attack=actx.attack.name))
            return None, None
        (card,) = chosen_cards(actx, list(actx.attacker.energy), 1, msg("Energy card attached to discard"))
        bench = actx.me.bench
        target = chosen_target(actx, actx.choices, bench, msg("one of your Benched Pokémon"), "R-ATTACK-2") \
            if bench else None
        return card, target

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["chosen"] = self._chosen(actx)

    def after(self, actx: AttackCtx) -> None:
        card, target = attack_memo(actx, self)["chosen"]
        p = actx.attacker
        if card is None or card not in p.energy:
            actx.say(msg("%(pokemon)s discards nothing and stays Active.", pokemon=actx.attacker_name))
            return
        p.energy.remove(card)
        discard_cards(actx, actx.seat, [card])
        actx.say(msg("%(pokemon)s discards %(card)s.", pokemon=actx.attacker_name, card=actx.name(card)), "R-ENERGY-3")
        if target is None or target not in actx.me.bench:
            actx.say(msg("%(seat)s has no Benched Pokémon: nothing is switched.", seat=actx.seat_label(actx.seat)))
            return
        switch_active(actx, actx.seat, target)
        actx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=actx.name(p),
                     other=actx.name(target)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[seat].bench
        out: list[dict[str, Any]] = [{}]
        for e in attacker.energy:
            out += [{"cards": [e], "to": p.top} for p in bench] if bench else [{"cards": [e]}]
        return out


# -- the cards -----------------------------------------------------------------------------------


define_pokemon("ex3-1", {"Bad News": DiscardFromHandUnseenDownTo(5, 6),                  # Absol
                         "Prize Count": BonusIfMorePrizesLeft(20)})
define_pokemon("ex3-2", {"Dragon Dance": BonusNextTurn(40), "Dragon Song": Inflict("asleep")})  # Altaria
define_pokemon("ex3-3", {"Guillotine": []}, power=PowerPinchers(10))                    # Crawdaunt
define_pokemon("ex3-4", {"Energy Shower": AttachFromHandAnyWay(),                        # Flygon
                         "Rainbow Burn": PlusPerBasicEnergyType(10)})
define_pokemon("ex3-5", {"Rock Vengeance": PlusPerOwnCounter(10),                         # Golem
                         "Rock Slide": ChosenBenchDamage(20, 2)})
define_pokemon("ex3-6", {"Psychic Boom": PlusPerDefendingEnergy(10),                      # Grumpig
                         "Mind Trip": ConditionIfEnergyEqual("confused")})
define_pokemon("ex3-7", {"Cheer On": HealEachOwn(1),                                     # Minun
                         "Special Circuit": CircuitDamage(20, 40, "power")}, power=ChainOfEvents())
define_pokemon("ex3-8", {"Cheer On": HealEachOwn(1),                                     # Plusle
                         "Extra Circuit": CircuitDamage(20, 40, "ex")}, power=ChainOfEvents())
define_pokemon("ex3-9", {"Speed Growth": AttachFromHandAnyWay("Grass", 2),                # Roselia
                         "Sleep Powder": Inflict("asleep")}, power=ThickSkin())
define_pokemon("ex3-10", {"Agility": heads(PreventDamageNextTurn("prevent_all")),         # Salamence
                          "Dragon Claw": []}, power=DragonWind())
define_pokemon("ex3-11", {"Damage Curse": CountersOnDefending(1, per_own=1)}, power=WonderGuard())  # Shedinja
define_pokemon("ex3-12", {"Power Generation": DiscardEnergyToHand(2),                    # Torkoal
                          "Scorching Smoke": [Inflict("burned"),
                                              FlipWithChoices(tails=DiscardOwnEnergyAfter(1, "Fire"))]})
define_pokemon("ex3-13", {"Poison Claws": heads(Inflict("poisoned")),                     # Crawdaunt
                          "Rend": BonusIfDefendingDamaged(30)})
define_pokemon("ex3-14", {"Dazzle Blast": heads(Inflict("confused")),                     # Dragonair
                          "Healing Wave": HealSelf(1)})
define_pokemon("ex3-15", {"Air Slash": FlipWithChoices(tails=DiscardOwnEnergyAfter(1))},  # Flygon
               power=SandGuard(20))
define_pokemon("ex3-16", {"Synchronized Search": SearchAnyIfEnergyEqual(),                # Girafarig
                          "Breaking Impact": DamageByRetreatCost(10)})
define_pokemon("ex3-17", {"Magnetic Force": TimesAllOwnEnergy()}, power=MagneticField())  # Magneton
define_pokemon("ex3-18", {"Quick Touch": MaySwitchMovingEnergy("Grass")}, power=LooseShell())  # Ninjask
define_pokemon("ex3-19", {"Dragon Flame": MayDiscardEnergyForBonus(20)},                 # Salamence
               power=IntimidatingFangOwn())
define_pokemon("ex3-20", {"Scrunch": heads(PreventDamageNextTurn("prevent_damage")),     # Shelgon
                          "Rolling Attack": []})
define_pokemon("ex3-21", {"Pick On": ShuffleHandCardsBackDownTo(5, 6),                    # Skarmory
                          "Power Count": BonusIfFewerEnergy(30)})
define_pokemon("ex3-22", {"Quick Charge": SearchBasicEnergyTypes(3),                     # Vibrava
                          "Dragon Spark": HeadsDamage(20, BenchDamage(20, benches="opponent"))})
define_pokemon("ex3-23", {"Paralyzing Gaze": heads(Inflict("paralyzed")), "Combustion": []})  # Bagon
define_pokemon("ex3-24", {"Super Singe": heads(Inflict("burned")), "Ram": []})           # Camerupt
define_pokemon("ex3-25", {"Quick Attack": PlusPerHeads(1, 20), "Combustion": []})        # Combusken
define_pokemon("ex3-26", {"Dragon Dew": HealChosenOwn(2), "Tail Slap": []})              # Dratini
define_pokemon("ex3-27", {"Energy Recall": AttachBasicUpToFromDiscard(2),                # Flaaffy
                          "Lightning Ball": []})
define_pokemon("ex3-28", {"Double Metal Ball": CountersOnDefending(2),                   # Forretress
                          "Backspin": MayDiscardThenSwitch()})
define_pokemon("ex3-29", {"Grind": TimesEnergy(),                                        # Graveler
                          "Big Explosion": [FixedDamage(80), SelfDamage(80)]})
define_pokemon("ex3-30", {"Magnitude": BenchDamage(10, benches="both"), "Rollout": []})  # Graveler
define_pokemon("ex3-31", {"Fury Cutter": FuryCutter(4, 10, 60)})                         # Grovyle
define_pokemon("ex3-32", {"Dragon Crush": [FlipDamage(10), DiscardDefendingEnergyChosen(1)],  # Gyarados
                          "Aqua Sonic": DamageIgnores("resistance")})
define_pokemon("ex3-33", {"Retaliate": HeadsTimesOwnCounters(10),                         # Horsea
                          "Smokescreen": DefendingAttackMayFail()})
define_pokemon("ex3-34", {"Feint Attack": FeintAttack(20),                               # Houndoom
                          "Flamethrower": DiscardOwnEnergy(1, "Fire")})
define_pokemon("ex3-35", {"Ram": [], "Triple Smash": PlusPerHeads(3, 20)})               # Magneton
define_pokemon("ex3-36", {"Mud Splash": ChosenBenchDamage(10)})                          # Marshtomp
define_pokemon("ex3-37", {"Punch": [], "Meditate": PerDefendingCounter(10)})             # Meditite
define_pokemon("ex3-38", {"Supersonic": heads(Inflict("confused")),                      # Ninjask
                          "Sonic Wing": DamageIgnores("resistance")})
define_pokemon("ex3-39", {"Energy Cannon": PlusPerExtraEnergy(10, max_extra=2),           # Seadra
                          "Water Arrow": DamageChosenOpponent(30)})
define_pokemon("ex3-40", {"Agility": heads(PreventDamageNextTurn("prevent_all")), "Waterfall": []})  # Seadra
