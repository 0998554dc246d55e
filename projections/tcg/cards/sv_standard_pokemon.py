"""The Pokémon of the shipped 2026 Standard decks (`decks/std26-*`) whose attacks or Abilities the
table still declared, for the `modern` ruleset: Fezandipiti ex, Budew, Dudunsparce ex,
Dudunsparce, Lillie's Clefairy ex, Latias ex, Wellspring Mask Ogerpon ex, Mega Kangaskhan ex,
Koraidon ex (Impact Blow), Moltres, Kirlia, Mega Gardevoir ex, Solrock, Riolu, Lunatone, Mega
Lucario ex, N's Zoroark ex, N's Darmanitan, N's Zekrom, Tatsugiri, Pecharunt ex, Teal Mask Ogerpon
ex, Raging Bolt ex and Raging Bolt. Every printing of a card (its reprints under other ids, whose
texts were compared: they differ only in reminder-text markup, the case of a type's name, and
"[Ability] " before some Abilities' names) gets the same encoding. The shared blocks are in
`effects/standard_pokemon.py`; a card's own class carries its reason. Every `text` is this
module's own wording; the conventions (choices, two-step searches) are `sv_decks_pokemon`'s.

Rulings taken here:
- Run Away Draw: once during your turn, draw 3 (what the deck holds); if any was drawn,
  Dudunsparce and every card on it are shuffled into the deck (out of play: its Special
  Conditions and effects end); from the Active Spot its player then promotes a Benched Pokémon
  (R-KO-3's promotion), and with none left in play loses (R-WIN-2).
- Fairy Zone: each of the opponent's Pokémon in play that is a Dragon Pokémon now (its types,
  R-INPLAY-1) has Psychic Weakness, whatever its card prints. Skyliner: a Pokémon of its player
  whose top card is a Basic Pokémon card has a Retreat Cost of 0 (R-RETREAT-1).
- Torrential Pump: `choices.cards` names 3 Energy cards attached to Ogerpon to shuffle into the
  deck (left out or empty: not done, and no Bench damage); then 120 damage to the Benched
  Pokémon `choices.pokemon` names (left out with one), no Weakness or Resistance (R-DAMAGE-2).
  "3 Energy" is read as 3 Energy cards, as the vocabulary's other Energy discards.
- Rapid-Fire Combo: 200 plus 50 per heads, flipping until tails. Fighting Wings: +90 when the
  opponent's Active Pokémon is a Pokémon ex (tag "ex").
- Call Sign: up to 3 Pokémon cards of the deck (any Stage), shown to both players, to the hand;
  the deck is shuffled (two steps for a player, as `SearchDeckToHand`).
- Overflowing Wishes: each of its player's Benched Pokémon takes at most one basic Psychic
  Energy card of the deck (`choices.search` paired in order with `choices.pokemon`, distinct
  Benched Pokémon); as the project's searches (R-TRAINER-5), as many as can be taken must be
  (the fewer of the Benched Pokémon and the fitting cards); the deck is shuffled. Not the
  turn's attachment (R-ENERGY-1).
- Mega Symphonia counts the Psychic Energy provided by the Energy attached to all of its
  player's Pokémon; Myriad Leaf Shower the Energy provided to both Active Pokémon; Thunderburst
  Storm the Energy provided to Raging Bolt (as `sv_decks_pokemon`'s counting ruling).
- Cosmic Beam does nothing (no damage) unless its player has a Pokémon named Lunatone on the
  Bench; its damage ignores Weakness and Resistance.
- Aura Jab: after the damage, up to 3 basic Fighting Energy cards of the discard pile
  (`choices.cards`; left out, none) to its player's Benched Pokémon, `choices.pokemon` naming
  one Benched Pokémon per card in the same order (left out with one Benched Pokémon). Not the
  turn's attachment.
- Night Joker is not encoded here: its text compiles (`compiler/lasting.py`'s
  copy_benched_attack, the same ruling: only the Energy cost is waived).
- Flamebody Cannon: after the damage, every Energy card on Darmanitan is discarded and the
  Benched Pokémon `choices.pokemon` names takes 90 damage (no Weakness or Resistance).
- Back Draft counts the basic Energy cards in the opponent's discard pile; Tenacious Tail the
  opponent's Pokémon ex in play; Irritated Outburst the Prize cards the opponent has taken.
- Attract Customers (while Active, once during your turn): its player looks at the top 6 cards
  (fewer when the deck holds fewer; an empty deck: refused), then `choose` names a Supporter
  card among them (`choices.search`: one, or [] for none — a look at some cards may find none),
  shown to both players and put into the hand; the deck is shuffled. The opponent sees which
  Supporter, not the other cards.
- Subjugating Chains: `choices.pokemon` names one of its player's Benched Darkness Pokémon not
  named Pecharunt ex (left out with one); it switches with the Active Pokémon (the old Active
  goes to the Bench, its Special Conditions and effects ending, R-RETREAT-6) and the new Active
  is Poisoned. One Subjugating Chains a turn, whichever Pecharunt ex.
- Teal Dance: a basic Grass Energy card of the hand (`choices.cards`, left out when the hand
  holds one kind) attached to Ogerpon (not the turn's attachment), then 1 card drawn; refused
  with none in the hand.
- Burst Roar: after the damage (none printed), the whole hand is discarded face up (an empty hand
  too), then 6 cards are drawn (what the deck holds).
- Bellowing Thunder, Budew's Itchy Pollen, Fezandipiti ex's Cruel Arrow, Night Joker and Koraidon
  ex's Orichalcum Fang are not encoded here: their texts compile (`compiler/`; Orichalcum Fang
  over the record of Knock Outs by an attack's damage), the same rulings. Chien-Pao is
  `sv_played_from_hand`'s.
"""
from __future__ import annotations

