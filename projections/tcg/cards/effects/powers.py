"""Pokémon Powers and Poké-Powers printed on cards of more than one set."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...contexts import PowerCtx
from ...core import Illegal, place_counters, switch_active
from ...hooks import DamageEvent, Listener, TurnEvent, types
from .base import Power, and_list, name_of
from .choices import one_instance, own_in_play
from .once import once_per_turn

if TYPE_CHECKING:
    from ...state import Pokemon, State


def attacker_that_damaged_active(src: Listener, ev: DamageEvent) -> Pokemon | None:
    """The attacking Pokémon, still in play, when an opponent's attack (not confusion) damaged the
    listener's Pokémon while it was Active (even if it is Knocked Out); None otherwise."""
    if ev.target is not src.on or not ev.by_opponent or ev.confusion:
        return None
    state = ev.state
    if state.find_pokemon(ev.target.top)[2] != "active":
        return None
    attacker = ev.attacker
    if state.find_pokemon(attacker.top)[1] is not attacker:
        return None
    return attacker


class RoughSkin(Power):
    """Poké-Body: when an opponent's attack damages this Pokémon while it is Active (even if it
    is Knocked Out or has a Special Condition), `counters` damage counters go on the attacking
    Pokémon (placed, R-DAMAGE-3)."""

    def __init__(self, counters: int = 1):
        self.counters = counters
        self.text = (f"whenever an opponent's attack damages this Pokémon while it is your Active Pokémon (even "
                     f"if it is Knocked Out), put {counters} damage counter(s) on the attacking Pokémon")

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        attacker = attacker_that_damaged_active(src, ev)
        if attacker is None:
            return
        state = ev.state
        power = state.card_of(ev.target.top).power      # ev.target is this Pokémon
        place_counters(ev.ctx, attacker, self.counters,
                       msg("%(pokemon)s's %(power)s", pokemon=state.card_of(ev.target.top).name,
                           power=power.name if power else msg("Poké-Body")))


