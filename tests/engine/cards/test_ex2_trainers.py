"""EX Sandstorm Trainers ex2-86 … ex2-92: exact outcomes, coins fixed (no card of the group flips: each
action proves it needs none), every refusal with its rule, what `legal_actions` offers, and what each
player reads of a search (R-HIDDEN-1). Shuffles keep the order (FixedCoins without a source)."""
import json
from pathlib import Path

from projections.tcg import core
from projections.tcg.carddb import card
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins
from tests.engine.cards.fixtures import choose_offers, hand, offers, trainer

from .fixtures import (
    FIGHTING,
    FIRE,
    GRASS,
    WATER,
    act,
    board,
    play,
    poke,
    refuse,
    said,
    side,
)
from .fixtures import choose_step as choose

DOUBLE_FULL_HEAL, LANETTE, RARE_CANDY, WALLY = "ex2-86", "ex2-87", "ex2-88", "ex2-89"
CLAW_FOSSIL, MYSTERIOUS_FOSSIL, ROOT_FOSSIL = "ex2-90", "ex2-91", "ex2-92"
GROUP = [f"ex2-{n}" for n in range(86, 93)]
ARON, LAIRON, AGGRON_EX = "ex2-56", "ex2-41", "ex2-95"
ANORITH, ANORITH_2, ARMALDO = "ex2-27", "ex2-28", "ex2-1"
KABUTO, OMANYTE, AERODACTYL_EX, LILEEP = "ex2-39", "ex2-70", "ex2-94", "ex2-42"
PICHU, PIKACHU, CYNDAQUIL, SEEDOT, WAILMER, MARILL = "ex2-20", "ex2-72", "ex2-59", "ex2-76", "ex2-83", "ex2-68"
MUDKIP, MAKUHITA, TORCHIC = "ex1-59", "ex1-56", "ex1-73"
HITMONCHAN_EX = "ex1-98"           # Steady Punch F: 10 (+10 on heads)
GAME = TcgGame()


# -- helpers -------------------------------------------------------------------------------------


def on_fossil(card_id, fossil, middle=(), **kw):
    """A Pokémon that evolved from a fossil (fixtures.poke finds only Pokémon cards under it)."""
    p = poke(card_id, **kw)
    p["under"] = [fossil, *middle]
    return p


def attack(state, seat_no, name, coins=(), **choices):
    return act(state, seat_no, {"type": "attack", "attack": name, "choices": choices}, coins)


def test_every_card_of_the_group_is_implemented():
    assert all(card(cid).implemented for cid in GROUP)


def test_every_card_describes_its_effect_in_its_own_words():
    printed = {c["id"]: " ".join(c.get("rules", []) + [a["text"] for a in c.get("abilities", [])]).lower()
               for c in json.loads(Path("/work/shared/cards/ex2.json").read_text(encoding="utf-8"))}
    for cid in GROUP:
        c = card(cid)
        texts = [c.trainer.text] + ([c.power.effect.text] if c.power else [])
        for text in texts:
            assert len(text) > 20 and text.lower() not in printed[cid] and printed[cid] not in text.lower(), cid
    assert [cid for cid in GROUP if card(cid).trainer_kind == "supporter"] == [LANETTE, WALLY]
    assert all(card(cid).trainer_kind == "item" for cid in GROUP if cid not in (LANETTE, WALLY))


# -- ex2-86 Double Full Heal --------------------------------------------------------------------

def test_ex2_86_double_full_heal_removes_every_special_condition_of_the_active():
    st = board(side(poke(MUDKIP, conditions=["asleep", "burned", "poisoned"]), bench=[poke(TORCHIC)],
                    hand=[DOUBLE_FULL_HEAL]), side(poke(MAKUHITA)))
    dfh = hand(st)[0]
    assert offers(st, dfh) == [([], {})]
    d = play(st, dfh)
    assert d.state.seats[0].active.conditions == [] and "poison_damage" not in d.state.seats[0].active.flags
    assert d.state.seats[0].discard == [dfh] and hand(d.state) == []
    said(d, "Mudkip is no longer Asleep, Burned, Poisoned")


