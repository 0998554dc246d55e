"""Trainer cards printed again in later sets: one class for every printing."""
from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg
from ...carddb import stage1_links
from ...contexts import TrainerCtx
from ...core import (
    Ctx,
    Illegal,
    attach_by_effect,
    benched,
    condition_name,
    cure,
    discard_cards,
    draw,
    heal,
    remove_pokemon_from_play,
    switch_active,
)
from ...hooks import ConditionEvent, Listener, PokemonEvent
from ...state import Pokemon
from .choices import is_a_pokemon_card, is_basic_energy_card, one_per_card, provided_types
from .trainers import (
    BaseSetTrainer,
    DeckSearchTrainer,
    TrainerCard,
    active_pokemon,
    bench_full,
    choose_cards,
    chosen_targets,
    trainer_option,
)

if TYPE_CHECKING:
    from ...contexts import TrainerCtx
    from ...core import Ctx
    from ...hooks import Listener, PokemonEvent
    from ...state import Pokemon, State


class ClefairyDoll(BaseSetTrainer):
    text = ("goes onto your Bench as a 10-HP Colorless Basic Pokémon with no attacks; it can't "
            "retreat, gets no Special Conditions and gives no Prize when Knocked Out; during your "
            "turn you may discard it from play (action discard_from_play)")

    def check(self, tctx: TrainerCtx) -> None:
        if bench_full(tctx.state, tctx.seat):
            raise Illegal("R-BENCH-1", msg("%(seat)s's Bench is full.", seat=tctx.seat_label(tctx.seat)))

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.me.bench.append(Pokemon(stack=[tctx.instance], entered_turn=tctx.state.turn))
        benched(tctx, tctx.seat, tctx.me.bench[-1])
        tctx.say(msg("%(seat)s puts Clefairy Doll onto the Bench as a Basic Pokémon.",
                     seat=tctx.seat_label(tctx.seat)), "R-BENCH-2")
        return True

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()]

    # In play it is a Pokémon that can't retreat, can't be affected by Special Conditions and
    # gives no Prize card: its answers to the hooks, for its own Pokémon only.
    def can_retreat(self, src: Listener, ev: PokemonEvent) -> Illegal | None:
        if ev.pokemon is src.on:
            return Illegal("R-RETREAT-1", msg("Clefairy Doll can't retreat."))
        return None

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return ev.pokemon is not src.on

    def prize_count(self, src: Listener, ev: PokemonEvent, n: int) -> int:
        return 0 if ev.pokemon is src.on else n

    def check_discard_from_play(self, ctx: Ctx, p: Pokemon, place: str) -> None:
        """What `discard_from_play` refuses; it only reads the state (actions.CHECKS)."""
        if place == "active" and not ctx.state.seats[ctx.seat].bench:
            raise Illegal("R-TRAINER-1", msg("Clefairy Doll is the only Pokémon in play; discarding it would "
                                             "leave no Active Pokémon."))

    def discard_from_play(self, ctx: Ctx, p: Pokemon, place: str) -> None:
        self.check_discard_from_play(ctx, p, place)
        remove_pokemon_from_play(ctx, ctx.seat, p)
        discard_cards(ctx, ctx.seat, p.all_cards())
        ctx.say(msg("%(seat)s discards Clefairy Doll from play (not a Knock Out: no Prize).",
                    seat=ctx.seat_label(ctx.seat)), "R-TRAINER-1")


class PokemonBreeder(BaseSetTrainer):
    text = ("put a Stage 2 card from your hand straight onto the Basic Pokémon it evolves from "
            "through its Stage 1, when that Basic could evolve now")
    choice_zones = {"cards": "hand"}
    settled_by_check = ("on_evolve",)      # play: evolution.evolve_pokemon

    def _stage2s(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand
                if is_a_pokemon_card(state, i) and state.card_of(i).stage == "Stage 2"]

    def check(self, tctx: TrainerCtx) -> None:
        state = tctx.state
        stage2s = self._stage2s(state, tctx.seat)
        if not stage2s:
            raise Illegal("R-EVOLVE-4", msg("Pokémon Breeder needs a Stage 2 Pokémon card in your hand."))
        (s2,) = choose_cards(tctx, "cards", stage2s, 1, 1, msg("the Stage 2 card from your hand"), "R-EVOLVE-4")
        s2card = state.card_of(s2)
        basics = [p for p in tctx.me.in_play() if len(p.stack) == 1]
        (p,) = chosen_targets(tctx, [(tctx.me.in_play(), msg("one of your Pokémon in play"))], "R-EVOLVE-1")
        top = state.card_of(p.top)
        if p not in basics or top.supertype != "Pokemon" or top.stage != "Basic":
            raise Illegal("R-EVOLVE-4", msg("Pokémon Breeder puts a Stage 2 on a Basic Pokémon; %(pokemon)s is not "
                                            "one.", pokemon=top.name))
        if not stage1_links(top.name, s2card):
            raise Illegal("R-EVOLVE-1", msg("%(card)s does not evolve from %(pokemon)s through a Stage 1 (%(card)s "
                                            "evolves from %(evolves_from)s).", card=s2card.name, pokemon=top.name,
                                            evolves_from=s2card.evolves_from))
        tctx.check_evolution(s2card, p, skip_stage=True)
        tctx.sel = (p, s2)

    def play(self, tctx: TrainerCtx) -> bool:
        p, s2 = tctx.sel
        tctx.me.hand.remove(s2)
        tctx.evolve(p, s2, "R-EVOLVE-4")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        out = []
        for s2 in self._stage2s(state, seat):
            for p in state.seats[seat].in_play():
                top = state.card_of(p.top)
                if len(p.stack) == 1 and top.supertype == "Pokemon" and stage1_links(top.name, state.card_of(s2)):
                    out.append(trainer_option([p.top], cards=[s2]))
        return out


