"""EX Dragon Pokémon-ex ex3-89 … ex3-97 (Ampharos ex … Rayquaza ex) and the secret rares ex3-98 …
ex3-100 (Charmander, Charmeleon, Charizard), with the powers Conductivity, Call for Power and
Toxic Gas.

A Pokémon-ex is data: its `ex` tag and its 2 Prize cards come from the card facts (R-KO-2's
`prize_count`). Most attacks are lines over the shared vocabulary (`effects/`, the ex1 and
Base Set blocks among them); what needs its own logic gets a small class below, each with its
reason beside it and wording its own `text` (never the printed card).

Rulings taken here:
- Gigavolt flips as its damage is worked out: heads, 30 more damage; tails, the Defending
  Pokémon is Paralyzed after the damage.
- Dragon Wave and Mist Ball discard their two Energy cards (one providing each named type, a
  Rainbow Energy providing either) with the attack's costs, before the Confusion check, as ex1's
  Flamethrower (ex1-15) does; the attack's own cost means there are always such two cards. Both
  are named in the one list choices.cards, left out when only one pair of cards fits. Luster
  Purge discards 3 Energy cards the same way (every ex1–ex3 Energy card provides 1 Energy).
- Dragon Burst names the type in choices.type (Fire or Lightning; left out when only one of the
  two is attached) and discards every Energy card attached that provides it (a Rainbow Energy
  goes either way), with the attack's costs before the Confusion check; the damage is 40 times
  the Energy of that type those cards provided.
- Lava Flow: the basic Energy cards to discard are named with the attack (choices.cards, left
  out or empty for none) and discarded as the damage is worked out, after the Confusion check,
  as ex1's Dark Slash: a Confused Magcargo ex that fails its flip keeps them.
- Melting Mountain discards the top card of the deck (face up: both players see it) after the
  damage; a basic Energy card goes from the discard pile onto Magcargo ex (not from the hand: no
  Rainbow-style effect answers it). An empty deck: nothing happens.
- Energy Stream and Collect Fire name the basic Energy cards they would take with the attack
  (choices.cards, before the coin: left out when every fitting card is the same card or there
  are no more than it takes), and take them only on heads. Collect Fire's "Fire Energy cards" in
  the discard pile are basic Fire Energy cards (a Rainbow Energy is no Fire Energy card outside
  play, ex1_powers_1's ruling). The cards attached are not from the hand and are not the turn's
  Energy attachment.
- Spiral Growth flips until tails; the number of heads is only known then, so for a player it
  has two steps: after the flips the basic Energy cards of the discard pile are shown
  (`pending`, by="attack") and `choose` names one for each heads in choices.cards (all of them
  when there are fewer). With no choice to make — no heads, no basic Energy card there, fewer or
  as many cards as heads, or every card the same card — they are attached at once.
- Flame Pillar: the optional discard (choices.cards: one Energy card attached to Charizard that
  provides Fire) and the Benched Pokémon it damages (choices.pokemon, left out when the opponent
  has one) are named with the attack; both happen after the damage: 30 damage to that Pokémon
  without Weakness and Resistance (R-DAMAGE-2). With no Benched Pokémon the discard does nothing
  more. Fireworks (Charmeleon) is ex1 Torchic's; Smokescreen is ex1 Magmar ex's; Rage is the
  printed damage plus 10 per damage counter on Charmander.
- Slimy Water counts the Defending Pokémon's Retreat Cost as the effects in play make it (the
  `retreat_cost` hook, never below 0): a Stadium like High Pressure System lowers it.
- Hydrocannon counts the Water Energy beyond the attack's cost as ex1's Water Gun (a Rainbow
  Energy counts as Water), at most +40.
- Genetic Memory uses one attack of a Basic or Stage 1 Pokémon card in Kingdra ex's stack,
  named in choices.attack (left out when there is one); that attack's own choices come as usual,
  or in choices.copied when a key clashes. Only the Energy cost is waived: its other
  requirements and discards apply (a discard it can't make refuses the attack). It is done as
  Kingdra ex (its type, its Weakness against the Defending Pokémon), and an effect that counts
  the Energy beyond the attack's cost counts it beyond Genetic Memory's cost, the Energy Kingdra
  ex paid (as Metronome, R-ATTACK-6). An attack that itself copies does nothing.
- Conductivity: while Ampharos ex is in play (Active or Benched), each time the opponent attaches
  an Energy card from the hand to one of their Pokémon (the turn's attachment, or an effect that
  attaches from the hand), 1 damage counter is placed on that Pokémon (R-DAMAGE-3), only one
  whatever the number of Ampharos ex its owner has in play. A Knock Out it causes is settled at
  once (R-KO-1).
- Call for Power (a Poké-Power, refused while Dragonite ex has a Special Condition, R-POWER-2):
  as often as its player likes during the turn, one Energy card (basic or Special, choices.cards)
  attached to another of the player's Pokémon moves to Dragonite ex. It is not the turn's Energy
  attachment and not from the hand.
- Toxic Gas (a Poké-Body): while Muk ex is its owner's Active Pokémon, every Poké-Power and
  Poké-Body in play other than a Toxic Gas — both players', Muk ex's owner's own too — is
  ignored; Pokémon Powers of the Base Set and Abilities are not named, so not ignored. A
  Poké-Power used as an action is refused (`can_use_power`, R-POWER-1); a Poké-Body or a
  Poké-Power that acts by itself answers no hook while ignored (`ToxicGas.ignores_power`, which
  the hook pipeline asks of every power in play before it listens to another).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import joined, msg, msg_n
from .. import hooks
from ..carddb import define_pokemon
from ..core import Illegal, attach_by_effect, discard_cards, energy_units, place_counters, provides_type
from ..hooks import PokemonEvent
from .effects import (
    BenchDamage,
    CopyPayingRequirements,
    DefendingAttackMayFail,
    DiscardOwnEnergy,
    DiscardOwnEnergyAfter,
    Effect,
    ExtraEnergyBonus,
    FlipUntilTails,
    FlipWithChoices,
    Inflict,
    PlusPerOwnCounter,
    Power,
    PowerCtx,
    SelfDamage,
    TailsDoesNothing,
    and_list,
    attach_each_to_attacker,
    attack_memo,
    discard_attached,
    distinct_picks,
    energy_of_type,
    heads,
    one_instance,
    one_per_card,
    or_list,
)

if TYPE_CHECKING:
    from ..carddb import AttackDef, PowerDef
    from ..contexts import AttackCtx
    from ..hooks import AttachEvent, Listener, PowerEvent
    from ..state import Pokemon, State


POWER_KINDS_IGNORED = ("Poké-Power", "Poké-Body")


# -- attack effects ----------------------------------------------------------------------------------

class FlipBonusOrInflict(Effect):
    """Flip as the damage is worked out: heads `bonus` more damage; tails the Defending Pokémon
    gets `condition` after the damage (FlipBonusOrSelfDamage hurts the attacker instead)."""

    def __init__(self, bonus: int, condition: str):
        self.bonus = bonus
        self.condition = condition
        self.text = (f"flip a coin — heads: +{bonus} damage; tails: the Defending Pokémon is now "
                     f"{condition.capitalize()}")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = actx.flip(actx.attack.name)
        attack_memo(actx, self)["heads"] = heads
        return amount + self.bonus if heads else amount

    def after(self, actx: AttackCtx) -> None:
        if not attack_memo(actx, self)["heads"] and actx.defender is not None:
            actx.inflict(actx.defender, self.condition)


def _pairs(state: State, p: Pokemon, types: tuple[str, ...]) -> list[list[str]]:
    """The sets of Energy cards attached to `p` with one card providing each of `types` (a
    card for one type only), one list per distinct set of card ids."""
    found: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()

    def extend(chosen: list[str], rest: tuple[str, ...]) -> None:
        if not rest:
            key = tuple(sorted(state.card_id(i) for i in chosen))
            if key not in seen:
                seen.add(key)
                found.append(list(chosen))
            return
        for i in energy_of_type(state, p, rest[0]):
            if i not in chosen:
                extend([*chosen, i], rest[1:])

    extend([], types)
    return found


class DiscardOwnEnergyOfTypes(Effect):
    """A cost: discard Energy cards attached to this Pokémon, one providing each of `types`
    (paid before the Confusion check, as DiscardOwnEnergy), all named in choices.cards."""

    def __init__(self, *types: str):
        self.types = types
        self.text = (f"discard {' and '.join(f'a {t} Energy card' for t in types)} attached to this Pokémon "
                     "(choices.cards, when more than one set fits)")

    def _fits(self, state: State, p: Pokemon, cards: list[str]) -> bool:
        def assign(rest: list[str], types: tuple[str, ...]) -> bool:
            if not types:
                return not rest
            return any(assign(rest[:n] + rest[n + 1:], types[1:]) for n, i in enumerate(rest)
                       if any(provides_type(u, types[0]) for u in energy_units(state, p, i)))
        return assign(cards, self.types)

    def check(self, actx: AttackCtx) -> None:
        p = actx.attacker
        raw = actx.choices.get("cards")
        if raw is None:
            pairs = _pairs(actx.state, p, self.types)
            if len(pairs) != 1:
                if not pairs:
                    raise Illegal("R-ATTACK-1", msg("%(attack)s: there are no such Energy cards attached to discard.",
                                                    attack=actx.attack.name))
                raise Illegal("R-ATTACK-2", msg("%(attack)s: name the Energy cards to discard in choices.cards.",
                                                attack=actx.attack.name))
            attack_memo(actx, self)["cards"] = pairs[0]
            return
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in p.energy for i in raw)
                or not self._fits(actx.state, p, raw)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(cards)s attached to %(pokemon)s.",
                                            attack=actx.attack.name, pokemon=actx.attacker_name,
                                            cards=and_list(msg("a %(type)s Energy card", type=t)
                                                           for t in self.types)))
        attack_memo(actx, self)["cards"] = list(raw)

    def pay(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        discard_attached(actx, actx.seat, actx.attacker, cards)
        actx.say(msg("%(pokemon)s discards %(card)s for %(attack)s.", pokemon=actx.attacker_name,
                     card=joined(actx.name(i) for i in cards), attack=actx.attack.name), "R-ENERGY-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        pairs = _pairs(state, attacker, self.types)
        return [{}] if len(pairs) <= 1 else [{"cards": pair} for pair in pairs]


class DiscardAllOfChosenType(Effect):
    """A cost: discard every Energy card attached that provides the type named in choices.type
    (one of `types`); the damage is `per` times the Energy of that type they provided."""

    def __init__(self, per: int, *types: str):
        self.per = per
        self.types = types
        self.text = (f"discard every {' or every '.join(types)} Energy card attached to this Pokémon (the type in "
                     f"choices.type): {per} damage times the Energy of that type discarded")

    def _open(self, state: State, p: Pokemon) -> list[str]:
        return [t for t in self.types if energy_of_type(state, p, t)]

    def check(self, actx: AttackCtx) -> None:
        open_types = self._open(actx.state, actx.attacker)
        chosen = actx.choices.get("type")
        if chosen is None and len(open_types) == 1:
            chosen = open_types[0]
        if chosen not in open_types:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.type must name the type whose Energy is discarded: "
                                            "%(types)s.", attack=actx.attack.name,
                                            types=or_list(open_types) or msg("none is attached")))
        cards = energy_of_type(actx.state, actx.attacker, chosen)
        units = sum(1 for i in cards for u in energy_units(actx.state, actx.attacker, i) if provides_type(u, chosen))
        attack_memo(actx, self).update(type=chosen, cards=cards, units=units)

    def pay(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        for i in memo["cards"]:
            actx.attacker.energy.remove(i)
        discard_cards(actx, actx.seat, memo["cards"])
        actx.say(msg("%(pokemon)s discards every %(type)s Energy card attached to it: %(cards)s (%(units)s %(type)s "
                     "Energy).", pokemon=actx.attacker_name, type=memo['type'],
                     cards=joined(actx.name(i) for i in memo['cards']), units=memo['units']), "R-ENERGY-3")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return self.per * attack_memo(actx, self)["units"]

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{"type": t} for t in self._open(state, attacker)] or [{}]


class MayDiscardBasicEnergyForBonus(Effect):
    """Any number of basic Energy cards attached to this Pokémon may be discarded (choices.cards,
    named with the attack), `per` more damage for each, as the damage is worked out
    (MayDiscardForBonus takes one card of one type)."""

    def __init__(self, per: int):
        self.per = per
        self.text = (f"you may discard any number of basic Energy cards attached to this Pokémon (choices.cards): "
                     f"+{per} damage for each")

    @staticmethod
    def _basics(state: State, p: Pokemon) -> list[str]:
        return [i for i in p.energy if state.card_of(i).is_basic_energy]

    def check(self, actx: AttackCtx) -> None:
        raw = actx.choices.get("cards", [])
        basics = self._basics(actx.state, actx.attacker)
        if not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in basics for i in raw):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name basic Energy cards attached to "
                                            "%(pokemon)s.", attack=actx.attack.name, pokemon=actx.attacker_name))
        attack_memo(actx, self)["cards"] = list(raw)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            return amount
        discard_attached(actx, actx.seat, actx.attacker, cards)
        actx.say(msg_n("%(pokemon)s discards %(num)s basic Energy card(s) for %(attack)s: +%(bonus)s damage.",
                       "%(pokemon)s discards %(num)s basic Energy card(s) for %(attack)s: +%(bonus)s damage.",
                       len(cards), pokemon=actx.attacker_name, attack=actx.attack.name,
                       bonus=self.per * len(cards)), "R-ENERGY-3")
        return amount + self.per * len(cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        basics = self._basics(state, attacker)
        return [{"cards": pick} if pick else {} for pick in distinct_picks(state, basics, 0, len(basics))]


class DiscardTopAttachIfBasicEnergy(Effect):
    """After damage, the deck's top card is discarded; a basic Energy card goes on this Pokémon."""
    text = ("discard the top card of your deck; if it is a basic Energy card, attach it to this Pokémon "
            "(not from the hand)")

    def after(self, actx: AttackCtx) -> None:
        deck = actx.me.deck
        if not deck:
            actx.say(msg("%(attack)s: the deck is empty, nothing is discarded.", attack=actx.attack.name),
                     "R-TRAINER-5")
            return
        top = deck.pop(0)
        discard_cards(actx, actx.seat, [top])
        actx.say(msg("%(attack)s discards the top card of the deck: %(card)s.", attack=actx.attack.name,
                     card=actx.ref(top, shown_to='*')))
        attacker = actx.attacker
        if not actx.state.card_of(top).is_basic_energy or actx.state.find_pokemon(attacker.top)[1] is not attacker:
            return
        actx.me.discard.remove(top)
        actx.say(msg("%(attack)s attaches %(card)s to %(pokemon)s.", attack=actx.attack.name, card=actx.name(top),
                     pokemon=actx.attacker_name))
        attach_by_effect(actx, attacker, top, from_hand=False)