def test_ex2_86_double_full_heal_refused_without_a_special_condition():
    st = board(side(poke(MUDKIP), hand=[DOUBLE_FULL_HEAL]), side(poke(MAKUHITA, conditions=["asleep"])))
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="no Special Condition")
    assert offers(st, hand(st)[0]) == []


# -- ex2-87 Lanette's Net Search ----------------------------------------------------------------

def _lanette_board(deck, extra_hand=()):
    return board(side(poke(MUDKIP), hand=[LANETTE, *extra_hand], deck=deck), side(poke(MAKUHITA)))


def test_ex2_87_lanettes_net_search_takes_basic_pokemon_of_different_types():
    st = _lanette_board([ARON, FIRE, CYNDAQUIL, LAIRON, SEEDOT, WAILMER, MARILL, PICHU, CLAW_FOSSIL],
                        extra_hand=[WALLY])
    ln, wally = hand(st)
    deck = list(st.seats[0].deck)
    aron, fire, cyndaquil, lairon, seedot, wailmer, marill, pichu, claw = deck
    d = play(st, ln)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": ln, "kind": "search", "look": deck}
    assert looking.supporter == {"card": ln, "owner": 0}
    said(d, "Seat 0 (Ana) plays the Supporter Lanette's Net Search")
    offered = choose_offers(looking)
    # Metal Aron, Fire Cyndaquil, Grass Seedot, Water Wailmer or Marill: 1 to 3 of different types
    assert {"search": [aron, cyndaquil, seedot]} in offered and {"search": [marill]} in offered
    assert all(pichu not in o["search"] and claw not in o["search"] and lairon not in o["search"] for o in offered)
    assert {"search": [wailmer, marill]} not in offered
    assert len(offered) == 5 + 9 + 7      # one type, two types, three types (Water: Wailmer or Marill)
    d2 = choose(looking, search=[aron, cyndaquil, wailmer])
    s = d2.state.seats[0]
    assert hand(d2.state) == [wally, aron, cyndaquil, wailmer]
    assert s.deck == [fire, lairon, seedot, marill, pichu, claw]
    assert d2.state.pending is None and d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3, 4, 5]]
    said(d2, "puts them into the hand and shuffles the deck")
    refuse(d2.state, 0, trainer(wally), "R-TRAINER-2")