class FullHeal(BaseSetTrainer):
    text = "your Active Pokémon loses all its Special Conditions"

    def check(self, tctx: TrainerCtx) -> None:
        if not active_pokemon(tctx.me).conditions:
            raise Illegal("R-TRAINER-1", msg("%(pokemon)s has no Special Condition to heal.",
                                             pokemon=tctx.name(active_pokemon(tctx.me))))

    def play(self, tctx: TrainerCtx) -> bool:
        p = active_pokemon(tctx.me)
        gone = list(p.conditions)
        cure(p)
        tctx.say(msg("%(pokemon)s is no longer %(conditions)s.", pokemon=tctx.name(p),
                     conditions=joined(condition_name(c) for c in gone)), "R-STATUS-1")
        return False


class ProfessorOak(BaseSetTrainer):
    text = "discard the rest of your hand, then draw 7 cards"
    draws = 7

    def play(self, tctx: TrainerCtx) -> bool:
        hand, tctx.me.hand = tctx.me.hand, []
        discard_cards(tctx, tctx.seat, hand)
        drawn = draw(tctx, tctx.seat, self.draws)
        tctx.say(msg("%(seat)s discards %(count)s card(s) and draws %(drawn)s.", seat=tctx.seat_label(tctx.seat),
                     count=len(hand), drawn=len(drawn)), "R-TRAINER-5" if len(drawn) < self.draws else "R-TRAINER-1")
        return False


class EnergyRemoval(BaseSetTrainer):
    """Discard an Energy card (`_energies`: any) attached to one of the opponent's Pokémon: the
    Pokémon (`targets`) and the card (`choices.cards`) named; refused when none has one."""
    text = "discard an Energy card attached to one of your opponent's Pokémon"
    none_attached = msg("None of your opponent's Pokémon has an Energy card.")     # the refusal

    @staticmethod
    def _energies(state: State, p: Pokemon) -> list[str]:
        return list(p.energy)

    def check(self, tctx: TrainerCtx) -> None:
        theirs = [p for p in tctx.them.in_play() if self._energies(tctx.state, p)]
        if not theirs:
            raise Illegal("R-TRAINER-1", self.none_attached)
        (p,) = chosen_targets(tctx, [(theirs, msg("one of your opponent's Pokémon with Energy"))])
        tctx.sel = (p, choose_cards(tctx, "cards", self._energies(tctx.state, p), 1, 1,
                                    msg("the Energy card to discard from %(pokemon)s", pokemon=tctx.name(p))))

    def play(self, tctx: TrainerCtx) -> bool:
        p, cards = tctx.sel
        p.energy.remove(cards[0])
        discard_cards(tctx, tctx.opp, cards)
        tctx.say(msg("%(card)s attached to %(pokemon)s is discarded.", card=tctx.name(cards[0]), pokemon=tctx.name(p)),
                 "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top], cards=[e]) for p in state.seats[1 - seat].in_play()
                for e in self._energies(state, p)]