class AttachBasicFromDiscard(Effect):
    """Attach `count` basic Energy cards (of `energy_type` when given) from the discard pile to
    this Pokémon, all of them when there are fewer: named in choices.cards (left out when the
    fitting cards are no more than that, or all the same card). Put it inside a Flip(WithChoices)
    for a coin: the choice is checked before it."""

    def __init__(self, count: int = 1, energy_type: str | None = None):
        self.count = count
        self.energy_type = energy_type
        what = f"basic {energy_type} Energy card" if energy_type else "basic Energy card"
        self.text = (f"attach {count} {what}(s) from your discard pile to this Pokémon (all there are if fewer; "
                     "choices.cards)")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy
                and (self.energy_type is None or self.energy_type in state.card_of(i).provides)]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        need = min(self.count, len(allowed))
        raw = actx.choices.get("cards")
        if raw is None:
            if need < len(allowed) and len({actx.state.card_id(i) for i in allowed}) > 1:
                raise Illegal("R-ATTACK-2", msg_n("%(attack)s: name %(num)s basic Energy card(s) of your discard pile "
                                                  "in choices.cards.", "%(attack)s: name %(num)s basic Energy card(s) "
                                                  "of your discard pile in choices.cards.", need,
                                                  attack=actx.attack.name))
            attack_memo(actx, self)["cards"] = allowed[:need]
            return
        if (not isinstance(raw, list) or len(raw) != need or len(set(raw)) != len(raw)
                or any(i not in allowed for i in raw)):
            raise Illegal("R-ATTACK-2", msg_n("%(attack)s: choices.cards must name %(num)s fitting basic Energy "
                                              "card(s) of your discard pile.", "%(attack)s: choices.cards must name "
                                              "%(num)s fitting basic Energy card(s) of your discard pile.", need,
                                              attack=actx.attack.name))
        attack_memo(actx, self)["cards"] = list(raw)

    def after(self, actx: AttackCtx) -> None:
        cards = [i for i in attack_memo(actx, self)["cards"] if i in actx.me.discard]
        if not cards:
            actx.say(msg("%(attack)s: no fitting basic Energy card in the discard pile to attach.",
                         attack=actx.attack.name), "R-TRAINER-5")
            return
        attach_each_to_attacker(actx, cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        need = min(self.count, len(allowed))
        if need == len(allowed) or len({state.card_id(i) for i in allowed}) == 1:
            return [{}]
        return [{"cards": pick} for pick in distinct_picks(state, allowed, need, need)]


class FlipUntilTailsAttachBasic(Effect):
    """Flip until tails; one basic Energy card of the discard pile onto this Pokémon for each
    heads. Two steps for a player when there is a choice (ruling above): `pending` shows the
    discard pile's basic Energy cards and `choose` names them (choices.cards). At most
    FlipUntilTails.MAX_FLIPS flips (its guard against a source that never says tails)."""
    MAX_FLIPS = FlipUntilTails.MAX_FLIPS
    text = ("flip a coin until you get tails: for each heads, attach a basic Energy card from your discard pile "
            "to this Pokémon (chosen after the flips, choices.cards)")
    choose_zones = {"cards": "discard"}

    @staticmethod
    def _basics(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def after(self, actx: AttackCtx) -> None:
        heads = 0
        while heads < self.MAX_FLIPS and actx.flip(msg("%(attack)s (flip %(n)s)", attack=actx.attack.name,
                                                       n=heads + 1)):
            heads += 1
        basics = self._basics(actx.state, actx.seat)
        n = min(heads, len(basics))
        if n in (0, len(basics)) or len({actx.state.card_id(i) for i in basics}) == 1:
            self._attach(actx, basics[:n], heads)
            return
        actx.say(msg_n("%(heads)s heads: %(seat)s chooses %(num)s basic Energy card(s) of the discard pile to "
                       "attach.", "%(heads)s heads: %(seat)s chooses %(num)s basic Energy card(s) of the discard "
                       "pile to attach.", n, heads=heads, seat=actx.seat_label(actx.seat)))
        actx.ask("attach", actx.attacker.top, basics, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self), count=n)

    def _attach(self, actx: AttackCtx, cards: list[str], heads: int) -> None:
        if not cards:
            actx.say(msg_n("%(num)s heads: %(attack)s attaches no Energy card.",
                           "%(num)s heads: %(attack)s attaches no Energy card.", heads, attack=actx.attack.name),
                     "R-TRAINER-5" if heads else None)
            return
        for i in cards:
            actx.me.discard.remove(i)
            attach_by_effect(actx, actx.attacker, i, from_hand=False)
        names = joined(actx.name(i) for i in cards)
        if len(cards) < heads:
            actx.say(msg_n("%(num)s heads: %(attack)s attaches %(cards)s from the discard pile to %(pokemon)s (all "
                           "there were).", "%(num)s heads: %(attack)s attaches %(cards)s from the discard pile to "
                           "%(pokemon)s (all there were).", heads, attack=actx.attack.name, cards=names,
                           pokemon=actx.attacker_name), "R-TRAINER-5")
        else:
            actx.say(msg_n("%(num)s heads: %(attack)s attaches %(cards)s from the discard pile to %(pokemon)s.",
                           "%(num)s heads: %(attack)s attaches %(cards)s from the discard pile to %(pokemon)s.",
                           heads, attack=actx.attack.name, cards=names, pokemon=actx.attacker_name))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.discard]
        n = pending["count"]
        raw = actx.choices.get("cards")
        if (not isinstance(raw, list) or len(raw) != n or len(set(raw)) != n or any(i not in shown for i in raw)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(count)s of the basic Energy cards "
                                            "of your discard pile.", attack=actx.attack.name, count=n))
        self._attach(actx, list(raw), n)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        shown = [i for i in pending["look"] if i in state.seats[pending["seat"]].discard]
        return [{"cards": pick} for pick in distinct_picks(state, shown, pending["count"], pending["count"])]


