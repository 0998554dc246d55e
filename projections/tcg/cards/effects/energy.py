"""Energy moved by attacks: discarded from either Pokémon, attached from the deck or the discard pile."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ....messages import joined, msg
from ...contexts import AttackCtx
from ...core import Ctx, Illegal, attach_by_effect, discard_cards
from .base import Effect, attack_memo
from .choices import (
    basic_energy,
    chosen_cards,
    chosen_target,
    combinations_of,
    distinct_picks,
    energy_of_type,
    is_energy_card,
    one_per_card,
)
from .search import DeckSearch

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State


def discard_attached(ctx: Ctx, seat_no: int, p: Pokemon, cards: list[str]) -> None:
    """Energy cards attached to `p` go to the seat's discard pile."""
    for i in cards:
        p.energy.remove(i)
    discard_cards(ctx, seat_no, cards)


def attach_from_discard(actx: AttackCtx, target: Pokemon, cards: list[str]) -> None:
    """Energy cards of the attacking seat's discard pile attached to `target` (not the turn's
    attachment from the hand)."""
    for c in cards:
        actx.me.discard.remove(c)
        attach_by_effect(actx, target, c, from_hand=False)


def attach_each_to_attacker(actx: AttackCtx, cards: list[str]) -> None:
    """Energy cards of the discard pile attached to the attacking Pokémon, one sentence each."""
    for c in cards:
        actx.me.discard.remove(c)
        actx.say(msg("%(attack)s attaches %(card)s from the discard pile to %(pokemon)s.", attack=actx.attack.name,
                     card=actx.name(c), pokemon=actx.attacker_name))
        attach_by_effect(actx, actx.attacker, c, from_hand=False)


