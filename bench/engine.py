#!/usr/bin/env python3
"""Benchmark of the pure card-game engine: random legal games with the two benchmark decks.

    python3 bench/engine.py [--games 200] [--seed 1] [--ruleset base-1999] [--decks DIR] [--shipped [PREFIX]]
    python3 bench/engine.py --game tfg [--games 200] [--ruleset tfg-6v6]

Decks come from ../shared/decks (next to the repository) or from --decks; without either, the
repository's own copy in bench/decks is used, so the bench also runs in CI. With another
ruleset (`--ruleset ex-2005`) the decks are that era's shipped ones (ex-fire-fighting against
ex-grass-psychic; `--shipped`: all the ruleset's shipped decks in rotating pairs, `--shipped
std26` only those whose name begins so: the 2026 Standard decks). Every game is dealt
with create_match and played with legal_actions + decide under SeededRandomness, picking actions at
random with a bias toward attaching, evolving and attacking so games end by Knock Outs and Prizes.
It prints one line of figures:
games/s, actions/s (legal_actions + decide), decide-only actions/s, and the time to fold one
match's events into its state with apply (from MatchCreated to the end).
"""
import argparse
import gc
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from projections.tcg import engine  # noqa: E402
from projections.tcg.decklist import parse_decklist  # noqa: E402
from projections.tcg.randomness import SeededRandomness  # noqa: E402
from projections.tcg.simulate import next_action  # noqa: E402

DECK_NAMES = ("fire-fighting", "grass-psychic")
ERA_DECKS = {"ex-2005": ("ex-fire-fighting", "ex-grass-psychic")}


def find_decks(explicit=None):
    dirs = [Path(explicit)] if explicit else []
    dirs += [REPO.parent / "shared" / "decks", REPO / "bench" / "decks"]
    for d in dirs:
        files = [d / f"{n}.txt" for n in DECK_NAMES]
        if all(f.is_file() for f in files):
            return d, [parse_decklist(f.read_text(encoding="utf-8")) for f in files]
    sys.exit(f"benchmark decks {', '.join(DECK_NAMES)} not found in {', '.join(map(str, dirs))}")


def play(seed, decks, ruleset):
    """One random legal game; returns (events, seconds in decide, number of actions)."""
    rng = SeededRandomness(seed)
    pick = random.Random(seed * 7919 + 1)
    players = [{"name": "Ana", "deck": decks[0]}, {"name": "Beto", "deck": decks[1]}]
    record, state, _ = engine.create_match(ruleset, players, rng)
    events = [{"type": "MatchCreated", "payload": {"ruleset": ruleset, "players": players, "rng": record}}]
    decide_time = 0.0
    turn, done = None, []
    while state.phase != "finished":
        if (state.game_number, state.turn) != turn:
            turn, done = (state.game_number, state.turn), []
        seat, action = next_action(state, pick, done)
        done.append(action["type"])
        t = time.perf_counter()
        d = engine.decide(state, seat, action, rng)
        decide_time += time.perf_counter() - t
        if not d.legal:
            raise RuntimeError(f"seed {seed}: listed action refused: {action} {d.violations}")
        events.append(d.event)
        state = d.state
    return events, decide_time, len(events) - 1, state.result


def fold(events):
    state = None
    for event in events:
        state, _ = engine.apply(state, event)
    return state


def play_figure_game(seed, ruleset):
    """One random legal figure-game match (teams of the playable figures, the service's spins);
    returns (events, seconds in decide, number of actions, result)."""
    from projections.tfg import engine as tfg
    from projections.tfg.figures import playable_figures
    from projections.tfg.spins import ServiceSpins
    rng = SeededRandomness(seed)
    pick = random.Random(seed * 7919 + 1)
    size = tfg.get_ruleset(ruleset).team_size
    teams = [[pick.choice(playable_figures()).name for _ in range(size)] for _ in (0, 1)]
    state = tfg.create(ruleset, ["Ana", "Beto"], teams, tfg.draw_first_seat(rng))
    events, decide_time = [], 0.0
    while not state.result:
        actions = tfg.legal_actions(state, state.seat_to_act)
        goal = state.board.goals[1 - state.seat_to_act]
        goals = [a for a in actions if a["type"] == "move" and a["path"][-1] == goal]
        attacks = [a for a in actions if a["type"] == "attack"]
        action = pick.choice(goals or (attacks if attacks and pick.random() < 0.7 else actions))
        t = time.perf_counter()
        d = tfg.decide(state, state.seat_to_act, action, ServiceSpins(rng))
        decide_time += time.perf_counter() - t
        if not d.legal:
            raise RuntimeError(f"seed {seed}: listed action refused: {action} {d.violations}")
        events.append(d.event)
        state = d.state
    return (state, events), decide_time, len(events), state.result