class MayDiscardForBenchDamage(Effect):
    """You may discard an Energy card of a type attached to this Pokémon (choices.cards); if you
    do, `amount` damage to one of the opponent's Benched Pokémon (choices.pokemon), after the
    attack's damage, without Weakness and Resistance."""

    def __init__(self, energy_type: str, amount: int):
        self.energy_type = energy_type
        self.amount = amount
        self.text = (f"you may discard a {energy_type} Energy card attached to this Pokémon (choices.cards): if you "
                     f"do, {amount} damage to one of the opponent's Benched Pokémon (choices.pokemon)")

    def check(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        raw, pick = actx.choices.get("cards"), actx.choices.get("pokemon")
        memo["card"] = memo["target"] = None
        if raw is None:
            if pick is not None:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon comes only with the Energy card "
                                                "discarded (choices.cards).", attack=actx.attack.name))
            return
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if not isinstance(raw, list) or len(raw) != 1 or raw[0] not in allowed:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name one %(type)s Energy card attached to "
                                            "%(pokemon)s.", attack=actx.attack.name, type=self.energy_type,
                                            pokemon=actx.attacker_name))
        memo["card"] = raw[0]
        bench = actx.them.bench
        if not bench:
            return
        if pick is None and len(bench) == 1:
            memo["target"] = bench[0]
            return
        one = pick[0] if isinstance(pick, list) and len(pick) == 1 else None
        memo["target"] = next((p for p in bench if isinstance(one, str) and one in p.stack), None)
        if memo["target"] is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the opponent's Benched "
                                            "Pokémon.", attack=actx.attack.name))

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        card, target = memo["card"], memo["target"]
        if card is None or card not in actx.attacker.energy:
            return
        actx.attacker.energy.remove(card)
        discard_cards(actx, actx.seat, [card])
        actx.say(msg("%(pokemon)s discards %(card)s for %(attack)s.", pokemon=actx.attacker_name,
                     card=actx.name(card), attack=actx.attack.name), "R-ENERGY-3")
        if target is None:
            actx.say(msg("The opponent has no Benched Pokémon: %(attack)s does nothing more.",
                         attack=actx.attack.name))
        elif target in actx.them.bench:
            actx.deal_damage(target, self.amount, to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        cards = one_per_card(state, energy_of_type(state, attacker, self.energy_type))
        bench = state.seats[1 - seat].bench
        if len(bench) <= 1:
            return [{}] + [{"cards": [c]} for c in cards]
        return [{}] + [{"cards": [c], "pokemon": [p.top]} for c in cards for p in bench]


class PlusPerDefendingRetreatCost(Effect):
    """+`per` for each Colorless in the Defending Pokémon's Retreat Cost, as the effects in play
    make it (the `retreat_cost` hook, never below 0)."""

    def __init__(self, per: int):
        self.per = per
        self.text = (f"+{per} damage for each Colorless in the Defending Pokémon's Retreat Cost, after the effects "
                     "that change it")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        if d is None:
            return amount
        state = actx.state
        cost = max(0, hooks.modify(state, "retreat_cost", PokemonEvent(state, d, actx.opp, actx),
                                   state.card_of(d.top).retreat_cost))
        actx.say(msg("%(pokemon)s's Retreat Cost is %(cost)s: +%(bonus)s damage.", pokemon=actx.name(d), cost=cost,
                     bonus=self.per * cost))
        return amount + self.per * cost


class GeneticMemory(CopyPayingRequirements):
    """Metronome over the attacks of the Basic and Stage 1 cards under this Pokémon, with only
    the Energy cost waived (Metronome skips every requirement)."""
    text = ("use one attack of a Basic or Stage 1 Pokémon card in this Pokémon's stack (choices.attack; its own "
            "choices as usual, or in choices.copied when they would clash) as this Pokémon, without paying its "
            "Energy cost; its other requirements and discards apply; a copying attack does nothing")

    @staticmethod
    def _stack_attacks(state: State, p: Pokemon) -> list[AttackDef]:
        return [a for inst in p.stack[:-1] for a in state.card_of(inst).attacks
                if state.card_of(inst).supertype == "Pokemon" and state.card_of(inst).stage in ("Basic", "Stage 1")]

    def _chosen(self, actx: AttackCtx) -> AttackDef | None:
        attacks = self._stack_attacks(actx.state, actx.attacker)
        name = actx.choices.get("attack")
        if name is None:
            if len(attacks) <= 1:
                return attacks[0] if attacks else None
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choose the attack in choices.attack: %(attacks)s.",
                                            attack=actx.attack.name, attacks=joined(a.name for a in attacks)))
        found = next((a for a in attacks if a.name == name), None)
        if found is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.attack must name an attack of the Basic or Stage 1 "
                                            "card under %(pokemon)s: %(attacks)s.", attack=actx.attack.name,
                                            pokemon=actx.attacker_name,
                                            attacks=joined(a.name for a in attacks) or msg("none")))
        return found

    def _offered(self, state: State, seat: int, attacker: Pokemon) -> list[AttackDef]:
        return self._stack_attacks(state, attacker)

    def _say_none(self, actx: AttackCtx) -> None:
        actx.say(msg("No Basic or Stage 1 card under %(pokemon)s has an attack: %(attack)s does nothing.",
                     pokemon=actx.attacker_name, attack=actx.attack.name), "R-ATTACK-3")

    def _say_copy(self, actx: AttackCtx, copy: AttackDef, printed: str) -> None:
        actx.say(msg("%(attack)s: %(pokemon)s uses %(copied)s (%(printed)s) of a card under it, without paying its "
                     "Energy cost.", attack=actx.attack.name, pokemon=actx.attacker_name, copied=copy.name,
                     printed=printed), "R-ATTACK-6")


