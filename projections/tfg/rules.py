"""The figure game's rules (TFG.md, T-* ids): moving, surrounding, battles, the Pokémon Center,
Special Conditions and winning. Each function takes the (cloned) state and changes it, or raises
Illegal with the rule id.

Rulings taken here (seed 004 is silent; TFG.md's *choices* are ruleset parameters):
- A move is a path of points: from the Bench it starts on one of the seat's entry points
  (T-MOVE-3: entering costs 1 MP), on the board it starts next to the figure. Every point costs
  1 MP; none may hold a figure (T-MOVE-2) or come twice, the start included (T-MOVE-5).
- Reaching the opponent's goal ends the move there and wins (T-WIN-1): a path may hold that goal
  only as its last point. A figure may stand on its own goal.
- Staying put (T-MOVE-1) is only a way to attack: an `attack` with no move before it. A move that
  leaves no battle possible ends the turn; after a move that allows one, the player attacks or
  ends the turn.
- Surrounding (T-SURROUND-1), ruled: after any move — wherever it goes, into a gap or not —
  every opposing figure that is now enclosed (each neighbouring point holds one of the mover's
  figures) is Knocked Out, even one that walked into the gap on an earlier turn: seed 004's
  "Quando você terminar de mover um Pokémon, veja se você cercou algum Pokémon do oponente"
  looks at the board after the move, not at what the move changed. The mover's own figures are
  never checked (the seed looks only for "Pokémon do oponente"), not even the one that moved:
  a figure that walks into an enclosed gap stands there until the opponent's next move. When
  more than one is enclosed, the mover names the one in `surround` (T-SURROUND-2: one move
  surrounds at most one figure).
- Wait is no Special Condition (seed 004 lists only Paralisado and Envenenado as Condições
  Especiais; Wait is what "alguns ataques" do): a figure keeps it in its own slot, a Special
  Condition never replaces it and it never replaces one (T-STATUS-1, T-STATUS-2). It lasts
  through its owner's next turn and then ends, on the field or off it: leaving the field ends
  Special Conditions only (the seed says so of them alone). Wait given again lasts through the
  owner's next turn from then.
- Paralysis and Poison last until a new Special Condition replaces them or the figure leaves
  the field (seed 004 names no other end).
- A Paralyzed figure's owner names its attack in the attack action (`paralyzed`: {figure:
  attack name}); the one who logs the action writes what the owner said at the table. Every
  segment of that name is a miss in that battle (T-STATUS-3).
- A figure Knocked Out goes to its owner's Pokémon Center; a third one there sends the one that
  arrived first back to the Bench (T-PC-1).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..messages import joined, msg
from .board import CENTER_SIZE
from .effects import (
    WAIT,
    BeatsIf,
    IfKnockedOut,
    KnockOutBoth,
    KnockOutOpponent,
    KnockOutSelfAndNeighbours,
    OpponentStatus,
    SelfStatus,
    SwapWithOpponent,
    status_name,
)
from .figures import Segment, segment_label
from .spins import SpinSource
from .state import BENCH, CENTER, TfgState


class Illegal(Exception):
    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message


@dataclass
class Narration:
    lines: list[str]

    def say(self, text: str, rule: str | None = None) -> None:
        self.lines.append(msg("%(text)s [%(rule)s]", text=text, rule=rule) if rule else text)


# -- moving ----------------------------------------------------------------------------------

def mp_this_turn(state: TfgState, inst: str) -> int:
    """T-MOVE-4: 1 less MP on the seat's first turn (the ruleset says whose first turn)."""
    rules = state.rules
    seat = state.owner(inst)
    first = state.turns_taken[seat] == 0 and (rules.first_turn_penalty_for == "each_seat" or seat == state.first_seat)
    return max(0, state.fig(inst).mp - (rules.first_turn_mp_penalty if first else 0))


def can_move(state: TfgState, inst: str) -> bool:
    return state.owner(inst) == state.seat_to_act and state.figures[inst].where != CENTER \
        and not state.waiting(inst)


