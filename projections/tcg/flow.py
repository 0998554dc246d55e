"""What the rules compute rather than ask: dealing, turns, checkup, Knock Outs, prizes, wins."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..messages import joined, msg, msg_n
from . import hooks
from .core import (
    Ctx,
    Illegal,
    discard_pokemon,
    draw,
    expire_effects,
    place_counters,
    shuffle_deck,
)
from .hooks import PokemonEvent, TurnEvent
from .match_games import game_finished
from .rulesets import Ruleset, get_ruleset
from .state import BEFORE_PLAY, new_turn_record
from .table import prizes_taken

if TYPE_CHECKING:
    from .state import Pokemon, Seat, State

# -- dealing and mulligans (R-SETUP-1..3) --------------------------------------------------

def has_basic(state: State, seat: Seat) -> bool:
    return any(state.card_of(i).is_basic_pokemon for i in seat.hand)


def deal_new_game(ctx: Ctx) -> None:
    """Shuffle, draw 7, and redraw until both players hold a Basic (R-SETUP-1..3). At a paper
    table the 7 cards are unknown and a mulligan is reported as an action (table_actions).
    Where the flip's winner chooses the first player (modern, R-SETUP-6), that comes first."""
    state = ctx.state
    if state.chosen_first is None and ctx.rules.flip_winner_chooses_first:
        flip_for_the_first_player(ctx)
        return
    if state.table:
        for seat_no in (0, 1):
            shuffle_deck(ctx, seat_no)
            draw(ctx, seat_no, 7)
            ctx.say(msg("%(seat)s shuffles and draws 7 cards.", seat=ctx.seat_label(seat_no)), "R-SETUP-1")
    else:
        _deal_until_both_hold_a_basic(ctx)
    state.phase = "setup"


def _deal_until_both_hold_a_basic(ctx: Ctx) -> None:
    state = ctx.state
    for seat_no in (0, 1):
        shuffle_deck(ctx, seat_no)
        draw(ctx, seat_no, 7)
    for seat_no in (0, 1):
        ctx.say(msg("%(seat)s shuffles and draws 7 cards.", seat=ctx.seat_label(seat_no)), "R-SETUP-1")
    if not any(state.card_of(i).is_basic_pokemon for s in state.seats for i in s.deck + s.hand):
        raise Illegal("R-DECK-3", msg("Neither deck holds a Basic Pokémon; the game cannot start."))
    for _ in range(200):
        with_basic = [has_basic(state, s) for s in state.seats]
        if all(with_basic):
            break
        if not any(with_basic):
            ctx.say(msg("Neither player has a Basic Pokémon: both shuffle their hands back and draw 7 again; "
                        "nobody gets extra cards."), "R-SETUP-3")
            redraw: tuple[int, ...] = (0, 1)
        else:
            redraw = (with_basic.index(False),)
        for seat_no in redraw:
            _redraw(ctx, seat_no, mulligan=len(redraw) == 1)


def flip_for_the_first_player(ctx: Ctx) -> None:
    """R-SETUP-6 (modern): before the hands are drawn a coin flip's winner chooses who goes
    first (the action ``choose_first``). At a paper table the coin is flipped at the table:
    the seat that won it reports its choice (actions.do_choose_first), so nobody is named yet."""
    state = ctx.state
    state.phase = "first_player"
    if state.table:
        state.chooser = None
        ctx.say(msg("A coin flip decides who chooses the first player; its winner tells the choice."),
                "R-SETUP-6")
        return
    state.chooser = 0 if ctx.flip(msg("the choice of the first player (heads: seat 0)")) else 1
    ctx.say(msg("%(seat)s wins the flip and chooses who goes first.", seat=ctx.seat_label(state.chooser)),
            "R-SETUP-6")


