"""Listing legal actions takes shortcuts that must answer as carrying each candidate out would
(legal.py, engine.accepts): a handler's own checks asked of the state itself (actions.CHECKS:
they must only read it), an action settled by its checks (actions.SETTLED_BY_CHECKS: nothing
after them may refuse it; for powers, Items and attack effects the card's own
`settled_by_check`, for an attack's damage the hooks answered in play), and retreats paying
the same Energy tried once whichever Benched Pokémon comes in. At every position of random
games, every candidate of both seats is accepted by the shortcut exactly when `run_action`
carries it out, alone and with what the candidates of one listing share (engine.Listing; what
`State.listing` keeps: listeners, Energy units, whether a power may be used), and asking
leaves the state as it was; an evolution or an attachment the candidates leave out (legal.py
offers an evolution only onto the Pokémon its card names, an attachment only while the turn's
Energy is not attached) is one `run_action` refuses. The shape check's fast path answers as
the full one."""
import itertools

import pytest
from random_play import coverage_decks, shared_decks, shipped_decks

from projections.tcg.actions import _shape_errors, action_shape_errors
from projections.tcg.engine import Listing, _settled_by_checks, accepts, run_action
from projections.tcg.illegal import Illegal
from projections.tcg.legal import _ProbeRandomness, candidate_actions
from projections.tcg.randomness import RandomnessExhausted
from projections.tcg.simulate import random_game
from projections.tcg.state import state_hash


def carried_out(state, seat, action) -> bool:
    try:
        run_action(state, seat, action, _ProbeRandomness())
    except (Illegal, RandomnessExhausted):
        return False
    return True


def check_position(state, seat: int) -> None:
    before = state_hash(state)
    retreats: dict[tuple[str, ...], set[bool]] = {}
    candidates = candidate_actions(state, seat)
    probe = _ProbeRandomness()
    listing = Listing(state, seat, probe)
    slow = [carried_out(state, seat, action) for action in candidates]
    for action, answer in zip(candidates, slow, strict=True):
        assert accepts(state, seat, action, _ProbeRandomness()) == answer, action
        if action["type"] == "retreat":
            retreats.setdefault(tuple(action["discard"]), set()).add(answer)
    state.listing = {}      # as legal_actions keeps it while the listing's candidates are asked
    try:
        for action, answer in zip(candidates, slow, strict=True):
            assert accepts(state, seat, action, probe, listing) == answer, action
    finally:
        state.listing = None
    assert all(len(answers) == 1 for answers in retreats.values()), retreats
    for action in _left_out(state, seat, candidates):
        assert not carried_out(state, seat, action), action
    assert state_hash(state) == before, "asking changed the state"


def _left_out(state, seat: int, candidates: list[dict]) -> list[dict]:
    """The evolutions and attachments of hand cards that the candidates leave out."""
    s = state.seats[seat]
    every = [{"type": "evolve", "card": i, "target": p.top} for i in s.hand
             if state.card_of(i).supertype == "Pokemon" and not state.card_of(i).is_basic_pokemon
             for p in s.in_play()]
    every += [{"type": "attach_energy", "card": i, "target": p.top} for i in s.hand
              if state.card_of(i).supertype == "Energy" for p in s.in_play()]
    return [a for a in every if a not in candidates]


def _games():
    shipped = shipped_decks("ex-2005")
    ex_pair = list(itertools.permutations(sorted(shipped), 2))[:2]
    yield "base-1999", list(shared_decks().values())
    yield "base-1999", coverage_decks()
    # the shipped Base Set decks beside the benchmark ones (Rain Dance, Buzzap, their Trainers)
    yield "base-1999", [d for n, d in sorted(shipped_decks("base-1999").items()) if n not in shared_decks()]
    for a, b in ex_pair:
        yield "ex-2005", [shipped[a], shipped[b]]
    modern = shipped_decks("modern")
    for era in ("sv-", "std26-"):            # the 2024 lists and the 2026 Standard decks
        yield "modern", [modern[n] for n in sorted(modern) if n.startswith(era)][:2]


@pytest.mark.parametrize("ruleset,decks", list(_games()))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_shortcuts_answer_as_carrying_each_candidate_out(ruleset, decks, seed):
    def on_step(state, seat, action, decision):
        for s in (0, 1):
            check_position(state, s)

    random_game(seed, decks, ruleset, max_actions=150, on_step=on_step)


def _settled_kind(state, action: dict) -> str:
    """The action's kind, with the power's or attack's name where a card settles it."""
    if action["type"] == "use_power":
        return f"use_power:{action['power']}"
    if action["type"] == "attack":
        return f"attack:{action['attack']}"
    return action["type"]


def test_the_shipped_base_set_decks_settle_what_their_cards_declare():
    """The shortcuts the shipped Base Set decks take beside the benchmark decks' (setup,
    promotion, Clefairy Doll discarded from play, Buzzap, Rain Dance, Whirlwind and Lure,
    Porygon's Conversions, Sing's Sleep asked of what is in play) are each taken, and each
    answers as carrying the candidate out (check_position at every step)."""
    shipped = shipped_decks("base-1999")
    settled: set[str] = set()

    def on_step(state, seat, action, decision):
        for s in (0, 1):
            check_position(state, s)
            listing = Listing(state, s, _ProbeRandomness())
            for candidate in candidate_actions(state, s):
                try:
                    if _settled_by_checks(state, candidate, listing):
                        settled.add(_settled_kind(state, candidate))
                except Illegal:
                    pass

    for seed, a, b in ((1, "water-lightning", "colorless"), (2, "colorless", "water-lightning"),
                       (3, "colorless", "water-lightning"), (3, "water-lightning", "fire-fighting"),
                       (4, "grass-psychic", "colorless")):
        random_game(seed, [shipped[a], shipped[b]], "base-1999", max_actions=200, on_step=on_step)
    wanted = {"setup", "promote", "discard_from_play", "use_power:Buzzap", "use_power:Rain Dance",
              "attack:Whirlwind", "attack:Conversion 1", "attack:Conversion 2"}
    assert wanted <= settled, wanted - settled


def _variants(action: dict) -> list[dict]:
    """The action, and malformed ones near it: each field emptied, too long, of another type."""
    out = [action, {**action, "extra": 1}, {k: v for k, v in action.items() if k != "type"}]
    for key, value in action.items():
        if key == "type":
            continue
        out.append({k: v for k, v in action.items() if k != key})
        for bad in ("", "x" * 65, 7, None, [], ["0:1"], [7], ["x" * 65] * 2, ["0:1"] * 61, {}, {"cards": "0:1"},
                    {"to": ["0:1"]}, {"to": ""}, {"count": 2}, {"pokemon": [""]}, {"nope": []}):
            out.append({**action, key: bad})
        if isinstance(value, dict):
            out.extend({**action, key: {**value, k: v}} for k, v in (("cards", ["0:1"]), ("type", "Fire")))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_the_shape_fast_path_answers_as_the_full_check(seed):
    """actions.action_shape_errors answers the common shapes itself (`_well_formed`): for every
    candidate of random games and malformed ones near it, as `_shape_errors` does."""
    seen: set[str] = set()

    def on_step(state, seat, action, decision):
        for s in (0, 1):
            for candidate in candidate_actions(state, s):
                for variant in _variants(candidate):
                    key = repr(variant)
                    if key not in seen:
                        seen.add(key)
                        assert action_shape_errors(variant) == _shape_errors(variant), variant

    random_game(seed, list(shared_decks().values()), "base-1999", max_actions=60, on_step=on_step)
    assert len(seen) > 1000