def _check_can_move(state: TfgState, inst: str, path: list[str]) -> None:
    name = state.name(inst)
    here = state.figures[inst].where
    if state.waiting(inst):
        raise Illegal("T-STATUS-2", msg("%(figure)s has Wait: it can't move or attack this turn.", figure=name))
    if here == CENTER:
        raise Illegal("T-PC-1", msg("%(figure)s is in the Pokémon Center: it can't move.", figure=name))
    if not path:
        raise Illegal("T-MOVE-1", msg("A move names at least one point in `path` (to attack from where a figure "
                                      "stands, attack without moving)."))
    mp = mp_this_turn(state, inst)
    if len(path) > mp:
        rule = "T-MOVE-4" if mp < state.fig(inst).mp else "T-MOVE-1"
        if here == BENCH:
            raise Illegal(rule, msg("%(figure)s has %(mp)s MP this turn; the path costs %(cost)s (entering from "
                                    "the Bench costs 1).", figure=name, mp=mp, cost=len(path)))
        raise Illegal(rule, msg("%(figure)s has %(mp)s MP this turn; the path costs %(cost)s.", figure=name, mp=mp,
                                cost=len(path)))


def _check_lines(state: TfgState, inst: str, path: list[str]) -> None:
    board = state.board
    previous = state.figures[inst].where
    for point in path:
        if point not in board.neighbours:
            raise Illegal("T-MOVE-1", msg("%(point)s is not a point of the board %(board)s.", point=repr(point),
                                          board=board.id))
        if previous != BENCH and not board.adjacent(previous, point):
            raise Illegal("T-MOVE-1", msg("No line joins %(a)s and %(b)s.", a=previous, b=point))
        holder = state.at(point)
        if holder is not None and holder != inst:
            raise Illegal("T-MOVE-2", msg("%(point)s holds %(figure)s: a figure can't pass through or stop on an "
                                          "occupied point.", point=point, figure=state.name(holder)))
        previous = point


def check_path(state: TfgState, inst: str, path: list[str]) -> None:
    """T-MOVE-1..5 and T-WIN-1's end of the move, for `path`."""
    board = state.board
    seat = state.owner(inst)
    here = state.figures[inst].where
    _check_can_move(state, inst, path)
    if here == BENCH and path[0] not in board.entries[seat]:
        raise Illegal("T-MOVE-3", msg("From the Bench a figure enters on one of its own entry points: "
                                      "%(points)s.", points=", ".join(board.entries[seat])))
    _check_lines(state, inst, path)
    seen = [here, *path] if state.rules.no_point_twice else path
    if len(set(seen)) != len(seen):
        raise Illegal("T-MOVE-5", msg("A move may not come back to a point it has been on."))
    goal = board.goals[1 - seat]
    if goal in path[:-1]:
        raise Illegal("T-WIN-1", msg("Reaching the opponent's goal %(goal)s ends the move there.", goal=goal))


def paths(state: TfgState, inst: str) -> Iterator[list[str]]:
    """Every legal path of `inst` this turn (T-MOVE-1..5)."""
    if not can_move(state, inst):
        return
    board = state.board
    seat = state.owner(inst)
    mp = mp_this_turn(state, inst)
    occupied = state.occupied()
    goal = board.goals[1 - seat]
    here = state.figures[inst].where
    starts = [p for p in board.entries[seat] if p not in occupied] if here == BENCH else \
        [p for p in board.neighbours[here] if p not in occupied]

    def walk(path: list[str]) -> Iterator[list[str]]:
        yield list(path)
        if len(path) >= mp or path[-1] == goal:
            return
        for nxt in board.neighbours[path[-1]]:
            if nxt not in occupied and nxt not in path and nxt != here:
                yield from walk([*path, nxt])

    if mp < 1:
        return
    for start in starts:
        yield from walk([start])


def surrounded_by(state: TfgState, seat: int) -> list[str]:
    """The opponent's figures on the board whose every neighbouring point holds one of `seat`'s
    figures (T-SURROUND-1); a figure next to a friend is never among them (T-SURROUND-2)."""
    board = state.board
    occupied = state.occupied()
    out = []
    for inst in state.of_seat(1 - seat, "board"):
        around = board.neighbours[state.figures[inst].where]
        if around and all(p in occupied and state.owner(occupied[p]) == seat for p in around):
            out.append(inst)
    return out


