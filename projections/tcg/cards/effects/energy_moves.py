"""Energy discarded and moved by modern attacks, and the switches they make: the Defending
Pokémon's Energy of a kind discarded (Special Energy, one type, only from a Pokémon ex), a
discard per heads or per tails, "You may discard all Energy from this Pokémon" for more
damage, a discard when a "+" condition is met, and a switch with a Benched Pokémon of a type.

Rulings (their sources beside them):
- "Discard a Special Energy / a <type> Energy from your opponent's Active Pokémon" takes one
  Energy card of that kind (a <type> Energy: a card that provides that type now, as
  `choices.energy_of_type` reads it); none attached, nothing happens. The card is named in
  choices.cards when there is a choice (R-ATTACK-2), after the damage (R-ENERGY-3). "… your
  opponent's Active Pokémon ex" does nothing to a Pokémon that is not a Pokémon ex.
- "Flip N coins. For each heads, discard an Energy from your opponent's Active Pokémon." The
  cards are named with the action, in the order they go (choices.cards, up to N of them); heads
  discard the first ones (a player names at once what they would pick after each coin: the
  choice never depends on anything but the coins). "For each tails, discard an Energy from this
  Pokémon" likewise.
- "If <condition>, this attack does N more damage, and discard all Energy from this Pokémon."
  (Hearthflame Mask Ogerpon ex's wording): the discard belongs to the condition — when it is not
  met, no Energy is discarded (the Japanese text joins both in one "if" clause).
- "You may discard all Energy from this Pokémon and have this attack do N more damage.": named
  with the action (choices.cards naming every Energy card attached; left out or [], none is
  discarded), done as the damage is worked out, before Weakness and Resistance (R-DAMAGE-1).
- "Switch this Pokémon with 1 of your Benched <type> Pokémon." switches with a Benched Pokémon
  of that type now (`hooks.is_type`); without one, no switch (R-RETREAT-6).
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg
from ...contexts import AttackCtx
from ...core import Illegal, energy_count, switch_active
from ...hooks import is_type
from .base import Effect, affected_defender, attack_memo
from .choices import MAX_PICKS, chosen_cards, chosen_target, energy_of_type
from .damage_conditions import ENERGY, Condition, Count, PlusIf
from .energy import discard_attached

if TYPE_CHECKING:
    from ...state import Pokemon, State

Fits = Callable[["State", "Pokemon"], "list[str]"]


def energy_of_kind(kind: str | None) -> Fits:
    """The Energy cards on a Pokémon an effect may take: "special" (Special Energy cards), a type
    (cards that provide it) or None (any)."""
    if kind == "special":
        return lambda state, p: [i for i in p.energy if state.card_of(i).energy_kind == "special"]
    return lambda state, p: energy_of_type(state, p, kind)


def _discard_from(actx: AttackCtx, seat: int, p: Pokemon, cards: list[str]) -> None:
    """Attached Energy cards discarded, named to both (attached cards are in sight of both)."""
    discard_attached(actx, seat, p, cards)
    actx.say(msg("%(attack)s discards %(cards)s from %(pokemon)s.", attack=actx.attack.name,
                 cards=joined(actx.name(i) for i in cards), pokemon=actx.name(p)), "R-ENERGY-3")


class DiscardDefendingEnergyOf(Effect):
    """After damage, discard 1 Energy card of `kind` ("special", a type, None: any) attached to
    the Defending Pokémon (choices.cards when there is a choice); `ex_only`: only from a Pokémon
    ex."""

    def __init__(self, kind: str | None, words: str, ex_only: bool = False):
        self.kind = kind
        self.fits = energy_of_kind(kind)
        self.ex_only = ex_only
        self.text = f"discard {words} from the opponent's Active Pokémon{' ex' if ex_only else ''} (choices.cards)"

    def _allowed(self, state: State, d: Pokemon | None) -> list[str]:
        if d is None or (self.ex_only and "ex" not in state.card_of(d.top).tags):
            return []
        return self.fits(state, d)

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.defender)
        attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, 1, msg("Defending Energy to discard"))

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        cards = [i for i in attack_memo(actx, self)["cards"] if d is not None and i in d.energy]
        if d is None or not cards:
            return
        _discard_from(actx, actx.opp, d, cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, state.seats[1 - seat].active)
        return [{}] if len(allowed) <= 1 else [{"cards": [i]} for i in allowed]


class DiscardPerCoin(Effect):
    """Flip `coins` coins: for each heads (`side` "heads"), discard an Energy card from the
    Defending Pokémon; for each tails ("tails"), from this Pokémon. The cards are named with the
    action in the order they go (choices.cards: as many as can go, up to `coins`)."""

    def __init__(self, coins: int, side: str):
        self.coins = coins
        self.side = side
        whose = "the opponent's Active Pokémon" if side == "heads" else "this Pokémon"
        self.text = (f"flip {coins} coins: for each {side}, discard an Energy card from {whose} (choices.cards, "
                     "in the order they go)")

    def _holder(self, state: State, seat: int, attacker: Pokemon) -> Pokemon | None:
        return state.seats[1 - seat].active if self.side == "heads" else attacker

    def check(self, actx: AttackCtx) -> None:
        p = self._holder(actx.state, actx.seat, actx.attacker)
        energy = list(p.energy) if p is not None else []
        if len(set(map(actx.state.card_id, energy))) <= 1 and "cards" not in actx.choices:
            attack_memo(actx, self)["cards"] = energy[:self.coins]
            return
        attack_memo(actx, self)["cards"] = chosen_cards(actx, energy, self.coins, msg("Energy to discard, in order"))

    def after(self, actx: AttackCtx) -> None:
        flips = [actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins)]
        count = flips.count(True) if self.side == "heads" else flips.count(False)
        p = affected_defender(actx) if self.side == "heads" else actx.attacker
        if p is None or not count:
            return
        cards = [i for i in attack_memo(actx, self)["cards"] if i in p.energy][:count]
        if cards:
            _discard_from(actx, actx.opp if self.side == "heads" else actx.seat, p, cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        p = self._holder(state, seat, attacker)
        energy = list(p.energy) if p is not None else []
        if len(set(map(state.card_id, energy))) <= 1:
            return [{}]
        seen: dict[tuple[str, ...], list[str]] = {}
        for order in permutations(energy, min(self.coins, len(energy))):
            seen.setdefault(tuple(map(state.card_id, order)), list(order))
        return [{"cards": c} for c in seen.values()][:MAX_PICKS]


class PlusIfThenDiscardAll(PlusIf):
    """"If <condition>, this attack does `bonus` more damage, and discard all Energy from this
    Pokémon.": when the condition is met as the damage is worked out, the bonus, and after the
    damage every Energy card attached to this Pokémon is discarded; when not, neither."""

    def __init__(self, condition: Condition, bonus: int):
        super().__init__(condition, bonus)
        self.text = f"if {condition.text}: +{bonus} damage, and discard all Energy from this Pokémon after it"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        met = self.condition.test(actx)
        attack_memo(actx, self)["met"] = met
        return amount + self.bonus if met else amount

    def after(self, actx: AttackCtx) -> None:
        cards = list(actx.attacker.energy)
        if attack_memo(actx, self).get("met") and cards:
            _discard_from(actx, actx.seat, actx.attacker, cards)


class MayDiscardAllForMore(Effect):
    """"You may discard all Energy from this Pokémon and have this attack do `bonus` more
    damage." (the printed "+"): choices.cards names every Energy card attached to it to discard
    them; left out or [], none is."""
    settled_by_check = ()       # the check reads the Energy; the damage step only discards it

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = (f"you may discard all Energy cards attached to this Pokémon (choices.cards naming them all; "
                     f"left out, none): if you do, +{bonus} damage")

    def check(self, actx: AttackCtx) -> None:
        raw = actx.choices.get("cards")
        energy = list(actx.attacker.energy)
        if raw not in (None, []) and (not isinstance(raw, list) or sorted(raw) != sorted(energy) or not energy):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names every Energy card attached to "
                                            "%(pokemon)s to discard them all (%(cards)s), or is left out.",
                                            attack=actx.attack.name, pokemon=actx.attacker_name,
                                            cards=", ".join(energy) or msg("none")))
        attack_memo(actx, self)["discard"] = bool(raw)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        cards = list(actx.attacker.energy)
        if not attack_memo(actx, self)["discard"] or not cards:
            return amount
        _discard_from(actx, actx.seat, actx.attacker, cards)
        return amount + self.bonus

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + ([{"cards": list(attacker.energy)}] if attacker.energy else [])


class SwitchSelfWithType(Effect):
    """After the attack, switch this Pokémon with 1 of your Benched Pokémon of `energy_type`
    (choices.to; left out with one), when you have one."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = f"switch this Pokémon with one of your Benched {energy_type} Pokémon (choices.to), if any"

    def _bench(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].bench if is_type(state, p, self.energy_type)]

    def _what(self) -> str:
        return msg("one of your Benched %(type)s Pokémon", type=self.energy_type)

    def check(self, actx: AttackCtx) -> None:
        bench = self._bench(actx.state, actx.seat)
        if bench:
            chosen_target(actx, actx.choices, bench, self._what(), "R-ATTACK-2")

    def after(self, actx: AttackCtx) -> None:
        bench = self._bench(actx.state, actx.seat)
        if not bench or actx.me.active is not actx.attacker:
            return
        new = chosen_target(actx, actx.choices, bench, self._what(), "R-ATTACK-2")
        switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=actx.attacker_name,
                     other=actx.name(new)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = self._bench(state, seat)
        return [{}] if len(bench) <= 1 else [{"to": p.top} for p in bench]