def test_ex2_87_lanettes_net_search_choose_refusals():
    st = _lanette_board([ARON, CYNDAQUIL, LAIRON, WAILMER, MARILL, PICHU, CLAW_FOSSIL, FIRE])
    aron, cyndaquil, lairon, wailmer, marill, pichu, claw, fire = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    for bad in ([wailmer, marill],            # two Water Pokémon
                [pichu],                      # a Baby Pokémon (Baby Evolution)
                [claw],                       # a fossil is a Trainer card in the deck
                [lairon],                     # a Stage 1
                [fire], [],                   # not a Pokémon; nothing while one fits
                [aron, cyndaquil, wailmer, PICHU], [aron, aron]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d = choose(looking, search=[marill])       # fewer types than there are: "up to 3"
    assert hand(d.state) == [marill]


def test_ex2_87_lanettes_net_search_in_one_action_with_nothing_to_find_and_an_empty_deck():
    st = _lanette_board([ARON, FIRE, SEEDOT])
    ln = hand(st)[0]
    aron, fire, seedot = st.seats[0].deck
    d = play(st, ln, offered=False, search=[seedot, aron])       # a judge who sees the deck
    assert hand(d.state) == [seedot, aron] and d.state.pending is None and d.state.seats[0].deck == [fire]
    messages = {refuse(st, 0, trainer(ln, search=bad), "R-TRAINER-1")["message"]
                for bad in ([fire], [aron, aron], ["0:999"])}
    assert len(messages) == 1
    for word in ("Aron", "Seedot", "Fire", *st.seats[0].deck):
        assert word not in next(iter(messages))
    dry = _lanette_board([PICHU, LAIRON, CLAW_FOSSIL])
    looking = play(dry, hand(dry)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert hand(d.state) == [] and d.state.seats[0].deck == dry.seats[0].deck
    said(d, "finds no Basic Pokémon card (not a Baby Pokémon) and shuffles the deck")
    empty = _lanette_board([])
    d = play(empty, hand(empty)[0])
    assert d.state.pending is None and d.state.supporter["card"] == hand(empty)[0]


def test_ex2_87_lanettes_net_search_shows_the_deck_to_its_player_alone():
    st = _lanette_board([ARON, FIRE, SEEDOT])
    deck = list(st.seats[0].deck)
    looking = play(st, hand(st)[0]).state
    assert [c["instance"] for c in GAME.view(looking, "player", 0)["pending"]["look"]] == deck
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 3}
    assert set(deck) <= GAME.hidden_instances(looking, 1)


def test_ex2_87_lanettes_net_search_first_turn_refused_as_a_supporter():
    st = board(side(poke(MUDKIP), hand=[LANETTE]), side(poke(MAKUHITA)), turn=1)
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-2")


# -- ex2-88 Rare Candy ----------------------------------------------------------------------------

def test_ex2_88_rare_candy_puts_a_stage_2_straight_on_its_basic():
    st = board(side(poke(ARON, [FIRE], damage=20, conditions=["poisoned"]), hand=[RARE_CANDY, AGGRON_EX]),
               side(poke(MAKUHITA)))
    rc, aggron = hand(st)
    aron = st.seats[0].active
    assert offers(st, rc) == [([aron.top], {"cards": [aggron]})]
    d = play(st, rc, [aron.top], cards=[aggron])
    p = d.state.seats[0].active
    assert p.stack == [aron.top, aggron] and p.damage == 20 and p.energy == aron.energy
    assert p.conditions == [] and p.entered_turn == 3
    assert d.state.seats[0].discard == [rc] and hand(d.state) == []
    said(d, "evolves Aron into Aggron ex. [R-EVOLVE-4]")
    # it counts as evolving: no second evolution this turn (R-EVOLVE-2)
    assert d.state.card_of(p.top).name == "Aggron ex"


def test_ex2_88_rare_candy_also_puts_a_stage_1_on_its_basic():
    st = board(side(poke(MUDKIP), bench=[poke(ARON)], hand=[RARE_CANDY, LAIRON]), side(poke(MAKUHITA)))
    rc, lairon = hand(st)
    aron = st.seats[0].bench[0]
    assert offers(st, rc) == [([aron.top], {"cards": [lairon]})]
    d = play(st, rc, [aron.top], cards=[lairon])
    assert d.state.seats[0].bench[0].stack == [aron.top, lairon] and d.state.seats[0].bench[0].entered_turn == 3
    # the Evolution card may be left out when the hand holds one
    d = play(st, rc, [aron.top], offered=False)
    assert d.state.seats[0].bench[0].stack == [aron.top, lairon]


def test_ex2_88_rare_candy_evolves_a_fossil_in_play():
    st = board(side(poke(CLAW_FOSSIL), bench=[poke(MYSTERIOUS_FOSSIL)],
                    hand=[RARE_CANDY, ARMALDO, AERODACTYL_EX, ANORITH]), side(poke(MAKUHITA)))
    rc, armaldo, aero, anorith = hand(st)
    claw, myst = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, rc) == [([claw.top], {"cards": [armaldo]}), ([myst.top], {"cards": [aero]}),
                              ([claw.top], {"cards": [anorith]})]
    d = play(st, rc, [claw.top], cards=[armaldo])           # Claw Fossil → (Anorith) → Armaldo
    assert d.state.seats[0].active.stack == [claw.top, armaldo]
    said(d, "evolves Claw Fossil into Armaldo")
    d = play(st, rc, [myst.top], cards=[aero])
    assert d.state.seats[0].bench[0].stack == [myst.top, aero]


