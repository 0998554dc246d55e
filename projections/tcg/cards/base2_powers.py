"""Jungle's Pokémon Powers: Invisible Wall (Mr. Mime), Thick Skinned (Snorlax), Shift
(Venomoth), Heal (Vileplume), Retreat Aid (Dodrio) and Peek (Mankey).

Shift, Heal and Peek are used as an action (check / use / options) and are refused while their
Pokémon is Asleep, Confused or Paralyzed (a Pokémon Power's kind, actions.BLOCKED_BY_KIND,
R-POWER-2); "once during your turn" is the printed `once_per_turn` fact, counted by the rules'
`this_turn["powers_used"]` (ex1_powers_1.once_per_turn). Invisible Wall, Thick Skinned and
Retreat Aid work by themselves: they answer the effect pipeline's hooks (hooks.py).

Rulings taken here:
- Invisible Wall prevents the whole damage of an attack to Mr. Mime when it is 30 or more at
  the step of R-DAMAGE-1 where the damaged Pokémon's powers count (after Weakness, Resistance,
  PlusPower and Defender), Active or Benched, from the opponent's attacks and from its own
  player's (Confusion damage included); any other effect of the attack still happens. It does
  nothing while Mr. Mime is Asleep, Confused or Paralyzed (R-POWER-2).
- Thick Skinned: Snorlax can't become Asleep, Confused, Paralyzed or Poisoned; while Snorlax
  already is Asleep, Confused or Paralyzed (the power then can't work) it can get the others.
- Shift changes Venomoth's type (`flags["type"]`, what the rules read for its attacks'
  Weakness and Resistance and what Chain Lightning and Rain Dance read) to the type of another
  Pokémon in play, either side, other than Colorless (choices.type), until the end of that turn:
  "once during your turn (before your attack)" gives the change to that turn's attack. A type
  another Pokémon has only through a power counts as its type.
- Heal names the Pokémon to heal with the use (choices.to; left out with one damaged Pokémon),
  before its coin; it is refused when none of its player's Pokémon has a damage counter.
- Retreat Aid: while Dodrio is on its owner's Bench, that player's Active Pokémon's Retreat Cost
  is 1 Colorless less (never below 0); two such Dodrio make it 2 less.
- Peek shows one hidden card to its player alone (R-HIDDEN-1). It names what it looks at with
  the action's existing choice keys (actions.CHOICE_FIELDS): choices.type is "own_deck" /
  "opponent_deck" (the top card), "opponent_hand" (a card picked at random, with the action's
  randomness), "own_prize" / "opponent_prize" with choices.count, the Prize card's place (1 to
  the Prize cards left, in the order they were laid). Looking changes nothing; an
  empty deck, hand or Prize pile can't be looked at.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import ENERGY_TYPES
from ..core import Illegal, heal
from ..hooks import ConditionEvent, DamageEvent, Listener, PokemonEvent, types
from .effects import Power, PowerCtx, TypeForTheTurn, name_of, once_per_turn, one_instance, own_in_play

if TYPE_CHECKING:
    from ..state import Pokemon, State

STOPPING = ("asleep", "confused", "paralyzed")     # what stops a Base Set era Pokémon Power


def _stopped(p: Pokemon | None) -> bool:
    return p is not None and any(c in p.conditions for c in STOPPING)


# -- Mr. Mime: Invisible Wall -----------------------------------------------------------------------

class InvisibleWall(Power):
    """Passive: an attack's damage of 30 or more to this Pokémon is prevented."""
    text = ("whenever an attack (the opponent's or your own) would do 30 or more damage to this Pokémon, after "
            "Weakness, Resistance and the Trainer cards in play, that damage is prevented (the attack's other "
            "effects still happen); nothing while this Pokémon is Asleep, Confused or Paralyzed")
    threshold = 30

    def _wall(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg < self.threshold or _stopped(src.on):
            return dmg
        ev.note(msg("Invisible Wall prevents damage of %(amount)s or more", amount=self.threshold))
        return 0

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        return self._wall(src, ev, dmg)

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        # the rules ask `damage_defender` only of the opponent's attacks and Confusion: an
        # attack of Mr. Mime's own player is walled at the last step asked for it
        if ev.by_opponent or ev.confusion:
            return dmg
        return self._wall(src, ev, dmg)


# -- Snorlax: Thick Skinned -------------------------------------------------------------------------

class ThickSkinned(Power):
    """Passive: this Pokémon can't become Asleep, Confused, Paralyzed or Poisoned."""
    text = ("this Pokémon can't become Asleep, Confused, Paralyzed or Poisoned; nothing while it already is "
            "Asleep, Confused or Paralyzed")
    kept_off = ("asleep", "confused", "paralyzed", "poisoned")

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return not (ev.pokemon is src.on and ev.condition in self.kept_off and not _stopped(src.on))


# -- Venomoth: Shift --------------------------------------------------------------------------------

def _types_in_play(state: State, me: Pokemon) -> list[str]:
    """The types of the other Pokémon in play but Colorless, in the order of the types' list."""
    found = {kind for s in state.seats for p in s.in_play() if p is not me for kind in types(state, p)}
    return [t for t in ENERGY_TYPES if t in found and t != "Colorless"]


class Shift(TypeForTheTurn):
    """Once a turn: this Pokémon's type becomes another Pokémon's in play (choices.type) until
    the end of the turn."""
    text = ("once during your turn, change this Pokémon's type to the type of another Pokémon in play (yours "
            "or the opponent's) other than Colorless (choices.type) until the end of the turn; not while this "
            "Pokémon is Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` sets the type `_chosen` checked

    def _chosen(self, pctx: PowerCtx) -> str:
        once_per_turn(pctx)
        types = _types_in_play(pctx.state, pctx.pokemon)
        chosen = pctx.choices.get("type")
        if chosen not in types:
            raise Illegal("R-POWER-1", msg("Shift needs choices.type: the type of another Pokémon in play other than "
                                           "Colorless (%(types)s).", types=", ".join(types) or msg("none")))
        return str(chosen)

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        self._set_type(pctx, self._chosen(pctx))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"type": t} for t in _types_in_play(state, pokemon)]


