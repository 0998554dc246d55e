"""Random legal games with invariant checks, for the property test (test_random_games.py).

A game is dealt with create_match and played with legal_actions + decide under SeededRandomness;
actions are picked at random with a bias toward attacking, attaching and evolving so that games
end by Knock Outs and Prizes rather than only by decking out.
"""
import random
import re
from pathlib import Path

from projections.tcg import engine
from projections.tcg.carddb import all_cards, card
from projections.tcg.core import Ctx, bench_size
from projections.tcg.decklist import parse_decklist
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import SeededRandomness
from projections.tcg.simulate import choose, seat_to_move
from projections.tcg.state import state_hash
from projections.tcg.table_actions import choice_zones_of

REPO = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"^(R|J)-[A-Z]+-\d+$")


def shared_decks():
    """The two benchmark decks (../shared/decks, else the repo's copy in bench/decks)."""
    for d in (REPO.parent / "shared" / "decks", REPO / "bench" / "decks"):
        files = sorted(d.glob("*.txt")) if d.is_dir() else []
        if len(files) >= 2:
            return {f.stem: parse_decklist(f.read_text(encoding="utf-8")) for f in files}
    return {}


def shipped_decks(ruleset="base-1999"):
    """The shipped decks built for `ruleset` (by name)."""
    from projections.tcg import decks
    return {name: decks.shipped_deck(name) for name in decks.shipped_deck_names()
            if decks.shipped_deck_ruleset(name) == ruleset}


def declared_decks():
    """Two legal Standard decks of cards whose texts the table declares (R-DECLARE-1): Basic
    Pokémon with declared attacks or Abilities of sv3–sv7, and declared Items, with basic
    Energy of their types — what random games need to exercise declared steps once the
    shipped decks' own cards are encoded."""
    pool = [c for c in all_cards() if c.id.split("-")[0] in ("sv3", "sv4", "sv5", "sv6", "sv7")
            and c.regulation_mark in ("G", "H")]
    energy = {c.provides[0]: c.id for c in all_cards() if c.id.startswith("sve-")}
    decks = []
    for n, kind in enumerate(("Fire", "Lightning")):
        by_name = {c.name: c.id for c in pool if c.is_basic_pokemon and c.supertype == "Pokemon"
                   and c.declared and c.type == kind and "ex" not in c.tags}
        mons = list(by_name.values())[:7]
        items = [c.id for c in pool if c.trainer_kind == "item" and "trainer" in c.declared
                 and "ace_spec" not in c.tags][n * 5:n * 5 + 5]
        deck = [m for m in mons for _ in range(4)][:28] + [t for t in items for _ in range(2)]
        decks.append(deck + [energy[kind]] * (60 - len(deck)))
    return decks


def base_set_cards():
    return [c for c in all_cards() if c.id.startswith("base1-")]


def coverage_decks():
    """Two legal 60-card decks that hold every one of the 102 Base Set cards between them.

    Pokémon go by evolution family so that every Stage 2 sits with its Basic and Stage 1."""
    pokemon = [c for c in base_set_cards() if c.supertype == "Pokemon"]
    by_name = {c.name: c for c in pokemon}

    def root(c):
        while c.evolves_from and c.evolves_from in by_name:
            c = by_name[c.evolves_from]
        return c.name
    families = {}
    for c in sorted(pokemon, key=lambda c: int(c.id.split("-")[1])):
        families.setdefault(root(c), []).append(c.id)
    halves, sizes = [[], []], [0, 0]
    for fam in sorted(families.values(), key=len, reverse=True):
        i = 0 if sizes[0] <= sizes[1] else 1
        halves[i].extend(fam)
        sizes[i] += len(fam)
    trainers = sorted((c.id for c in base_set_cards() if c.supertype == "Trainer"), key=lambda i: int(i.split("-")[1]))
    energy = [f"base1-{n}" for n in range(96, 103)]
    decks = []
    for n, mons in enumerate(halves):
        deck = list(mons) + trainers[n::2]
        # basics twice where there is room, so that opening hands usually hold one
        for c in mons:
            if card(c).stage == "Basic" and len(deck) < 44:
                deck.append(c)
        deck += energy[n::2] if n == 0 else energy[1::2]
        while len(deck) < 60:
            deck.append(energy[1 + (len(deck) % 6)])          # basic Energy of every type
        decks.append(deck[:60])
    return decks


