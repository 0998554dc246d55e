"""Base Set Pokémon Powers of base1-1 … base1-34: Damage Swap, Rain Dance, Energy Burn,
Strikes Back, Energy Trans and Buzzap.

A used power has check(pctx) / use(pctx) / options(state, seat, pokemon); `actions.do_use_power`
refuses it first while its Pokémon is Asleep, Confused or Paralyzed (`blocked_by`, R-POWER-2).
Strikes Back is passive: it answers the `after_damaged` hook (hooks.py) whenever an
opponent's attack damages Machamp.

Rulings taken here:
- Damage Swap moves one counter per use (use it again for the next one) and refuses a move
  that would bring the receiving Pokémon's damage to its HP or more (it can't Knock Out).
- Rain Dance attaches a Water Energy card (the basic card named "Water Energy") from the hand
  to a Pokémon of yours whose type is Water now (R-INPLAY-1, hooks.types); it never touches the
  once-per-turn attachment.
- Energy Trans moves one Grass Energy card (the basic card named "Grass Energy") per use from
  one of your Pokémon to a different one of yours.
- Energy Burn adds an "energy_burn" effect until the end of this turn, which answers the
  `energy_units` hook: every unit an attached card provides reads as Fire. Double Colorless Energy provides 2
  units, so under Energy Burn it provides 2 Fire Energy. The effect stays if Charizard goes to
  the Bench this turn (it is a power's effect, not an attack's).
- Strikes Back answers damage from the opponent's attack to Machamp anywhere (Active or Bench),
  even when that damage Knocks Machamp Out; it does 10 damage to the attacking Pokémon with no
  Weakness, Resistance, PlusPower or Defender (it is not an attack). It does nothing if Machamp
  is Asleep, Confused or Paralyzed when it is damaged.
- Buzzap: Electrode is Knocked Out (the opponent takes a Prize as usual, R-KO-2); the cards
  under it and attached to it go to the discard pile; the Electrode card itself is attached to
  `choices.to` as an Energy card providing 2 Energy of `choices.type` (one of the six Energy
  types; Colorless is no type of Energy card). If Electrode was Active, its owner promotes a
  Benched Pokémon (R-KO-3) and then goes on with the turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import ENERGY_TYPES
from ..core import Illegal, add_effect, attach_by_effect, condition_name, discard_cards, remove_pokemon_from_play
from ..hooks import DamageEvent, EnergyEvent, Listener, in_play, is_type, lasting
from .effects import Power, PowerCtx, and_list, name_of, one_instance, own_in_play

if TYPE_CHECKING:
    from ..state import Pokemon, State

ENERGY_CARD_TYPES = tuple(t for t in ENERGY_TYPES if t != "Colorless")


# -- helpers -------------------------------------------------------------------------------


# -- Alakazam: Damage Swap ----------------------------------------------------------------

class DamageSwap(Power):
    """Move 1 damage counter from one of your Pokémon (choices.from) to another (choices.to);
    refused when it would Knock Out the receiving Pokémon."""
    text = ("as often as you like during your turn, move 1 damage counter from one of your Pokémon "
            "(choices.from) to another of yours (choices.to), never so that the receiving Pokémon "
            "is Knocked Out; not while this Pokémon is Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` moves the counter `_pair` checked; it asks nothing more

    def _pair(self, pctx: PowerCtx) -> tuple[Pokemon, Pokemon]:
        state = pctx.state
        src = own_in_play(state, pctx.seat, one_instance(pctx.choices, "from"))
        dst = own_in_play(state, pctx.seat, one_instance(pctx.choices, "to"))
        if src is None or dst is None:
            raise Illegal("R-POWER-1", msg("Damage Swap needs choices.from and choices.to: two of your own "
                                           "Pokémon in play."))
        if src is dst:
            raise Illegal("R-POWER-1", msg("Damage Swap moves a counter from one Pokémon to a different one."))
        if src.damage < 10:
            raise Illegal("R-POWER-1", msg("%(pokemon)s has no damage counter to move.", pokemon=name_of(state, src)))
        if dst.damage + 10 >= state.hp(dst):
            raise Illegal("R-POWER-1", msg("Damage Swap can't Knock Out %(pokemon)s: it has %(damage)s/%(hp)s and "
                                           "one more counter would Knock it Out.", pokemon=name_of(state, dst),
                                           damage=dst.damage, hp=state.hp(dst)))
        return src, dst

    def check(self, pctx: PowerCtx) -> None:
        self._pair(pctx)

    def use(self, pctx: PowerCtx) -> None:
        src, dst = self._pair(pctx)
        src.damage -= 10
        dst.damage += 10
        state = pctx.state
        pctx.say(msg("Damage Swap moves 1 damage counter from %(source)s (%(source_damage)s/%(source_hp)s) to "
                     "%(target)s (%(target_damage)s/%(target_hp)s).", source=name_of(state, src),
                     source_damage=src.damage, source_hp=state.hp(src), target=name_of(state, dst),
                     target_damage=dst.damage, target_hp=state.hp(dst)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        mine = state.seats[seat].in_play()
        return [{"from": a.top, "to": b.top} for a in mine for b in mine
                if a is not b and a.damage >= 10 and b.damage + 10 < state.hp(b)]


# -- Blastoise: Rain Dance ----------------------------------------------------------------

class RainDance(Power):
    """Attach a Water Energy card from the hand (choices.cards) to one of your Water Pokémon
    (choices.to), beside the normal once-per-turn attachment."""
    text = ("as often as you like during your turn, attach a Water Energy card from your hand "
            "(choices.cards) to one of your Water Pokémon (choices.to); this is not your one Energy "
            "attachment for the turn; not while this Pokémon is Asleep, Confused or Paralyzed")
    choice_zones = {"cards": "hand"}
    settled_by_check = ("on_attach",)      # `use` attaches the card `_chosen` checked

    @staticmethod
    def _waters_in_hand(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if state.card_of(i).name == "Water Energy"]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, Pokemon]:
        state = pctx.state
        card = one_instance(pctx.choices, "cards")
        if not isinstance(card, str) or card not in self._waters_in_hand(state, pctx.seat):
            raise Illegal("R-POWER-1", msg("Rain Dance needs choices.cards naming one Water Energy card in your "
                                           "hand."))
        target = own_in_play(state, pctx.seat, one_instance(pctx.choices, "to"))
        if target is None:
            raise Illegal("R-POWER-1", msg("Rain Dance needs choices.to: one of your Pokémon in play."))
        if not is_type(state, target, "Water"):
            raise Illegal("R-POWER-1", msg("Rain Dance attaches only to Water Pokémon; %(pokemon)s is %(type)s.",
                                           pokemon=name_of(state, target), type=and_list(state.types(target))))
        return card, target

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, target = self._chosen(pctx)
        pctx.state.seats[pctx.seat].hand.remove(card)
        pctx.say(msg("Rain Dance attaches a Water Energy from the hand to %(pokemon)s (not the turn's one Energy "
                     "attachment).", pokemon=name_of(pctx.state, target)), "R-POWER-1")
        attach_by_effect(pctx, target, card, from_hand=True)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        waters = self._waters_in_hand(state, seat)
        targets = [p for p in state.seats[seat].in_play() if is_type(state, p, "Water")]
        return [{"cards": [w], "to": t.top} for w in waters for t in targets]


# -- Charizard: Energy Burn ----------------------------------------------------------------

@lasting("energy_burn")
class EnergyBurnEffect:
    """Lasting: every Energy unit attached to this Pokémon is Fire."""

    def energy_units(self, src: Listener, ev: EnergyEvent, units: list[str]) -> list[str]:
        return ["Fire"] * len(units) if ev.pokemon is src.on else units


class EnergyBurn(Power):
    """Every Energy attached to this Pokémon counts as Fire until the end of the turn."""
    text = ("during your turn, every Energy attached to this Pokémon becomes Fire Energy until the end of "
            "the turn (each unit a card provides: Double Colorless gives 2 Fire); not while this Pokémon "
            "is Asleep, Confused or Paralyzed")
    # `use` adds its lasting effect (answering `energy_units`, which nothing after it asks in
    # this action); it checks nothing of its own.
    settled_by_check = ()

    def use(self, pctx: PowerCtx) -> None:
        p = pctx.pokemon
        if not any(e["kind"] == "energy_burn" for e in p.effects):
            add_effect(p, "energy_burn", pctx.state.turn, survives_bench=True, why="Energy Burn")
        pctx.say(msg("Energy Burn: all Energy attached to %(pokemon)s is Fire Energy for the rest of the turn.",
                     pokemon=pctx.card.name), "R-POWER-1")


# -- Machamp: Strikes Back ------------------------------------------------------------------

class StrikesBack(Power):
    """Passive: when the opponent's attack damages this Pokémon, 10 damage to the attacker."""
    text = ("whenever an opponent's attack damages this Pokémon (even if it is Knocked Out), 10 damage to "
            "the attacking Pokémon, without Weakness or Resistance; nothing if this Pokémon is Asleep, "
            "Confused or Paralyzed")
    amount = 10

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        if ev.target is not src.on or ev.confusion:
            return
        actx, target = ev.ctx, ev.target
        state = actx.state
        name = name_of(state, target)
        blocked = [c for c in target.conditions if c in ("asleep", "confused", "paralyzed")]
        if blocked:
            actx.say(msg("Strikes Back does nothing: %(pokemon)s is %(condition)s.", pokemon=name,
                         condition=condition_name(blocked[0])), "R-POWER-2")
            return
        attacker = actx.attacker
        if state.find_pokemon(attacker.top)[1] is not attacker:
            return
        attacker.damage += self.amount
        actx.say(msg("%(pokemon)s's Strikes Back does %(amount)s damage to %(attacker)s (no Weakness or "
                     "Resistance) — %(damage)s/%(hp)s.", pokemon=name, amount=self.amount,
                     attacker=actx.attacker_name, damage=attacker.damage, hp=state.hp(attacker)), "R-POWER-1")


