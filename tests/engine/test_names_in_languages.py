"""Card names in the reader's language and deck lists as players paste them (issue 43 items 3
and 4): a card reads as TCG Live prints it in Portuguese or Spanish (English where no localized
print exists: Base Set, EX), while the facts, the rules and the events keep the English; a list
or a hand card named in any of the three languages is the same card."""
from __future__ import annotations

import pickle

import pytest

from projections.messages import using_language
from projections.tcg.card_names import ability_name, attack_name, card_name, card_of_code
from projections.tcg.decklist import DeckListError, parse_decklist
from projections.tcg.game import TcgGame
from projections.tcg.labels import label_action
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins
from projections.text import render
from tests.engine.cards.fixtures import act, poke
from tests.engine.cards.test_sv1_items import (
    FIRE,
    GRASS,
    HOUNDOUR,
    MEOWSCARADA,
    PAWMI,
    POTION,
    SPRIGATITO,
    ULTRA_BALL,
    WATER,
    board,
    side,
    trainer,
)

GARDEVOIR_EX = "sv1-86"
GAME = TcgGame()


def _decide(state, action):
    """As the service decides: hand cards, attacks and powers named as a person names them."""
    return GAME.decide(state, 0, action, FixedCoins([]))

ENGLISH = """Pokémon: 14
4 Ralts SVI 84
3 Kirlia SVI 85
2 Gardevoir ex SVI 86
2 Drifloon SVI 89
1 Scream Tail PAR 86
1 Mew ex MEW 151
1 Munkidori TWM 95

Trainer: 35
4 Arven SVI 166
3 Iono PAL 185
2 Professor's Research SVI 189
2 Boss's Orders PAL 172
4 Ultra Ball SVI 196
3 Nest Ball SVI 181
3 Rare Candy SVI 191
4 Buddy-Buddy Poffin TEF 144
4 Earthen Vessel PAR 163
1 Super Rod PAL 188
1 Night Stretcher SFA 61
1 Counter Catcher PAR 160
1 Bravery Charm PAL 173
1 Secret Box TWM 163
1 Artazon PAL 171

Energy: 11
9 Basic {P} Energy SVE 5
2 Basic {D} Energy SVE 7

Total Cards: 60"""

# The same list as TCG Live exports it in Portuguese.
PORTUGUESE = """Pokémon: 14
4 Ralts SVI 84
3 Kirlia SVI 85
2 Gardevoir ex SVI 86
2 Drifloon SVI 89
1 Cauda Brado PAR 86
1 Mew ex MEW 151
1 Munkidori TWM 95

Treinador: 35
4 Arven SVI 166
3 Kissera PAL 185
2 Pesquisa de Professores SVI 189
2 Ordem da Chefia PAL 172
4 Ultra Bola SVI 196
3 Bola de Ninho SVI 181
3 Doce Raro SVI 191
4 Poffin de Colega TEF 144
4 Recipiente Terrestre PAR 163
1 Supervara PAL 188
1 Maca Noturna SFA 61
1 Pegador de Contra-ataque PAR 160
1 Pingente de Bravura PAL 173
1 Caixa Secreta TWM 163
1 Artazon PAL 171

Energia: 11
9 Energia {P} Básica SVE 5
2 Energia {D} Básica SVE 7

Total de cartas: 60"""


def _spanish() -> str:
    """The list as TCG Live exports it in Spanish: each line's name as the card prints it."""
    lines = []
    for line in ENGLISH.replace("Trainer:", "Entrenador:").replace("Energy:", "Energía:").replace(
            "Total Cards:", "Cartas totales:").splitlines():
        parts = line.split()
        if parts and parts[0].isdigit():
            card_id = parse_decklist(line)[0]
            line = f"{parts[0]} {card_name(card_id, 'es')} {parts[-2]} {parts[-1]}"
        lines.append(line)
    return "\n".join(lines)


# -- issue 43 item 3: deck lists as players paste them -------------------------------------------

