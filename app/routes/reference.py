"""Reference data: rulesets, rule texts, cards, shipped decks, the penalty guidelines' names."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from app.auth import protect
from app.docs import problems
from app.errors import problem
from app.schemas import (
    BoardSchema,
    CardListSchema,
    CardSchema,
    DeckListSchema,
    FigureListSchema,
    FigureSchema,
    GameQuerySchema,
    PenaltyReferenceSchema,
    RulesetsSchema,
)
from projections import penalties, rules_text
from projections.games import describe_board, get_game
from projections.i18n import translate_deep
from projections.messages import msg

blp = protect(Blueprint("reference", __name__, url_prefix="/v1",
                        description="Rulesets, rule texts, cards and shipped decks"))


class RuleSchema(Schema):
    rule = fields.String(required=True, metadata={
        "description": "The rule id: the same in every language", "example": "R-STATUS-3"})
    game = fields.String(required=True, metadata={"example": "tcg"})
    text = fields.String(required=True, metadata={
        "description": "The rule's text, in the response's language (`Content-Language`; "
                       "English where a text has no translation)",
        "example": "Confused: flip to attack, tails: see the table, even for an attack that does "
                   "no damage. (000; 003 §10)"})
    rulesets = fields.List(fields.String(), required=True, metadata={
        "description": "The rulesets the rule holds in (GET /v1/rulesets): those its line "
                       "names, else every ruleset of its game",
        "example": ["base-1999", "ex-2005", "modern"]})
    note = fields.String(metadata={"description": "A limit the line names that is no ruleset, "
                                                  "in the response's language",
                                   "example": "table mode"})
    source = fields.String(required=True, metadata={
        "description": "The document the rule is written in (not translated)",
        "example": "docs/RULES.md"})
    line = fields.Integer(required=True, metadata={"description": "The rule's line there",
                                                   "example": 109})


class RuleListSchema(Schema):
    game = fields.String(metadata={"example": "tcg"})
    rules = fields.List(fields.Nested(RuleSchema))


_RULE_EXAMPLE = {"rule": "R-ENERGY-1", "game": "tcg",
                 "text": "Uma carta de Energia da mão por turno, ligada ao Ativo ou a um Pokémon "
                         "no Banco. (000; 003 §6.4)",
                 "rulesets": ["base-1999", "ex-2005", "modern"], "source": "docs/RULES.md",
                 "line": 63}


@blp.route("/rulesets", methods=["GET"])
@blp.arguments(GameQuerySchema(), location="query")
@blp.response(200, RulesetsSchema)
@problems(blp, 401, 422)
def rulesets(query: dict[str, Any]):
    """Every ruleset with its parameters (RULES.md) and the seeds it follows."""
    game = get_game(query["game"])
    return {"game": query["game"], "rulesets": list(game.rulesets().values())}


@blp.route("/rules", methods=["GET"])
@blp.arguments(GameQuerySchema(), location="query")
@blp.response(200, RuleListSchema, example={"game": "tcg", "rules": [_RULE_EXAMPLE]})
@problems(blp, 401, 422)
def rules(query: dict[str, Any]):
    """Every rule of a game, its text in the response's language.

    The card game's (`tcg`) are RULES.md's, the figure game's (`tfg`) TFG.md's. The rule ids
    are the ones every refusal and narration cites; `lang` or `Accept-Language` choose the
    language of `text` (`Content-Language` says which); the ids, rulesets and source are the
    same in every language."""
    get_game(query["game"])       # an unknown game is a 422, as for GET /v1/rulesets
    return {"game": query["game"],
            "rules": [rules_text.served(rule) for rule in rules_text.rules_of(query["game"])]}


@blp.route("/rules/<rule_id>", methods=["GET"])
@blp.response(200, RuleSchema, example=_RULE_EXAMPLE)
@problems(blp, 401, unknown_404="No rule with that id")
def rule(rule_id: str):
    """One rule by id, its text in the response's language.

    Any game's rule: `R-ENERGY-1`, `J-TIME-1`, `T-SURROUND-1` (the id in any case)."""
    found = rules_text.find(rule_id)
    if found is None:
        problem(404, msg("Rule not found"),
                msg("There is no rule %(rule)s.", rule=repr(rule_id[:64])))
    return rules_text.served(found)


