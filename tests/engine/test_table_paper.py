"""A paper game's choices (projections.tcg.paper): what a card named from the hand may do, what a
search that found named cards may take, on a hypothesis of the real state — each offered
action names the cards by card id, as a scorekeeper sends it, and is legal on the real state."""

from __future__ import annotations

import pytest

from projections.tcg import decks, engine, paper
from projections.tcg.legal import is_legal
from projections.tcg.randomness import TableReports

ANA, BETO = decks.shipped_deck("sv-charizard-pidgeot"), decks.shipped_deck("sv-gardevoir-ex")
CHARMANDER, PIDGEY, CHARIZARD, RARE_CANDY, POFFIN, FIRE, RALTS = (
    "sv3-26", "sv3-162", "sv3-125", "sv1-191", "sv5-144", "sve-2", "sv1-84")


class Table:
    """A modern paper game: Ana won the flip at the table and chose ``first`` (R-SETUP-6)."""

    def __init__(self, ana: list[str] = ANA, first: int = 1) -> None:
        _, self.state, _ = engine.create_match("modern", [{"name": "Ana", "deck": ana}, {"name": "Beto", "deck": BETO}],
                                               TableReports(), table=True)
        assert paper.paper_seat(self.state, 0, "en", None) is None        # nothing to name before the choice
        self.log(0, {"type": "choose_first", "first": first})

    def log(self, seat: int, action: dict, coins=()) -> None:
        decision = engine.decide(self.state, seat, action, TableReports(list(coins)))
        assert decision.legal and decision.coin_error is None, (action, decision.violations)
        self.state = decision.state


@pytest.fixture
def table() -> Table:
    """Ana set up (Charmander, a Pidgey Benched) and goes second; her turn 2 has begun."""
    t = Table()
    t.log(0, {"type": "setup", "active": CHARMANDER, "bench": [PIDGEY]})
    t.log(1, {"type": "setup", "active": RALTS})
    t.log(1, {"type": "draw"})
    t.log(1, {"type": "end_turn"})
    t.log(0, {"type": "draw"})
    return t


def test_a_card_named_from_the_hand_offers_its_plays_naming_it_by_card_id(table):
    _, offered = paper.hand_plays(table.state, 0, FIRE, [])
    actions = [o.action for o in offered]
    active, benched = table.state.seats[0].active.top, table.state.seats[0].bench[0].top
    assert actions == [{"type": "attach_energy", "card": FIRE, "target": active},
                       {"type": "attach_energy", "card": FIRE, "target": benched}]
    assert all(is_legal(table.state, 0, a) for a in actions)


def test_rare_candy_names_its_stage_2_from_the_hand_and_is_refused_before(table):
    table.log(0, {"type": "end_turn"})
    table.log(1, {"type": "draw"})
    table.log(1, {"type": "end_turn"})
    table.log(0, {"type": "draw"})          # turn 4: Rare Candy may be played
    assert paper.hand_plays(table.state, 0, RARE_CANDY, [])[1] == []
    assert paper.hand_keys(RARE_CANDY) == ["cards"]
    _, offered = paper.hand_plays(table.state, 0, RARE_CANDY, [CHARIZARD])
    active = table.state.seats[0].active.top
    assert [o.action for o in offered] == [{"type": "play_trainer", "card": RARE_CANDY, "targets": [active],
                                            "choices": {"cards": [CHARIZARD]}}]


def test_what_a_search_found_is_taken_by_card_id(table):
    _, offered = paper.hand_plays(table.state, 0, POFFIN, [])
    table.log(0, offered[0].action)
    assert paper.searching(table.state, 0) and not paper.searching(table.state, 1)
    _, found = paper.found(table.state, 0, [CHARMANDER, PIDGEY])
    assert [o.action for o in found] == [{"type": "choose", "choices": {"search": [CHARMANDER, PIDGEY]}}]
    assert paper.found(table.state, 0, [FIRE])[1] == []        # not a Basic Pokémon: nothing to take