from itertools import combinations_with_replacement, permutations, product
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import card, define_pokemon
from ..core import (
    Illegal,
    attach_by_effect,
    discard_cards,
    draw,
    inflict,
    remove_pokemon_from_play,
    shuffle_deck,
    switch_active,
)
from ..hooks import is_type
from .effects import (
    ChosenBenchDamage,
    DamageChosenOpponent,
    DamageIgnores,
    Effect,
    Power,
    SearchDeckToHand,
    attack_memo,
    basic_energy,
    distinct_picks,
    once_per_turn,
    one_instance,
    one_per_card,
)
from .effects.choices import refuse_blind_none
from .effects.damage_conditions import SIMPLE_COUNTS, PlusPer, PlusUntilTails, TimesPer, energy_on_all_own
from .effects.next_turn import IgnoresDefenderEffects
from .effects.standard_pokemon import (
    CantUseThisAttackNextTurn,
    DrawAbility,
    ability_name,
    any_card,
    basic_energy_card_of,
    draw_for,
    energy_on_self,
    note_use_by_name,
    one_by_name,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx, PowerCtx
    from ..hooks import Listener, PokemonEvent
    from ..state import Pokemon, State


# -- Abilities --------------------------------------------------------------------------------------

class RunAwayDraw(Power):
    """Dudunsparce: draw 3, then shuffle itself and its cards into the deck (one card's text)."""
    text = ("once during your turn: draw 3 cards; if you drew any, shuffle this Pokémon and every card attached to "
            "it into your deck")

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)

    def use(self, pctx: PowerCtx) -> None:
        if not draw_for(pctx, ability_name(pctx), 3):
            return
        p = pctx.pokemon
        was_active = pctx.me.active is p
        remove_pokemon_from_play(pctx, pctx.seat, p)
        pctx.me.deck.extend(p.all_cards())
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(pokemon)s and every card attached to it are shuffled into %(seat)s's deck.",
                     pokemon=pctx.card.name, seat=pctx.seat_label(pctx.seat)), "R-POWER-1")
        pctx.decide_winner([False, False])
        if not pctx.state.result and was_active:
            pctx.continue_after("resume")


class FairyZone(Power):
    """Lillie's Clefairy ex: the opponent's Dragon Pokémon have Psychic Weakness (one card's text)."""
    text = "the Weakness of each of your opponent's Dragon Pokémon in play is Psychic"

    def weakness(self, src: Listener, ev: PokemonEvent, value: Any) -> Any:
        if ev.seat is None or ev.seat == src.seat or not is_type(ev.state, ev.pokemon, "Dragon"):
            return value
        return "Psychic"


class Skyliner(Power):
    """Latias ex: its player's Basic Pokémon retreat for nothing (one card's text)."""
    text = "your Basic Pokémon in play have no Retreat Cost"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        top = ev.state.card_of(ev.pokemon.top)
        return 0 if ev.seat == src.seat and top.is_pokemon_card and top.stage == "Basic" else cost


