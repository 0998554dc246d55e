"""EX Dragon Poké-Powers and Poké-Bodies of ex3-1 … ex3-40: Power Pinchers, Chain of Events, Thick
Skin, Dragon Wind, Wonder Guard, Sand Guard, Magnetic Field, Loose Shell, and Salamence ex3-19's
Intimidating Fang (EX Ruby & Sapphire's `ex1_powers_1.IntimidatingFang`, which an attack ignoring
every effect on the damaged Pokémon ignores when the Poké-Body is that Pokémon's own).

A Poké-Power has check(pctx) / use(pctx) / options(...) and is refused while its Pokémon has any
Special Condition (by its kind, R-POWER-2); a Poké-Body has no `use` and answers the effect
pipeline's hooks (hooks.py) while its Pokémon is in play. Every `text` is this module's own wording.

Rulings taken here:
- The referee plays single battles (one Active Pokémon a side): "any of your Active Pokémon" is
  the one Active Pokémon, "1 of the Defending Pokémon" the one Defending Pokémon.
- Power Pinchers: while Crawdaunt is its owner's Active Pokémon, its attacks' damage to the
  Defending Pokémon is 10 more, added with the attacker's own effects (R-DAMAGE-1 b, before
  Weakness and Resistance). "Does damage" is read as "has damage to do": the 10 is added to every
  attack whose damage to the Defending Pokémon is above 0 as the attack states it (an attack
  without damage gets nothing), whatever order the other effects of that step come in.
- Chain of Events (Minun, Plusle) acts only when its owner has a second Active Pokémon (a 2-on-2
  game): with one Active Pokémon a side it never lets Cheer On be used. It answers every attack
  of its owner and lets it happen unchanged.
- Thick Skin: Roselia never gets a Special Condition (the effect that would give one does the
  rest of what it does).
- Dragon Wind: once during its player's turn, only while Salamence is the Active Pokémon; its
  player picks the opponent's Benched Pokémon (choices.pokemon, left out when there is one) and
  the opponent's one Defending Pokémon is the one switched (the opponent's choice has one
  answer). Refused when the opponent has no Benched Pokémon. It is not an attack: effects that
  prevent the effects of attacks don't stop it, and the Pokémon switched out loses its Special
  Conditions and the effects of attacks on it (R-RETREAT-6).
- Wonder Guard: no effect of an attack (damage included) by the opponent's Pokémon reaches
  Shedinja when the attacking Pokémon (the opponent's Active) is an Evolved Pokémon (a card on
  top of another) or a Pokémon-ex; Active or Benched. A Shedinja put onto the Bench by Loose
  Shell is a Basic Pokémon: no card under it.
- Intimidating Fang answers at the attacker's step of R-DAMAGE-1 (before Weakness), which an
  attack that ignores every effect on the Defending Pokémon (Feint Attack: "Poké-Bodies … on that
  Pokémon") does not skip; so when Salamence itself is the Pokémon damaged by such an attack, its
  own Intimidating Fang takes nothing off. Feint Attack's damage to a Benched Pokémon ignores it
  too (the reduction is an effect on the Pokémon damaged: `ex3_pokemon_1.damage_unaltered`).
- Sand Guard flips each time an opponent's attack would put damage on Flygon (Active or
  Benched) after Weakness, Resistance and Trainer effects (R-DAMAGE-1 f); no flip when that
  damage is already 0. Heads: 20 less, never below 0.
- Magnetic Field needs a basic Energy card in the discard pile and a card in the hand. The card
  discarded from the hand is named in choices.cards (left out with a single card in the hand),
  then up to 2 basic Energy cards of the discard pile, other than that card, in choices.search
  (left out: all of them when there are 2 or fewer; `[]` takes none). The discard pile is
  public: one action. The cards taken are shown to both players.
- Loose Shell answers the playing of Ninjask from the hand to evolve a Pokémon ("when you play"):
  it may be used as the very next action after that `evolve` (the state's next event); any other
  action first lets the moment pass. It needs room on the Bench (R-BENCH-1). The deck is searched
  in two steps for a player (R-HIDDEN-1: the power shows the deck, then `choose` names
  choices.search), or in one when the action already names the card (a judge). A Shedinja must
  be taken when the deck holds one (R-TRAINER-5); with none the deck is still shuffled. The
  Shedinja goes onto the Bench alone (no card under it: a Basic Pokémon as the card says),
  put into play this turn, so it can't evolve this turn (R-EVOLVE-2). Every evolution is a
  card played from the hand (the `evolve` action, or a Trainer that plays it from the hand).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import joined, msg
from ..core import Illegal, discard_cards, shuffle_deck
from ..hooks import AffectEvent, AttackEvent, ConditionEvent, DamageEvent, EvolveEvent, Listener
from ..state import Pokemon
from .effects import (
    IntimidatingFang,
    Power,
    PowerCtx,
    SwitchOpponentsActive,
    chosen_search,
    distinct_picks,
    name_of,
    once_per_turn,
    one_card_named,
    one_per_card,
)

if TYPE_CHECKING:
    from ..state import State


def _power_name(pctx: PowerCtx) -> str:
    return pctx.card.power.name if pctx.card.power else msg("This power")


def is_basic_energy(state: State, instance: str) -> bool:
    return state.card_of(instance).is_basic_energy


def chosen_up_to(choices: dict[str, Any], key: str, allowed: list[str], most: int, what: str,
                 rule: str) -> list[str]:
    """Up to `most` distinct cards of `allowed` named in choices[key] (public zones: a refusal
    lists them). Left out: every allowed card when there are `most` or fewer."""
    raw = choices.get(key)
    if raw is None:
        if len(allowed) > most:
            raise Illegal(rule, msg("Name up to %(most)s %(what)s in choices.%(key)s.", most=most, what=what, key=key))
        return list(allowed)
    if (not isinstance(raw, list) or len(raw) > most or len(set(raw)) != len(raw)
            or any(c not in allowed for c in raw)):
        raise Illegal(rule, msg("choices.%(key)s must name up to %(most)s different %(what)s: %(cards)s.", key=key,
                                most=most, what=what, cards=joined(allowed) or msg("there is none")))
    return list(raw)


# -- Crawdaunt: Power Pinchers ------------------------------------------------------------------

class PowerPinchers(Power):
    """Poké-Body: while this Pokémon is Active, its attacks' damage to the Defending Pokémon is
    `bonus` more, before Weakness and Resistance (the attacker's step, R-DAMAGE-1 b)."""

    def __init__(self, bonus: int = 10):
        self.bonus = bonus
        self.text = (f"while this Pokémon is your Active Pokémon, each attack of your Active Pokémon that does "
                     f"damage to the Defending Pokémon does {bonus} more damage (before Weakness and Resistance)")

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if (not ev.to_defending or ev.attacker is not src.on
                or ev.state.seats[src.seat].active is not src.on):
            return dmg
        dmg += self.bonus
        ev.note(msg("%(effect)s +%(amount)s = %(damage)s", effect="Power Pinchers", amount=self.bonus, damage=dmg))
        return dmg


# -- Minun, Plusle: Chain of Events -------------------------------------------------------------

class ChainOfEvents(Power):
    """Poké-Body for a 2-on-2 game: a second attack (Cheer On) after the other Active Pokémon's.
    With one Active Pokémon a side there is no other Active Pokémon, so it never acts."""
    text = ("only in a game with 2 Active Pokémon a side: after your other Active Pokémon attacks, this "
            "Pokémon may also use Cheer On once; with one Active Pokémon a side it never applies")

    def before_attack(self, src: Listener, ev: AttackEvent) -> bool:
        """Every attack happens as usual: its player has no other Active Pokémon."""
        return True


# -- Roselia: Thick Skin -------------------------------------------------------------------------

class ThickSkin(Power):
    """Poké-Body: this Pokémon never gets a Special Condition."""
    text = "this Pokémon can't be affected by any Special Condition"

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return ev.pokemon is not src.on


# -- Salamence: Dragon Wind ----------------------------------------------------------------------

class DragonWind(SwitchOpponentsActive):
    """Once during your turn, while this Pokémon is Active: switch one of the opponent's Benched
    Pokémon (your pick, choices.pokemon) with their Defending Pokémon."""
    text = ("once during your turn, while this Pokémon is your Active Pokémon: switch one of your opponent's "
            "Benched Pokémon (your pick: choices.pokemon) with their Defending Pokémon; not while this Pokémon "
            "has a Special Condition")


# -- Salamence: Intimidating Fang --------------------------------------------------------------

class IntimidatingFangOwn(IntimidatingFang):
    """ex1's Intimidating Fang, except for damage that ignores every effect on the Defending
    Pokémon when that Pokémon is this one (its own Poké-Body is such an effect)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is src.on and "defender_effects" in ev.ignores:
            return dmg
        return super().damage_attacker(src, ev, dmg)


# -- Shedinja: Wonder Guard ----------------------------------------------------------------------

class WonderGuard(Power):
    """Poké-Body: no effect of an attack, damage included, reaches this Pokémon when the attacking
    Pokémon of the opponent is an Evolved Pokémon or a Pokémon-ex."""
    text = ("prevent every effect of attacks, damage included, done to this Pokémon by your opponent's Evolved "
            "Pokémon and Pokémon-ex")

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        if ev.pokemon is not src.on or ev.by_seat == src.seat:
            return True
        attacker = ev.state.seats[ev.by_seat].active
        if attacker is None:
            return True
        return not (len(attacker.stack) > 1 or "ex" in ev.state.card_of(attacker.top).tags)


# -- Flygon: Sand Guard --------------------------------------------------------------------------

class SandGuard(Power):
    """Poké-Body: damage from an opponent's attack, after Weakness and Resistance, is `reduction`
    less on heads (answers `damage_defender`, R-DAMAGE-1 f)."""

    def __init__(self, reduction: int = 20):
        self.reduction = reduction
        self.text = (f"whenever an opponent's attack would damage this Pokémon (after Weakness and Resistance), "
                     f"flip a coin: heads, that damage is {reduction} less")

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not ev.by_opponent:
            return dmg
        if not ev.ctx.flip(msg("%(pokemon)s's %(power)s", pokemon=name_of(ev.state, ev.target), power="Sand Guard")):
            ev.note(msg("%(power)s: tails", power="Sand Guard"))
            return dmg
        dmg -= self.reduction
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect="Sand Guard", amount=self.reduction, damage=dmg))
        return dmg


# -- Magneton: Magnetic Field ---------------------------------------------------------------------

class MagneticField(Power):
    """Once a turn, with a basic Energy card in the discard pile: discard a card from the hand
    (choices.cards), then take up to 2 other basic Energy cards of the discard pile into the hand
    (choices.search)."""
    text = ("once during your turn, if your discard pile holds a basic Energy card: discard a card from your "
            "hand (choices.cards), then put up to 2 basic Energy cards of your discard pile, not that card, into "
            "your hand, shown to the opponent (choices.search; left out: all when 2 or fewer); not while this "
            "Pokémon has a Special Condition")
    choice_zones = {"cards": "hand", "search": "discard"}
    most = 2

    @staticmethod
    def _energies(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_basic_energy(state, i)]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, list[str]]:
        once_per_turn(pctx)
        energies = self._energies(pctx.state, pctx.seat)
        if not energies:
            raise Illegal("R-POWER-1", msg("%(power)s needs a basic Energy card in your discard pile; there is none.",
                                           power=_power_name(pctx)))
        hand = pctx.me.hand
        if not hand:
            raise Illegal("R-POWER-1", msg("%(power)s discards a card from your hand first; it is empty.",
                                           power=_power_name(pctx)))
        card = one_card_named(pctx.choices, "cards", hand)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name the one card of your hand to discard."))
        taken = chosen_up_to(pctx.choices, "search", energies, self.most,
                             msg("basic Energy cards of your discard pile"), "R-POWER-1")
        return card, taken

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, taken = self._chosen(pctx)
        me = pctx.me
        me.hand.remove(card)
        discard_cards(pctx, pctx.seat, [card])
        for i in taken:
            me.discard.remove(i)
            me.hand.append(i)
        if taken:
            pctx.say(msg("%(power)s: %(seat)s discards %(card)s from the hand and puts %(cards)s from the discard "
                         "pile into the hand.", power=_power_name(pctx), seat=pctx.seat_label(pctx.seat),
                         card=pctx.ref(card, shown_to='*'), cards=pctx.refs(taken, shown_to="*")), "R-POWER-1")
        else:
            pctx.say(msg("%(power)s: %(seat)s discards %(card)s from the hand and puts no card from the discard pile "
                         "into the hand.", power=_power_name(pctx), seat=pctx.seat_label(pctx.seat),
                         card=pctx.ref(card, shown_to='*')), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        energies = self._energies(state, seat)
        if not energies:
            return []
        picks = distinct_picks(state, energies, 0, min(self.most, len(energies)))
        return [{"cards": [c], "search": pick} for c in one_per_card(state, state.seats[seat].hand)
                for pick in picks]


# -- Ninjask: Loose Shell --------------------------------------------------------------------------

class LooseShell(Power):
    """Right after this Pokémon is played from the hand to evolve: search the deck for a Shedinja
    and put it onto the Bench as a Basic Pokémon, then shuffle (two steps: the deck is shown,
    then `choose` names choices.search)."""
    text = ("when you play this Pokémon from your hand to evolve one of your Pokémon (as your very next action), "
            "you may look through your deck for a Shedinja (choices.search), put it onto your Bench as a Basic "
            "Pokémon and shuffle your deck; not while this Pokémon has a Special Condition")
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    wanted = "Shedinja"
    flag = "evolved_at_seq"

    def on_evolve(self, src: Listener, ev: EvolveEvent) -> None:
        """Notes the event this evolution will be (the state's next seq)."""
        if ev.pokemon is src.on and ev.card == ev.pokemon.top:
            ev.pokemon.flags[self.flag] = ev.ctx.state.seq + 1

    def _fits(self, state: State, instance: str) -> bool:
        return state.card_of(instance).name == self.wanted

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        name = _power_name(pctx)
        state = pctx.state
        if pctx.pokemon.flags.get(self.flag) != state.seq:
            raise Illegal("R-POWER-1", msg("%(power)s is used when %(pokemon)s is played from the hand to evolve, as "
                                           "the very next action; that moment has passed.", power=name,
                                           pokemon=pctx.card.name))
        if len(pctx.me.bench) >= pctx.rules.bench_size:
            raise Illegal("R-BENCH-1", msg("%(power)s puts a Pokémon onto the Bench, and the Bench is full.",
                                           power=name))
        if "search" in pctx.choices:
            chosen_search(pctx.choices, pctx.me.deck, lambda i: self._fits(state, i), self.wanted, "R-POWER-1",
                          hidden=True)

    def use(self, pctx: PowerCtx) -> None:
        deck = pctx.me.deck
        if "search" in pctx.choices or not deck:
            self._finish(pctx, chosen_search(pctx.choices, deck, lambda i: self._fits(pctx.state, i), self.wanted,
                                             "R-POWER-1", hidden=True))
            return
        pctx.say(msg("%(power)s: %(seat)s looks through the deck for a %(card)s.", power=_power_name(pctx),
                     seat=pctx.seat_label(pctx.seat), card=self.wanted), "R-HIDDEN-1")
        pctx.ask("search", pctx.pokemon.top, deck, by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in pctx.me.deck]
        self._finish(pctx, chosen_search(pctx.choices, shown, lambda i: self._fits(pctx.state, i), self.wanted,
                                         "R-POWER-1", hidden=False))

    def _finish(self, pctx: PowerCtx, card: str | None) -> None:
        me = pctx.me
        if card is None:
            pctx.say(msg("%(power)s finds no %(card)s in the deck.", power=_power_name(pctx), card=self.wanted),
                     "R-TRAINER-5")
        else:
            me.deck.remove(card)
            me.bench.append(Pokemon(stack=[card], entered_turn=pctx.state.turn))
            pctx.say(msg("%(power)s puts %(card)s from the deck onto the Bench as a Basic Pokémon.",
                         power=_power_name(pctx), card=pctx.ref(card, shown_to='*')), "R-POWER-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state.seats[pending["seat"]]
        found = [i for i in pending["look"] if i in seat.deck and self._fits(state, i)]
        return [{"search": [c]} for c in one_per_card(state, found)] or [{"search": []}]