# -- what the damage wordings count and ask -----------------------------------------------------------

def _specials(state: State, p: Pokemon) -> int:
    return sum(state.card_of(i).energy_kind == "special" for i in p.energy)


def _tools(state: State, p: Pokemon) -> int:
    return sum(state.card_of(i).trainer_kind == "tool" for i in p.attached)


def _both_in_play(a: AttackCtx) -> list[Pokemon]:
    return a.me.in_play() + a.them.in_play()


SPECIAL_ON_SELF = Count("Special Energy card attached to this Pokémon", lambda a: _specials(a.state, a.attacker))
BASIC_ON_SELF = Count("Basic Energy card attached to this Pokémon",
                      lambda a: sum(a.state.card_of(i).is_basic_energy for i in a.attacker.energy))
SPECIAL_ON_OPPONENTS = Count("Special Energy card attached to the opponent's Pokémon",
                             lambda a: sum(_specials(a.state, p) for p in a.them.in_play()))
TOOLS_IN_PLAY = Count("Pokémon Tool attached to any Pokémon in play (both players')",
                      lambda a: sum(_tools(a.state, p) for p in _both_in_play(a)))
DEFENDING_TOOL = Condition("the opponent's Active Pokémon has a Pokémon Tool attached",
                           lambda a: a.defender is not None and _tools(a.state, a.defender) > 0)