class SubjugatingChains(Power):
    """Pecharunt ex: a Benched Darkness Pokémon (not Pecharunt ex) switched in, Poisoned (one card's text)."""
    text = ("once during your turn (one Subjugating Chains a turn): switch one of your Benched Darkness Pokémon "
            "other than Pecharunt ex (choices.pokemon) with your Active Pokémon; the new Active is Poisoned")

    @staticmethod
    def _targets(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].bench
                if is_type(state, p, "Darkness") and state.card_of(p.top).name != "Pecharunt ex"]

    def _chosen(self, pctx: PowerCtx) -> Pokemon:
        once_per_turn(pctx)
        one_by_name(pctx)
        targets = self._targets(pctx.state, pctx.seat)
        raw = one_instance(pctx.choices, "pokemon")
        if raw is None and len(targets) == 1:
            return targets[0]
        found = next((p for p in targets if isinstance(raw, str) and raw in p.stack), None)
        if found is None or pctx.me.active is None:
            names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in targets) or msg("none")
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.pokemon must name one of your Benched Darkness "
                                           "Pokémon other than Pecharunt ex: %(pokemon)s.",
                                           ability=ability_name(pctx), pokemon=names))
        return found

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        new = self._chosen(pctx)
        note_use_by_name(pctx)
        old = switch_active(pctx, pctx.seat, new)
        pctx.say(msg("%(ability)s: %(pokemon)s switches with %(other)s, the new Active Pokémon.",
                     ability=ability_name(pctx), pokemon=pctx.name(old), other=pctx.name(new)), "R-RETREAT-6")
        inflict(pctx, new, "poisoned")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"pokemon": [p.top]} for p in self._targets(state, seat)]


class TealDance(Power):
    """Teal Mask Ogerpon ex: a basic Grass Energy card from the hand onto itself, then draw 1 (one card's text)."""
    text = ("once during your turn: attach a basic Grass Energy card from your hand (choices.cards) to this Pokémon; "
            "if you did, draw a card")
    choice_zones = {"cards": "hand"}

    @staticmethod
    def _grass(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if basic_energy(state, i, "Grass")]

    def _chosen(self, pctx: PowerCtx) -> str:
        once_per_turn(pctx)
        grass = self._grass(pctx.state, pctx.seat)
        raw = one_instance(pctx.choices, "cards")
        if raw is None and grass and len({pctx.state.card_id(i) for i in grass}) == 1:
            return grass[0]
        if not isinstance(raw, str) or raw not in grass:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name a basic Grass Energy card of your "
                                           "hand.", ability=ability_name(pctx)))
        return raw

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        energy = self._chosen(pctx)
        pctx.me.hand.remove(energy)
        attach_by_effect(pctx, pctx.pokemon, energy, from_hand=True)
        pctx.say(msg("%(ability)s attaches %(card)s from the hand to %(pokemon)s (not the turn's Energy "
                     "attachment).", ability=ability_name(pctx), card=pctx.ref(energy, shown_to='*'),
                     pokemon=pctx.name(pctx.pokemon)), "R-POWER-1")
        draw_for(pctx, ability_name(pctx), 1)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [i]} for i in one_per_card(state, self._grass(state, seat))]


