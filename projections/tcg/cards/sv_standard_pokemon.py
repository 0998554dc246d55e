"""The Pokémon of the shipped 2026 Standard decks (`decks/std26-*`) whose attacks or Abilities the
table still declared and whose words no template reads, for the `modern` ruleset: Fezandipiti
ex, Dudunsparce ex, Dudunsparce, Lillie's Clefairy ex, Wellspring Mask Ogerpon ex, Mega
Kangaskhan ex, Solrock, Lunatone, N's Darmanitan, Tatsugiri, Pecharunt ex and Raging Bolt.
Every printing of a card (its reprints under other ids, whose
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
  R-INPLAY-1) has Psychic Weakness, whatever its card prints.
- Torrential Pump: `choices.cards` names 3 Energy cards attached to Ogerpon to shuffle into the
  deck (left out or empty: not done, and no Bench damage); then 120 damage to the Benched
  Pokémon `choices.pokemon` names (left out with one), no Weakness or Resistance (R-DAMAGE-2).
  "3 Energy" is read as 3 Energy cards, as the vocabulary's other Energy discards.
- Rapid-Fire Combo: 200 plus 50 per heads, flipping until tails.
- Thunderburst Storm counts the Energy provided to Raging Bolt (as `sv_decks_pokemon`'s counting
  ruling).
- Cosmic Beam does nothing (no damage) unless its player has a Pokémon named Lunatone on the
  Bench; its damage ignores Weakness and Resistance.
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
- Not encoded here, their whole texts compile (`compiler/`, the templates' rulings): Budew,
  Latias ex, Koraidon ex, Moltres, Kirlia, Mega Gardevoir ex, Riolu, Mega Lucario ex, N's Zoroark
  ex, N's Zekrom, Teal Mask Ogerpon ex and Raging Bolt ex (each printing, the lower-case types of
  the reprints read as the others'), Fezandipiti ex's Cruel Arrow, Night Joker, Koraidon ex's
  Orichalcum Fang (over the record of Knock Outs by an attack's damage). Chien-Pao is
  `sv_played_from_hand`'s.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import card, define_pokemon
from ..core import (
    Illegal,
    discard_cards,
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
    attack_memo,
    distinct_picks,
    once_per_turn,
    one_instance,
    one_per_card,
)
from .effects.damage_conditions import SIMPLE_COUNTS, PlusPer, PlusUntilTails, TimesPer
from .effects.next_turn import IgnoresDefenderEffects
from .effects.standard_pokemon import (
    DrawAbility,
    ability_name,
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
    "Wellspring Mask Ogerpon ex": (("sv6-64", "sv6-194", "sv6-213", "sv8pt5-27", "sv8pt5-152"),
                                   {"Torrential Pump": ShuffleEnergyForBenchDamage(3, 120)}, None),
    "Mega Kangaskhan ex": (("me1-104", "me1-164", "me1-182", "mep-25"),
                           {"Rapid-Fire Combo": PlusUntilTails(50)},
                           DrawAbility(2, by_name=True, active=True)),
    "Solrock": (("me1-75", "me2pt5-106"),
                {"Cosmic Beam": [NeedsOnBench("Lunatone"), DamageIgnores("weakness", "resistance")]}, None),
    "Lunatone": (("me1-74", "me2pt5-105", "mep-4"), {},
                 DrawAbility(3, by_name=True, with_in_play="Solrock", discard=_FIGHTING_CARD,
                             discard_what="a basic Fighting Energy card")),
    "N's Darmanitan": (("sv9-27", "me2pt5-33"),
                       {"Back Draft": TimesPer(SIMPLE_COUNTS["opponent_basic_energy_discard"]),
                        "Flamebody Cannon": [DiscardAllOwnEnergyAfter(), ChosenBenchDamage(90, 1)]}, None),
    "Tatsugiri": (("sv6-131", "sv6-186", "svp-118"), {}, AttractCustomers()),
    "Pecharunt ex": (("sv6pt5-39", "sv6pt5-85", "sv6pt5-93", "sv6pt5-95", "sv8pt5-163"),
                     {"Irritated Outburst": TimesPer(SIMPLE_COUNTS["prizes_taken_by_opponent"])},
                     SubjugatingChains()),
    "Raging Bolt": (("sv7-111",), {"Thunderburst Storm": DamageChosenOpponentPerOwnEnergy(30)}, None),
}

for _name, (_ids, _attacks, _power) in _POKEMON.items():
    for _id in _ids:
        if card(_id).name != _name:
            raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
        define_pokemon(_id, attacks=dict(_attacks), power=_power)