# -- Vileplume: Heal --------------------------------------------------------------------------------

class VileplumeHeal(Power):
    """Once a turn: flip; heads, 1 damage counter off one of your Pokémon (choices.to)."""
    text = ("once during your turn, flip a coin: heads, remove 1 damage counter from one of your Pokémon "
            "(choices.to, named before the flip); not while this Pokémon is Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` flips and heals the Pokémon `_target` checked; it asks nothing more

    @staticmethod
    def _damaged(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.damage >= 10]

    def _target(self, pctx: PowerCtx) -> Pokemon:
        once_per_turn(pctx)
        damaged = self._damaged(pctx.state, pctx.seat)
        if not damaged:
            raise Illegal("R-POWER-1", msg("Heal needs one of your Pokémon with a damage counter; none has one."))
        raw = one_instance(pctx.choices, "to")
        if raw is None and len(damaged) == 1:
            return damaged[0]
        target = own_in_play(pctx.state, pctx.seat, raw)
        if target is None or target not in damaged:
            raise Illegal("R-POWER-1", msg("Heal needs choices.to: one of your Pokémon with a damage counter "
                                           "(%(pokemon)s).",
                                           pokemon=", ".join(f"{name_of(pctx.state, p)} ({p.top})" for p in damaged)))
        return target

    def check(self, pctx: PowerCtx) -> None:
        self._target(pctx)

    def use(self, pctx: PowerCtx) -> None:
        target = self._target(pctx)
        if not pctx.flip(msg("Heal")):
            pctx.say(msg("Tails: Heal removes nothing."), "R-POWER-1")
            return
        heal(pctx, target, 10)
        pctx.say(msg("Heal removes 1 damage counter from %(pokemon)s (%(damage)s/%(hp)s).",
                     pokemon=name_of(pctx.state, target), damage=target.damage, hp=pctx.state.hp(target)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"to": p.top} for p in self._damaged(state, seat)]


# -- Dodrio: Retreat Aid ----------------------------------------------------------------------------

class RetreatAid(Power):
    """Passive: while this Pokémon is Benched, its owner's Active retreats for 1 Colorless less."""
    text = "while this Pokémon is on your Bench, your Active Pokémon's Retreat Cost is 1 Colorless less"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        mine = ev.state.seats[src.seat]
        if src.on is None or src.on not in mine.bench or mine.active is not ev.pokemon:
            return cost
        return max(0, cost - 1)


# -- Mankey: Peek -----------------------------------------------------------------------------------

LOOKS = ("own_deck", "opponent_deck", "opponent_hand", "own_prize", "opponent_prize")


class Peek(Power):
    """Once a turn: look at one hidden card (choices.type, with choices.count for a Prize card)."""
    text = ("once during your turn, look at one of: the top card of either player's deck, a card picked at "
            "random from the opponent's hand, or one of either player's Prize cards (choices.type: own_deck, "
            "opponent_deck, opponent_hand, own_prize or opponent_prize; choices.count: the Prize card's place, "
            "from 1); only you see it; not while this Pokémon is Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` shows the card `_zone` checked; it changes nothing

    @staticmethod
    def _zone(state: State, seat: int, look: str) -> list[str]:
        whose = state.seats[seat if look.startswith("own") else 1 - seat]
        return {"deck": whose.deck, "hand": whose.hand, "prize": whose.prizes}[look.split("_")[1]]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, list[str], int | None]:
        once_per_turn(pctx)
        look = pctx.choices.get("type")
        if look not in LOOKS:
            raise Illegal("R-POWER-1", msg("Peek needs choices.type: one of %(looks)s.", looks=", ".join(LOOKS)))
        zone = self._zone(pctx.state, pctx.seat, look)
        if not zone:
            raise Illegal("R-POWER-1", msg("Peek: there is no card to look at there (%(look)s).", look=look))
        place = None
        if look.endswith("prize"):
            place = pctx.choices.get("count")
            if not isinstance(place, int) or isinstance(place, bool) or not 1 <= place <= len(zone):
                raise Illegal("R-POWER-1", msg("Peek needs choices.count: the Prize card's place, 1 to %(count)s.",
                                               count=len(zone)))
        return look, zone, place

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        look, zone, place = self._chosen(pctx)
        who = pctx.seat_label(pctx.seat if look.startswith("own") else pctx.opp)
        if look.endswith("deck"):
            card = zone[0]
            where = msg("the top card of %(seat)s's deck", seat=who)
        elif look.endswith("hand"):
            card = zone[pctx.rng.shuffle(len(zone))[0]] if len(zone) > 1 else zone[0]
            where = msg("a card picked at random from %(seat)s's hand", seat=who)
        else:
            assert place is not None, "_chosen: a Prize card's place"
            card = zone[place - 1]
            where = msg("%(seat)s's Prize card %(place)s", seat=who, place=place)
        pctx.say(msg("%(seat)s peeks at %(where)s: %(card)s.", seat=pctx.seat_label(pctx.seat), where=where,
                     card=pctx.ref(card, shown_to=[pctx.seat])), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for look in LOOKS:
            zone = self._zone(state, seat, look)
            if zone and look.endswith("prize"):
                out.extend({"type": look, "count": n} for n in range(1, len(zone) + 1))
            elif zone:
                out.append({"type": look})
        return out
