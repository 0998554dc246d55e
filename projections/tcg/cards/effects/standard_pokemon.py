"""Blocks the Pokémon of the shipped 2026 Standard decks share (`cards/sv_standard_pokemon.py`):
damage counted from the board, an attack that can't be used again next turn, and the drawing
Abilities limited once a turn by their name (the damage that ignores the effects on the
Defending Pokémon and the Item lock are `next_turn`'s, which the compiler uses too).

Rulings taken here:
- "During your next turn, this Pokémon can't use <attack>" is the lasting "attack_blocked" of
  that attack on the attacker until the end of its owner's next turn (R-ATTACK-1); it ends when
  the Pokémon goes to the Bench or evolves, as every effect of an attack (R-RETREAT-6,
  R-EVOLVE-5).
- "You can't use more than 1 <name> Ability each turn" counts the uses of that Ability by name
  in `this_turn["abilities_used"]` (the member `sv_decks_pokemon` writes), whichever Pokémon
  used it; a printing that prints its Ability's name as "[Ability] <name>" (the facts' quirk) is
  the same Ability. "If any of your Pokémon were Knocked Out during your opponent's last turn"
  reads the turn record (`this_turn["knocked_out_last_turn"]`: a Knock Out during that turn,
  not in the checkup between turns).
- A drawing Ability's cost ("you must discard a card from your hand in order to use this
  Ability") is named in `choices.cards` (left out when the hand holds one fitting card); it is
  refused with no such card. Drawing more than the deck holds draws what it holds (R-TRAINER-5).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....messages import msg, msg_n
from ...core import Illegal, add_effect, discard_cards, draw, provided_energy, provides_type
from .base import Effect, Power
from .choices import one_instance, one_per_card
from .once import once_per_turn

if TYPE_CHECKING:
    from ...contexts import AttackCtx, PowerCtx
    from ...state import Pokemon, State

ABILITIES_USED = "abilities_used"      # this_turn: Ability name -> uses this turn (ruling above)


def ability_name(pctx: PowerCtx) -> str:
    """The Ability's name, the "[Ability] " of some printings' facts left out (ruling above)."""
    name = str(pctx.card.power.name) if pctx.card.power else str(pctx.card.name)
    return name.removeprefix("[Ability] ")


def _uses_by_name(state: State, name: str) -> int:
    return int(state.this_turn.get(ABILITIES_USED, {}).get(name, 0))


def note_use_by_name(pctx: PowerCtx) -> None:
    """Count one use of this Ability by name this turn (a new dict: clones share the old one)."""
    name = ability_name(pctx)
    used = dict(pctx.state.this_turn.get(ABILITIES_USED, {}))
    used[name] = used.get(name, 0) + 1
    pctx.state.this_turn[ABILITIES_USED] = used


def one_by_name(pctx: PowerCtx) -> None:
    """Refuse a second use this turn of an Ability its text allows once a turn by name."""
    name = ability_name(pctx)
    if _uses_by_name(pctx.state, name):
        raise Illegal("R-POWER-1", msg("Only one %(ability)s Ability may be used each turn, and one has been used.",
                                       ability=name))


# -- counting the board ------------------------------------------------------------------------------
# The counts an attack's damage reads are `damage_conditions.Count`s (`SIMPLE_COUNTS`), with its
# `PlusPer` and `TimesPer`; this one is the Energy a damage placed on another Pokémon reads.

def energy_on_self(actx: AttackCtx) -> int:
    return len(provided_energy(actx.state, actx.attacker))


# -- an attack blocked next turn ------------------------------------------------------------------------

class CantUseThisAttackNextTurn(Effect):
    """During its owner's next turn this Pokémon can't use this attack (its other attacks it may)."""
    text = "during your next turn, this Pokémon can't use this attack"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "attack_blocked", actx.state.turn + 2, attack=actx.attack.name,
                   why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't use %(attack)s during its owner's next turn.", pokemon=actx.attacker_name,
                     attack=actx.attack.name), "R-ATTACK-1")


# -- drawing Abilities -------------------------------------------------------------------------------

Fits = Callable[["State", str], bool]


def any_card(state: State, inst: str) -> bool:
    return True


def basic_energy_card_of(energy_type: str) -> Fits:
    def fits(state: State, inst: str) -> bool:
        c = state.card_of(inst)
        return c.is_basic_energy and any(provides_type(u, energy_type) for u in c.provides)
    return fits


class DrawAbility(Power):
    """Once during your turn: draw `count` cards. `by_name`: one such Ability a turn, whichever
    Pokémon; `active`: only while this Pokémon is Active; `after_knock_out`: only if one of your
    Pokémon was Knocked Out during the opponent's last turn; `with_in_play`: only with a Pokémon
    of that name in play; `discard`: a card of the hand that fits, discarded first (the cost)."""

    def __init__(self, count: int, *, by_name: bool = False, active: bool = False, after_knock_out: bool = False,
                 with_in_play: str | None = None, discard: Fits | None = None, discard_what: str = ""):
        self.count = count
        self.by_name = by_name
        self.active = active
        self.after_knock_out = after_knock_out
        self.with_in_play = with_in_play
        self.discard = discard
        self.discard_what = discard_what
        if discard is not None:
            self.choice_zones = {"cards": "hand"}
        parts = ["once during your turn"]
        if active:
            parts.append("while this Pokémon is in the Active Spot")
        if after_knock_out:
            parts.append("if any of your Pokémon were Knocked Out during your opponent's last turn")
        if with_in_play:
            parts.append(f"if you have {with_in_play} in play")
        if discard is not None:
            parts.append(f"discarding {discard_what} from your hand (choices.cards)")
        self.text = ", ".join(parts) + f": draw {count} cards" + (
            " (only one Ability of this name a turn)" if by_name else "")

    def _fitting(self, state: State, seat: int) -> list[str]:
        fits = self.discard
        return [i for i in state.seats[seat].hand if fits(state, i)] if fits is not None else []

    def _conditions(self, pctx: PowerCtx) -> None:
        name = ability_name(pctx)
        if self.active and pctx.place != "active":
            raise Illegal("R-POWER-1", msg("%(ability)s is used only while %(pokemon)s is in the Active Spot.",
                                           ability=name, pokemon=pctx.card.name))
        if self.after_knock_out and pctx.seat not in pctx.state.this_turn.get("knocked_out_last_turn", []):
            raise Illegal("R-POWER-1", msg("%(ability)s is used only if one of your Pokémon was Knocked Out during "
                                           "your opponent's last turn; none was.", ability=name))
        if self.with_in_play and not any(pctx.state.card_of(p.top).name == self.with_in_play
                                         for p in pctx.me.in_play()):
            raise Illegal("R-POWER-1", msg("%(ability)s is used only if you have %(pokemon)s in play.", ability=name,
                                           pokemon=self.with_in_play))

    def _cost(self, pctx: PowerCtx) -> str | None:
        if self.discard is None:
            return None
        fitting = self._fitting(pctx.state, pctx.seat)
        card = one_instance(pctx.choices, "cards")
        if card is None and len(set(pctx.state.card_id(i) for i in fitting)) == 1:
            card = fitting[0]
        if not isinstance(card, str) or card not in fitting:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name %(what)s of your hand to discard.",
                                           ability=ability_name(pctx), what=self.discard_what))
        return card

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if self.by_name:
            one_by_name(pctx)
        self._conditions(pctx)
        self._cost(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card = self._cost(pctx)
        if self.by_name:
            note_use_by_name(pctx)
        name = ability_name(pctx)
        if card is not None:
            pctx.me.hand.remove(card)
            discard_cards(pctx, pctx.seat, [card])
            pctx.say(msg("%(ability)s: %(seat)s discards %(card)s from the hand.", ability=name,
                         seat=pctx.seat_label(pctx.seat), card=pctx.ref(card, shown_to='*')), "R-POWER-1")
        draw_for(pctx, name, self.count)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        if self.discard is None:
            return [{}]
        return [{"cards": [i]} for i in one_per_card(state, self._fitting(state, seat))]


def draw_for(pctx: PowerCtx, name: str, count: int) -> list[str]:
    """Draw `count` cards for the Ability `name` (what the deck holds, R-TRAINER-5), said."""
    drawn = draw(pctx, pctx.seat, count)
    if len(drawn) < count:
        pctx.say(msg_n("%(ability)s: %(seat)s draws %(num)s card(s) (the deck held no more).",
                       "%(ability)s: %(seat)s draws %(num)s card(s) (the deck held no more).", len(drawn),
                       ability=name, seat=pctx.seat_label(pctx.seat)), "R-TRAINER-5")
    else:
        pctx.say(msg_n("%(ability)s: %(seat)s draws %(num)s card(s).", "%(ability)s: %(seat)s draws %(num)s card(s).",
                       len(drawn), ability=name, seat=pctx.seat_label(pctx.seat)), "R-POWER-1")
    return drawn