def check_invariants(state, deck_sizes):
    for n, s in enumerate(state.seats):
        cards = s.deck + s.hand + s.discard + s.prizes + s.lost_zone
        # the Supporter beside the Active until the end of the turn, and the Stadium in play
        cards += [slot["card"] for slot in (state.supporter, state.stadium) if slot and slot["owner"] == n]
        for p in s.in_play():
            cards += p.all_cards()
            assert p.damage >= 0 and p.damage % 10 == 0, p
            for i in p.stack:
                assert state.card_of(i).is_pokemon_card, (i, state.card_of(i).name)
            for i in p.energy:      # an Energy card, or a card attached as one (Buzzap's Electrode)
                assert state.card_of(i).supertype == "Energy" or i in p.flags.get("energy_override", {}), \
                    (i, state.card_of(i).name)
        assert sorted(cards) == sorted(f"{n}:{k}" for k in range(deck_sizes[n])), f"seat {n} lost or copied a card"
        # a Stadium may allow more; a Bench over its size discards down once no card waits (the game not over)
        assert len(s.bench) <= bench_size(state, n) or state.pending or state.phase in ("finished", "between_games"), \
            (n, len(s.bench), bench_size(state, n))
        assert all(not p.conditions for p in s.bench), "Special Conditions on the Bench"
        assert len(s.prizes) <= state.prize_count
        if state.phase in ("main", "draw"):
            assert s.active is not None
    if state.phase == "finished":
        assert state.result and state.result["winner"] in (0, 1)


def _random_action(state, pick):
    """An action of a random type with random (mostly wrong) instances and fields."""
    inst = list(state.instances) + ["9:9", "nonsense"]
    kind = pick.choice(["setup", "mulligan_draw", "draw", "bench", "evolve", "attach_energy", "play_trainer",
                        "retreat", "use_power", "attack", "end_turn", "promote", "teleport"])
    r = pick.choice
    fields = {"setup": {"active": r(inst), "bench": [r(inst)]}, "mulligan_draw": {"count": pick.randint(-1, 3)},
              "bench": {"card": r(inst)}, "evolve": {"card": r(inst), "target": r(inst)},
              "attach_energy": {"card": r(inst), "target": r(inst)},
              "play_trainer": {"card": r(inst), "targets": [r(inst)], "choices": {}},
              "retreat": {"to": r(inst), "discard": [r(inst)]},
              "use_power": {"pokemon": r(inst), "power": r(["Rain Dance", "Damage Swap", "x"]), "choices": {}},
              "attack": {"attack": r(["Jab", "Scratch", "Fire Spin", "Metronome", "x"]), "choices": {}},
              "promote": {"card": r(inst)}}.get(kind, {})
    return {"type": kind, **fields}


def _by_top(state, action):
    """The action naming each Pokémon by its top card (any card of its stack names it too)."""
    out = dict(action)
    for key in ("target", "to") + (("card",) if action["type"] == "promote" else ()):
        if key in out:
            _, p, _ = state.find_pokemon(out[key])
            if p is not None:
                out[key] = p.top
    return out


# The zones a player's choices may name before seeing them: its own face-down deck, its top.
HIDDEN_ZONES = ("deck", "deck_top5")


def _with_deck_of(state, seat, card_id):
    """`state` with every card of `seat`'s deck made `card_id` (the same size: what the player sees)."""
    other = state.clone()
    other.instances = dict(state.instances)
    for i in other.seats[seat].deck:
        other.instances[i] = card_id
    return other


def _answer(state, seat, action):
    d = engine.decide(state, seat, action, SeededRandomness(7))
    return d.legal, [(v["rule"], v["message"]) for v in d.violations]


def check_blind_picks(state, seat, legal):
    """R-HIDDEN-1 against probes: each listed action that may name cards of its player's face-down
    deck, given instead with "none of them" (`[]`) before looking, is answered the same whether the
    deck is as dealt, all basic Energy or all Basic Pokémon. Returns how many were probed."""
    deck = state.seats[seat].deck
    if not deck:
        return 0
    cards = [card(c) for c in sorted(set(state.instances.values()))]
    energy = next(c.id for c in cards if c.is_basic_energy)
    basic = next(c.id for c in cards if c.is_basic_pokemon)
    others = [_with_deck_of(state, seat, energy), _with_deck_of(state, seat, basic)]
    probed = 0
    for action in legal:
        zones = choice_zones_of(Ctx(state, SeededRandomness(7), seat), action["type"], action)
        for key in (k for k, zone in zones.items() if zone in HIDDEN_ZONES):
            probe = {**action, "choices": {**action.get("choices", {}), key: []}}
            answer = _answer(state, seat, probe)
            for other in others:
                assert _answer(other, seat, probe) == answer, (probe, answer)
            probed += 1
    return probed