def fold_figure_game(created):
    from projections.tfg import engine as tfg
    first, events = created
    state = tfg.create(first.ruleset, first.players, [[first.figures[i].figure for i in sorted(first.figures)
                                                       if i.startswith(f"{s}:")] for s in (0, 1)], first.first_seat)
    for event in events:
        state, _ = tfg.apply(state, event)
    return state


def main_figure_game(args):
    ruleset = args.ruleset if args.ruleset.startswith("tfg-") else "tfg-6v6"
    actions, decide_time, longest, wins = 0, 0.0, None, {}
    start = time.perf_counter()
    for n in range(args.games):
        played, dt, count, result = play_figure_game(args.seed + n, ruleset)
        actions += count
        decide_time += dt
        wins[result["reason"]] = wins.get(result["reason"], 0) + 1
        if longest is None or count > len(longest[1]):
            longest = played
    elapsed = time.perf_counter() - start
    reps = 5
    t = time.perf_counter()
    for _ in range(reps):
        fold_figure_game(longest)
    fold_ms = (time.perf_counter() - t) / reps * 1000
    print(f"games={args.games} game=tfg ruleset={ruleset} | games/s={args.games / elapsed:.1f} "
          f"actions/s={actions / elapsed:.0f} decide-only actions/s={actions / decide_time:.0f} "
          f"actions/game={actions / args.games:.0f} | fold {len(longest[1])} events={fold_ms:.1f} ms | "
          f"endings={','.join(f'{k}:{v}' for k, v in sorted(wins.items()))}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="tcg", choices=("tcg", "tfg"))
    ap.add_argument("--games", type=int, default=200, help="random games to play (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (game n uses seed + n)")
    ap.add_argument("--ruleset", default="base-1999")
    ap.add_argument("--decks", help="folder holding fire-fighting.txt and grass-psychic.txt")
    ap.add_argument("--shipped", nargs="?", const="", default=None, metavar="PREFIX",
                    help="play the ruleset's shipped decks in rotating pairs (only the names beginning "
                         "with PREFIX, e.g. std26 for the 2026 Standard decks)")
    args = ap.parse_args(argv)
    # As a web worker does before its first request (app/server.py freeze_startup_objects): the
    # card pool, built once per process, is moved out of the collector's sight, so a full
    # collection during a game walks the games' objects, not ~90,000 card definitions.
    gc.collect()
    gc.freeze()
    if args.game == "tfg":
        return main_figure_game(args)
    from projections.tcg.decks import shipped_deck, shipped_deck_names, shipped_deck_ruleset
    if args.shipped is not None:
        names = [n for n in shipped_deck_names()
                 if n.startswith(args.shipped) and shipped_deck_ruleset(n) == args.ruleset]
        if len(names) < 2:
            sys.exit(f"--shipped {args.shipped}: {len(names)} shipped {args.ruleset} deck(s) by that name; 2 needed")
        shipped = [shipped_deck(n) for n in names]
        deck_dir = "shipped:" + "+".join(names)
        pairings = [(shipped[i], shipped[j]) for i in range(len(names)) for j in range(len(names)) if i != j]
    elif args.ruleset in ERA_DECKS and not args.decks:
        names = list(ERA_DECKS[args.ruleset])
        deck_dir = "shipped:" + "+".join(names)
        pairings = [[shipped_deck(n) for n in names]]
    else:
        deck_dir, decks = find_decks(args.decks)
        pairings = [decks]

    actions = 0
    decide_time = 0.0
    longest = []
    wins = {}
    start = time.perf_counter()
    for n in range(args.games):
        events, dt, count, result = play(args.seed + n, pairings[n % len(pairings)], args.ruleset)
        actions += count
        decide_time += dt
        wins[result["reason"]] = wins.get(result["reason"], 0) + 1
        if len(events) > len(longest):
            longest = events
    elapsed = time.perf_counter() - start

    reps = 5
    t = time.perf_counter()
    for _ in range(reps):
        fold(longest)
    fold_ms = (time.perf_counter() - t) / reps * 1000

    print(f"games={args.games} ruleset={args.ruleset} decks={deck_dir} | "
          f"games/s={args.games / elapsed:.1f} actions/s={actions / elapsed:.0f} "
          f"decide-only actions/s={actions / decide_time:.0f} actions/game={actions / args.games:.0f} | "
          f"fold {len(longest)} events={fold_ms:.1f} ms ({len(longest) / fold_ms * 1000:.0f} events/s) | "
          f"endings={','.join(f'{k}:{v}' for k, v in sorted(wins.items()))}")


if __name__ == "__main__":
    main()
