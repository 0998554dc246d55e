"""Energy discarded and moved by modern attacks: the Defending Pokémon's Energy of a kind
discarded (Special Energy, one type, only from a Pokémon ex; every Special Energy of the
opponent's Pokémon; with the Tools before the damage), a discard per heads or per tails, "You
may discard all Energy from this Pokémon" for more damage, a discard when a "+" condition is
met, and Energy moved (a Basic one to the Bench, any amount between your Pokémon, one between
the opponent's Pokémon). Switches and Pokémon discarded are `switch_moves.py`'s; the counts of
Energy the damage wordings read, `energy_counts.py`'s.

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
- "If <condition>, this attack does N more damage, and discard all Energy from this Pokémon.":
  the discard belongs to the condition — when it is not
  met, no Energy is discarded (the Japanese text joins both in one "if" clause).
- "You may discard all Energy from this Pokémon and have this attack do N more damage.": named
  with the action (choices.cards naming every Energy card attached; left out or [], none is
  discarded), done as the damage is worked out, before Weakness and Resistance (R-DAMAGE-1).
- An effect on the opponent's Pokémon (a discard, an Energy moved away) skips a Pokémon the
  attack's effects can't reach (`can_affect`), Benched ones included.
- "You may move any amount of [<type>] Energy from your Pokémon to your other Pokémon in any way
  you like.": choices.cards names the cards and choices.to, card by card, where each goes (to a
  Pokémon other than the one it is on); left out, none moves. "Move an Energy from 1 of your
  opponent's Pokémon to another of their Pokémon." is named the same way, one card; with fewer
  than 2 Pokémon of theirs in play, nothing moves.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg
from ...contexts import AttackCtx
from ...core import Illegal
from .base import Effect, affected_defender, attack_memo
from .choices import MAX_PICKS, chosen_cards, energy_of_type, one_per_card
from .damage_conditions import Condition, PlusIf
from .deck_moves import MoveOwnEnergy
from .energy import discard_attached
from .zones import DiscardDefendingToolsFirst

if TYPE_CHECKING:
    from ...state import Pokemon, State

Fits = Callable[["State", "Pokemon"], "list[str]"]


def energy_of_kind(kind: str | None) -> Fits:
    """The Energy cards on a Pokémon an effect may take: "special" (Special Energy cards), a type
    (cards that provide it) or None (any)."""
    if kind == "special":
        return lambda state, p: [i for i in p.energy if state.card_of(i).energy_kind == "special"]
    return lambda state, p: energy_of_type(state, p, kind)


def discard_energy(actx: AttackCtx, seat: int, p: Pokemon, cards: list[str]) -> None:
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
        discard_energy(actx, actx.opp, d, cards)

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
            discard_energy(actx, actx.opp if self.side == "heads" else actx.seat, p, cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        p = self._holder(state, seat, attacker)
        energy = list(p.energy) if p is not None else []
        if len(set(map(state.card_id, energy))) <= 1:
            return [{}]
        seen: dict[tuple[str, ...], list[str]] = {}
        for order in permutations(energy, min(self.coins, len(energy))):
            seen.setdefault(tuple(map(state.card_id, order)), list(order))
        return [{"cards": c} for c in seen.values()][:MAX_PICKS]


class DiscardAllOwnEnergyOf(Effect):
    """After damage, discard every Energy card attached to this Pokémon that provides
    `energy_type` ("Discard all <type> Energy from this Pokémon"; an effect, not a cost)."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = f"after the damage, discard all {energy_type} Energy cards attached to this Pokémon"

    def after(self, actx: AttackCtx) -> None:
        cards = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if cards:
            discard_energy(actx, actx.seat, actx.attacker, cards)


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
            discard_energy(actx, actx.seat, actx.attacker, cards)


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
        discard_energy(actx, actx.seat, actx.attacker, cards)
        return amount + self.bonus

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + ([{"cards": list(attacker.energy)}] if attacker.energy else [])

class DiscardSpecialFromAll(Effect):
    """"Discard all Special Energy from all of your opponent's Pokémon.": after the damage, from
    each of them the attack's effects reach (R-ENERGY-3)."""
    text = "discard every Special Energy card attached to the opponent's Pokémon"

    def after(self, actx: AttackCtx) -> None:
        specials = energy_of_kind("special")
        for p in actx.them.in_play():
            cards = specials(actx.state, p)
            if cards and actx.can_affect(p):
                discard_energy(actx, actx.opp, p, cards)


class DiscardToolsAndSpecialFirst(DiscardDefendingToolsFirst):
    """"Before doing damage, discard all Pokémon Tools and Special Energy from your opponent's
    Active Pokémon." (R-TRAINER-4, R-ENERGY-3)."""
    text = "before the damage, discard every Pokémon Tool and Special Energy card attached to the opponent's Active"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        amount = super().damage(actx, amount)
        d = actx.defender
        cards = energy_of_kind("special")(actx.state, d) if d is not None else []
        if d is not None and cards and actx.can_affect(d):
            discard_energy(actx, actx.opp, d, cards)
        return amount