# -- powers ---------------------------------------------------------------------------------------------

def _power_effect(state: State, p: Pokemon) -> Any:
    power = state.card_of(p.top).power
    return power.effect if power is not None else None


def power_ignored(state: State, p: Pokemon) -> bool:
    """Some power in play (Toxic Gas) says the power of `p` is ignored now."""
    power = state.card_of(p.top).power
    if power is None:
        return False
    for s, seat in enumerate(state.seats):
        for q in seat.in_play():
            effect = _power_effect(state, q)
            asks = getattr(effect, "ignores_power", None)
            if asks is not None and asks(hooks.Listener("pokemon", s, q, q.top, effect), state, p, power):
                return True
    return False


class ToxicGas(Power):
    """Poké-Body: while this Pokémon is its owner's Active, every other Poké-Power and Poké-Body
    in play is ignored (but another Toxic Gas)."""
    text = ("while this Pokémon is your Active Pokémon, every Poké-Power and Poké-Body in play other than Toxic "
            "Gas, yours and your opponent's, is ignored (a Poké-Power can't be used)")

    def ignores_power(self, src: Listener, state: State, pokemon: Pokemon, power: PowerDef) -> bool:
        """Whether `pokemon`'s `power` is ignored because of this Toxic Gas (engine-facing)."""
        return (state.seats[src.seat].active is src.on and power.kind in POWER_KINDS_IGNORED
                and not isinstance(power.effect, ToxicGas))

    def can_use_power(self, src: Listener, ev: PowerEvent) -> Illegal | None:
        state = ev.ctx.state
        if not self.ignores_power(src, state, ev.pokemon, ev.power) or src.on is None:
            return None
        return Illegal("R-POWER-1", msg("%(power)s can't be used: %(pokemon)s's Toxic Gas (as the Active Pokémon) "
                                        "makes every Poké-Power and Poké-Body but Toxic Gas ignored.",
                                        power=ev.power.name, pokemon=state.card_of(src.on.top).name))


