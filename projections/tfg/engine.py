"""The figure game's pure engine: `create`, `decide`, `apply`, `legal_actions`.

Actions (T-TURN-1): `move` {figure, path, surround?}, `attack` {figure, target} (the figure that
moved this turn, or — without a move — one that stays put to attack), `end_turn` (after a move,
instead of attacking). A turn passes by itself when a move leaves no battle possible. Spins come
from a SpinSource and are written into the event (`rng.spins`), so a replay never re-spins.

Ruling taken here: T-TURN-2 (a player who can do nothing loses, T-WIN-2) is ruled at the start
of every turn, the first one included — a first player whose figures all have 1 MP has none on
that turn (T-MOVE-4) and cannot enter (T-MOVE-3), so the match is over when it is created; so
is a sandbox position whose seat to act can do nothing at the start of its turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..messages import joined, msg, msg_n
from .figures import figure
from .position import read_position
from .rules import Illegal, Narration, adjacent_targets, can_move, do_attack, do_move, paths, say_win, win
from .rulesets import get_ruleset
from .spins import ReplaySpins, ReportedSpins, ServiceSpins, Shuffles, SpinError, SpinSource
from .state import BENCH, FigureInPlay, TfgState

ACTION_FIELDS: dict[str, dict[str, type]] = {
    "move": {"figure": str, "path": list, "surround": str},
    "attack": {"figure": str, "target": str, "paralyzed": dict, "spins": list},
    "end_turn": {},
}
MAX_SPINS = 32          # reported spins in one attack: far more than a battle needs


@dataclass
class Decision:
    event: dict[str, Any] | None
    state: TfgState
    narration: list[str] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    coin_error: str | None = None        # a spin missing or not on the wheel (reported matches)

    @property
    def legal(self) -> bool:
        return self.event is not None


def team_violations(team: list[str], ruleset: str) -> list[dict[str, Any]]:
    """A team (figure names or ids) checked like a deck: its size (T-SETUP-1), each figure known
    and playable (every ability encoded), no figure more often than the ruleset allows."""
    rules = get_ruleset(ruleset)
    out: list[dict[str, Any]] = []
    if len(team) != rules.team_size:
        out.append({"rule": "T-SETUP-1", "message": msg("A %(ruleset)s team holds %(size)s figures, not %(count)s.",
                                                        ruleset=rules.name, size=rules.team_size, count=len(team))})
    counts: dict[str, int] = {}
    for entry in team:
        try:
            fig = figure(entry)
        except KeyError:
            out.append({"rule": "T-SETUP-1", "message": msg("%(entry)s is no figure the referee knows "
                                                            "(GET /v1/figures lists them).", entry=repr(entry))})
            continue
        reason = fig.unplayable_reason
        if reason:
            out.append({"rule": "T-SETUP-1", "message": msg("%(figure)s can't be played yet: %(reason)s.",
                                                            figure=fig.name, reason=reason)})
        counts[fig.id] = counts.get(fig.id, 0) + 1
    for fid, n in counts.items():
        if n > rules.max_identical_figures:
            out.append({"rule": "T-SETUP-1", "message": msg("%(figure)s is in the team %(count)s times; at most "
                                                            "%(most)s.", figure=figure(fid).name, count=n,
                                                            most=rules.max_identical_figures)})
    return out


def draw_first_seat(source: Shuffles) -> int:
    """T-SETUP-2: a random draw decides who goes first (the first of a shuffle of the two seats)."""
    return source.shuffle(2)[0]


def opening_lines(state: TfgState) -> list[str]:
    """The narration of a new match: who goes first and, when that seat already has nothing to
    do, that it has lost (see `create`)."""
    return [joined((msg("A random draw: %(player)s goes first.", player=state.players[state.first_seat]),
                    "[T-SETUP-2]"), " "), *lost_at_the_start(state)]


def lost_at_the_start(state: TfgState) -> list[str]:
    """The line of a match over before its first action (T-TURN-2 ruled by `create` or
    `from_position`), else nothing."""
    if not state.result:
        return []
    say = Narration([])
    say_win(state, _stuck_why(state, 1 - state.result["winner"]), say)
    return say.lines


def _rule_a_stuck_start(state: TfgState) -> None:
    # T-TURN-2 holds on the very first turn too: a team that cannot enter with its first-turn MP
    # (T-MOVE-4: three 1-MP figures) has lost before anything is logged, as end_turn rules for
    # every later turn; so has the seat to act of a sandbox position that can do nothing.
    if state.phase == "move" and not has_legal_action(state, state.seat_to_act):
        win(state, 1 - state.seat_to_act, "T-WIN-2", _stuck_why(state, state.seat_to_act), Narration([]))


def _stuck_why(state: TfgState, seat: int) -> str:
    return msg("%(player)s can neither move nor attack", player=state.players[seat])


def create(ruleset: str, players: list[str], teams: list[list[str]], first_seat: int,
           mode: str = "service") -> TfgState:
    """A match with every figure on its Bench and the first player drawn (T-SETUP-1, T-SETUP-2).
    `mode` "reported" / "table": the table reports each spin in the attack (`spins`)."""
    figures = {f"{seat}:{n}": FigureInPlay(figure(name).id) for seat, team in enumerate(teams)
               for n, name in enumerate(team)}
    state = TfgState(ruleset, list(players), figures, turn=1, seat_to_act=first_seat, first_seat=first_seat,
                     mode=mode)
    _rule_a_stuck_start(state)
    return state


def _field_error(key: str, value: Any, expected: type) -> str | None:
    if not isinstance(value, expected):
        if key == "path":
            return msg("must be a %(type)s of point ids", type=expected.__name__)
        return msg("must be a %(type)s", type=expected.__name__)
    if key == "path" and isinstance(value, list) and not all(isinstance(v, str) for v in value):
        return msg("must be a list of point ids")
    if key == "spins" and isinstance(value, list) and (len(value) > MAX_SPINS or not all(
            isinstance(v, (str, int, dict)) and not isinstance(v, bool) for v in value)):
        return msg("at most %(num)s segments, each a name, an index or {\"name\", \"index\"}", num=MAX_SPINS)
    if isinstance(value, dict) and not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return msg("must map figure instances to attack names")
    return None


def action_errors(action: Any) -> dict[str, list[str]]:
    if not isinstance(action, dict) or action.get("type") not in ACTION_FIELDS:
        return {"type": [msg("one of %(types)s", types=", ".join(ACTION_FIELDS))]}
    errors: dict[str, list[str]] = {}
    fields = ACTION_FIELDS[action["type"]]
    for key, value in action.items():
        if key == "type":
            continue
        problem = msg("unknown for %(type)s", type=action['type']) if key not in fields else \
            _field_error(key, value, fields[key])
        if problem:
            errors[str(key)] = [problem]
    for key in {"move": ("figure", "path"), "attack": ("figure", "target")}.get(action["type"], ()):
        if key not in action:
            errors.setdefault(key, [msg("required")])
    return errors


def spin_source(state: TfgState, action: dict[str, Any], service: Shuffles) -> SpinSource:
    """Where this action's spins come from: the table's report in the action (`spins`) in a
    reported or table match, the service's draw otherwise (a client can't choose them there)."""
    if state.mode == "service":
        if "spins" in action:
            raise Illegal("T-BATTLE-2", msg("In this match the referee spins the wheels: `spins` is for reported "
                                            "and table matches."))
        return ServiceSpins(service)
    return ReportedSpins(list(action.get("spins") or []))


def decide(state: TfgState, seat: int, action: dict[str, Any], spins: SpinSource) -> Decision:
    errors = action_errors(action)
    if errors:
        key, problems = next(iter(errors.items()))
        return Decision(None, state, violations=[{"rule": "T-TURN-1", "message": joined((key, problems[0]), ": ")}])
    new = state.clone()
    say = Narration([])
    try:
        run(new, seat, action, spins, say)
        if isinstance(spins, ReportedSpins) and spins.unused():
            raise SpinError(msg_n("%(num)s spin(s) reported that this action does not use.",
                                  "%(num)s spin(s) reported that this action does not use.", spins.unused()))
    except Illegal as e:
        return Decision(None, state, violations=[{"rule": e.rule, "message": e.message}])
    except SpinError as e:
        return Decision(None, state, coin_error=e.args[0] if e.args and isinstance(e.args[0], str) else str(e))
    new.seq = state.seq + 1
    event = {"type": "ActionTaken", "payload": {"seat": seat, "action": action, "rng": {"spins": spins.used}}}
    return Decision(event, new, say.lines)


def apply(state: TfgState, event: dict[str, Any]) -> tuple[TfgState, list[str]]:
    payload = event["payload"]
    new = state.clone()
    say = Narration([])
    run(new, payload["seat"], payload["action"], ReplaySpins(payload.get("rng", {}).get("spins", [])), say)
    new.seq = state.seq + 1
    return new, say.lines


def run(state: TfgState, seat: int, action: dict[str, Any], spins: SpinSource, say: Narration) -> None:
    if state.result:
        raise Illegal("T-WIN-1", msg("The game is over: %(player)s won.", player=state.players[state.result['winner']]))
    if seat != state.seat_to_act:
        raise Illegal("T-TURN-1", msg("It is %(player)s's turn.", player=state.players[state.seat_to_act]))
    kind = action["type"]
    if kind == "move":
        if state.phase != "move":
            raise Illegal("T-TURN-1", msg("One figure moves each turn: attack with it or end the turn."))
        inst = _own_figure(state, seat, action["figure"])
        do_move(state, seat, inst, list(action["path"]), action.get("surround"), say)
        if not state.result and not adjacent_targets(state, inst):
            end_turn(state, say)
        elif not state.result:
            state.phase = "attack"
    elif kind == "attack":
        inst = _own_figure(state, seat, action["figure"])
        do_attack(state, seat, inst, action["target"], spins, say, action.get("paralyzed"))
        end_turn(state, say)
    else:
        if state.phase != "attack":
            raise Illegal("T-TURN-2", msg("A turn ends after a figure has moved (or attacked): you must do "
                                          "something each turn."))
        say.say(msg("%(player)s ends the turn without attacking.", player=state.players[seat]), "T-TURN-1")
        end_turn(state, say)


def _own_figure(state: TfgState, seat: int, inst: str) -> str:
    if inst not in state.figures:
        raise Illegal("T-TURN-1", msg("%(instance)s is no figure of this match.", instance=repr(inst)))
    if state.owner(inst) != seat:
        raise Illegal("T-TURN-1", msg("%(figure)s is not your figure.", figure=state.name(inst)))
    return inst


def end_turn(state: TfgState, say: Narration) -> None:
    """The turn passes; Wait that lasted through this turn ends; a player with nothing to do loses
    (T-TURN-2, T-WIN-2)."""
    if state.result:
        return
    ending = state.seat_to_act
    state.turns_taken[ending] += 1
    for inst, fig in state.figures.items():
        if fig.wait_until is not None and fig.wait_until <= state.turn:
            fig.wait_until = None
            say.say(msg("%(figure)s no longer waits.", figure=state.name(inst)), "T-STATUS-2")
    state.turn += 1
    state.seat_to_act = 1 - ending
    state.phase = "move"
    state.moved = None
    say.say(msg("Turn %(turn)s: %(player)s's turn.", turn=state.turn, player=state.players[state.seat_to_act]),
            "T-TURN-1")
    if not has_legal_action(state, state.seat_to_act):
        win(state, ending, "T-WIN-2", _stuck_why(state, state.seat_to_act), say)


def _attacks(state: TfgState, inst: str) -> list[dict[str, Any]]:
    """Attacks of `inst` on each adjacent opponent, one per choice of the attack named for each
    Paralyzed figure of the battle (T-STATUS-3)."""
    out: list[dict[str, Any]] = []
    for target in adjacent_targets(state, inst):
        options: list[dict[str, str]] = [{}]
        for side in (inst, target):
            if state.figures[side].status == "paralyzed":
                names = sorted({s.name for s in state.fig(side).wheel if s.colour != "miss"})
                options = [{**o, side: n} for o in options for n in names]
        out += [{"type": "attack", "figure": inst, "target": target, **({"paralyzed": o} if o else {})}
                for o in options]
    return out


def has_legal_action(state: TfgState, seat: int) -> bool:
    """Whether `seat` can move or attack at all (T-TURN-2), stopping at the first it finds."""
    for inst in state.of_seat(seat):
        if can_move(state, inst) and (next(paths(state, inst), None) is not None or adjacent_targets(state, inst)):
            return True
    return False


def legal_actions(state: TfgState, seat: int) -> list[dict[str, Any]]:
    if state.result or seat != state.seat_to_act:
        return []
    out: list[dict[str, Any]] = []
    if state.phase == "attack" and state.moved:
        return _attacks(state, state.moved) + [{"type": "end_turn"}]
    for inst in sorted(state.figures):
        if state.owner(inst) != seat or not can_move(state, inst):
            continue
        for path in paths(state, inst):
            out.append({"type": "move", "figure": inst, "path": path})
        if state.figures[inst].where != BENCH:
            out += _attacks(state, inst)
    return out


def from_position(ruleset: str, players: list[str], position: dict[str, Any]) -> TfgState:
    """A sandbox position for a ruling (position.py reads it strictly: PositionError, a
    ValueError, names every field that can't be), ruled at its start (T-TURN-2)."""
    state = read_position(ruleset, players, position)
    _rule_a_stuck_start(state)
    return state