# -- Venusaur: Energy Trans -----------------------------------------------------------------


# -- Electrode: Buzzap ----------------------------------------------------------------------

class Buzzap(Power):
    """Knock Out this Pokémon and attach its card to another of yours (choices.to) as an Energy
    card giving 2 Energy of the chosen type (choices.type)."""
    text = ("during your turn, Knock Out this Pokémon (the opponent takes a Prize) and attach its card to "
            "another of your Pokémon (choices.to) as an Energy card providing 2 Energy of a type you choose "
            "(choices.type); not while this Pokémon is Asleep, Confused or Paralyzed")
    # `use` Knocks Out the Pokémon `_chosen` checked at once (asking what is in play then:
    # `on_knock_out`, `prize_count`) and refuses nothing: its owner keeps the Pokémon the card
    # is attached to, so only the opponent can win by the Prize cards; the rest moves cards.
    settled_by_check = (in_play("on_knock_out"), in_play("prize_count"))

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, str]:
        state = pctx.state
        target = own_in_play(state, pctx.seat, one_instance(pctx.choices, "to"))
        if target is None or target is pctx.pokemon:
            raise Illegal("R-POWER-1", msg("Buzzap needs choices.to: another of your Pokémon in play."))
        kind = pctx.choices.get("type")
        if kind not in ENERGY_CARD_TYPES:
            raise Illegal("R-POWER-1", msg("Buzzap needs choices.type: one of %(types)s.",
                                           types=", ".join(ENERGY_CARD_TYPES)))
        return target, kind

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        state = pctx.state
        target, kind = self._chosen(pctx)
        p = pctx.pokemon
        seat = state.seats[pctx.seat]
        was_active = seat.active is p
        electrode = p.top
        name = pctx.card.name
        pctx.say(msg("Buzzap: %(pokemon)s (%(seat)s) is Knocked Out.", pokemon=name, seat=pctx.seat_label(pctx.seat)),
                 "R-KO-1")
        prizes = pctx.knock_out(pctx.seat, p)
        remove_pokemon_from_play(pctx, pctx.seat, p)
        discard_cards(pctx, pctx.seat, p.stack[:-1] + p.energy + p.attached)
        target.energy.append(electrode)
        target.flags.setdefault("energy_override", {})[electrode] = [kind, kind]
        pctx.say(msg("The %(card)s card is attached to %(pokemon)s as an Energy card providing 2 %(type)s Energy.",
                     card=name, pokemon=name_of(state, target), type=kind), "R-POWER-1")
        took = [False, False]
        if prizes:
            took[pctx.opp] = pctx.take_prizes(pctx.opp, prizes)
        pctx.decide_winner(took)
        if not state.result and was_active:
            pctx.continue_after("resume")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        others = [p for p in state.seats[seat].in_play() if p is not pokemon]
        return [{"to": t.top, "type": kind} for t in others for kind in ENERGY_CARD_TYPES]