def test_R_DECK_1_a_portuguese_tcg_live_list_and_its_english_twin_are_the_same_60_cards():
    english, portuguese = parse_decklist(ENGLISH), parse_decklist(PORTUGUESE)
    assert len(portuguese) == 60 and sorted(portuguese) == sorted(english)
    assert portuguese.count("sv1-196") == 4


def test_R_DECK_1_a_spanish_tcg_live_list_registers():
    spanish = _spanish()
    assert "Entrenador: 35" in spanish and "Energía {P} Básica SVE 5" in spanish
    assert "2 Órdenes de Jefes PAL 172" in spanish
    assert sorted(parse_decklist(spanish)) == sorted(parse_decklist(ENGLISH))


def test_R_DECK_1_a_limitless_list_registers():
    """Limitless writes the promos SVP, Mega Evolution's basic Energy MEE, and a basic Energy
    with no set code at all."""
    limitless = ENGLISH.replace("9 Basic {P} Energy SVE 5", "5 Basic {P} Energy\n2 Psychic Energy MEE 5\n"
                                                            "2 Basic Psychic Energy SVE 5")
    assert sorted(parse_decklist(limitless)) == sorted(parse_decklist(ENGLISH))
    assert parse_decklist("8 Psychic Energy") == ["sve-5"] * 8


def test_R_DECK_1_a_line_that_matches_nothing_is_named_by_its_number():
    bad = PORTUGUESE.replace("4 Ultra Bola SVI 196", "4 Ultra Bola SVI 181").replace(
        "3 Doce Raro SVI 191", "3 Doce Raro")
    with pytest.raises(DeckListError) as refused:
        parse_decklist(bad)
    problems = [str(p) for p in refused.value.problems]
    assert any(p.startswith("line 15: SVI 181 is Nest Ball, not Ultra Bola") for p in problems), problems
    assert any(p.startswith("line 17: unreadable '3 Doce Raro'") for p in problems), problems
    line_15 = next(p for p in refused.value.problems if str(p).startswith("line 15"))
    with using_language("pt-BR"):      # the card's name in the reader's language
        assert "Bola de Ninho" in render(line_15) and "Nest Ball" not in render(line_15)


def test_R_DECK_1_a_name_of_another_card_in_any_language_is_refused():
    with pytest.raises(DeckListError):
        parse_decklist("4 Bola de Ninho SVI 196")


# -- issue 43 item 4: names in the reader's language ---------------------------------------------

def test_card_names_come_from_the_localized_prints_and_english_where_there_is_none():
    assert card_name(ULTRA_BALL, "pt-BR") == "Ultra Bola"
    assert card_name(ULTRA_BALL, "es") == "Ultra Ball" and card_name(ULTRA_BALL, "en") == "Ultra Ball"
    assert card_name("sv1-172", "es") == "Búsqueda de Energía"
    assert card_name("base1-4", "pt-BR") == "Charizard" and card_name("ex1-91", "es") == "Potion"
    assert attack_name(GARDEVOIR_EX, "Miracle Force", "pt-BR") == "Força Milagrosa"
    assert ability_name(GARDEVOIR_EX, "Psychic Embrace", "es") == "Abrazo Psíquico"
    assert card_of_code("sv1_196") == ULTRA_BALL and card_of_code("sv8-5_94_sph") == "sv8pt5-94"
    assert card_of_code("svbsp_12") == "svp-12" and card_of_code("nonsense") is None