@blp.route("/penalties", methods=["GET"])
@blp.response(200, PenaltyReferenceSchema)
@problems(blp, 401)
def penalty_names():
    """The penalty guidelines' names (J-PENALTY-1/2): ids and labels.

    Every infraction category, severity and penalty level with its machine id (what is
    stored) and the Play! Pokémon penalty guidelines' printed label; both, in any case and
    spacing, are accepted wherever a penalty is given. Also the deprecated `prize_penalty`
    (accepted, stored as `double_prize`), the refused one-Prize-card names and how a repeat
    is escalated (suggested to the judge, never applied). Labels, notes and explanations are
    in the request's language (`lang`, else Accept-Language); a label is accepted as input
    in any of the languages served."""
    return translate_deep(penalties.reference())


@blp.route("/cards", methods=["GET"])
@blp.arguments(GameQuerySchema(), location="query")
@blp.response(200, CardListSchema)
@problems(blp, 401, 422)
def cards(query: dict[str, Any]):
    """Every card the game knows, and whether its behaviour is implemented."""
    return {"cards": translate_deep(get_game(query["game"]).list_cards())}


@blp.route("/cards/<card_id>", methods=["GET"])
@blp.arguments(GameQuerySchema(), location="query")
@blp.response(200, CardSchema)
@problems(blp, 401, 422, unknown_404="No card with that id")
def card(query: dict[str, Any], card_id: str):
    """A card's facts and its encoded behaviour in plain words (e.g. `base1-4`).

    `name` and the attacks' and ability's names read in the response's language (`lang` or
    `Accept-Language`) as the card is printed in it — English where the card has no print in
    that language (Base Set, the EX sets); the facts are the English card's."""
    game = get_game(query["game"])
    try:
        if len(card_id) > 64:
            raise KeyError(card_id)
        described = game.describe_card(card_id)
    except (KeyError, ValueError):
        problem(404, "Card not found", f"There is no card {card_id!r}.")
    # Names read in the response's language (its card, attack and ability names as the card is
    # printed in it: issue 43 item 4), here, before the schema writes them as plain text.
    return translate_deep(described)


@blp.route("/decks", methods=["GET"])
@blp.arguments(GameQuerySchema(), location="query")
@blp.response(200, DeckListSchema)
@problems(blp, 401, 422)
def decks(query: dict[str, Any]):
    """The shipped decks, usable by name (`deck_name`) in POST /v1/matches."""
    game = get_game(query["game"])
    return {"decks": [{"name": name, "ruleset": game.deck_ruleset(name), "decklist": game.deck_text(name),
                       "cards": game.deck_cards(name)} for name in game.deck_names()]}


@blp.route("/figures", methods=["GET"])
@blp.response(200, FigureListSchema)
@problems(blp, 401)
def figures():
    """Every figure of the figure game (`tfg`): its wheel and whether a team may hold it.

    The figure game is `"game": "tfg"` in POST /v1/matches."""
    game = get_game("tfg")
    return {"figures": [game.describe_card(f["id"]) for f in game.list_cards()]}


@blp.route("/figures/<figure_id>", methods=["GET"])
@blp.response(200, FigureSchema)
@problems(blp, 401, unknown_404="No figure with that id")
def figure(figure_id: str):
    """A figure's MP, wheel and encoded abilities.

    The wheel's segments with their sizes out of 96, colours and values; the figure by id
    (`ekans`) or by name."""
    try:
        if len(figure_id) > 64:
            raise KeyError(figure_id)
        return get_game("tfg").describe_card(figure_id)
    except KeyError:
        problem(404, "Figure not found", f"There is no figure {figure_id!r}.")


@blp.route("/boards/<board_id>", methods=["GET"])
@blp.response(200, BoardSchema)
@problems(blp, 401, unknown_404="No board with that id")
def board(board_id: str):
    """A figure-game board: its points, lines, each seat's entry points and the goal it defends."""
    try:
        if len(board_id) > 64:
            raise KeyError(board_id)
        return describe_board(board_id)
    except KeyError:
        problem(404, "Board not found", f"There is no board {board_id!r}.")