def do_move(state: TfgState, seat: int, inst: str, path: list[str], surround: str | None, say: Narration) -> None:
    check_path(state, inst, path)
    fig = state.figures[inst]
    start = msg("the Bench") if fig.where == BENCH else fig.where
    fig.where = path[-1]
    state.moved = inst
    say.say(msg("%(figure)s moves %(start)s → %(path)s.", figure=state.name(inst), start=start,
                path=" → ".join(path)), "T-MOVE-1")
    if path[-1] == state.board.goals[1 - seat]:
        win(state, seat, "T-WIN-1", msg("%(figure)s reaches the opponent's goal %(goal)s", figure=state.name(inst),
                                        goal=path[-1]), say)
        return
    victims = surrounded_by(state, seat)
    if len(victims) > 1:
        if surround not in victims:
            raise Illegal("T-SURROUND-2", msg("This move surrounds more than one figure; one move surrounds at most "
                                              "one: name it in `surround` (%(figures)s).",
                                              figures=", ".join(state.name(v) for v in victims)))
        victims = [surround]
    elif surround is not None and surround not in victims:
        raise Illegal("T-SURROUND-1", msg("%(figure)s is not surrounded by this move.", figure=surround))
    for victim in victims:
        say.say(msg("%(figure)s is surrounded.", figure=state.name(victim)), "T-SURROUND-1")
        knock_out(state, victim, say)


# -- battles ---------------------------------------------------------------------------------

def adjacent_targets(state: TfgState, inst: str) -> list[str]:
    if not state.on_board(inst):
        return []
    occupied = state.occupied()
    return [occupied[p] for p in state.board.neighbours[state.figures[inst].where]
            if p in occupied and state.owner(occupied[p]) != state.owner(inst)]


def check_attack(state: TfgState, seat: int, inst: str, target: str) -> None:
    name = state.name(inst)
    if state.owner(inst) != seat:
        raise Illegal("T-BATTLE-1", msg("%(figure)s is not your figure.", figure=name))
    if state.phase == "attack" and inst != state.moved:
        raise Illegal("T-BATTLE-1", msg("Only the figure that moved this turn (%(figure)s) attacks.",
                                        figure=state.name(state.moved or '')))
    if not state.on_board(inst):
        raise Illegal("T-BATTLE-1", msg("%(figure)s is not on the board.", figure=name))
    if state.waiting(inst):
        raise Illegal("T-STATUS-2", msg("%(figure)s has Wait: it can't move or attack this turn.", figure=name))
    if target not in state.figures or state.owner(target) == seat:
        raise Illegal("T-BATTLE-1", msg("A figure attacks an opposing figure, never one of its own."))
    if target not in adjacent_targets(state, inst):
        raise Illegal("T-BATTLE-1", msg("%(target)s is not next to %(figure)s.", target=state.name(target),
                                        figure=name))


def damage(state: TfgState, inst: str, seg: Segment) -> int:
    """T-STATUS-4: a Poisoned figure's attacks do 20 less, after every other effect."""
    value = seg.damage
    if state.figures[inst].status == "poisoned":
        value = max(0, value - 20)
    return value


def battle_winner(a: Segment, b: Segment, a_damage: int, b_damage: int) -> int | None:
    """T-BATTLE-2's colour table: 0 when `a` wins, 1 when `b` does, None when nothing happens."""
    if a.colour == b.colour:
        if a.colour in ("blue", "miss"):
            return None
        x, y = (a.stars, b.stars) if a.colour == "purple" else (a_damage, b_damage)
        return None if x == y else (0 if x > y else 1)
    for colour in ("blue",):
        if colour in (a.colour, b.colour):
            return 0 if a.colour == colour else 1
    if "miss" in (a.colour, b.colour):
        return 1 if a.colour == "miss" else 0
    pair = {a.colour, b.colour}
    if pair == {"purple", "white"}:
        return 0 if a.colour == "purple" else 1
    if pair == {"purple", "gold"}:
        return 0 if a.colour == "gold" else 1
    # white against gold: damage decides
    return None if a_damage == b_damage else (0 if a_damage > b_damage else 1)


def paralysis_names(state: TfgState, sides: tuple[str, str], named: dict[str, str]) -> dict[str, str]:
    """T-STATUS-3: for each Paralyzed figure of the battle, the attack its owner names (`paralyzed`
    in the action: {figure: attack name}) — one of its attacks that doesn't miss."""
    out = {}
    for inst in sides:
        if state.figures[inst].status != "paralyzed":
            continue
        attacks = sorted({s.name for s in state.fig(inst).wheel if s.colour != "miss"})
        name = named.get(inst)
        if name not in attacks:
            raise Illegal("T-STATUS-3", msg("%(figure)s is Paralyzed: its owner names one of its attacks that "
                                            "doesn't miss in `paralyzed` ({\"%(instance)s\": one of %(attacks)s}).",
                                            figure=state.name(inst), instance=inst, attacks=", ".join(attacks)))
        out[inst] = name
    return out