class AttractCustomers(Power):
    """Tatsugiri, while Active: a Supporter among the top 6 cards to the hand (one card's text)."""
    text = ("once during your turn, while this Pokémon is in the Active Spot: look at the top 6 cards of your deck, "
            "show a Supporter card among them (choices.search; [] for none) and put it into your hand, then "
            "shuffle the deck")
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    depth = 6

    @staticmethod
    def _supporters(state: State, among: list[str]) -> list[str]:
        return [i for i in among if state.card_of(i).trainer_kind == "supporter"]

    def _pick(self, pctx: PowerCtx, top: list[str], hidden: bool) -> list[str]:
        raw = pctx.choices.get("search", [])
        fitting = self._supporters(pctx.state, top)
        if not isinstance(raw, list) or len(raw) > 1 or any(i not in fitting for i in raw):
            if hidden:
                raise Illegal("R-POWER-1", msg("%(ability)s: choices.search names one Supporter card among the top "
                                               "%(count)s cards of your deck, or none.", ability=ability_name(pctx),
                                               count=self.depth))
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.search names one Supporter card among the cards "
                                           "looked at (%(cards)s), or none.", ability=ability_name(pctx),
                                           cards=pctx.refs(fitting, shown_to=[pctx.seat]) or msg("none")))
        return list(raw)

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if pctx.place != "active":
            raise Illegal("R-POWER-1", msg("%(ability)s is used only while %(pokemon)s is in the Active Spot.",
                                           ability=ability_name(pctx), pokemon=pctx.card.name))
        if not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s: your deck is empty, there is nothing to look at.",
                                           ability=ability_name(pctx)))
        if "search" in pctx.choices:
            self._pick(pctx, pctx.me.deck[:self.depth], hidden=True)

    def use(self, pctx: PowerCtx) -> None:
        top = pctx.me.deck[:self.depth]
        if "search" in pctx.choices:
            self._finish(pctx, self._pick(pctx, top, hidden=True))
            return
        pctx.say(msg_n("%(ability)s: %(seat)s looks at the top %(num)s card(s) of the deck.",
                       "%(ability)s: %(seat)s looks at the top %(num)s card(s) of the deck.", len(top),
                       ability=ability_name(pctx), seat=pctx.seat_label(pctx.seat)),
                 "R-HIDDEN-1" if len(top) == self.depth else "R-TRAINER-5")
        pctx.ask("search", pctx.pokemon.top, top, by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in pctx.me.deck]
        self._finish(pctx, self._pick(pctx, shown, hidden=False))

    def _finish(self, pctx: PowerCtx, picked: list[str]) -> None:
        for i in picked:
            pctx.me.deck.remove(i)
            pctx.me.hand.append(i)
        shuffle_deck(pctx, pctx.seat)
        who = pctx.seat_label(pctx.seat)
        if picked:
            pctx.say(msg("%(seat)s shows %(card)s, puts it into the hand and shuffles the deck.", seat=who,
                         card=pctx.ref(picked[0], shown_to='*')), "R-POWER-1")
        else:
            pctx.say(msg("%(seat)s takes no card and shuffles the deck.", seat=who), "R-POWER-1")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        found = self._supporters(state, [i for i in pending["look"] if i in deck])
        return [{"search": [i]} for i in one_per_card(state, found)] + [{"search": []}]


# -- attack effects -------------------------------------------------------------------------------

class PlusIfDefendingEx(Effect):
    """Moltres: +`bonus` when the opponent's Active Pokémon is a Pokémon ex."""
    settled_by_check = ()

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = f"+{bonus} damage if your opponent's Active Pokémon is a Pokémon ex"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount + self.bonus if d is not None and "ex" in actx.state.card_of(d.top).tags else amount


class SearchPokemonToHand(SearchDeckToHand):
    """Kirlia's Call Sign: up to `count` Pokémon cards, shown to both players (SearchDeckToHand
    takes any card unseen, or basic Energy)."""

    def __init__(self, count: int):
        super().__init__(count)
        self.text = (f"search your deck for up to {count} Pokémon, show them and put them into your hand; shuffle "
                     "the deck")

    def _fitting(self, state: State, instances: list[str]) -> list[str]:
        return [i for i in instances if state.card_of(i).supertype == "Pokemon"]

    def _take(self, actx: AttackCtx, picked: list[str]) -> None:
        for i in picked:
            actx.me.deck.remove(i)
            actx.me.hand.append(i)
        shuffle_deck(actx, actx.seat)
        if picked:
            actx.say(msg("%(seat)s shows and takes %(cards)s from the deck and shuffles it.",
                         seat=actx.seat_label(actx.seat), cards=actx.refs(picked, shown_to='*')), "R-ATTACK-2")
        else:
            actx.say(msg("%(seat)s takes nothing from the deck and shuffles it.", seat=actx.seat_label(actx.seat)),
                     "R-TRAINER-5")


class NeedsOnBench(Effect):
    """Solrock's Cosmic Beam: the attack does nothing without a Pokémon named `name` on the Bench."""
    settled_by_check = ()

    def __init__(self, name: str):
        self.name = name
        self.text = f"if you don't have {name} on your Bench, this attack does nothing"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not any(actx.state.card_of(p.top).name == self.name for p in actx.me.bench):
            actx.say(msg("%(pokemon)s is not on %(seat)s's Bench.", pokemon=self.name,
                         seat=actx.seat_label(actx.seat)), "R-ATTACK-3")
            actx.did_nothing = True
            return 0
        return amount