MORE_THAN_DEFENDING = Condition("this Pokémon has more Energy attached than the opponent's Active Pokémon",
                                lambda a: energy_count(a.state, a.attacker)
                                > (energy_count(a.state, a.defender) if a.defender else 0), ENERGY)


def on_opponents(energy_type: str | None) -> Count:
    return Count(f"{energy_type} Energy attached to the opponent's Pokémon",
                 lambda a: sum(energy_count(a.state, p, energy_type) for p in a.them.in_play()), ENERGY)


def on_owned(energy_type: str, owner: str) -> Count:
    """<type> Energy on the attacking player's Pokémon whose name begins with `owner` ("Iono's")."""
    return Count(f"{energy_type} Energy attached to your {owner} Pokémon",
                 lambda a: sum(energy_count(a.state, p, energy_type) for p in a.me.in_play()
                               if str(a.state.card_of(p.top).name).startswith(owner + " ")), ENERGY)


def self_energy_at_least(n: int, energy_type: str) -> Condition:
    return Condition(f"this Pokémon has {n} or more {energy_type} Energy attached",
                     lambda a: energy_count(a.state, a.attacker, energy_type) >= n, ENERGY)


def energy_in_play_at_least(n: int) -> Condition:
    return Condition(f"you have {n} or more Energy in play",
                     lambda a: sum(energy_count(a.state, p) for p in a.me.in_play()) >= n, ENERGY)


__all__ = ["BASIC_ON_SELF", "DEFENDING_TOOL", "MORE_THAN_DEFENDING", "SPECIAL_ON_OPPONENTS", "SPECIAL_ON_SELF",
           "TOOLS_IN_PLAY", "DiscardDefendingEnergyOf", "DiscardPerCoin", "MayDiscardAllForMore",
           "PlusIfThenDiscardAll", "SwitchSelfWithType", "energy_in_play_at_least", "energy_of_kind", "on_opponents",
           "on_owned", "self_energy_at_least"]