def test_R_TABLE_1_a_hypothesis_names_no_copy_the_deck_list_has_not_left(table):
    with pytest.raises(paper.Unfit):
        paper.hypothesis(table.state, 0, {paper.HAND: [CHARMANDER] * 3})    # 3 in the list, 1 Active
    with pytest.raises(paper.Unfit):
        paper.hypothesis(table.state, 0, {paper.HAND: [FIRE] * 9})          # more than the hand holds
    h = paper.hypothesis(table.state, 0, {paper.HAND: [CHARMANDER, CHARMANDER]})
    assert sorted(h.named.values()) == [CHARMANDER, CHARMANDER]
    assert not set(h.named) & set(table.state.known)                       # the real state is untouched


def test_the_first_player_flip_records_the_coin_for_the_winners_choice():
    answers = {(a.winner, a.goes_first): a.coin for a in paper.first_player_answers()}
    assert answers == {(0, True): "heads", (0, False): "tails", (1, True): "tails", (1, False): "heads"}


def test_a_seats_paper_panel_follows_the_game():
    t = Table(first=0)
    ana = paper.paper_seat(t.state, 0, "pt-BR", None)
    assert ana is not None and ana.setup and not ana.first_player
    assert [c.card_id for c in ana.basics] == [CHARMANDER, PIDGEY, "sv6pt5-38", "sv1-96"]
    rare_candy = next(c for c in ana.cards if c.card_id == RARE_CANDY)
    assert rare_candy.name == "Doce Raro" and set(rare_candy.keys.split()) == {"rarecandy", "doceraro", "carameloraro"}
    assert rare_candy.code == "SVI 191" and rare_candy.left == 4
    t.log(0, {"type": "setup", "active": CHARMANDER})
    assert not paper.paper_seat(t.state, 1, "en", None).first_player   # the flip came before the hands
    assert not paper.setup_ends_with(t.state, 1)
    t.log(1, {"type": "setup", "active": RALTS})
    assert paper.paper_seat(t.state, 0, "en", None).draw
    beto = paper.paper_seat(t.state, 1, "en", None)
    assert not beto.draw and not beto.play and beto.reports     # his cards an action of Ana's draws


def test_a_players_pickers_count_on_what_that_player_knows():
    """R-TABLE-5: the copies left a player's pickers show are counted without what only the
    judges hold, and never of the opponent's list."""
    t = Table()
    t.state.known[t.state.seats[0].deck[0]] = CHARIZARD          # as a judge's reveal records it
    t.state.judge_known.add(t.state.seats[0].deck[0])
    left = {c.card_id: c.left for c in paper.deck_cards(t.state, 0, "en", reporter=0)}
    judged = {c.card_id: c.left for c in paper.deck_cards(t.state, 0, "en")}
    assert left[CHARIZARD] == 3 and judged[CHARIZARD] == 2


def test_an_ability_that_takes_a_card_from_the_hand_is_offered_for_the_card_named():
    """Super Cold attaches a basic Water Energy card from the hand: naming that Energy offers
    both its attachment and the Ability (its choice names the card by card id)."""
    bax = decks.shipped_deck("sv-chien-pao-baxcalibur")
    frigibax, baxcalibur, water = "sv2-57", "sv2-60", "sve-3"
    t = Table(bax)
    t.log(0, {"type": "setup", "active": frigibax})
    t.log(1, {"type": "setup", "active": RALTS})
    for seat in (1, 0, 1):
        t.log(seat, {"type": "draw"})
        t.log(seat, {"type": "end_turn"})
    t.log(0, {"type": "draw"})
    t.log(0, paper.hand_plays(t.state, 0, RARE_CANDY, [baxcalibur])[1][0].action)
    active = t.state.seats[0].active.top
    _, offered = paper.hand_plays(t.state, 0, water, [])
    assert [o.action for o in offered] == [
        {"type": "attach_energy", "card": water, "target": active},
        {"type": "use_power", "pokemon": active, "power": "Super Cold", "choices": {"cards": [water], "to": active}}]