class EnergyTrans(Power):
    """Move 1 Grass Energy card (choices.cards) from one of your Pokémon to another (choices.to)."""
    text = ("as often as you like during your turn, move 1 Grass Energy card (choices.cards) attached to one "
            "of your Pokémon to a different one of your Pokémon (choices.to); not while this Pokémon is "
            "Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` moves the card `_chosen` checked; it asks nothing more

    @staticmethod
    def _grass_on(state: State, p: Pokemon) -> list[str]:
        return [i for i in p.energy if state.card_of(i).name == "Grass Energy"]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, Pokemon, Pokemon]:
        state = pctx.state
        card = one_instance(pctx.choices, "cards")
        source = next((p for p in state.seats[pctx.seat].in_play() if card in self._grass_on(state, p)), None)
        if source is None or not isinstance(card, str):
            raise Illegal("R-POWER-1", msg("Energy Trans needs choices.cards naming one Grass Energy card "
                                           "attached to one of your Pokémon."))
        target = own_in_play(state, pctx.seat, one_instance(pctx.choices, "to"))
        if target is None or target is source:
            raise Illegal("R-POWER-1", msg("Energy Trans needs choices.to: a different one of your Pokémon in "
                                           "play."))
        return card, source, target

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, source, target = self._chosen(pctx)
        source.energy.remove(card)
        target.energy.append(card)
        pctx.say(msg("Energy Trans moves a Grass Energy from %(source)s to %(target)s.",
                     source=name_of(pctx.state, source), target=name_of(pctx.state, target)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        mine = state.seats[seat].in_play()
        return [{"cards": [g], "to": t.top} for s in mine for g in self._grass_on(state, s)
                for t in mine if t is not s]


class IntimidatingFang(Power):
    """Poké-Body: while this Pokémon is Active, the opponent's attacks do 10 less damage to each
    of its owner's Pokémon, before Weakness and Resistance."""
    text = ("while this Pokémon is your Active Pokémon, the damage an opponent's attack does to any of your "
            "Pokémon is 10 less, before Weakness and Resistance")
    amount = 10

    def _applies(self, src: Listener, ev: DamageEvent, dmg: int) -> bool:
        state = ev.state
        return (dmg > 0 and ev.by_opponent and state.seats[src.seat].active is src.on
                and state.find_pokemon(ev.target.top)[0] == src.seat)

    def _reduce(self, ev: DamageEvent, dmg: int) -> int:
        dmg -= self.amount
        ev.note(msg("Intimidating Fang −%(amount)s = %(damage)s", amount=self.amount, damage=dmg))
        return dmg

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        """To the Defending Pokémon: before Weakness and Resistance (R-DAMAGE-1 b's step)."""
        return self._reduce(ev, dmg) if ev.to_defending and self._applies(src, ev, dmg) else dmg

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        """To a Benched Pokémon (no Weakness or Resistance): the first step Bench damage is asked."""
        return self._reduce(ev, dmg) if not ev.to_defending and self._applies(src, ev, dmg) else dmg


class SwitchOpponentsActive(Power):
    """Once during your turn, while this Pokémon is Active: one of the opponent's Benched Pokémon
    (choices.pokemon) and their Defending Pokémon swap places (R-RETREAT-6). `opponent_picks`:
    the opponent picks which (the choice reported), else the player does."""
    opponent_picks = False

    def _picked(self, pctx: PowerCtx) -> Pokemon:
        once_per_turn(pctx)
        name = pctx.card.power.name if pctx.card.power else msg("This power")
        if pctx.place != "active":
            raise Illegal("R-POWER-1", msg("%(power)s works only while %(pokemon)s is your Active Pokémon.",
                                           power=name, pokemon=pctx.card.name))
        bench = pctx.them.bench
        if not bench:
            raise Illegal("R-POWER-1", msg("%(power)s needs a Benched Pokémon of the opponent to switch in.",
                                           power=name))
        chosen = one_instance(pctx.choices, "pokemon")
        if chosen is None and len(bench) == 1:
            return bench[0]
        new = next((p for p in bench if isinstance(chosen, str) and chosen in p.stack), None)
        if new is None and self.opponent_picks:
            raise Illegal("R-POWER-1", msg("%(power)s: choices.pokemon must name the one Benched Pokémon of the "
                                           "opponent that the opponent picks.", power=name))
        if new is None:
            raise Illegal("R-POWER-1", msg("%(power)s: choices.pokemon must name one of the opponent's Benched "
                                           "Pokémon.", power=name))
        return new

    def check(self, pctx: PowerCtx) -> None:
        self._picked(pctx)

    def use(self, pctx: PowerCtx) -> None:
        new = self._picked(pctx)
        old = switch_active(pctx, pctx.opp, new)
        if self.opponent_picks:
            pctx.say(msg("%(seat)s picks %(pokemon)s: it is now the Defending Pokémon and %(old)s goes to the Bench.",
                         seat=pctx.seat_label(pctx.opp), pokemon=pctx.name(new), old=pctx.name(old)), "R-RETREAT-6")
            return
        pctx.say(msg("%(power)s: %(pokemon)s is now %(seat)s's Defending Pokémon and %(other)s goes to the Bench.",
                     power=pctx.card.power.name if pctx.card.power else msg("This power"), pokemon=pctx.name(new),
                     seat=pctx.seat_label(pctx.opp), other=pctx.name(old)), "R-RETREAT-6")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        return [{}] if len(bench) <= 1 else [{"pokemon": [p.top]} for p in bench]


class TypeForTheTurn(Power):
    """A power that changes its Pokémon's type until the end of the turn (`_set_type`); before
    the checkup the Pokémon has its own types again."""

    @staticmethod
    def _set_type(pctx: PowerCtx, new_type: str) -> None:
        p = pctx.pokemon
        p.flags["type"] = new_type
        p.flags["type_turn"] = pctx.state.turn
        pctx.say(msg("%(pokemon)s's type is %(type)s until the end of the turn.", pokemon=pctx.card.name,
                     type=new_type), "R-POWER-1")

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        p = src.on
        if p is None or p.flags.get("type_turn") is None:
            return
        p.flags.pop("type", None)
        p.flags.pop("type_turn", None)
        ev.ctx.say(msg("%(pokemon)s's type is %(type)s again.", pokemon=name_of(ev.ctx.state, p),
                       type=and_list(types(ev.ctx.state, p))))
