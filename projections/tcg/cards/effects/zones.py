"""Cards and Pokémon moved between zones: switching, drawing, discarding from the hand."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...carddb import UNKNOWN
from ...contexts import AttackCtx
from ...core import Ctx, Illegal, benched, discard_cards, draw, shuffle_deck, switch_active
from ...state import Pokemon
from .base import Effect
from .choices import chosen_target, one_pokemon_named

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State


def bench_from_deck(ctx: Ctx, seat_no: int, picked: list[str]) -> None:
    """The Pokémon cards found in the seat's deck go onto its Bench, each alone as a Basic Pokémon
    would go; the deck is shuffled, and the cards named when there are any (R-BENCH-2)."""
    seat = ctx.state.seats[seat_no]
    for i in picked:
        seat.deck.remove(i)
        seat.bench.append(Pokemon(stack=[i], entered_turn=ctx.state.turn))
        benched(ctx, seat_no, seat.bench[-1])
    shuffle_deck(ctx, seat_no)
    if picked:
        ctx.say(msg("%(seat)s puts %(cards)s from the deck onto the Bench and shuffles the deck.",
                    seat=ctx.seat_label(seat_no), cards=ctx.refs(picked, shown_to="*")), "R-BENCH-2")


class SwitchDefending(Effect):
    """Switch the Defending Pokémon with one of the opponent's Benched Pokémon, chosen in
    choices.pokemon (by the attacker or, for Whirlwind, reported as the opponent's choice)."""
    # The check reads the Bench; the switch moves Pokémon already in play (the one coming in
    # has no Special Condition) and asks `can_be_affected` and `hp`, damage hooks.
    settled_by_check = ()

    def __init__(self, chooser: str = "attacker"):
        self.chooser = chooser
        who = "you choose" if chooser == "attacker" else "the opponent chooses"
        self.text = f"switch the Defending Pokémon with one of the opponent's Benched Pokémon ({who})"

    def check(self, actx: AttackCtx) -> None:
        bench = actx.state.seats[actx.opp].bench
        if bench and one_pokemon_named(actx.choices, bench) is None:
            raise Illegal("R-ATTACK-2", msg("choices.pokemon must name one of the opponent's Benched Pokémon."))

    def after(self, actx: AttackCtx) -> None:
        bench = actx.state.seats[actx.opp].bench
        d = actx.defender
        if not bench or d is None or not actx.can_affect(d):
            return
        if d.damage >= actx.state.hp(d):
            actx.say(msg("%(pokemon)s is Knocked Out by the damage, so there is no switch; its owner "
                         "chooses a new Active Pokémon as usual.", pokemon=actx.name(d)), "R-KO-3")
            return
        chosen = actx.choices.get("pokemon")
        pick = chosen[0] if chosen else bench[0].top
        new = next(p for p in bench if pick in p.stack)
        switch_active(actx, actx.opp, new)
        actx.defender = new
        actx.say(msg("%(pokemon)s is switched with %(other)s.", pokemon=actx.name(d), other=actx.name(new)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        if len(bench) <= 1:
            return [{}]
        return [{"pokemon": [p.top]} for p in bench]


class DiscardFromOpponentHandUnseen(Effect):
    """Discard a card of the opponent's hand picked without looking: at random, with the
    action's randomness (a shuffle of the hand's positions, recorded and replayed); at a
    paper table the first hand card the referee doesn't know (the table may name it)."""
    text = "discard a card picked without looking from the opponent's hand"

    def after(self, actx: AttackCtx) -> None:
        hand = actx.them.hand
        if not hand:
            actx.say(msg("%(seat)s has no card in hand to discard.", seat=actx.seat_label(actx.opp)))
            return
        unknown = [i for i in hand if actx.state.card_id(i) == UNKNOWN] if actx.state.table else []
        pick = unknown[0] if unknown else hand[actx.rng.shuffle(len(hand))[0]] if len(hand) > 1 else hand[0]
        hand.remove(pick)
        discard_cards(actx, actx.opp, [pick])
        actx.say(msg("%(pokemon)s picks a card from %(seat)s's hand without looking: %(card)s is discarded.",
                     pokemon=actx.attacker_name, seat=actx.seat_label(actx.opp), card=actx.ref(pick, shown_to="*")))


class SwitchSelf(Effect):
    """After the attack, switch this Pokémon with one of your Benched Pokémon (choices.to; left out
    with one), when you have one."""
    text = "switch this Pokémon with one of your Benched Pokémon (choices.to), if you have any"

    def check(self, actx: AttackCtx) -> None:
        if actx.me.bench:
            chosen_target(actx, actx.choices, actx.me.bench, msg("one of your Benched Pokémon"), "R-ATTACK-2")

    def after(self, actx: AttackCtx) -> None:
        bench = actx.me.bench
        if not bench or actx.me.active is not actx.attacker:
            return
        new = chosen_target(actx, actx.choices, bench, msg("one of your Benched Pokémon"), "R-ATTACK-2")
        switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=actx.attacker_name,
                     other=actx.name(new)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[seat].bench
        return [{}] if len(bench) <= 1 else [{"to": p.top} for p in bench]


class DrawCards(Effect):
    """Draw `count` cards (as many as the deck holds, R-TRAINER-5)."""

    def __init__(self, count: int = 1):
        self.count = count
        self.text = f"draw {count} card(s)"

    def after(self, actx: AttackCtx) -> None:
        drawn = draw(actx, actx.seat, self.count)
        if not drawn:
            actx.say(msg("%(seat)s's deck is empty: %(attack)s draws nothing.", seat=actx.seat_label(actx.seat),
                         attack=actx.attack.name), "R-TRAINER-5")
            return
        actx.say(msg("%(seat)s draws %(cards)s.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(drawn, shown_to=[actx.seat])))


class DiscardDefendingToolsFirst(Effect):
    text = "before the damage, discard every Pokémon Tool attached to the opponent's Active Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        if d is None:
            return amount
        tools = [i for i in d.attached if actx.state.card_of(i).trainer_kind == "tool"]
        if not tools:
            return amount
        if not actx.can_affect(d):
            actx.say(msg("%(pokemon)s is protected from the effects of attacks: its Tools stay.", pokemon=actx.name(d)))
            return amount
        d.attached = [i for i in d.attached if i not in tools]
        discard_cards(actx, actx.opp, tools)
        actx.say(msg("%(attack)s discards %(cards)s from %(pokemon)s.", attack=actx.attack.name,
                     cards=actx.refs(tools, shown_to='*'), pokemon=actx.name(d)), "R-TRAINER-4")
        return amount