def test_the_extra_cards_drawn_after_a_modern_setup_end_it_with_no_flip():
    """Modern rules draw the extra cards for the opponent's mulligans after setup (R-SETUP-2):
    when the seat that owes them draws last, its draw ends the setup; the first player was
    chosen before the hands (R-SETUP-6), so no coin comes with it."""
    t = Table()
    t.log(1, {"type": "mulligan"})
    t.log(0, {"type": "setup", "active": CHARMANDER})
    assert paper.paper_seat(t.state, 0, "en", None).extra == 1
    t.log(1, {"type": "setup", "active": RALTS})
    ana = paper.paper_seat(t.state, 0, "en", None)
    assert ana.extra == 1 and not ana.first_player and not ana.setup
    t.log(0, {"type": "mulligan_draw", "count": 1, "cards": ["sv1-182"]})
    assert t.state.phase != "setup" and t.state.seat_to_act == 1


def test_R_SETUP_6_in_the_older_eras_the_last_setup_comes_with_the_flip_whose_winner_goes_first():
    deck = decks.shipped_deck("ex-dragon-flygon")
    _, state, _ = engine.create_match("ex-2005", [{"name": "Ana", "deck": deck}, {"name": "Beto", "deck": deck}],
                                      TableReports(), table=True)
    assert not paper.paper_seat(state, 0, "en", None).first_player
    state = engine.decide(state, 0, {"type": "setup", "active": "ex2-72"}, TableReports([])).state
    assert paper.setup_ends_with(state, 1) and not paper.setup_ends_with(state, 0)
    assert paper.paper_seat(state, 1, "en", None).first_player == paper.first_player_answers()


def test_a_choice_of_hand_cards_names_them_too():
    """TV Reporter draws 3 cards, then its player discards one of the hand (a `choose` step of
    hand cards): at a paper table the card discarded is named, and the choice offered takes it."""
    deck = decks.shipped_deck("ex-dragon-flygon")
    deck = [*deck[:-4], *["ex3-88"] * 4]
    _, state, _ = engine.create_match("ex-2005", [{"name": "Ana", "deck": deck}, {"name": "Beto", "deck": deck}],
                                      TableReports(), table=True)
    t = Table()
    t.state = state
    t.log(0, {"type": "setup", "active": "ex2-72"})
    t.log(1, {"type": "setup", "active": "ex2-72"}, ["tails"])
    t.log(1, {"type": "end_turn"})          # the first player draws no card on turn 1
    t.log(0, {"type": "draw"})
    t.log(0, {"type": "play_trainer", "card": "ex3-88"})
    assert paper.choosing_in(t.state, 0) == paper.HAND
    assert paper.paper_seat(t.state, 0, "en", None).search == paper.HAND
    _, offered = paper.found(t.state, 0, ["ex2-36"])
    assert [o.action for o in offered] == [{"type": "choose", "choices": {"cards": ["ex2-36"]}}]


def test_the_pickers_offer_the_cards_the_table_may_still_name_first():
    """Both Pidgey of Ana's list are on the Bench: the cards with copies left come first, in
    the list's order, and Pidgey after them."""
    t = Table()
    t.log(0, {"type": "setup", "active": CHARMANDER, "bench": [PIDGEY, PIDGEY]})
    ids = [c.card_id for c in paper.deck_cards(t.state, 0, "en")]
    assert ids[-1] == PIDGEY and ids[:3] == [CHARMANDER, "sv3-27", CHARIZARD]


def test_R_DECK_1_any_card_is_found_by_a_part_of_its_name_in_any_language_names_that_begin_with_it_first():
    found = paper.cards_named("doce raro", "pt-BR", "modern")
    assert RARE_CANDY in [o.card_id for o in found] and {o.name for o in found} == {"Doce Raro"}
    candy = next(o for o in found if o.card_id == RARE_CANDY)
    assert candy.code == "SVI 191" and candy.left and "rarecandy" in candy.keys.split()
    pika = [o.card_id for o in paper.cards_named("pika", "en", "base-1999")]
    assert pika[0] == "base1-58" and all(o.startswith("base") for o in pika[:2])      # the ruleset's sets first
    charizard = [o.name for o in paper.cards_named("zard", "en", "modern", limit=5)]
    assert len(charizard) == 5 and all("zard" in n.lower() for n in charizard)
    assert paper.cards_named("  ", "en", "modern") == [] and paper.cards_named("unknown", "en", "modern") == []