class Conductivity(Power):
    """Poké-Body: 1 damage counter on each Pokémon the opponent attaches an Energy card to from
    the hand; one counter however many of these its owner has in play."""
    text = ("while this Pokémon is in play, each time your opponent attaches an Energy card from the hand to one "
            "of their Pokémon, put 1 damage counter on that Pokémon (only 1, however many Pokémon with this "
            "power you have in play)")
    counters = 1

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        state = ev.ctx.state
        if (not ev.from_hand or state.card_of(ev.card).supertype != "Energy" or ev.ctx.seat == src.seat
                or state.find_pokemon(ev.pokemon.top)[0] != 1 - src.seat):
            return
        first = next((q for q in state.seats[src.seat].in_play()
                      if isinstance(_power_effect(state, q), Conductivity) and not power_ignored(state, q)), None)
        if first is None or first is not src.on:
            return
        place_counters(ev.ctx, ev.pokemon, self.counters,
                       msg("%(pokemon)s's %(power)s", pokemon=state.card_of(first.top).name, power="Conductivity"))


class CallForPower(Power):
    """As often as you like: an Energy card (choices.cards) attached to another of your Pokémon
    moves to this Pokémon."""
    text = ("as often as you like during your turn, move an Energy card (choices.cards) attached to another of "
            "your Pokémon to this Pokémon; not while this Pokémon has a Special Condition")

    @staticmethod
    def _movable(state: State, seat: int, pokemon: Pokemon) -> list[tuple[Pokemon, str]]:
        return [(q, i) for q in state.seats[seat].in_play() if q is not pokemon for i in q.energy]

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, str]:
        movable = self._movable(pctx.state, pctx.seat, pctx.pokemon)
        if not movable:
            raise Illegal("R-POWER-1", msg("%(power)s needs an Energy card attached to another of your Pokémon; "
                                           "there is none.", power="Call for Power"))
        raw = one_instance(pctx.choices, "cards")
        if raw is None and len(movable) == 1:
            return movable[0]
        found = next(((q, i) for q, i in movable if i == raw), None)
        if found is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one Energy card attached to another of your "
                                           "Pokémon: %(cards)s.", cards=pctx.refs([i for _, i in movable])))
        return found

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        source, card = self._chosen(pctx)
        source.energy.remove(card)
        attach_by_effect(pctx, pctx.pokemon, card, from_hand=False)
        pctx.say(msg("%(power)s moves %(card)s from %(pokemon)s to %(other)s.", power="Call for Power",
                     card=pctx.name(card), pokemon=pctx.name(source), other=pctx.card.name), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [i]} for q in state.seats[seat].in_play() if q is not pokemon
                for i in one_per_card(state, q.energy)]