def _landed(state: TfgState, inst: str, spins: SpinSource, paralyzed: dict[str, str]) -> Segment:
    seg = state.fig(inst).wheel[spins.spin(state.fig(inst), msg("%(figure)s in battle", figure=state.name(inst)))]
    if paralyzed.get(inst) == seg.name:       # T-STATUS-3: the named attack misses
        return Segment(seg.name, "miss", seg.size, 0, 0, "", ())
    return seg


def _label(seg: Segment, value: int) -> str:
    shown = str(value) if seg.colour in ("white", "gold") else '☆' * seg.stars if seg.colour == "purple" else None
    return segment_label(seg.name, seg.colour, shown)


def decided_by_effect(segs: list[Segment], values: list[int]) -> int | None:
    """A segment that wins whatever the colour table says when the opponent spins a certain
    way (BeatsIf): its side, or None."""
    for side in (0, 1):
        other = segs[1 - side]
        if any(isinstance(e, BeatsIf) and e.holds(other.colour, values[1 - side]) for e in segs[side].effects or ()):
            return side
    return None


@dataclass
class Outcome:
    knocked: list[str]
    statuses: list[tuple[str, str]]
    swap: bool = False


def _winning_effects(state: TfgState, sides: tuple[str, str], seg: Segment, winner: int, out: Outcome,
                     by_effect: bool) -> None:
    loser = sides[1 - winner]
    conditional = any(isinstance(e, BeatsIf) for e in seg.effects or ())
    if conditional and not by_effect:
        return                  # its condition did not hold: the text does nothing more (effects.py)
    for effect in seg.effects or ():
        if isinstance(effect, OpponentStatus):
            out.statuses.append((loser, effect.status))
        elif isinstance(effect, KnockOutOpponent):
            out.knocked.append(loser)
        elif isinstance(effect, KnockOutBoth):
            out.knocked += [sides[winner], loser]
        elif isinstance(effect, SwapWithOpponent):
            out.swap = True
        elif isinstance(effect, KnockOutSelfAndNeighbours):
            occupied = state.occupied()
            here = state.figures[sides[winner]].where
            out.knocked += [sides[winner], *(occupied[p] for p in state.board.neighbours[here] if p in occupied)]


def _outcome(state: TfgState, sides: tuple[str, str], segs: list[Segment], winner: int | None,
             by_effect: bool = False) -> Outcome:
    """What the battle does: the figures Knocked Out, the Special Conditions given, a change of
    places (T-BATTLE-2..4; effects on the spinner itself whatever the outcome, effects.py)."""
    out = Outcome([], [])
    if winner is not None:
        if segs[winner].colour in ("white", "gold"):
            out.knocked.append(sides[1 - winner])
        _winning_effects(state, sides, segs[winner], winner, out, by_effect)
    for i, seg in zip(sides, segs, strict=True):
        out.statuses += [(i, e.status) for e in seg.effects or () if isinstance(e, SelfStatus)]
    for side in (0, 1):
        other = sides[1 - side]
        if sides[side] in out.knocked and other not in out.knocked:
            out.statuses += [(other, e.effect.status) for e in segs[side].effects or () if isinstance(e, IfKnockedOut)]
    out.knocked = list(dict.fromkeys(out.knocked))
    return out