class DamageChosenOpponentPerOwnEnergy(DamageChosenOpponent):
    """Raging Bolt's Thunderburst Storm: `per` for each Energy on this Pokémon, to one of the
    opponent's Pokémon (DamageChosenOpponent does a fixed amount)."""

    def __init__(self, per: int):
        super().__init__(0)
        self.per = per
        self.text = (f"{per} damage for each Energy attached to this Pokémon to one of the opponent's Pokémon "
                     "(choices.pokemon); Weakness and Resistance only for the Active Pokémon")

    def _amount(self, actx: AttackCtx) -> int:
        return self.per * energy_on_self(actx)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        target = attack_memo(actx, self)["target"]
        return amount + self._amount(actx) if target is actx.defender else amount

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not actx.defender:
            actx.deal_damage(target, self._amount(actx), to_defending=False, apply_wr=False)


class ShuffleEnergyForBenchDamage(Effect):
    """Wellspring Mask Ogerpon ex's Torrential Pump: you may shuffle `count` Energy cards of this
    Pokémon into the deck; if you do, `amount` damage to one of the opponent's Benched Pokémon."""

    def __init__(self, count: int, amount: int):
        self.count = count
        self.amount = amount
        self.text = (f"you may shuffle {count} Energy cards attached to this Pokémon into your deck (choices.cards); "
                     f"if you do, {amount} damage to one of your opponent's Benched Pokémon (choices.pokemon)")

    def check(self, actx: AttackCtx) -> None:
        raw = actx.choices.get("cards") or []
        energy = actx.attacker.energy
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in energy for i in raw)
                or len(raw) not in (0, self.count)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names %(count)s Energy cards attached to "
                                            "%(pokemon)s to shuffle into the deck, or is left out.",
                                            attack=actx.attack.name, count=self.count, pokemon=actx.attacker_name))
        memo = attack_memo(actx, self)
        memo["cards"] = list(raw)
        bench = actx.them.bench
        memo["target"] = None
        if raw and bench:
            pick = one_instance(actx.choices, "pokemon")
            found = bench[0] if pick is None and len(bench) == 1 else next(
                (p for p in bench if isinstance(pick, str) and pick in p.stack), None)
            if found is None:
                raise Illegal("R-ATTACK-2", msg("choices.pokemon must name one of the opponent's Benched Pokémon."))
            memo["target"] = found

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        cards = [i for i in memo["cards"] if i in actx.attacker.energy]
        if not cards:
            return
        for i in cards:
            actx.attacker.energy.remove(i)
        actx.me.deck.extend(cards)
        shuffle_deck(actx, actx.seat)
        actx.say(msg("%(pokemon)s shuffles %(cards)s into %(seat)s's deck.", pokemon=actx.attacker_name,
                     cards=actx.refs(cards, shown_to='*'), seat=actx.seat_label(actx.seat)), "R-ATTACK-2")
        target = memo["target"]
        if target is not None and target in actx.them.bench:
            actx.deal_damage(target, self.amount, to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        picks = distinct_picks(state, list(attacker.energy), self.count, self.count) \
            if len(attacker.energy) >= self.count else []
        targets: list[dict[str, Any]] = [{}] if len(bench) <= 1 else [{"pokemon": [p.top]} for p in bench]
        return [{}] + [{"cards": pick, **t} for pick in picks for t in targets]


class DiscardAllOwnEnergyAfter(Effect):
    """N's Darmanitan's Flamebody Cannon: after the damage, every Energy card on this Pokémon is
    discarded (an effect, not a cost: DiscardOwnEnergy("all") is paid before Confusion)."""
    text = "discard every Energy card attached to this Pokémon"

    def after(self, actx: AttackCtx) -> None:
        cards = list(actx.attacker.energy)
        if not cards:
            return
        actx.attacker.energy.clear()
        discard_cards(actx, actx.seat, cards)
        actx.say(msg("%(pokemon)s discards %(cards)s attached to it.", pokemon=actx.attacker_name,
                     cards=actx.refs(cards, shown_to='*')), "R-ENERGY-3")


class AttachFromDiscardToBenchAnyWay(Effect):
    """Mega Lucario ex's Aura Jab: up to `most` basic `energy_type` Energy cards of the discard pile
    to Benched Pokémon in any way (choices.cards paired with choices.pokemon)."""
    choice_zones = {"cards": "discard"}

    def __init__(self, energy_type: str, most: int):
        self.energy_type = energy_type
        self.most = most
        self.text = (f"attach up to {most} basic {energy_type} Energy cards from your discard pile (choices.cards; "
                     "left out, none) to your Benched Pokémon in any way (choices.pokemon, one per card in order)")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if basic_energy(state, i, self.energy_type)]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        bench = actx.me.bench
        raw = actx.choices.get("cards") or []
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or len(raw) > self.most
                or any(i not in allowed for i in raw) or (raw and not bench)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names up to %(most)s basic %(type)s Energy "
                                            "cards of your discard pile for your Benched Pokémon.",
                                            attack=actx.attack.name, most=self.most, type=self.energy_type))
        tos = actx.choices.get("pokemon")
        if tos is None and len(bench) == 1:
            tos = [bench[0].top] * len(raw)
        if not isinstance(tos, list) or len(tos) != len(raw):
            tos = None
        targets = [next((p for p in bench if isinstance(t, str) and t in p.stack), None) for t in tos or []]
        if tos is None or any(t is None for t in targets):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon names one of your Benched Pokémon for each "
                                            "card of choices.cards, in the same order.", attack=actx.attack.name))
        attack_memo(actx, self)["pairs"] = list(zip(raw, targets, strict=True))

    def after(self, actx: AttackCtx) -> None:
        for card_inst, p in attack_memo(actx, self)["pairs"]:
            actx.me.discard.remove(card_inst)
            attach_by_effect(actx, p, card_inst, from_hand=False)
            actx.say(msg("%(attack)s attaches %(card)s from the discard pile to %(pokemon)s.",
                         attack=actx.attack.name, card=actx.ref(card_inst, shown_to='*'), pokemon=actx.name(p)),
                     "R-ENERGY-1")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = [p.top for p in state.seats[seat].bench]
        allowed = self._allowed(state, seat)
        if not bench or not allowed:
            return [{}]
        out: list[dict[str, Any]] = []
        for pick in distinct_picks(state, allowed, 0, min(self.most, len(allowed))):
            same = len({state.card_id(i) for i in pick}) <= 1
            spreads = combinations_with_replacement(bench, len(pick)) if same else product(bench, repeat=len(pick))
            out.extend({"cards": pick, "pokemon": list(to)} if pick else {} for to in spreads)
        return out