class SwapActive(BaseSetTrainer):
    """One of a seat's Benched Pokémon (targets) and its Active Pokémon swap places, which is not
    a retreat (R-RETREAT-6): the opponent's with `opponents`, else the player's own."""
    opponents = False
    no_bench = msg("You have no Benched Pokémon to switch with.")
    target_what = msg("one of your Benched Pokémon")

    def _seat(self, seat: int) -> int:
        return 1 - seat if self.opponents else seat

    def check(self, tctx: TrainerCtx) -> None:
        bench = tctx.state.seats[self._seat(tctx.seat)].bench
        if not bench:
            raise Illegal("R-TRAINER-1", self.no_bench)
        (p,) = chosen_targets(tctx, [(bench, self.target_what)])
        tctx.sel = p

    def play(self, tctx: TrainerCtx) -> bool:
        old = switch_active(tctx, self._seat(tctx.seat), tctx.sel)
        self._say(tctx, old)
        return False

    def _say(self, tctx: TrainerCtx, old: Pokemon) -> None:
        tctx.say(msg("%(pokemon)s is now the Active Pokémon; %(old)s goes to the Bench.", pokemon=tctx.name(tctx.sel),
                     old=tctx.name(old)), "R-RETREAT-6")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[self._seat(seat)].bench]