def test_R_TRAINER_1_a_modern_game_narrated_in_pt_BR_names_ultra_bola():
    st = board(side(poke(SPRIGATITO), hand=[ULTRA_BALL, FIRE, POTION, WATER], deck=[GRASS, MEOWSCARADA, PAWMI]),
               side(poke(HOUNDOUR)))
    ub, fire, _, water = st.seats[0].hand
    d = act(st, 0, trainer(ub, cards=[fire, water], search=[st.seats[0].deck[1]]))
    english = [render(line) for line in d.narration]
    assert any("Ultra Ball" in line for line in english)
    with using_language("pt-BR"):
        portuguese = [render(line) for line in d.narration]
        label = render(label_action(st, trainer(ub)))
    assert any("Ultra Bola" in line for line in portuguese) and not any("Ultra Ball" in line for line in portuguese)
    assert "Ultra Bola" in label
    # what is stored and compared stays English: the event and the narration's own str
    assert "Ultra Bola" not in repr(d.event) and "Ultra Ball" in "".join(str(line) for line in d.narration)
    assert [str(line) for line in pickle.loads(pickle.dumps(d.narration))] == [str(line) for line in d.narration]


def test_R_TRAINER_1_a_hand_card_named_in_portuguese_or_spanish_resolves():
    st = board(side(poke(SPRIGATITO), hand=[POTION, ULTRA_BALL, FIRE, WATER], deck=[GRASS, PAWMI]),
               side(poke(HOUNDOUR)))
    potion, ub, fire, water = st.seats[0].hand
    for named in ("Ultra Bola", "ultra bola", "Ultra Ball", "sv1_196"):
        d = _decide(st, trainer(named, cards=[fire, water], search=[st.seats[0].deck[1]]))
        assert d.legal and d.event["payload"]["action"]["card"] == ub, (named, d.violations)
    for named in ("Poção", "Poción", "Potion"):      # Potion, in the hand, with no damage to heal
        d = _decide(st, trainer(named, targets=[st.seats[0].active.top]))
        assert not d.legal and "no Trainer card" not in d.violations[0]["message"], d.violations
    d = _decide(st, trainer("Bola de Ninho"))      # a card not in the hand, in any language
    assert not d.legal and "no Trainer card Bola de Ninho" in d.violations[0]["message"]


def test_R_ATTACK_1_an_attack_named_in_portuguese_is_the_attack_and_the_event_keeps_english():
    st = board(side(poke(SPRIGATITO, [GRASS])), side(poke(HOUNDOUR)))
    offered = [a for a in legal_actions(st, 0) if a["type"] == "attack"]
    assert offered and offered[0]["attack"] == "Scratch"
    d = _decide(st, {"type": "attack", "attack": "Arranhão"})
    assert d.legal and d.event["payload"]["action"]["attack"] == "Scratch"
    assert type(d.event["payload"]["action"]["attack"]) is str
    with using_language("pt-BR"):
        assert "Arranhão" in render(label_action(st, offered[0]))
        assert any("Arranhão" in render(line) for line in d.narration)
    d = _decide(st, {"type": "attack", "attack": "Mordida"})      # Houndour's Bite, not Sprigatito's
    assert not d.legal and d.violations[0]["rule"] == "R-ATTACK-1"


def test_R_TRAINER_1_an_actions_choices_read_in_words_in_each_language_never_the_effects_keys():
    st = board(side(poke(SPRIGATITO), hand=[ULTRA_BALL, FIRE, POTION, WATER], deck=[GRASS, MEOWSCARADA, PAWMI]),
               side(poke(HOUNDOUR)))
    ub, fire, _, water = st.seats[0].hand
    action = trainer(ub, cards=[fire, water], search=[st.seats[0].deck[1]])
    said = {}
    for language in ("en", "pt-BR", "es"):
        with using_language(language):
            said[language] = render(label_action(st, action))
    assert said["en"].endswith("(cards: Basic Fire Energy (0:2), Basic Water Energy (0:4); cards found: "
                               "Meowscarada (0:6))"), said
    assert "Ultra Bola" in said["pt-BR"] and "cartas encontradas: " in said["pt-BR"]
    assert "cartas encontradas: " in said["es"]
    assert not any("search" in text for text in said.values())
    # a paper table names the cards by card id: they read as their names too
    with using_language("en"):
        assert render(label_action(st, {"type": "choose", "choices": {"search": [MEOWSCARADA], "count": 2}})) \
            == "Choose (cards found: Meowscarada; how many: 2)"