def play_game(seed, decks, ruleset="base-1999", *, check_legal=40, probes=2, max_actions=6000, blind=False):
    """Play one random game to its end, checking invariants; returns a summary dict.

    Up to `check_legal` of the listed legal actions (all when fewer) are re-checked with decide at
    every step, and `probes` random actions are tried and must be refused or really legal. `blind`:
    every step's listed actions are probed with an empty pick of the hidden deck (`check_blind_picks`)."""
    rng = SeededRandomness(seed)
    probe_rng = SeededRandomness(seed + 1)
    pick = random.Random(seed * 7919 + 1)
    players = [{"name": "Ana", "deck": list(decks[0])}, {"name": "Beto", "deck": list(decks[1])}]
    sizes = [len(decks[0]), len(decks[1])]
    record, state, _ = engine.create_match(ruleset, players, rng)
    events = [{"type": "MatchCreated", "payload": {"ruleset": ruleset, "players": players, "rng": record}}]
    hashes = [state_hash(state)]
    check_invariants(state, sizes)
    turn_key, done, refused, kinds, sudden_death, declared_steps, blind_probes = None, [], 0, {}, False, 0, 0
    while state.phase != "finished":
        assert len(events) < max_actions, f"seed {seed}: no end after {max_actions} actions"
        seat = seat_to_move(state)
        legal = [a for a in legal_actions(state, seat) if a["type"] != "concede"]
        assert legal, f"seat {seat} has nothing to do in phase {state.phase}"
        before = state_hash(state)
        if blind:
            blind_probes += check_blind_picks(state, seat, legal)
        if check_legal:
            sample = legal if len(legal) <= check_legal else pick.sample(legal, check_legal)
            for a in sample:
                d = engine.decide(state, seat, a, probe_rng)
                assert d.legal, (a, d.violations, d.coin_error)
        for _ in range(probes):
            probe_seat = pick.choice((0, 1))
            probe = _random_action(state, pick)
            d = engine.decide(state, probe_seat, probe, probe_rng)
            if d.legal:
                if probe["type"] in ("bench", "attach_energy", "evolve", "promote", "end_turn", "draw"):
                    assert probe_seat == seat or state.phase == "setup"
                    assert _by_top(state, probe) in legal_actions(state, probe_seat), probe
            else:
                refused += 1
                assert d.violations and RULE_ID.match(d.violations[0]["rule"]), d.violations
                assert d.violations[0]["message"]
        # a few plainly illegal actions: out of turn, an opponent's card
        if state.phase in ("main", "draw"):
            d = engine.decide(state, 1 - seat, {"type": "end_turn"}, probe_rng)
            assert not d.legal and d.violations[0]["rule"] == "R-TURN-4"
            opp_card = state.seats[1 - seat].hand[:1] or state.seats[1 - seat].deck[:1]
            if opp_card and state.seats[seat].active:
                d = engine.decide(state, seat, {"type": "attach_energy", "card": opp_card[0],
                                                "target": state.seats[seat].active.top}, probe_rng)
                assert not d.legal
        assert state_hash(state) == before, "decide changed its input state"
        key = (state.game_number, state.turn)
        if key != turn_key:
            turn_key, done = key, []
        action = choose(state, seat, legal, pick, done)
        done.append(action["type"])
        d = engine.decide(state, seat, action, rng)
        assert d.legal, (action, d.violations)
        kinds[action["type"]] = kinds.get(action["type"], 0) + 1
        declared_steps += len(action.get("declared", ()))
        events.append(d.event)
        state = d.state
        sudden_death = sudden_death or state.game_number > 1
        hashes.append(state_hash(state))
        check_invariants(state, sizes)
    # folding the events from MatchCreated gives the same state at every step
    replayed = None
    for n, (event, h) in enumerate(zip(events, hashes, strict=True)):
        replayed, _ = engine.apply(replayed, event)
        assert state_hash(replayed) == h, f"seed {seed}: replay differs at event {n} ({event})"
    return {"result": state.result, "actions": len(events) - 1, "turns": state.turn, "refused": refused,
            "kinds": kinds, "sudden_death": sudden_death, "declared_steps": declared_steps,
            "prizes_left": [len(s.prizes) for s in state.seats], "blind_probes": blind_probes}