def _redraw(ctx: Ctx, seat_no: int, *, mulligan: bool) -> None:
    """The hand shuffled back and 7 drawn again; `mulligan`: this seat alone had no Basic,
    so it shows its hand and the opponent may draw extra cards (R-SETUP-2, -3)."""
    state = ctx.state
    seat = state.seats[seat_no]
    if not any(state.card_of(i).is_basic_pokemon for i in seat.deck + seat.hand):
        raise Illegal("R-DECK-3", msg("%(seat)s's deck holds no Basic Pokémon.", seat=ctx.seat_label(seat_no)))
    shown = ctx.refs(seat.hand, shown_to="*")
    seat.deck.extend(seat.hand)
    seat.hand = []
    shuffle_deck(ctx, seat_no)
    draw(ctx, seat_no, 7)
    if mulligan:
        seat.mulligans += 1
        other = state.seats[1 - seat_no]
        other.extra_cards_allowed += ctx.rules.mulligan_extra_per_mulligan
        ctx.say(msg_n("%(seat)s has no Basic Pokémon: shows the hand (%(cards)s), shuffles it back and draws 7 "
                      "again; the opponent may draw up to %(num)s extra card(s).",
                      "%(seat)s has no Basic Pokémon: shows the hand (%(cards)s), shuffles it back and draws 7 "
                      "again; the opponent may draw up to %(num)s extra card(s).",
                      ctx.rules.mulligan_extra_per_mulligan, seat=ctx.seat_label(seat_no), cards=shown), "R-SETUP-2")


def setup_complete(state: State) -> bool:
    rules_after = _rules(state).mulligan_extra_after_setup
    return all(s.setup_done and (not rules_after or s.extra_cards_allowed == 0) for s in state.seats)


def _rules(state: State) -> Ruleset:
    return get_ruleset(state.ruleset)


def finish_setup(ctx: Ctx) -> None:
    """Prize cards, the coin flip for the first player, and the first turn (R-SETUP-5, -6)."""
    state = ctx.state
    for seat_no, seat in enumerate(state.seats):
        seat.prizes = seat.deck[:state.prize_count]
        del seat.deck[:state.prize_count]
        ctx.say(msg_n("%(seat)s sets aside %(num)s Prize card(s).", "%(seat)s sets aside %(num)s Prize card(s).",
                      len(seat.prizes), seat=ctx.seat_label(seat_no)), "R-SETUP-5")
    if state.chosen_first is not None:      # chosen by the flip's winner (modern) or the previous game's loser
        first, state.chosen_first = state.chosen_first, None
    else:
        first = 0 if ctx.flip(msg("who goes first (heads: seat 0)")) else 1
    state.first_seat = first
    ctx.say(msg("%(seat)s goes first; all Pokémon are turned face up.", seat=ctx.seat_label(first)), "R-SETUP-6")
    state.turn = 0
    start_turn(ctx, first)


# -- turns ---------------------------------------------------------------------------------

def start_turn(ctx: Ctx, seat_no: int) -> None:
    """A new turn: the draw (R-TURN-1), or a loss if the deck is empty (R-WIN-3)."""
    state = ctx.state
    if _already_over(state):
        return
    if time_is_up(state):
        decide_on_time(ctx)
        return
    state.turn += 1
    state.seat_to_act = seat_no
    last = state.this_turn.get("knocked_out")
    by_attack = state.this_turn.get(KNOCKED_OUT_BY_ATTACK)
    state.this_turn = new_turn_record()
    if last:     # only when it happened, so that other states hash as they always did
        state.this_turn["knocked_out_last_turn"] = last
    if by_attack:
        state.this_turn[KNOCKED_OUT_BY_ATTACK_LAST_TURN] = by_attack
    ctx.say(msg("Turn %(turn)s: %(seat)s's turn.", turn=state.turn, seat=ctx.seat_label(seat_no)))
    if state.turn == 1 and not ctx.rules.first_player_draws_turn_1:
        ctx.say(msg("The first player does not draw on the first turn."), "R-TURN-1")
        state.phase = "main"
        return
    state.phase = "draw"
    if not state.table or not state.seats[seat_no].deck:   # at a paper table the draw is reported
        draw_for_turn(ctx)


def time_is_up(state: State) -> bool:
    called = state.time_called
    if not called:
        return False
    return state.turn >= called["turn"] + called["extra_turns"]