class MoveOwnBasicEnergy(MoveOwnEnergy):
    """"Move a Basic Energy from this Pokémon to 1 of your Benched Pokémon.": MoveOwnEnergy over
    the Basic Energy cards attached."""

    def __init__(self) -> None:
        super().__init__(1, None, "bench_one")
        self.text = ("move a Basic Energy card from this Pokémon to one of your Benched Pokémon (choices.cards, "
                     "choices.to)")

    def _allowed(self, state: State, p: Pokemon) -> list[str]:
        return [i for i in p.energy if state.card_of(i).is_basic_energy]


def _holder(state: State, seat: int, card: str) -> Pokemon | None:
    """The seat's Pokémon in play `card` is attached to as Energy."""
    return next((p for p in state.seats[seat].in_play() if card in p.energy), None)


def _moves(actx: AttackCtx, seat: int, allowed: list[str]) -> list[tuple[str, Pokemon]]:
    """(Energy card, Pokémon it goes to) as choices.cards and choices.to list them, card by card:
    each named once, among `allowed`, to another of the seat's Pokémon in play."""
    cards, to = actx.choices.get("cards", []), actx.choices.get("to", [])
    mine = actx.state.seats[seat].in_play()
    if not isinstance(cards, list) or not isinstance(to, list) or len(cards) != len(to) \
            or len(set(cards)) != len(cards) or any(c not in allowed for c in cards):
        raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names the Energy to move (%(cards)s) and "
                                        "choices.to, card by card, the Pokémon each goes to.",
                                        attack=actx.attack.name, cards=", ".join(allowed) or msg("none")))
    moves: list[tuple[str, Pokemon]] = []
    for card, top in zip(cards, to, strict=True):
        target = next((p for p in mine if isinstance(top, str) and top in p.stack), None)
        if target is None or target is _holder(actx.state, seat, card):
            raise Illegal("R-ATTACK-2", msg("choices.to must name, for each Energy, another Pokémon in play of "
                                            "the same player."))
        moves.append((card, target))
    return moves


def _move(actx: AttackCtx, seat: int, moves: list[tuple[str, Pokemon]]) -> None:
    for card, target in moves:
        source = _holder(actx.state, seat, card)
        if source is None or target not in actx.state.seats[seat].in_play():
            continue
        source.energy.remove(card)
        target.energy.append(card)
        actx.say(msg("%(attack)s moves %(cards)s from %(pokemon)s to %(other)s.", attack=actx.attack.name,
                     cards=actx.ref(card, shown_to="*"), pokemon=actx.name(source), other=actx.name(target)),
                 "R-ENERGY-3")


class MayMoveAnyEnergy(Effect):
    """"You may move any amount of [<type>] Energy from your Pokémon to your other Pokémon in any
    way you like.": after the damage, each Energy card choices.cards names (of `energy_type`) goes
    to the Pokémon choices.to names for it, card by card; left out, none moves."""

    def __init__(self, energy_type: str | None):
        self.energy_type = energy_type
        self.text = (f"you may move any {energy_type or ''} Energy between your Pokémon (choices.cards, choices.to "
                     "card by card)")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for p in state.seats[seat].in_play() for i in energy_of_type(state, p, self.energy_type)]

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["moves"] = _moves(actx, actx.seat, self._allowed(actx.state, actx.seat))

    def after(self, actx: AttackCtx) -> None:
        _move(actx, actx.seat, attack_memo(actx, self)["moves"])

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        mine = state.seats[seat].in_play()
        return [{}] + [{"cards": [i], "to": [p.top]} for i in one_per_card(state, self._allowed(state, seat))
                       for p in mine if i not in p.energy][:MAX_PICKS]


class MoveOpponentsEnergy(Effect):
    """"Move an Energy from 1 of your opponent's Pokémon to another of their Pokémon.": the card
    (choices.cards) and where it goes (choices.to) named with the action; after the damage,
    unless the attack's effects can't reach the Pokémon it leaves. The opponent with fewer than
    2 Pokémon in play or no Energy attached: nothing moves."""
    text = "move an Energy card from one of the opponent's Pokémon to another of theirs (choices.cards, choices.to)"

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        theirs = state.seats[1 - seat].in_play()
        return [i for p in theirs for i in p.energy] if len(theirs) > 1 else []

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        moves = _moves(actx, actx.opp, allowed) if allowed else []
        if allowed and len(moves) != 1:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names 1 Energy card to move (%(cards)s) and "
                                            "choices.to the Pokémon it goes to.", attack=actx.attack.name,
                                            cards=", ".join(allowed)))
        attack_memo(actx, self)["moves"] = moves

    def after(self, actx: AttackCtx) -> None:
        moves = attack_memo(actx, self)["moves"]
        source = _holder(actx.state, actx.opp, moves[0][0]) if moves else None
        if source is not None and actx.can_affect(source):
            _move(actx, actx.opp, moves)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        theirs = state.seats[1 - seat].in_play()
        moves: list[dict[str, Any]] = [{"cards": [i], "to": [p.top]} for i in self._allowed(state, seat)
                                       for p in theirs if i not in p.energy]
        return moves[:MAX_PICKS] or [{}]