class SearchEnergyForEachBenched(Effect):
    """Mega Gardevoir ex's Overflowing Wishes: for each Benched Pokémon, a basic `energy_type`
    Energy card of the deck attached to it (choices.search paired with choices.pokemon)."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"for each of your Benched Pokémon, search your deck for a basic {energy_type} Energy card "
                     "and attach it to that Pokémon (choices.search paired with choices.pokemon); shuffle the deck")

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        return [i for i in among if basic_energy(state, i, self.energy_type)]

    def _pairs(self, actx: AttackCtx, among: list[str], hidden: bool) -> list[tuple[str, Pokemon]]:
        fitting = self._fitting(actx.state, among)
        bench = actx.me.bench
        need = min(len(bench), len(fitting))
        raw = actx.choices.get("search")
        if hidden:
            refuse_blind_none("search", raw, min(1, len(bench)), actx.me.deck)
        tos = actx.choices.get("pokemon")
        if tos is None and len(bench) == 1:
            tos = [bench[0].top] * (len(raw) if isinstance(raw, list) else 0)
        if raw is None and need == 0:
            return []
        targets = [next((p for p in bench if isinstance(t, str) and t in p.stack), None)
                   for t in (tos if isinstance(tos, list) else [])]
        if (not isinstance(raw, list) or len(raw) != need or len(set(raw)) != need or any(i not in fitting for i in raw)
                or len(targets) != need or any(t is None for t in targets) or len({id(t) for t in targets}) != need):
            rule = "R-TRAINER-5" if isinstance(raw, list) and len(raw) < need else "R-ATTACK-2"
            if hidden:      # the deck: how many fit is not said (R-HIDDEN-1)
                raise Illegal(rule, msg("%(attack)s: name in choices.search one basic %(type)s Energy card of the deck "
                                        "for each Benched Pokémon (as many as can be found), and in choices.pokemon "
                                        "the Benched Pokémon each goes to, in order.", attack=actx.attack.name,
                                        type=self.energy_type))
            raise Illegal(rule, msg("%(attack)s: name %(count)s basic %(type)s Energy card(s) in choices.search (one "
                                    "for each Benched Pokémon, as many as can be found) and in choices.pokemon the "
                                    "Benched Pokémon each goes to, in order.", attack=actx.attack.name, count=need,
                                    type=self.energy_type))
        return [(c, t) for c, t in zip(raw, targets, strict=True) if t is not None]

    def check(self, actx: AttackCtx) -> None:
        if "search" in actx.choices:
            attack_memo(actx, self)["pairs"] = self._pairs(actx, actx.me.deck, hidden=True)

    def after(self, actx: AttackCtx) -> None:
        pairs = attack_memo(actx, self).get("pairs")
        if pairs is not None:
            self._attach(actx, pairs)
            return
        if not actx.me.bench or not actx.me.deck:
            self._attach(actx, [])
            return
        actx.say(msg("%(seat)s looks through the deck for %(attack)s.", seat=actx.seat_label(actx.seat),
                     attack=actx.attack.name), "R-HIDDEN-1")
        actx.ask("search", actx.attacker.top, actx.me.deck, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        self._attach(actx, self._pairs(actx, shown, hidden=False))

    def _attach(self, actx: AttackCtx, pairs: list[tuple[str, Pokemon]]) -> None:
        for energy, p in pairs:
            actx.me.deck.remove(energy)
            attach_by_effect(actx, p, energy, from_hand=False)
            actx.say(msg("%(attack)s attaches %(card)s from the deck to %(pokemon)s.", attack=actx.attack.name,
                         card=actx.ref(energy, shown_to='*'), pokemon=actx.name(p)), "R-ENERGY-1")
        shuffle_deck(actx, actx.seat)
        actx.say(msg("%(seat)s shuffles the deck.", seat=actx.seat_label(actx.seat)))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state.seats[pending["seat"]]
        fitting = self._fitting(state, [i for i in pending["look"] if i in seat.deck])
        bench = [p.top for p in seat.bench]
        need = min(len(bench), len(fitting))
        cards = fitting[:need]          # basic Energy of one type: which copies does not matter
        return [{"search": cards, "pokemon": list(to)} for to in permutations(bench, need)][:64] \
            or [{"search": []}]


class DiscardHandDrawAfter(Effect):
    """Raging Bolt ex's Burst Roar: discard the hand, then draw `count`."""

    def __init__(self, count: int):
        self.count = count
        self.text = f"discard your hand and draw {count} cards"

    def after(self, actx: AttackCtx) -> None:
        hand, actx.me.hand = list(actx.me.hand), []
        discard_cards(actx, actx.seat, hand)
        actx.say(msg("%(seat)s discards the hand (%(cards)s).", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(hand, shown_to='*') or msg("none")), "R-ATTACK-2")
        drawn = draw(actx, actx.seat, self.count)
        actx.say(msg("%(seat)s draws %(cards)s.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(drawn, shown_to=[actx.seat]) or msg("none")),
                 "R-TRAINER-5" if len(drawn) < self.count else None)


# -- registration ----------------------------------------------------------------------------------

_FIGHTING_CARD = basic_energy_card_of("Fighting")

# name -> (every printing id, attacks, Ability)
_POKEMON: dict[str, tuple[tuple[str, ...], dict[str, Effect | list[Effect]], Power | None]] = {
    "Fezandipiti ex": (("sv6pt5-38", "sv6pt5-84", "sv6pt5-92", "me2pt5-142", "me2pt5-288"),
                       {},
                       DrawAbility(3, by_name=True, after_knock_out=True)),
    "Dudunsparce ex": (("sv9-121", "sv9-178"),
                       {"Tenacious Tail": TimesPer(SIMPLE_COUNTS["opponent_ex"]),
                        "Destructive Drill": IgnoresDefenderEffects()}, None),
    "Dudunsparce": (("sv5-129", "sv8pt5-80"), {}, RunAwayDraw()),
    "Lillie's Clefairy ex": (("sv9-56", "sv9-173", "sv9-184", "me2pt5-76", "me2pt5-280"),
                             {"Full Moon Rondo": PlusPer(SIMPLE_COUNTS["both_benches"], 20)}, FairyZone()),
    "Latias ex": (("sv8-76", "sv8-220", "sv8-239"), {}, Skyliner()),
    "Wellspring Mask Ogerpon ex": (("sv6-64", "sv6-194", "sv6-213", "sv8pt5-27", "sv8pt5-152"),
                                   {"Torrential Pump": ShuffleEnergyForBenchDamage(3, 120)}, None),
    "Mega Kangaskhan ex": (("me1-104", "me1-164", "me1-182", "mep-25"),
                           {"Rapid-Fire Combo": PlusUntilTails(50)},
                           DrawAbility(2, by_name=True, active=True)),
    "Koraidon ex": (("me2pt5-121",), {"Impact Blow": CantUseThisAttackNextTurn()}, None),
    "Moltres": (("me2-14",), {"Fighting Wings": PlusIfDefendingEx(90)}, None),
    "Kirlia": (("me1-59", "me2pt5-88"), {"Call Sign": SearchPokemonToHand(3)}, None),
    "Mega Gardevoir ex": (("me1-60", "me1-159", "me1-178", "me1-187", "me2pt5-89"),
                          {"Overflowing Wishes": SearchEnergyForEachBenched("Psychic"),
                           "Mega Symphonia": TimesPer(energy_on_all_own("Psychic"))}, None),
    "Solrock": (("me1-75", "me2pt5-106"),
                {"Cosmic Beam": [NeedsOnBench("Lunatone"), DamageIgnores("weakness", "resistance")]}, None),
    "Riolu": (("me1-76", "me2pt5-112", "mep-10"), {"Accelerating Stab": CantUseThisAttackNextTurn()}, None),
    "Lunatone": (("me1-74", "me2pt5-105", "mep-4"), {},
                 DrawAbility(3, by_name=True, with_in_play="Solrock", discard=_FIGHTING_CARD,
                             discard_what="a basic Fighting Energy card")),
    "Mega Lucario ex": (("me1-77", "me1-160", "me1-179", "me1-188", "me2pt5-113", "mep-12"),
                        {"Aura Jab": AttachFromDiscardToBenchAnyWay("Fighting", 3),
                         "Mega Brave": CantUseThisAttackNextTurn()}, None),
    "N's Zoroark ex": (("sv9-98", "sv9-175", "sv9-185", "sv9-189", "me2pt5-137", "me2pt5-286"),
                       {}, DrawAbility(2, discard=any_card, discard_what="a card")),
    "N's Darmanitan": (("sv9-27", "me2pt5-33"),
                       {"Back Draft": TimesPer(SIMPLE_COUNTS["opponent_basic_energy_discard"]),
                        "Flamebody Cannon": [DiscardAllOwnEnergyAfter(), ChosenBenchDamage(90, 1)]}, None),
    "N's Zekrom": (("me2pt5-155",), {"Shred": IgnoresDefenderEffects()}, None),
    "Tatsugiri": (("sv6-131", "sv6-186", "svp-118"), {}, AttractCustomers()),
    "Pecharunt ex": (("sv6pt5-39", "sv6pt5-85", "sv6pt5-93", "sv6pt5-95", "sv8pt5-163"),
                     {"Irritated Outburst": TimesPer(SIMPLE_COUNTS["prizes_taken_by_opponent"])},
                     SubjugatingChains()),
    "Teal Mask Ogerpon ex": (("sv6-25", "sv6-190", "sv6-211", "sv6-221", "sv8pt5-12", "sv8pt5-145", "sv8pt5-177"),
                             {"Myriad Leaf Shower": PlusPer(SIMPLE_COUNTS["both_actives_energy"], 30)}, TealDance()),
    "Raging Bolt ex": (("sv5-123", "sv5-196", "sv5-208", "sv5-218", "sv8pt5-166"),
                       {"Burst Roar": DiscardHandDrawAfter(6)}, None),     # Bellowing Thunder compiles
    "Raging Bolt": (("sv7-111",), {"Thunderburst Storm": DamageChosenOpponentPerOwnEnergy(30)}, None),
}

for _name, (_ids, _attacks, _power) in _POKEMON.items():
    for _id in _ids:
        if card(_id).name != _name:
            raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
        define_pokemon(_id, attacks=dict(_attacks), power=_power)