def decide_on_time(ctx: Ctx) -> None:
    """J-TIME-1: the turns after time was called are over and nobody has won: the event's
    rule decides — fewer Prize cards left wins; a tie goes to Sudden Death or is a draw."""
    state = ctx.state
    called = state.time_called
    assert called is not None, "time_is_up: time was called"
    left = [len(s.prizes) for s in state.seats]
    ctx.say(msg("Time: the %(turns)s turns after time was called are over; Prize cards left %(left0)s to "
                "%(left1)s.", turns=called["extra_turns"], left0=left[0], left1=left[1]), "J-TIME-1")
    if left[0] != left[1]:
        declare_winner(ctx, 0 if left[0] < left[1] else 1, "J-TIME-1")
    elif called["tie"] == "sudden_death" and state.match_games == 1:
        state.time_called = None
        start_sudden_death(ctx)
    else:
        draw_game(ctx, "J-TIME-1")


def call_time(ctx: Ctx, decide_by: str = "prizes", tie: str = "sudden_death", extra_turns: int = 3) -> None:
    """Time is called (J-TIME-1): the current turn is finished ("turn 0"), then `extra_turns`."""
    state = ctx.state
    state.time_called = {"turn": state.turn, "extra_turns": extra_turns, "decide_by": decide_by,
                         "tie": tie}
    ctx.say(msg("Time is called during turn %(turn)s: %(seat)s finishes this turn, then %(turns)s more turns "
                "are played.", turn=state.turn, seat=ctx.seat_label(state.seat_to_act), turns=extra_turns),
            "J-TIME-1")


def draw_for_turn(ctx: Ctx) -> None:
    state = ctx.state
    seat_no = state.seat_to_act
    if not state.seats[seat_no].deck:
        ctx.say(msg("%(seat)s cannot draw at the start of the turn.", seat=ctx.seat_label(seat_no)), "R-WIN-3")
        declare_winner(ctx, 1 - seat_no, "R-WIN-3")
        return
    (card,) = draw(ctx, seat_no, 1)
    if state.table:   # the card the table reported, or "an unknown card"
        ctx.say(msg("%(seat)s draws %(card)s.", seat=ctx.seat_label(seat_no), card=ctx.ref(card, shown_to=[seat_no])),
                "R-TURN-1")
    else:
        ctx.say(msg("%(seat)s draws a card.", seat=ctx.seat_label(seat_no)), "R-TURN-1")
    state.phase = "main"


def end_turn(ctx: Ctx) -> None:
    """The turn ends: lasting effects expire, the checkup runs, Knock Outs are settled."""
    state = ctx.state
    expire_effects(ctx)
    checkup(ctx)
    resolve_knockouts(ctx, between_turns=True)
    if state.result or state.phase in BEFORE_PLAY:
        return
    continue_after(ctx, "next_turn")


def continue_after(ctx: Ctx, then: str | None) -> None:
    """Ask for promotions if any Active is missing, else go on (next turn or back to main)."""
    state = ctx.state
    current = state.seat_to_act
    pending = [s for s in (1 - current, current)
               if state.seats[s].active is None and state.seats[s].bench]
    if pending:
        state.pending_promotions = pending
        state.after_promotion = then
        state.phase = "promote"
        for s in pending:
            ctx.say(msg("%(seat)s must choose a new Active Pokémon.", seat=ctx.seat_label(s)), "R-KO-3")
        return
    state.pending_promotions = []
    state.after_promotion = None
    if then == "next_turn":
        start_turn(ctx, 1 - current)
    else:
        state.phase = "main"