# -- the cards ------------------------------------------------------------------------------------------


define_pokemon("ex3-89", {"Gigavolt": FlipBonusOrInflict(30, "paralyzed")}, power=Conductivity())   # Ampharos ex
define_pokemon("ex3-90", {"Dragon Wave": DiscardOwnEnergyOfTypes("Water", "Lightning"),             # Dragonite ex
                          "Giant Tail": TailsDoesNothing()}, power=CallForPower())
define_pokemon("ex3-91", {"Magnitude": BenchDamage(10, benches="both"),                             # Golem ex
                          "Double-edge": SelfDamage(50)})
define_pokemon("ex3-92", {"Genetic Memory": GeneticMemory(),                                        # Kingdra ex
                          "Hydrocannon": ExtraEnergyBonus("Water", per=20, max_extra=2)})
define_pokemon("ex3-93", {"Hypnoblast": heads(Inflict("asleep")),                                   # Latias ex
                          "Mist Ball": DiscardOwnEnergyOfTypes("Fire", "Water")})
define_pokemon("ex3-94", {"Energy Stream": FlipWithChoices(heads=AttachBasicFromDiscard(1)),        # Latios ex
                          "Luster Purge": DiscardOwnEnergy(3)})
define_pokemon("ex3-95", {"Melting Mountain": DiscardTopAttachIfBasicEnergy(),                      # Magcargo ex
                          "Lava Flow": MayDiscardBasicEnergyForBonus(20)})
define_pokemon("ex3-96", {"Poison Breath": Inflict("poisoned"),                                     # Muk ex
                          "Slimy Water": PlusPerDefendingRetreatCost(10)}, power=ToxicGas())
define_pokemon("ex3-97", {"Spiral Growth": FlipUntilTailsAttachBasic(),                             # Rayquaza ex
                          "Dragon Burst": DiscardAllOfChosenType(40, "Fire", "Lightning")})
define_pokemon("ex3-98", {"Flare": [], "Rage": PlusPerOwnCounter(10)})                              # Charmander
define_pokemon("ex3-99", {"Smokescreen": DefendingAttackMayFail(),                                  # Charmeleon
                          "Fireworks": FlipWithChoices(tails=DiscardOwnEnergyAfter(1, "Fire"))})
define_pokemon("ex3-100", {"Collect Fire": FlipWithChoices(heads=AttachBasicFromDiscard(2, "Fire")),  # Charizard
                           "Flame Pillar": MayDiscardForBenchDamage("Fire", 30)})