def test_ex2_88_rare_candy_refusals():
    st = board(side(poke(MUDKIP), bench=[poke(LAIRON), poke(ARON, entered_turn=3), poke(CLAW_FOSSIL)],
                    hand=[RARE_CANDY, AGGRON_EX, ARMALDO, LAIRON, FIRE]), side(poke(ARON)))
    rc, aggron, armaldo, lairon, fire = hand(st)
    mudkip, lairon_in_play, new_aron, claw = st.seats[0].in_play()
    refuse(st, 0, trainer(rc, [lairon_in_play.top], cards=[aggron]), "R-EVOLVE-4", contains="Basic")
    refuse(st, 0, trainer(rc, [claw.top], cards=[aggron]), "R-EVOLVE-1", contains="through a Stage 1")
    refuse(st, 0, trainer(rc, [mudkip.top], cards=[lairon]), "R-EVOLVE-1", contains="evolves from Aron")
    refuse(st, 0, trainer(rc, [new_aron.top], cards=[aggron]), "R-EVOLVE-2")       # put into play this turn
    refuse(st, 0, trainer(rc, [st.seats[1].active.top], cards=[lairon]), "R-EVOLVE-1")   # the opponent's Aron
    refuse(st, 0, trainer(rc, [claw.top], cards=[fire]), "R-EVOLVE-4")              # not an Evolution card
    refuse(st, 0, trainer(rc, [claw.top]), "R-EVOLVE-4", contains="choices.cards")
    assert offers(st, rc) == [([claw.top], {"cards": [armaldo]})]
    none = board(side(poke(ARON), hand=[RARE_CANDY, FIRE]), side(poke(MAKUHITA)))
    refuse(none, 0, trainer(hand(none)[0], [none.seats[0].active.top]), "R-EVOLVE-4",
           contains="Stage 1 or Stage 2")
    first = board(side(poke(ARON), hand=[RARE_CANDY, AGGRON_EX]), side(poke(MAKUHITA)), turn=1)
    refuse(first, 0, trainer(hand(first)[0], cards=[hand(first)[1]]), "R-EVOLVE-3")
    assert offers(first, hand(first)[0]) == []


# -- ex2-89 Wally's Training ---------------------------------------------------------------------

def _wally_board(active, deck, bench=(), extra_hand=(), **kw):
    return board(side(active, bench=bench, hand=[WALLY, *extra_hand], deck=deck), side(poke(MAKUHITA)), **kw)


def test_ex2_89_wallys_training_shows_the_deck_then_evolves_the_active():
    st = _wally_board(poke(ARON, [FIRE], damage=10, conditions=["confused"]),
                      [FIRE, AGGRON_EX, LAIRON, ANORITH, LAIRON], bench=[poke(ARON)])
    w = hand(st)[0]
    deck = list(st.seats[0].deck)
    fire, aggron, lairon, anorith, lairon2 = deck
    assert offers(st, w) == [([], {})]
    d = play(st, w)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": w, "kind": "search", "look": deck}
    assert looking.supporter == {"card": w, "owner": 0}
    said(d, "looks through the deck for a card that evolves from your Active Pokémon")
    assert choose_offers(looking) == [{"search": [lairon]}]               # one per card; the Bench is not searched for
    assert [c["instance"] for c in GAME.view(looking, "player", 0)["pending"]["look"]] == deck
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 5}
    d2 = choose(looking, search=[lairon])
    p = d2.state.seats[0].active
    assert p.stack == [st.seats[0].active.top, lairon] and p.damage == 10 and p.conditions == []
    assert d2.state.seats[0].bench[0].stack == [st.seats[0].bench[0].top]
    assert d2.state.seats[0].deck == [fire, aggron, anorith, lairon2] and hand(d2.state) == []
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    said(d2, "evolves Aron into Lairon")
    said(d2, "shuffles the deck")
    assert d2.state.pending is None and d2.state.supporter == {"card": w, "owner": 0}


