"""Pokémon moved by modern attacks: switches (with a Benched Pokémon of a type, the opponent's
Active switched out at the attacker's option or after this Pokémon's own switch), a Pokémon and
all its cards discarded, and a Prize card taken.

Rulings (their sources beside them):
- "Switch this Pokémon with 1 of your Benched <type> Pokémon." switches with a Benched Pokémon
  of that type now (`hooks.is_type`); without one, no switch (R-RETREAT-6).
- "You may switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the
  new Active Pokémon.)": as `SwitchDefending("opponent")`, the opponent's choice reported in
  choices.pokemon; left out, no switch.
- "Switch this Pokémon with 1 of your Benched Pokémon. If you do, switch out your opponent's
  Active Pokémon …": "if you do" is this Pokémon's own switch (no Benched Pokémon, no switch of
  theirs).
- "Discard this Pokémon / your opponent's Active Pokémon and all attached cards." is not a Knock
  Out (R-KO-1): no Prize card is taken for it. A player left with no Pokémon in play loses
  (R-WIN-2); a missing Active Pokémon is replaced once the attack is over (R-KO-3).
  "At the end of your opponent's next turn, discard the Defending Pokémon and all attached
  cards.": a lasting effect on it ("discarded_at_end_of_turn") done before that turn's Pokémon
  Checkup, gone if it goes to the Bench or evolves first (as the attacks' other lasting effects).
  "Discard a <name> from this Pokémon. If you do, …": only when such an Energy card was there
  to discard, and not when the attack's effects can't reach the Defending Pokémon.
- "During your next turn, if the Defending Pokémon is Knocked Out, take N more Prize cards.": a
  lasting effect on the Defending Pokémon ("more_prizes_if_knocked_out", R-KO-2) for the
  attacking player's next turn, whatever Knocks it Out during that turn; it ends before the
  Pokémon Checkup after it (between turns) and when the Pokémon goes to the Bench or evolves.
- "Look at 1 of your opponent's face-down Prize cards.": the attacking player names its place
  among the opponent's Prize cards (choices.count: the Nth, from 1; left out, the first — face
  down they differ only by place, and a player who looked at one may want another) and alone sees
  the card (R-HIDDEN-1: the narration names it to that seat only); it stays a Prize card.
- "Take a Prize card." takes the attacking player's top Prize card into their hand, as a Knock
  Out's Prize cards are taken; the last one wins the game (R-WIN-1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...contexts import AttackCtx, CardCtx
from ...core import Illegal, add_effect, discard_cards, remove_pokemon_from_play, switch_active
from ...hooks import Listener, PokemonEvent, TurnEvent, is_type, lasting
from .base import Effect, affected_defender, attack_memo, next_turn_of_opponent, standing_defender
from .choices import chosen_cards, chosen_target, one_per_card
from .energy_moves import discard_energy
from .zones import SwitchDefending

if TYPE_CHECKING:
    from ...state import Pokemon, State


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

class MaySwitchDefending(SwitchDefending):
    """"You may switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the
    new Active Pokémon.)": choices.pokemon names the opponent's choice to switch; left out, no
    switch."""

    def __init__(self) -> None:
        super().__init__("opponent")
        self.text = ("you may switch the Defending Pokémon with one of the opponent's Benched Pokémon (they choose: "
                     "choices.pokemon; left out, no switch)")

    def check(self, actx: AttackCtx) -> None:
        if "pokemon" in actx.choices:
            super().check(actx)

    def after(self, actx: AttackCtx) -> None:
        if "pokemon" in actx.choices:
            super().after(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"pokemon": [p.top]} for p in state.seats[1 - seat].bench]


class SwitchDefendingIfSwitched(SwitchDefending):
    """"… If you do, switch out your opponent's Active Pokémon to the Bench. (Your opponent
    chooses the new Active Pokémon.)": only when this Pokémon was switched to the Bench by the
    effect before it (SwitchSelf)."""

    def __init__(self) -> None:
        super().__init__("opponent")
        self.text = "if this Pokémon was switched out: " + self.text

    def check(self, actx: AttackCtx) -> None:
        if actx.me.bench:
            super().check(actx)

    def after(self, actx: AttackCtx) -> None:
        if actx.me.active is not actx.attacker:
            super().after(actx)

def discard_from_play(actx: CardCtx, seat: int, p: Pokemon) -> None:
    """A Pokémon and every card attached to it go to its owner's discard pile — not a Knock Out:
    no Prize card is taken. A player left with no Pokémon in play loses (R-WIN-2); a missing
    Active Pokémon is replaced once the attack is over (R-KO-3)."""
    name, cards = actx.name(p), p.all_cards()
    remove_pokemon_from_play(actx, seat, p)
    discard_cards(actx, seat, cards)
    actx.say(msg("%(pokemon)s and all cards attached to it are discarded (%(cards)s).", pokemon=name,
                 cards=actx.refs(cards, shown_to="*")), "R-ATTACK-2")
    if isinstance(actx, AttackCtx) and p is actx.defender:
        actx.defender = None
    if not actx.state.seats[seat].bench:
        actx.say(msg("%(seat)s has no Pokémon left in play.", seat=actx.seat_label(seat)), "R-WIN-2")
        actx.decide_winner([False, False])


class DiscardSelfFromPlay(Effect):
    """"Discard this Pokémon and all attached cards.": after the damage (`discard_from_play`)."""
    text = "after the damage, discard this Pokémon and all cards attached to it"

    def after(self, actx: AttackCtx) -> None:
        if actx.state.find_pokemon(actx.attacker.top)[1] is actx.attacker:
            discard_from_play(actx, actx.seat, actx.attacker)


class DiscardNamedEnergyThenDefending(Effect):
    """"Discard a <name> from this Pokémon. If you do, discard your opponent's Active Pokémon and
    all attached cards.": an Energy card named `name` attached to this Pokémon is discarded after
    the damage (choices.cards when they differ); if one was, the Defending Pokémon goes to the
    discard pile with its cards unless the attack's effects can't reach it (`discard_from_play`)."""

    def __init__(self, name: str):
        self.name = name
        self.text = (f"discard a {name} from this Pokémon; if you do, discard the opponent's Active Pokémon and its "
                     "cards")

    def _allowed(self, state: State, p: Pokemon) -> list[str]:
        return [i for i in p.energy if str(state.card_of(i).name) == self.name]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.attacker)
        if len(set(map(actx.state.card_id, allowed))) <= 1 and "cards" not in actx.choices:
            attack_memo(actx, self)["cards"] = allowed[:1]
            return
        attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, 1, msg("Energy to discard"))

    def after(self, actx: AttackCtx) -> None:
        cards = [i for i in attack_memo(actx, self)["cards"] if i in actx.attacker.energy]
        if not cards:
            actx.say(msg("%(pokemon)s has no such Energy to discard.", pokemon=actx.attacker_name))
            return
        discard_energy(actx, actx.seat, actx.attacker, cards)
        d = affected_defender(actx)
        if d is not None:
            discard_from_play(actx, actx.opp, d)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = one_per_card(state, self._allowed(state, attacker))
        return [{}] if len(allowed) <= 1 else [{"cards": [i]} for i in allowed]


class TakePrize(Effect):
    """"Take a Prize card.": after the damage the attacking player takes `count` of their Prize
    cards into their hand (R-KO-2's way); taking the last one wins (R-WIN-1)."""

    def __init__(self, count: int = 1):
        self.count = count
        self.text = f"take {count} Prize card(s)"

    def after(self, actx: AttackCtx) -> None:
        took = actx.take_prizes(actx.seat, self.count)
        actx.decide_winner([took and s == actx.seat for s in (0, 1)])


@lasting("more_prizes_if_knocked_out")
class MorePrizesIfKnockedOut:
    """Lasting: Knocked Out during turn `on_turn`, this Pokémon gives `more` more Prize cards
    (R-KO-2)."""

    def prize_count(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        if src.on is not ev.pokemon or ev.state.turn != src.data["on_turn"]:
            return value
        return value + src.data["more"]


class MorePrizesNextTurn(Effect):
    """"During your next turn, if the Defending Pokémon is Knocked Out, take `more` more Prize
    cards." (the lasting "more_prizes_if_knocked_out" on it)."""

    def __init__(self, more: int):
        self.more = more
        self.text = f"during your next turn, if the Defending Pokémon is Knocked Out, take {more} more Prize cards"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        turn = actx.state.turn + 2
        add_effect(d, "more_prizes_if_knocked_out", turn, on_turn=turn, more=self.more, why=actx.attack.name)
        actx.say(msg("During %(seat)s's next turn, if %(pokemon)s is Knocked Out, %(count)s more Prize cards are "
                     "taken for it.", seat=actx.seat_label(actx.seat), pokemon=actx.name(d), count=self.more), "R-KO-2")


class LookAtOpponentPrize(Effect):
    """"Look at 1 of your opponent's face-down Prize cards.": the Nth (choices.count, from 1; left
    out, the first) is shown to the attacking player alone."""
    text = "look at one of the opponent's face-down Prize cards (choices.count: the Nth, from 1)"

    def check(self, actx: AttackCtx) -> None:
        at = actx.choices.get("count", 1)
        prizes = actx.them.prizes
        if prizes and not 1 <= at <= len(prizes):
            raise Illegal("R-ATTACK-2", msg("choices.count must be the place of one of the opponent's %(count)s Prize "
                                            "cards, from 1.", count=len(prizes)))

    def after(self, actx: AttackCtx) -> None:
        prizes = actx.them.prizes
        if not prizes:
            return
        card = prizes[actx.choices.get("count", 1) - 1]
        actx.say(msg("%(seat)s looks at one of %(other)s's Prize cards: %(card)s.", seat=actx.seat_label(actx.seat),
                     other=actx.seat_label(actx.opp), card=actx.ref(card, shown_to=[actx.seat])), "R-HIDDEN-1")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"count": n} for n in range(2, len(state.seats[1 - seat].prizes) + 1)]


@lasting("discarded_at_end_of_turn")
class DiscardedAtEndOfTurn:
    """Lasting: at the end of turn `on_turn` (before the checkup), this Pokémon and all its cards
    are discarded (`discard_from_play`)."""

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        p = src.on
        state = ev.ctx.state
        if p is None or state.turn != src.data["on_turn"]:
            return
        seat, found, _ = state.find_pokemon(p.top)
        if found is p and seat is not None:
            discard_from_play(CardCtx(ev.ctx), seat, p)


class DiscardDefendingAtEndOfNextTurn(Effect):
    """"At the end of your opponent's next turn, discard the Defending Pokémon and all attached
    cards." (the lasting "discarded_at_end_of_turn" on it)."""
    text = "at the end of your opponent's next turn, discard the Defending Pokémon and all cards attached to it"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        turn = next_turn_of_opponent(actx.state)
        # expire_effects runs before the checkup's hooks: the record outlives its turn by one
        add_effect(d, "discarded_at_end_of_turn", turn + 1, on_turn=turn, why=actx.attack.name)
        actx.say(msg("At the end of the opponent's next turn, %(pokemon)s and all cards attached to it will be "
                     "discarded.", pokemon=actx.name(d)), "R-ATTACK-2")