def checkup(ctx: Ctx) -> None:
    """Between turns, in order: Poison, Burn, Asleep flip, Paralysis recovery (R-CHECKUP-1)."""
    state = ctx.state
    current = state.seat_to_act
    hooks.tell(state, "before_checkup", TurnEvent(ctx, current))
    actives = [p for p in (state.seats[s].active for s in (current, 1 - current)) if p]
    steps = _checkup_steps(state.seats[current].active, actives)
    if steps:
        ctx.say(msg("Between turns, in order: %(steps)s; then Knock Outs.", steps=joined(steps)), "R-CHECKUP-1")
    for p in actives:
        if "poisoned" in p.conditions:
            place_counters(ctx, p, p.flags.get("poison_damage", 10) // 10, msg("Poison between turns"))
    for p in actives:
        if "burned" in p.conditions:
            burn_checkup(ctx, p)
    for p in actives:
        if "asleep" in p.conditions:
            asleep_checkup(ctx, p)
    paralysis_checkup(ctx, state.seats[current].active)
    hooks.tell(state, "between_turns", TurnEvent(ctx, current))


def _checkup_steps(current_active: Pokemon | None, actives: list[Pokemon]) -> list[str]:
    """The checkup's steps that will do something, in their order (for the narration)."""
    steps: list[str] = [step for step, cond in ((msg("Poison"), "poisoned"), (msg("Burn"), "burned"),
                                     (msg("the Asleep flip"), "asleep"))
             if any(cond in p.conditions for p in actives)]
    if current_active and "paralyzed" in current_active.conditions:
        steps.append(msg("Paralysis recovery"))
    return steps


def asleep_checkup(ctx: Ctx, p: Pokemon) -> None:
    """R-STATUS-2: heads, the Pokémon wakes up."""
    if ctx.flip(msg("%(pokemon)s waking up", pokemon=ctx.name(p))):
        p.conditions.remove("asleep")
        ctx.say(msg("%(pokemon)s wakes up.", pokemon=ctx.name(p)), "R-STATUS-2")
    else:
        ctx.say(msg("%(pokemon)s stays Asleep.", pokemon=ctx.name(p)), "R-STATUS-2")


def paralysis_checkup(ctx: Ctx, p: Pokemon | None) -> None:
    """R-STATUS-4: the Active of the player whose turn ends is no longer Paralyzed."""
    if p and "paralyzed" in p.conditions:
        p.conditions.remove("paralyzed")
        ctx.say(msg("%(pokemon)s is no longer Paralyzed.", pokemon=ctx.name(p)), "R-STATUS-4")


def burn_checkup(ctx: Ctx, p: Pokemon) -> None:
    """R-STATUS-6, as the ruleset's `burn_checkup` says."""
    if ctx.rules.burn_checkup == "counters_then_flip":
        place_counters(ctx, p, 2, msg("Burn between turns"))
        if ctx.flip(msg("%(pokemon)s's Burn", pokemon=ctx.name(p))):
            p.conditions.remove("burned")
            ctx.say(msg("%(pokemon)s is no longer Burned.", pokemon=ctx.name(p)), "R-STATUS-6")
    elif not ctx.flip(msg("%(pokemon)s's Burn", pokemon=ctx.name(p))):
        place_counters(ctx, p, 2, msg("Burn between turns"))


# -- Knock Outs, prizes, winning -------------------------------------------------------------

def knocked_out(state: State, p: Pokemon) -> bool:
    return p.damage >= state.hp(p)


# The turn record of Knock Outs by damage from an attack (modern rules only, so that the earlier
# eras' states hash as they always did; keys only when it happened): an attack's damage that
# brings a Pokémon to its HP notes it (REACHED_HP, combat.deal_damage; damage counters placed by an
# effect, an Ability, Poison or Burn are not damage from an attack); the Knock Outs settled
# after it (resolve_knockouts) turn the note into the seats that lost a Pokémon so
# (KNOCKED_OUT_BY_ATTACK), which the next turn keeps as KNOCKED_OUT_BY_ATTACK_LAST_TURN.
REACHED_HP = "attack_damage_reached_hp"
KNOCKED_OUT_BY_ATTACK = "knocked_out_by_attack"
KNOCKED_OUT_BY_ATTACK_LAST_TURN = "knocked_out_by_attack_last_turn"


def reached_hp_by_attack_damage(state: State, p: Pokemon) -> None:
    """An attack's damage brought `p` to its HP (a new list: clones share the old one)."""
    noted = state.this_turn.get(REACHED_HP, [])
    if p.top not in noted:
        state.this_turn[REACHED_HP] = [*noted, p.top]


def knocked_out_now(state: State) -> list[tuple[int, Pokemon]]:
    """(seat, Pokémon) of every Pokémon in play with damage at least its HP, the seat to act
    first (R-KO-1, -4)."""
    current = state.seat_to_act
    seats = (current, 1 - current)
    if hooks.may_answer(state, "hp"):
        return [(s, p) for s in seats for p in state.seats[s].in_play() if p.damage >= hooks.hp(state, p)]
    # asked after every action: a card's printed HP is over 0, so an undamaged Pokémon is skipped
    return [(s, p) for s in seats for p in state.seats[s].in_play()
            if p.damage and p.damage >= hooks.printed_hp(state, p)]


def resolve_knockouts(ctx: Ctx, between_turns: bool = False,
                      extra: Iterable[tuple[int, Pokemon]] = ()) -> list[tuple[int, Pokemon]]:
    """Discard every Knocked Out Pokémon, hand out Prizes, then look for a winner (R-KO, R-WIN).

    The player whose turn it is takes Prizes last (R-KO-4); `extra` lists (seat, Pokémon)
    knocked out by an effect rather than by damage.
    """
    state = ctx.state
    kos = knocked_out_now(state)
    for s, p in extra:
        if all(p is not q for _, q in kos):
            kos.append((s, p))
    reached = state.this_turn.pop(REACHED_HP, ())
    if not kos:
        return []
    if not between_turns:
        _note_knock_outs(state, kos, reached)
    took_prize = [False, False]
    for owner, p in kos:
        ctx.say(msg("%(pokemon)s (%(seat)s) is Knocked Out.", pokemon=ctx.name(p), seat=ctx.seat_label(owner)),
                "R-KO-1")
        prizes = knock_out(ctx, owner, p, by_attack_damage=p.top in reached)
        discard_pokemon(ctx, owner, p)
        if prizes:
            took_prize[1 - owner] = take_prizes(ctx, 1 - owner, prizes) or took_prize[1 - owner]
    decide_winner(ctx, took_prize)
    return kos


def _note_knock_outs(state: State, kos: list[tuple[int, Pokemon]], reached: Iterable[str]) -> None:
    """The seats that lost a Pokémon during this turn, and those that lost one to an attack's
    damage (KNOCKED_OUT_BY_ATTACK, only when it happened): a card may ask next turn."""
    state.this_turn = {**state.this_turn, "knocked_out": sorted(
        set(state.this_turn.get("knocked_out", [])) | {owner for owner, _ in kos})}
    by_attack = {owner for owner, p in kos if p.top in reached}
    if by_attack:
        earlier = state.this_turn.get(KNOCKED_OUT_BY_ATTACK, ())
        state.this_turn[KNOCKED_OUT_BY_ATTACK] = sorted(by_attack.union(earlier))


def knock_out(ctx: Ctx, owner: int, p: Pokemon, by_attack_damage: bool = False) -> int:
    """A Pokémon is Knocked Out (R-KO-1): what is in play hears it (`on_knock_out`) while it
    is still there; returns the Prize cards it gives (R-KO-2: its card's count, then the
    effects in play: `prize_count`, told whether damage from an attack did it:
    `ev.by_attack_damage`). The caller takes it out of play."""
    state = ctx.state
    ev = PokemonEvent(state, p, owner, ctx, by_attack_damage)
    hooks.tell(state, "on_knock_out", ev)
    return max(0, hooks.modify(state, "prize_count", ev, state.card_of(p.top).prizes))


def take_prizes(ctx: Ctx, seat_no: int, n: int) -> bool:
    seat = ctx.state.seats[seat_no]
    taken = seat.prizes[:n]
    del seat.prizes[:n]
    seat.hand.extend(taken)
    prizes_taken(ctx, seat_no, taken)
    if taken:
        ctx.say(msg_n("%(seat)s takes %(num)s Prize card(s); %(left)s left.",
                      "%(seat)s takes %(num)s Prize card(s); %(left)s left.", len(taken), seat=ctx.seat_label(seat_no),
                      left=len(seat.prizes)), "R-KO-2")
    return bool(taken)


def win_ways(state: State, took_prize: list[bool]) -> list[list[str]]:
    ways: list[list[str]] = [[], []]
    for s in (0, 1):
        if took_prize[s] and not state.seats[s].prizes:
            ways[s].append("R-WIN-1")
        opp = state.seats[1 - s]
        if opp.active is None and not opp.bench:
            ways[s].append("R-WIN-2")
    return ways


def decide_winner(ctx: Ctx, took_prize: list[bool]) -> None:
    ways = win_ways(ctx.state, took_prize)
    a, b = len(ways[0]), len(ways[1])
    if a and b:
        if a != b:
            winner = 0 if a > b else 1
            ctx.say(msg("Both players won at once, but %(seat)s won in two ways against one.",
                        seat=ctx.seat_label(winner)), "R-WIN-4")
            declare_winner(ctx, winner, "+".join(ways[winner]))
        else:
            start_sudden_death(ctx)
    elif a or b:
        winner = 0 if a else 1
        declare_winner(ctx, winner, "+".join(ways[winner]))


def _already_over(state: State) -> bool:
    """A game of a best-of-three is over once: the rest of the turn that ended it (a draw
    that can't be made...) decides nothing more. (A best-of-one game keeps the last word, as
    it always has, so that stored games replay to the same states.)"""
    return state.match_games > 1 and state.phase in ("between_games", "finished")


def declare_winner(ctx: Ctx, seat_no: int, reason: str) -> None:
    state = ctx.state
    if _already_over(state):
        return
    state.result = {"winner": seat_no, "reason": reason, "game_number": state.game_number}
    _game_over(state)
    ctx.say(msg("%(seat)s wins the game.", seat=ctx.seat_label(seat_no)),
            reason.split("+")[0] if reason.startswith("R-") else None)
    game_finished(ctx)


def draw_game(ctx: Ctx, reason: str) -> None:
    state = ctx.state
    if _already_over(state):
        return
    state.result = {"winner": None, "reason": reason, "draw": True, "game_number": state.game_number}
    _game_over(state)
    ctx.say(msg("The game is a draw."), reason)
    game_finished(ctx)


def _game_over(state: State) -> None:
    state.phase = "finished"
    state.pending_promotions = []
    state.after_promotion = None
    state.pending = None


def start_sudden_death(ctx: Ctx) -> None:
    """Both won at once: a new game with 1 Prize each inside the same match (R-WIN-4); in
    best of three the game is a draw instead (match_games.py)."""
    state = ctx.state
    if state.match_games > 1:
        ctx.say(msg("Both players won at once: in best of three the game is a draw."), "R-WIN-4")
        draw_game(ctx, "R-WIN-4")
        return
    ctx.say(msg("Both players won at once: Sudden Death, a new game with 1 Prize card each."), "R-WIN-4")
    reset_for_new_game(state, prize_count=1)
    deal_new_game(ctx)


def reset_for_new_game(state: State, prize_count: int) -> None:
    """Every card back into its owner's deck, the board cleared, the next game numbered."""
    if state.match_games > 1:   # a new game of the match: the Stadium goes back too
        for held in (state.stadium, state.supporter):
            if held:
                state.seats[held["owner"]].deck.append(held["card"])
        state.stadium = state.supporter = None
    for seat in state.seats:
        cards = seat.deck + seat.hand + seat.discard + seat.prizes + seat.lost_zone
        for p in seat.in_play():
            cards += p.all_cards()
        seat.deck = sorted(cards, key=lambda i: int(i.split(":")[1].lstrip("u")))
        seat.hand, seat.discard, seat.prizes, seat.bench, seat.lost_zone = [], [], [], [], []
        seat.active = None
        seat.mulligans = 0
        seat.extra_cards_allowed = 0
        seat.setup_done = False
        seat.once_per_game = []    # "once per game" effects may be applied again in the new game
    state.game_number += 1
    state.prize_count = prize_count
    state.turn = 0
    state.first_seat = None
    state.this_turn = new_turn_record()
    state.pending_promotions = []
    state.after_promotion = None
    state.last_attack = None
    state.pending = None       # a choice the last game left waiting is not the new game's
    state.result = None