def do_attack(state: TfgState, seat: int, inst: str, target: str, spins: SpinSource, say: Narration,
              named: dict[str, str] | None = None) -> None:
    check_attack(state, seat, inst, target)
    state.moved = inst
    sides = (inst, target)
    paralyzed = paralysis_names(state, sides, named or {})
    segs = [_landed(state, i, spins, paralyzed) for i in sides]
    values = [damage(state, i, s) for i, s in zip(sides, segs, strict=True)]
    for i, s, v in zip(sides, segs, values, strict=True):
        if v != s.damage:
            say.say(msg("%(figure)s is Poisoned: %(attack)s does %(damage)s − 20 = %(result)s.", figure=state.name(i),
                        attack=s.name, damage=s.damage, result=v), "T-STATUS-4")
    by_effect = decided_by_effect(segs, values)
    winner = by_effect if by_effect is not None else battle_winner(segs[0], segs[1], values[0], values[1])
    shown = [_label(s, v) for s, v in zip(segs, values, strict=True)]
    if winner is None:
        say.say(msg("%(figure)s attacks %(target)s: %(spin)s against %(other)s — nothing happens.",
                    figure=state.name(inst), target=state.name(target), spin=shown[0], other=shown[1]), "T-BATTLE-2")
    else:
        say.say(msg("%(figure)s attacks %(target)s: %(winner)s beats %(loser)s.", figure=state.name(inst),
                    target=state.name(target), winner=shown[winner], loser=shown[1 - winner]), "T-BATTLE-2")
    if by_effect is not None:
        say.say(msg("%(attack)s wins whatever the colours: %(effects)s.", attack=segs[by_effect].name,
                    effects=joined((e.describe() for e in segs[by_effect].effects or ()), "; ")), "T-BATTLE-4")
    out = _outcome(state, sides, segs, winner, by_effect is not None)
    if out.swap and not out.knocked:
        a, b = state.figures[inst], state.figures[target]
        a.where, b.where = b.where, a.where
        say.say(msg("%(figure)s and %(target)s change places (%(attack)s).", figure=state.name(inst),
                    target=state.name(target), attack=segs[0 if winner == 0 else 1].name), "T-BATTLE-4")
    for victim in out.knocked:
        knock_out(state, victim, say)
    for who, status in out.statuses:
        if not state.on_board(who):
            continue
        if winner is not None and who == sides[1 - winner]:
            say.say(msg("%(attack)s acts on the battle opponent, %(figure)s.", attack=segs[winner].name,
                        figure=state.name(who)), "T-BATTLE-4")
        give_status(state, who, status, say)


# -- conditions, the Pokémon Center, winning --------------------------------------------------

def give_status(state: TfgState, inst: str, status: str, say: Narration) -> None:
    """Wait (T-STATUS-2) in its own slot; a Special Condition (T-STATUS-1) replaces only the
    Special Condition the figure had."""
    fig = state.figures[inst]
    if status == WAIT:
        fig.wait_until = state.wait_through_owners_next_turn(inst)
        say.say(msg("%(figure)s is now waiting (Wait).", figure=state.name(inst)), "T-STATUS-2")
        return
    if fig.status and fig.status != status:
        say.say(msg("%(figure)s is no longer %(condition)s: a new Special Condition replaces it.",
                    figure=state.name(inst), condition=status_name(fig.status)), "T-STATUS-1")
    fig.status = status
    rule = {"poisoned": "T-STATUS-4", "paralyzed": "T-STATUS-3"}.get(status, "T-STATUS-1")
    say.say(msg("%(figure)s is now %(condition)s.", figure=state.name(inst), condition=status_name(status)), rule)


def knock_out(state: TfgState, inst: str, say: Narration) -> None:
    """T-BATTLE-3 / T-PC-1: to its owner's Pokémon Center; a third there sends the first back.
    Leaving the field ends a Special Condition, not Wait (T-STATUS-1)."""
    fig = state.figures[inst]
    if fig.status:
        say.say(msg("%(figure)s leaves the field and is no longer %(condition)s.", figure=state.name(inst),
                    condition=status_name(fig.status)), "T-STATUS-1")
    fig.where, fig.status = CENTER, None
    state.arrivals += 1
    fig.arrived = state.arrivals
    say.say(msg("%(figure)s is Knocked Out to the Pokémon Center.", figure=state.name(inst)), "T-BATTLE-3")
    seat = state.owner(inst)
    center = sorted(state.of_seat(seat, CENTER), key=lambda i: state.figures[i].arrived)
    if len(center) > CENTER_SIZE:
        first = center[0]
        state.figures[first].where = BENCH
        say.say(msg("The Pokémon Center holds %(num)s: %(figure)s goes back to the Bench.", num=CENTER_SIZE,
                    figure=state.name(first)), "T-PC-1")


def win(state: TfgState, seat: int, rule: str, why: str, say: Narration) -> None:
    state.result = {"winner": seat, "reason": rule}
    state.phase = "over"
    say_win(state, why, say)


def say_win(state: TfgState, why: str, say: Narration) -> None:
    """The line of the result `state` holds."""
    assert state.result is not None
    seat, rule = state.result["winner"], state.result["reason"]
    say.say(msg("%(why)s: %(player)s wins.", why=why, player=state.players[seat]), rule)