def test_ex2_89_wallys_training_chooses_among_different_evolutions_and_evolves_a_stage_1():
    st = _wally_board(poke(MYSTERIOUS_FOSSIL), [KABUTO, OMANYTE, AERODACTYL_EX, ANORITH, FIRE])
    kabuto, omanyte, aero, anorith, fire = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": [kabuto]}, {"search": [omanyte]}, {"search": [aero]}]
    d = choose(looking, search=[aero])
    assert d.state.seats[0].active.stack == [st.seats[0].active.top, aero]
    stage2 = _wally_board(poke(LAIRON), [FIRE, AGGRON_EX])
    fire, aggron = stage2.seats[0].deck
    d = choose(play(stage2, hand(stage2)[0]).state, search=[aggron])
    assert d.state.seats[0].active.stack[-1] == aggron and len(d.state.seats[0].active.stack) == 3


def test_ex2_89_wallys_training_choose_refusals_and_nothing_to_find():
    st = _wally_board(poke(ARON), [FIRE, AGGRON_EX, LAIRON])
    fire, aggron, lairon = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    for bad in ([], [aggron], [fire], [lairon, aggron]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    dry = _wally_board(poke(MUDKIP), [FIRE, AGGRON_EX, LAIRON], bench=[poke(ARON)])
    looking = play(dry, hand(dry)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert d.state.seats[0].active.stack == [dry.seats[0].active.top] and d.state.seats[0].deck == dry.seats[0].deck
    said(d, "finds no card that evolves from your Active Pokémon and shuffles the deck")
    empty = _wally_board(poke(ARON), [])
    d = play(empty, hand(empty)[0])                      # nothing to look through: no choose step
    assert d.state.pending is None and d.state.supporter["card"] == hand(empty)[0]
    said(d, "finds no card that evolves from your Active Pokémon")


def test_ex2_89_wallys_training_in_one_action_and_play_refusals():
    st = _wally_board(poke(ARON), [FIRE, LAIRON])
    w = hand(st)[0]
    fire, lairon = st.seats[0].deck
    d = play(st, w, offered=False, search=[lairon])          # a judge who sees the deck
    assert d.state.seats[0].active.stack[-1] == lairon and d.state.pending is None
    messages = {refuse(st, 0, trainer(w, search=bad), "R-TRAINER-1")["message"] for bad in ([fire], ["0:999"])}
    assert len(messages) == 1 and "Lairon" not in next(iter(messages)) and "Fire" not in next(iter(messages))
    fresh = _wally_board(poke(ARON, entered_turn=3), [LAIRON])
    refuse(fresh, 0, trainer(hand(fresh)[0]), "R-EVOLVE-2")
    assert offers(fresh, hand(fresh)[0]) == []
    first = _wally_board(poke(ARON), [LAIRON], turn=1)
    refuse(first, 0, trainer(hand(first)[0]), "R-TRAINER-2")


# -- ex2-90 … ex2-92 the fossils -------------------------------------------------------------------

FOSSILS = ((CLAW_FOSSIL, 40, "Jagged Stone"), (MYSTERIOUS_FOSSIL, 10, None), (ROOT_FOSSIL, 40, "Spongy Stone"))


def test_ex2_90_91_92_fossils_are_played_as_colorless_basic_pokemon():
    for fossil, hp, body in FOSSILS:
        c = card(fossil)
        assert (c.supertype, c.trainer_kind, c.hp, c.type, c.stage, c.retreat_cost, c.attacks, c.weakness,
                c.resistance) == ("Trainer", "item", hp, "Colorless", "Basic", 0, [], None, None), fossil
        assert c.is_basic_pokemon                       # it may be placed at setup too (ruling in the module)
        assert (c.power.name, c.power.kind) == (body, "Poké-Body") if body else c.power is None
        st = board(side(poke(MUDKIP), hand=[fossil]), side(poke(MAKUHITA)))
        f = hand(st)[0]
        assert offers(st, f) == [([], {})]
        d = play(st, f)
        s = d.state.seats[0]
        assert [p.stack for p in s.bench] == [[f]] and s.bench[0].entered_turn == 3 and f not in s.discard
        said(d, f"puts {c.name} onto the Bench as a Basic Pokémon")
        d = act(st, 0, {"type": "bench", "card": f})
        assert [p.stack for p in d.state.seats[0].bench] == [[f]]
        full = board(side(poke(MUDKIP), bench=[poke(ARON)] * 5, hand=[fossil]), side(poke(MAKUHITA)))
        refuse(full, 0, trainer(hand(full)[0]), "R-BENCH-1")


def test_ex2_90_91_92_fossils_cant_retreat_get_no_conditions_and_have_no_attacks():
    for fossil, _hp, body in FOSSILS:
        st = board(side(poke(fossil, [FIRE]), bench=[poke(MUDKIP)]), side(poke(MAKUHITA)))
        refuse(st, 0, {"type": "retreat", "to": st.seats[0].bench[0].top, "discard": []}, "R-RETREAT-1",
               contains="can't retreat")
        kinds = {a["type"] for a in legal_actions(st, 0)}
        assert "retreat" not in kinds and "attack" not in kinds and "use_power" not in kinds
        ctx = core.Ctx(st, FixedCoins([]), 0)
        for cond in ("asleep", "burned", "confused", "paralyzed", "poisoned"):
            assert core.inflict(ctx, st.seats[0].active, cond) is False
        if body:       # a Poké-Body works by itself: it is never used as an action
            refuse(st, 0, {"type": "use_power", "pokemon": st.seats[0].active.top, "power": body}, "R-POWER-1",
                   contains="works by itself")


def test_ex2_91_mysterious_fossil_knocked_out_gives_no_prize_card():
    st = board(side(poke(HITMONCHAN_EX, [FIGHTING])), side(poke(MYSTERIOUS_FOSSIL), bench=[poke(MUDKIP)]),
               turn=4, seat_to_act=1)     # the seat to act first: Seat 1 attacks Seat 0's fossil
    fossil = st.seats[0].active.top
    d = attack(st, 1, "Steady Punch", ["tails"])
    s0, s1 = d.state.seats
    assert fossil in s0.discard and s0.active is None
    assert len(s1.prizes) == 6 and d.state.phase == "promote" and d.state.pending_promotions == [0]
    alone = board(side(poke(HITMONCHAN_EX, [FIGHTING])), side(poke(MYSTERIOUS_FOSSIL)), turn=4, seat_to_act=1)
    d = attack(alone, 1, "Steady Punch", ["tails"])
    assert d.state.result["winner"] == 1 and d.state.result["reason"] == "R-WIN-2"
    assert len(d.state.seats[1].prizes) == 6


def test_ex2_90_91_92_fossils_are_discarded_from_play_during_their_owners_turn():
    for fossil, _hp, _body in FOSSILS:
        st = board(side(poke(MUDKIP), bench=[poke(fossil, [WATER], damage=0)]), side(poke(MAKUHITA)))
        f, water = st.seats[0].bench[0].top, st.seats[0].bench[0].energy[0]
        action = {"type": "discard_from_play", "card": f}
        assert action in legal_actions(st, 0)
        d = act(st, 0, action)
        assert d.state.seats[0].bench == [] and d.state.seats[0].discard == [f, water]
        assert len(d.state.seats[1].prizes) == 6 and d.state.phase == "main"
        said(d, f"discards {card(fossil).name} from play (not a Knock Out: no Prize)")
    st = board(side(poke(ROOT_FOSSIL), bench=[poke(MUDKIP)]), side(poke(MAKUHITA)))
    d = act(st, 0, {"type": "discard_from_play", "card": st.seats[0].active.top})
    assert d.state.phase == "promote" and d.state.after_promotion == "resume"
    alone = board(side(poke(CLAW_FOSSIL)), side(poke(MAKUHITA)))
    refuse(alone, 0, {"type": "discard_from_play", "card": alone.seats[0].active.top}, "R-TRAINER-1",
           contains="only Pokémon in play")
    theirs = board(side(poke(MUDKIP)), side(poke(CLAW_FOSSIL)))
    refuse(theirs, 0, {"type": "discard_from_play", "card": theirs.seats[1].active.top}, "R-TRAINER-1")


def test_ex2_90_91_92_an_evolved_fossil_is_the_evolution_card_only():
    st = board(side(poke(CLAW_FOSSIL, [FIRE]), bench=[poke(MUDKIP)], hand=[ANORITH]), side(poke(MAKUHITA)))
    claw = st.seats[0].active
    d = act(st, 0, {"type": "evolve", "card": hand(st)[0], "target": claw.top})
    p = d.state.seats[0].active
    assert p.stack == [claw.top, hand(st)[0]] and d.state.card_of(p.top).name == "Anorith"
    kinds = {a["type"] for a in legal_actions(d.state, 0)}
    assert "discard_from_play" not in kinds
    assert {a["to"] for a in legal_actions(d.state, 0) if a["type"] == "retreat"} == {d.state.seats[0].bench[0].top}


def test_ex2_90_claw_fossil_jagged_stone_puts_a_counter_on_the_attacker():
    st = board(side(poke(HITMONCHAN_EX, [FIGHTING])), side(poke(CLAW_FOSSIL), bench=[poke(MUDKIP)]),
               turn=4, seat_to_act=1)
    d = attack(st, 1, "Steady Punch", ["heads"])
    assert d.state.seats[0].active.damage == 20 and d.state.seats[1].active.damage == 10
    said(d, "Claw Fossil's Jagged Stone: 1 damage counter on Hitmonchan ex (10/90)")
    # Knocked Out by the damage: the counter still goes on the attacker; no Prize card
    ko = board(side(poke(HITMONCHAN_EX, [FIGHTING])), side(poke(CLAW_FOSSIL, damage=30), bench=[poke(MUDKIP)]),
               turn=4, seat_to_act=1)
    d = attack(ko, 1, "Steady Punch", ["tails"])
    assert d.state.seats[1].active.damage == 10 and len(d.state.seats[1].prizes) == 6
    assert ko.seats[0].active.top in d.state.seats[0].discard


def test_ex2_90_claw_fossil_jagged_stone_only_while_active():
    st = board(side(poke(AGGRON_EX, ["ex1-94", "ex1-94", FIRE, FIRE, FIRE])),
               side(poke(MUDKIP), bench=[poke(CLAW_FOSSIL)]), turn=4, seat_to_act=1)
    d = attack(st, 1, "Metal Surge")
    assert d.state.seats[0].bench[0].damage == 20 and d.state.seats[1].active.damage == 0
    # a Benched Claw Fossil takes the Bench damage but answers nothing


def test_ex2_92_root_fossil_spongy_stone_removes_a_counter_between_every_two_turns():
    st = board(side(poke(MUDKIP), bench=[poke(ROOT_FOSSIL, damage=20), poke(ROOT_FOSSIL)], hand=[GRASS]),
               side(poke(ROOT_FOSSIL, damage=10), bench=[poke(MAKUHITA)]))
    d = act(st, 0, {"type": "end_turn"})
    assert [p.damage for p in d.state.seats[0].bench] == [10, 0] and d.state.seats[1].active.damage == 0
    said(d, "Root Fossil's Spongy Stone removes 1 damage counter (10/40)")
    assert sum("Spongy Stone" in line for line in d.narration) == 2
    d2 = act(d.state, 1, {"type": "end_turn"})
    assert [p.damage for p in d2.state.seats[0].bench] == [0, 0]
    assert sum("Spongy Stone" in line for line in d2.narration) == 1