class DiscardOwnEnergy(Effect):
    """A cost: discard Energy attached to this Pokémon to use the attack (paid before
    Confusion is checked, R-ATTACK-2). `count="all"` discards every Energy card."""
    settled_by_check = ()       # the check reads the Energy; paying only discards it

    def __init__(self, count: int | Literal["all"] = 1, energy_type: str | None = None):
        self.count = count
        self.energy_type = energy_type
        kind = f"{energy_type} " if energy_type else ""
        what = "all Energy cards" if count == "all" else f"{count} {kind}Energy card(s)"
        self.text = f"discard {what} attached to this Pokémon to use it"

    def _allowed(self, state: State, p: Pokemon) -> list[str]:
        return energy_of_type(state, p, self.energy_type)

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.attacker)
        if self.count != "all":
            if len(allowed) < self.count:
                raise Illegal("R-ATTACK-1", msg("%(pokemon)s lacks the Energy to discard for %(attack)s.",
                                                pokemon=actx.attacker_name, attack=actx.attack.name))
            attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, self.count, msg("Energy to discard"))

    def pay(self, actx: AttackCtx) -> None:
        p = actx.attacker
        cards = list(p.energy) if self.count == "all" else attack_memo(actx, self)["cards"]
        for i in cards:
            p.energy.remove(i)
        actx.state.seats[actx.seat].discard.extend(cards)
        actx.say(msg("%(pokemon)s discards %(count)s Energy card(s) for %(attack)s.", pokemon=actx.attacker_name,
                     count=len(cards), attack=actx.attack.name), "R-ENERGY-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        if self.count == "all":
            return [{}]
        allowed = self._allowed(state, attacker)
        if len(allowed) <= self.count:
            return [{}]
        return [{"cards": c} for c in combinations_of(allowed, self.count)]


class DiscardDefendingEnergy(Effect):
    """After damage, discard Energy cards attached to the Defending Pokémon (attacker chooses)."""

    def __init__(self, count: int = 1):
        self.count = count
        self.text = f"discard {count} Energy card(s) attached to the Defending Pokémon"

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None or not d.energy or not actx.can_affect(d):
            return
        cards = chosen_cards(actx, list(d.energy), self.count, msg("Defending Energy to discard"))
        for i in cards:
            d.energy.remove(i)
        actx.state.seats[actx.opp].discard.extend(cards)
        actx.say(msg("%(count)s Energy card(s) attached to %(pokemon)s are discarded.", count=len(cards),
                     pokemon=actx.name(d)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        d = state.seats[1 - seat].active
        if d is None or len(d.energy) <= self.count:
            return [{}]
        return [{"cards": c} for c in combinations_of(list(d.energy), self.count)]


class SearchEnergyAttach(DeckSearch):
    """Search the deck for a basic Energy card of `energy_type` and attach it to one of your
    Pokémon (choices.to)."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.what = msg("basic %(type)s Energy card", type=energy_type)
        self.text = (f"look through your deck for a basic {energy_type} Energy card (choices.search), attach it "
                     "to one of your Pokémon (choices.to) and shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        return basic_energy(state, instance, self.energy_type)

    def _target(self, actx: AttackCtx) -> Pokemon:
        return chosen_target(actx, actx.choices, actx.me.in_play(), msg("one of your Pokémon in play"), "R-ATTACK-2")

    def _checked(self, actx: AttackCtx, card: str | None) -> None:
        if card is not None:
            self._target(actx)

    def take(self, actx: AttackCtx, card: str) -> None:
        target = self._target(actx)
        attach_by_effect(actx, target, card, from_hand=False)
        actx.say(msg("%(attack)s attaches %(card)s from the deck to %(pokemon)s.", attack=actx.attack.name,
                     card=actx.ref(card, shown_to="*"), pokemon=actx.name(target)))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        mine = state.seats[pending["seat"]].in_play()
        return [{**o, "to": p.top} for o in super().resolve_options(state, pending) if o["search"]
                for p in mine] or [{"search": []}]


class AttachFromDiscard(Effect):
    """Attach 1 Energy card (of a basic type, or any) from your discard pile to this Pokémon
    (`to="self"`) or to your Active Pokémon (`to="active"`), named in choices.cards."""

    def __init__(self, energy_type: str | None = None, to: str = "self"):
        self.energy_type = energy_type
        self.to = to
        what = f"{energy_type} Energy card" if energy_type else "Energy card (any kind)"
        where = "this Pokémon" if to == "self" else "your Active Pokémon"
        self.text = (f"attach 1 {what} from your discard pile to {where} (choices.cards, when more than one "
                     "fits; nothing when none does)")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_energy_card(state, i, self.energy_type)]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, 1,
                                                        msg("Energy card from the discard pile to attach"))

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        target = actx.attacker if self.to == "self" else actx.me.active
        if not cards or target is None:
            actx.say(msg("%(attack)s: no fitting Energy card in the discard pile to attach.", attack=actx.attack.name))
            return
        card = cards[0]
        actx.me.discard.remove(card)
        actx.say(msg("%(attack)s attaches %(card)s from the discard pile to %(pokemon)s.", attack=actx.attack.name,
                     card=actx.name(card), pokemon=actx.name(target)))
        attach_by_effect(actx, target, card, from_hand=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        if len(allowed) <= 1:
            return [{}]
        return [{"cards": [i]} for i in one_per_card(state, allowed)]


class DiscardDefendingEnergyChosen(DiscardDefendingEnergy):
    """DiscardDefendingEnergy whose choice is checked at announcement (inside a FlipWithChoices
    the discard itself waits for heads)."""

    def __init__(self, count: int = 1):
        super().__init__(count)
        self.text = (f"discard {count} Energy card(s) attached to the Defending Pokémon, named when the attack is "
                     "announced (choices.cards; left out when it has no more than that)")

    def check(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is not None and d.energy:
            chosen_cards(actx, list(d.energy), self.count, msg("Defending Energy to discard"))


class DiscardOwnEnergyAfter(Effect):
    """After damage, discard Energy cards attached to this Pokémon (an effect, not a cost: it
    comes after damage, and a coin may decide it). The cards, when there is a choice, are
    named with the action (choices.cards)."""

    def __init__(self, count: int = 1, energy_type: str | None = None):
        self.count = count
        self.energy_type = energy_type
        kind = f"{energy_type} " if energy_type else ""
        self.text = f"discard {count} {kind}Energy card(s) attached to this Pokémon (choices.cards)"

    def _allowed(self, state: State, p: Pokemon) -> list[str]:
        return energy_of_type(state, p, self.energy_type)

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.attacker)
        attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, self.count, msg("Energy to discard"))

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker
        cards = [i for i in attack_memo(actx, self).get("cards", []) if i in p.energy]
        if not cards:
            actx.say(msg("%(pokemon)s has no such Energy to discard.", pokemon=actx.attacker_name))
            return
        for i in cards:
            p.energy.remove(i)
        discard_cards(actx, actx.seat, cards)
        names = ", ".join(actx.name(i) for i in cards)     # attached cards: in sight of both
        actx.say(msg("%(pokemon)s discards %(cards)s attached to it.", pokemon=actx.attacker_name, cards=names),
                 "R-ENERGY-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, attacker)
        if len(allowed) <= self.count:
            return [{}]
        return [{"cards": c} for c in combinations_of(allowed, self.count)]


class AttachUpToFromDiscard(Effect):
    """Attach up to `most` Energy cards of any kind from the discard pile to this Pokémon
    (AttachFromDiscard attaches exactly one)."""

    def __init__(self, most: int = 2):
        self.most = most
        self.text = (f"attach up to {most} Energy cards (any kind) from your discard pile to this Pokémon "
                     "(choices.cards; left out, all of them when there are that many or fewer)")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).supertype == "Energy"]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        chosen = actx.choices.get("cards")
        if chosen is None:
            if len(allowed) > self.most:
                raise Illegal("R-ATTACK-2", msg("Name up to %(count)s Energy cards of your discard pile to attach in "
                                                "choices.cards.", count=self.most))
            chosen = allowed
        elif (not isinstance(chosen, list) or len(chosen) > self.most or len(set(chosen)) != len(chosen)
              or any(c not in allowed for c in chosen)):
            raise Illegal("R-ATTACK-2", msg("choices.cards must name up to %(count)s different Energy cards of your "
                                            "discard pile: %(cards)s.", count=self.most,
                                            cards=", ".join(allowed) or msg("it has none")))
        attack_memo(actx, self)["cards"] = list(chosen)

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
            return
        attach_each_to_attacker(actx, cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        return [{"cards": pick} for pick in distinct_picks(state, allowed, 0, min(self.most, len(allowed)))]


class MayDiscardForBonus(Effect):
    """An optional discard of 1 Energy card attached to this Pokémon, of `energy_type` when given
    (choices.cards, left out to keep it), for `bonus` more damage. DiscardOwnEnergy is a required
    cost paid before the Confusion flip; this one is a choice, done as the damage is worked out."""

    def __init__(self, energy_type: str | None, bonus: int):
        self.energy_type = energy_type
        self.bonus = bonus
        kind = f"{energy_type} " if energy_type else ""
        self.text = (f"you may discard 1 {kind}Energy card attached to this Pokémon (choices.cards; "
                     f"leave it out to keep it): if you do, +{bonus} damage")

    def _refused(self, actx: AttackCtx, allowed: list[str]) -> Illegal:
        cards = joined(allowed) or msg("there is none")
        if self.energy_type is None:
            return Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name one Energy card attached to "
                                             "%(pokemon)s: %(cards)s.", attack=actx.attack.name,
                                             pokemon=actx.attacker_name, cards=cards))
        return Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name one %(type)s Energy card attached to "
                                         "%(pokemon)s: %(cards)s.", attack=actx.attack.name, type=self.energy_type,
                                         pokemon=actx.attacker_name, cards=cards))

    def check(self, actx: AttackCtx) -> None:
        chosen = actx.choices.get("cards")
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if chosen is not None and (not isinstance(chosen, list) or len(chosen) != 1 or chosen[0] not in allowed):
            raise self._refused(actx, allowed)
        attack_memo(actx, self)["card"] = chosen[0] if chosen else None

    def damage(self, actx: AttackCtx, amount: int) -> int:
        card = attack_memo(actx, self).get("card")
        if card is None:
            return amount
        discard_attached(actx, actx.seat, actx.attacker, [card])
        actx.say(msg("%(pokemon)s discards %(card)s for %(attack)s: +%(bonus)s damage.", pokemon=actx.attacker_name,
                     card=actx.name(card), attack=actx.attack.name, bonus=self.bonus), "R-ENERGY-3")
        return amount + self.bonus

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"cards": [i]} for i in energy_of_type(state, attacker, self.energy_type)]


class MayDiscardEnergyForBonus(MayDiscardForBonus):
    """MayDiscardForBonus for any Energy card."""

    def __init__(self, bonus: int):
        super().__init__(None, bonus)