class GustOfWind(SwapActive):
    text = "switch your opponent's Active Pokémon with one of their Benched Pokémon that you choose"
    opponents = True
    no_bench = msg("Your opponent has no Benched Pokémon.")
    target_what = msg("one of your opponent's Benched Pokémon")

    def _say(self, tctx: TrainerCtx, old: Pokemon) -> None:
        tctx.say(msg("%(pokemon)s is now %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                     pokemon=tctx.name(tctx.sel), seat=tctx.seat_label(tctx.opp), old=tctx.name(old)), "R-RETREAT-6")


class Potion(BaseSetTrainer):
    text = "remove up to 2 damage counters from one of your Pokémon"

    def check(self, tctx: TrainerCtx) -> None:
        damaged = [p for p in tctx.me.in_play() if p.damage]
        if not damaged:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage counters."))
        (p,) = chosen_targets(tctx, [(damaged, msg("one of your damaged Pokémon"))])
        tctx.sel = p

    def play(self, tctx: TrainerCtx) -> bool:
        healed = heal(tctx, tctx.sel, 20)
        tctx.say(msg("%(pokemon)s loses %(count)s damage counter(s).", pokemon=tctx.name(tctx.sel), count=healed // 10),
                 "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].in_play() if p.damage]


class Switch(SwapActive):
    text = "swap your Active Pokémon with one of your Benched Pokémon (this is not a retreat)"


class EnergyRemoval2(EnergyRemoval):
    """Energy Removal after a coin: the Pokémon and the Energy card are chosen with the action,
    before the coin; tails, nothing is discarded."""
    text = ("flip a coin; on heads an Energy card attached to one of your opponent's Pokémon is discarded "
            "(the Pokémon in targets and the card in choices.cards, both named before the flip)")

    def play(self, tctx: TrainerCtx) -> bool:
        p, cards = tctx.sel
        if not tctx.flip(tctx.card.name):
            tctx.say(msg("Tails: %(card)s stays attached to %(pokemon)s.", card=tctx.name(cards[0]),
                         pokemon=tctx.name(p)), "R-TRAINER-1")
            return False
        return super().play(tctx)


class EnergySwitch(TrainerCard):
    text = ("move a basic Energy card from one of your Pokémon to another of yours (targets: from, to; the "
            "card in choices.cards); this is not your Energy attachment for the turn")

    @staticmethod
    def _basic(state: State, p: Pokemon) -> list[str]:
        return [i for i in p.energy if is_basic_energy_card(state, i)]

    def _sources(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if self._basic(state, p)]

    def check(self, tctx: TrainerCtx) -> None:
        mine = tctx.me.in_play()
        if len(mine) < 2:
            raise Illegal("R-TRAINER-1", msg("You have no other Pokémon to move an Energy card to."))
        sources = self._sources(tctx.state, tctx.seat)
        if not sources:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has a basic Energy card attached."))
        src, dst = chosen_targets(tctx, [(sources, msg("one of your Pokémon with a basic Energy card")),
                                   (mine, msg("another of your Pokémon in play"))])
        if src is dst:
            raise Illegal("R-TRAINER-1", msg("The Energy card moves to another Pokémon, not back to %(pokemon)s.",
                                             pokemon=tctx.name(src)))
        cards = choose_cards(tctx, "cards", self._basic(tctx.state, src), 1, 1,
                        msg("the basic Energy card to move from %(pokemon)s", pokemon=tctx.name(src)))
        tctx.sel = (src, dst, cards[0])

    def play(self, tctx: TrainerCtx) -> bool:
        src, dst, energy = tctx.sel
        src.energy.remove(energy)
        attach_by_effect(tctx, dst, energy, from_hand=False)
        tctx.say(msg("%(card)s moves from %(source)s to %(target)s (not the turn's Energy attachment).",
                     card=tctx.name(energy), source=tctx.name(src), target=tctx.name(dst)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        mine = state.seats[seat].in_play()
        return [trainer_option([src.top, dst.top], cards=[e]) for src in self._sources(state, seat)
                for e in one_per_card(state, self._basic(state, src)) for dst in mine if dst is not src]


class EnergySearch(DeckSearchTrainer):
    text = "look through your deck for a basic Energy card, show it, put it into your hand and shuffle the deck"
    what = msg("basic Energy card")

    def fits(self, state: State, inst: str) -> bool:
        return is_basic_energy_card(state, inst)


class PokeBall(DeckSearchTrainer):
    text = ("flip a coin; on heads look through your deck for a Pokémon card (a Basic Pokémon or an Evolution "
            "card), show it, put it into your hand and shuffle the deck")
    what = msg("Basic Pokémon or Evolution card")
    coin = True

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).supertype == "Pokemon"


class LadyOuting(DeckSearchTrainer):
    text = ("look through your deck for 1 to 3 basic Energy cards, no two of one type; show them, put them "
            "into your hand and shuffle the deck")
    what = msg("basic Energy card")
    most = 3

    def fits(self, state: State, inst: str) -> bool:
        return is_basic_energy_card(state, inst)

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        what = msg("1 to %(count)s basic Energy cards of different types", count=self.most)
        picked = choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most, what, fewer="R-TRAINER-5",
                         hidden_zone=hidden_zone)
        if len({provided_types(tctx.state, i) for i in picked}) != len(picked):
            raise Illegal("R-TRAINER-1", msg("In choices.search, name %(what)s.", what=what))
        return picked

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        by_type: dict[tuple[str, ...], list[str]] = {}
        for i in one_per_card(state, self._fitting(state, [i for i in pending["look"] if i in deck])):
            by_type.setdefault(provided_types(state, i), []).append(i)
        out = [{"search": list(pick)}
               for k in range(1, min(self.most, len(by_type)) + 1)
               for types in combinations(by_type, k)
               for pick in product(*(by_type[t] for t in types))]
        return out or [{"search": []}]


class BossOrders(TrainerCard):
    text = ("bring one of your opponent's Benched Pokémon (your pick) into their Active Spot; their Active "
            "goes to the Bench")

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.them.bench:
            raise Illegal("R-TRAINER-1", msg("Your opponent has no Benched Pokémon."))
        (tctx.sel,) = chosen_targets(tctx, [(tctx.them.bench, msg("one of your opponent's Benched Pokémon"))])

    def play(self, tctx: TrainerCtx) -> bool:
        old = switch_active(tctx, tctx.opp, tctx.sel)
        tctx.say(msg("%(pokemon)s is now %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                     pokemon=tctx.name(tctx.sel), seat=tctx.seat_label(tctx.opp), old=tctx.name(old)), "R-RETREAT-6")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[1 - seat].bench]


class AntiqueFossil(ClefairyDoll):
    text = ("goes onto your Bench as a 60-HP Colorless Basic Pokémon with no attacks; it can't "
            "retreat and gets no Special Conditions; during your turn you may discard it from play "
            "(action discard_from_play)")

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.me.bench.append(Pokemon(stack=[tctx.instance], entered_turn=tctx.state.turn))
        benched(tctx, tctx.seat, tctx.me.bench[-1])
        tctx.say(msg("%(seat)s puts %(card)s onto the Bench as a Basic Pokémon.", seat=tctx.seat_label(tctx.seat),
                     card=tctx.card.name), "R-BENCH-2")
        return True

    def can_retreat(self, src: Listener, ev: PokemonEvent) -> Illegal | None:
        if ev.pokemon is src.on:
            return Illegal("R-RETREAT-1", msg("%(pokemon)s can't retreat.", pokemon=ev.state.pokemon_name(ev.pokemon)))
        return None

    def prize_count(self, src: Listener, ev: PokemonEvent, n: int) -> int:
        return n

    def check_discard_from_play(self, ctx: Ctx, p: Pokemon, place: str) -> None:
        if place == "active" and not ctx.state.seats[ctx.seat].bench:
            raise Illegal("R-TRAINER-1", msg("%(pokemon)s is the only Pokémon in play; discarding it would leave no "
                                             "Active Pokémon.", pokemon=ctx.name(p)))

    def discard_from_play(self, ctx: Ctx, p: Pokemon, place: str) -> None:
        self.check_discard_from_play(ctx, p, place)
        name = ctx.name(p)
        remove_pokemon_from_play(ctx, ctx.seat, p)
        discard_cards(ctx, ctx.seat, p.all_cards())
        ctx.say(msg("%(seat)s discards %(pokemon)s from play (not a Knock Out: no Prize).",
                    seat=ctx.seat_label(ctx.seat), pokemon=name), "R-TRAINER-1")
