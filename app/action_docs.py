"""The `action` of a request body, documented per action type (OpenAPI).

At run time an action is an object with a string `type` that the match's game checks
(``game.action_errors``: an unknown type or field, a value of the wrong kind or out of
bounds is a 422). The document says the same thing precisely: the ``action`` property is a
``oneOf`` of one component schema per action type with a ``discriminator`` on ``type``, each
schema written from the games' own ``action_shapes()`` (fields, which are required, the kinds
of ``choices``, the bounds) and given an example here that a scorekeeper could send. A type
that both games have (``attack``, ``end_turn``) maps to a schema that is one of the two
games' shapes.

Nothing here validates. The schemas are exactly as strict as the games' shape checks, no
stricter (Schemathesis sends what they call invalid and expects a refusal) and no looser:
tests/api/test_openapi_document.py holds every example to the shape check, actions at the
edges of the bounds to the same verdict from both, and every legal action of random games
to its schema.
"""

from __future__ import annotations

from typing import Any

from projections.games import Game, game_names, get_game

REF = "#/components/schemas/"
GAME_TITLES = {"tcg": "the card game", "tfg": "the figure game"}

# -- examples: one per game and action type, as a scorekeeper would send it --------------------
# Card-game instances are "<seat>:<n>" (seat 0's Charmander "0:10"); a table-mode match
# (`randomness: "table"`) reports the cards it saw by card id ("base1-98", Fire Energy).
EXAMPLES: dict[tuple[str, str], dict[str, Any]] = {
    ("tcg", "setup"): {"type": "setup", "active": "0:10", "bench": ["0:23"]},
    ("tcg", "mulligan_draw"): {"type": "mulligan_draw", "count": 1},
    ("tcg", "draw"): {"type": "draw", "cards": ["base1-98"]},
    ("tcg", "mulligan"): {"type": "mulligan", "hand": ["base1-98", "base1-98", "base1-91", "base1-92",
                                                       "base1-98", "base1-94", "base1-81"]},
    ("tcg", "shuffle"): {"type": "shuffle", "zone": "deck"},
    ("tcg", "bench"): {"type": "bench", "card": "0:23"},
    ("tcg", "evolve"): {"type": "evolve", "card": "0:39", "target": "0:10"},
    ("tcg", "attach_energy"): {"type": "attach_energy", "card": "0:35", "target": "0:10"},
    ("tcg", "play_trainer"): {"type": "play_trainer", "card": "0:29", "targets": ["1:4"],
                              "choices": {"cards": ["1:17"]}},
    ("tcg", "retreat"): {"type": "retreat", "to": "0:23", "discard": ["0:35"]},
    ("tcg", "use_power"): {"type": "use_power", "pokemon": "1:2", "power": "Rain Dance",
                           "choices": {"cards": ["1:44"], "to": "1:2"}},
    ("tcg", "attack"): {"type": "attack", "attack": "Ember", "choices": {"cards": ["0:35"]}},
    ("tcg", "choose"): {"type": "choose", "choices": {"order": ["0:41", "0:12", "0:7", "0:55", "0:30"]}},
    ("tcg", "end_turn"): {"type": "end_turn"},
    ("tcg", "promote"): {"type": "promote", "card": "0:23"},
    ("tcg", "discard_from_play"): {"type": "discard_from_play", "card": "0:50"},
    ("tcg", "concede"): {"type": "concede"},
    ("tcg", "choose_first"): {"type": "choose_first", "first": 1},
    ("tcg", "use_stadium"): {"type": "use_stadium", "choices": {}},
    ("tcg", "declare"): {"type": "declare", "source": "1:31",
                         "declared": [{"op": "counters", "target": "0:10", "count": 2}]},
    ("tfg", "move"): {"type": "move", "figure": "0:1", "path": ["SW_ENTRY", "S1"]},
    ("tfg", "attack"): {"type": "attack", "figure": "0:1", "target": "1:4",
                        "spins": ["Flame Tail", "Bubble"]},
    ("tfg", "end_turn"): {"type": "end_turn"},
}

# -- what each action type does, in a line ------------------------------------------------------
SUMMARIES: dict[tuple[str, str], str] = {
    ("tcg", "setup"): "Place the Active Pokémon and the Bench, face down, at the start (R-SETUP-4).",
    ("tcg", "mulligan_draw"): "Draw the extra cards the opponent's mulligans allow (R-SETUP-2).",
    ("tcg", "draw"): "The turn's draw, logged: in a table-mode match (with the card when the table "
                     "saw it) or a sandbox position that starts in phase `draw`; otherwise each "
                     "turn's draw happens by itself.",
    ("tcg", "mulligan"): "Table mode: a hand with no Basic Pokémon is shown and reshuffled (R-TABLE-3).",
    ("tcg", "shuffle"): "Table mode: the table shuffled a deck; its known positions are forgotten "
                        "(R-TABLE-3).",
    ("tcg", "bench"): "Put a Basic Pokémon from the hand onto the Bench (R-BENCH-2).",
    ("tcg", "evolve"): "Play an Evolution card from the hand onto a Pokémon in play (R-EVOLVE-1).",
    ("tcg", "attach_energy"): "The turn's one Energy attachment from the hand (R-ENERGY-1).",
    ("tcg", "play_trainer"): "Play a Trainer card from the hand: Items, Supporters, Stadiums and "
                             "Tools alike (a Tool's `targets` is the Pokémon it is attached to).",
    ("tcg", "retreat"): "Retreat the Active Pokémon, discarding Energy for the Retreat Cost.",
    ("tcg", "use_power"): "Use a Pokémon Power, Poké-Power or Ability by its printed name (R-POWER-1).",
    ("tcg", "attack"): "Attack with the Active Pokémon; the attack ends the turn (R-TURN-3).",
    ("tcg", "choose"): "The second step of a card that showed its player hidden cards (the state's "
                       "`pending`: Pokédex's top 5, Computer Search's and Pokémon Trader's deck): "
                       "choose among what was shown.",
    ("tcg", "end_turn"): "End the turn without attacking (R-TURN-3).",
    ("tcg", "promote"): "Replace a Knocked Out Active Pokémon with a Benched one (R-KO-3).",
    ("tcg", "discard_from_play"): "Discard a Trainer played as a Pokémon (Clefairy Doll) from play.",
    ("tcg", "concede"): "Concede the game: the opponent wins.",
    ("tcg", "choose_first"): "Between two games of a best-of-three match, the previous game's "
                             "loser names who goes first in the next (R-MATCH-1).",
    ("tcg", "use_stadium"): "Use the Stadium in play whose text lets each player do something "
                            "once during their turn (R-TRAINER-3).",
    ("tcg", "declare"): "Declare what the text of a card in play does when it acts by itself "
                        "(a Tool, a Special Energy, the Stadium, an Ability the engine does not "
                        "encode), as checked steps; either player, in either turn (R-DECLARE-4).",
    ("tfg", "move"): "Move a figure along a path of points, up to its MP (T-MOVE-1); from the "
                     "Bench the path starts on an own entry point.",
    ("tfg", "attack"): "Battle an adjacent opposing figure with the figure that moved, or with one "
                       "that stays put (T-BATTLE-1).",
    ("tfg", "end_turn"): "End the turn after a move, without attacking.",
}

# -- what each field holds -----------------------------------------------------------------------
_IN_HAND = ("; a hand card may be named by its card id (\"base1-98\") or exact name "
            "(\"Fire Energy\") where that is one kind of card")
_SEAT_REPORT = ("; per seat (`{\"0\": [...], \"1\": [...]}`), or a list when one seat is meant")
FIELD_DOCS: dict[tuple[str, str], str] = {
    ("tcg", "active"): "The Basic Pokémon from the hand to put Active" + _IN_HAND,
    ("tcg", "bench"): "Basic Pokémon from the hand to put on the Bench" + _IN_HAND,
    ("tcg", "hand"): "Table mode: the hand the table saw, by card id (`setup`: the 7 cards; "
                     "`mulligan`: the hand shown)",
    ("tcg", "count"): "How many extra cards to draw (at most as many as allowed)",
    ("tcg", "cards"): "Table mode: the cards drawn, by card id, when the table saw them, in any "
                      "order (cards drawn together go to the hand, which keeps no order)",
    ("tcg", "zone"): "The zone shuffled: `deck`",
    ("tcg", "card"): "The card, by instance (\"0:23\")",
    ("tcg", "target"): "The Pokémon in play it acts on, by instance (its top card's)",
    ("tcg", "targets"): "The Pokémon in play the card acts on (Potion: one of yours; Energy "
                        "Removal, Gust of Wind: one of the opponent's; a Tool: the one it is "
                        "attached to)",
    ("tcg", "choices"): "What the card's text asks its player to choose",
    ("tcg", "to"): "The Benched Pokémon that becomes Active",
    ("tcg", "discard"): "The Energy cards attached to the Active that pay the Retreat Cost",
    ("tcg", "pokemon"): "The Pokémon in play whose power is used",
    ("tcg", "power"): "The power's printed name",
    ("tcg", "attack"): "The attack's printed name, of the Active Pokémon",
    ("tcg", "drawn"): "Table mode: cards drawn because of this action, by card id" + _SEAT_REPORT
                      + "; the cards of one draw in any order, separate draws of one action in the "
                      "order they happen",
    ("tcg", "revealed"): "Table mode: cards shown because of this action (a hand Lass shows, a "
                         "hand discarded face up), by card id, per seat",
    ("tcg", "prizes_taken"): "Table mode: Prize cards taken because of this action, by card id"
                             + _SEAT_REPORT + "; left out: unknown",
    ("tcg", "declared"): "The effect of a text the engine does not encode, as steps it checks "
                         "in order (R-DECLARE-1; `[]`: it did nothing); refused for an encoded "
                         "text (R-DECLARE-2)",
    ("tfg", "figure"): "The figure that moves or attacks, by instance (\"0:1\": seat 0's second)",
    ("tfg", "path"): "The points passed, in order, ending where the figure stops (board point ids, "
                     "GET /v1/boards/{board_id})",
    ("tfg", "surround"): "When the move surrounds more than one opposing figure: the one it "
                         "Knocks Out (T-SURROUND-2)",
    ("tfg", "target"): "The adjacent opposing figure attacked",
    ("tfg", "paralyzed"): "For each Paralyzed figure of the battle, the attack its owner names "
                          "(instance -> attack name; T-STATUS-3)",
    ("tfg", "spins"): "Reported and table matches only: where the wheels landed, the attacker's "
                      "then the defender's segment, each a name, an index or {\"name\", \"index\"}",
}
# Where a field means something else in one action type.
TYPE_FIELD_DOCS: dict[tuple[str, str, str], str] = {
    ("tcg", "evolve", "card"): "The Evolution card from the hand, by instance (\"0:39\")" + _IN_HAND,
    ("tcg", "evolve", "target"): "The Pokémon in play it evolves, by instance (its top card's)",
    ("tcg", "attach_energy", "card"): "The Energy card from the hand, by instance (\"0:35\")" + _IN_HAND,
    ("tcg", "attach_energy", "target"): "The Pokémon in play it is attached to, by instance",
    ("tcg", "bench", "card"): "The Basic Pokémon from the hand, by instance (\"0:23\")" + _IN_HAND,
    ("tcg", "play_trainer", "card"): "The Trainer card from the hand, by instance (\"0:29\")" + _IN_HAND,
    ("tcg", "promote", "card"): "The Benched Pokémon that becomes Active, by instance",
    ("tcg", "choose_first", "first"): "The seat that goes first (0 or 1)",
    ("tcg", "declare", "source"): "The card in play whose text is declared (a Tool, a Special "
                                  "Energy, the Stadium, a Pokémon's top card), by instance",
    ("tcg", "discard_from_play", "card"): "The card in play to discard (a Clefairy Doll), by instance",
    ("tcg", "mulligan_draw", "cards"): "Table mode: the extra cards drawn, by card id, when the table "
                                      "saw them",
}
CHOICE_DOCS = {
    "pokemon": "Pokémon in play chosen",
    "cards": "Cards the card discards, moves or trades: from the hand, or attached Energy",
    "search": "Cards taken from the deck or a discard pile",
    "order": "A new order of cards, top first (Pokédex)",
    "type": "A type chosen (an Energy or Pokémon type)",
    "attack": "An attack's name (the attack Metronome copies, the one Amnesia names)",
    "from": "The Pokémon something moves from (Damage Swap)",
    "to": "The Pokémon something moves to (Damage Swap, Rain Dance)",
    "stage": "A Stage (Devolution Spray)",
    "count": "A number chosen",
    "deck": "Whose deck: \"own\" or \"opponent\" (Prophecy)",
    "condition": "A Special Condition chosen: asleep, burned, confused, paralyzed or poisoned (Miracle Powder)",
    "copied": "The choices of the attack Metronome copies, one level deep: `{\"attack\": "
              "\"Amnesia\", \"copied\": {\"attack\": \"Doubleslap\"}}`",
}
IGNORED = {"label": "Ignored: GET legal-actions' label, so that an entry may be sent back as it is",
           "names": "Ignored: GET legal-actions' card names, so that an entry may be sent back "
                    "as it is"}


def _camel(text: str) -> str:
    return "".join(part.capitalize() for part in text.split("_"))


def schema_name(game: str, kind: str) -> str:
    """``TcgAttachEnergyAction``: one game's shape of one action type."""
    return f"{_camel(game)}{_camel(kind)}Action"


def shared_name(kind: str) -> str:
    """``AttackAction``: the action type that several games have."""
    return f"{_camel(kind)}Action"


class _Kinds:
    """One game's field kinds as JSON schemas, bounded by the game's ``limits``."""

    def __init__(self, game: str, shapes: dict[str, Any]):
        self.game = game
        limits = shapes.get("limits", {})
        text: dict[str, Any] = {"type": "string"}
        if "text" in limits:
            text.update(minLength=1, maxLength=limits["text"])
        ids: dict[str, Any] = {"type": "array", "items": text}
        if "list" in limits:
            ids["maxItems"] = limits["list"]
        count: dict[str, Any] = {"type": "integer"}
        if "count" in limits:
            count.update(minimum=0, maximum=limits["count"])
        by_seat = {"type": "object", "minProperties": 1, "additionalProperties": False,
                   "properties": {"0": ids, "1": ids}}
        self.limits = limits
        self.kinds: dict[str, dict[str, Any]] = {
            "text": text, "str": text, "list": ids, "count": count, "int": count,
            "cards by seat": by_seat, "cards by seat (or a list)": {"oneOf": [ids, by_seat]},
            "choices": {"$ref": REF + choices_name(game)},
            "steps": {"type": "array", "maxItems": limits.get("steps", 30),
                      "items": {"$ref": REF + step_name(game)}},
            "dict": {"type": "object", "additionalProperties": {"type": "string"}},
        }
        self.choice_kinds: dict[str, dict[str, Any]] = {
            "ids": ids, "id": {"oneOf": [text, ids]}, "str": text, "int": count,
            "choices": {"$ref": REF + choices_name(game, copied=True)},
        }

    def field(self, action: str, name: str, kind: str) -> dict[str, Any]:
        schema = dict(self._special(name) or self.kinds[kind])
        doc = TYPE_FIELD_DOCS.get((self.game, action, name)) or FIELD_DOCS.get((self.game, name))
        if doc:
            if "$ref" in schema:           # no siblings beside a $ref (OpenAPI 3.0)
                schema = {"allOf": [schema]}
            schema["description"] = doc
        return schema

    def _special(self, name: str) -> dict[str, Any] | None:
        """Fields whose kind alone does not say their shape (the figure game's lists)."""
        if self.game != "tfg":
            return None
        if name == "path":
            return {"type": "array", "items": {"type": "string"}}
        if name == "spins":
            segment = {"oneOf": [{"type": "string"}, {"type": "integer"},
                                 {"type": "object", "properties": {"name": {"type": "string"},
                                                                   "index": {"type": "integer"}}}]}
            spins: dict[str, Any] = {"type": "array", "items": segment}
            if "spins" in self.limits:
                spins["maxItems"] = self.limits["spins"]
            return spins
        return None


def choices_name(game: str, copied: bool = False) -> str:
    return f"{_camel(game)}{'Copied' if copied else ''}Choices"


def _choices_schemas(game: str, shapes: dict[str, Any], kinds: _Kinds) -> dict[str, Any]:
    keys: dict[str, str] = shapes.get("choices") or {}
    if not keys:
        return {}

    def schema(copied: bool) -> dict[str, Any]:
        props = {key: {**kinds.choice_kinds[kind], "description": CHOICE_DOCS.get(key, key)}
                 for key, kind in keys.items() if not (copied and kind == "choices")}
        for prop in props.values():
            if "$ref" in prop:
                prop["allOf"] = [{"$ref": prop.pop("$ref")}]
        return {"type": "object", "properties": props, "additionalProperties": False,
                "description": ("The choices of an attack another copies (no `copied` inside)"
                                if copied else
                                "What a card's text asks its player to choose (`choices`): only "
                                "these keys, each of its kind. A choice with only one "
                                "possibility may be left out.")}

    return {choices_name(game): schema(False), choices_name(game, copied=True): schema(True)}


STEP_DOCS = {
    "move": "Cards of a seat's zone to another zone (named, `count` from the top of the deck or "
            "the Prize cards, or `all`)",
    "return_pokemon": "A Pokémon in play with every card on it to a zone",
    "base_damage": "An attack's base damage (before Weakness and Resistance)",
    "damage": "An attack's damage to one of the opponent's Pokémon or of the attacker's own Benched Pokémon",
    "counters": "Damage counters placed on a Pokémon (not damage)",
    "heal": "Damage removed from a Pokémon",
    "switch": "A seat's Active swapped with one of its Benched Pokémon",
    "condition": "A Special Condition added to or removed from an Active Pokémon",
    "draw": "A seat draws cards", "shuffle": "A seat's deck is shuffled",
    "reveal": "Cards of the hand or the deck shown to both players",
    "flip": "Coins flipped (their results recorded)"}


def step_name(game: str) -> str:
    return f"{_camel(game)}DeclaredStep"


def _step_schemas(game: str, shapes: dict[str, Any], kinds: _Kinds) -> dict[str, Any]:
    """One schema per declared step `op` (projections/tcg/declare.py), and their union."""
    steps: dict[str, Any] = shapes.get("steps") or {}
    if not steps:
        return {}
    values = shapes.get("step_values", {})
    damage = {"type": "integer", "minimum": 0, "maximum": shapes["limits"].get("damage", 500),
              "multipleOf": 10}
    seat = {"type": "integer", "enum": [0, 1]}
    by_kind = {"ids": kinds.choice_kinds["ids"], "id": kinds.kinds["text"], "int": kinds.kinds["count"],
               "tens": damage, "seat": seat, "bool": {"type": "boolean"}}
    out: dict[str, Any] = {}
    for op, shape in steps.items():
        props: dict[str, Any] = {"op": {"type": "string", "enum": [op]}}
        for name, kind in shape["fields"].items():
            props[name] = by_kind.get(kind) or {"type": "string", "enum": values.get(kind, [])}
        schema: dict[str, Any] = {
            "type": "object", "description": STEP_DOCS.get(op, op), "properties": props,
            "required": ["op", *shape["required"]], "additionalProperties": False}
        if shape.get("one_of"):       # exactly one of these members (move: cards, count, all)
            schema["oneOf"] = [{"required": [name]} for name in shape["one_of"]]
        out[f"{step_name(game)}{_camel(op)}"] = schema
    out[step_name(game)] = {
        "description": "A declared step: what a text the engine does not encode did, checked "
                       "against the board (R-DECLARE-1).",
        "oneOf": [{"$ref": REF + name} for name in out],
        "discriminator": {"propertyName": "op",
                          "mapping": {op: REF + f"{step_name(game)}{_camel(op)}" for op in steps}}}
    return out


def _type_schema(game: str, kind: str, shape: dict[str, Any], kinds: _Kinds) -> dict[str, Any]:
    props: dict[str, Any] = {"type": {"type": "string", "enum": [kind]}}
    for name, field_kind in shape["fields"].items():
        props[name] = kinds.field(kind, name, field_kind)
    for name, doc in IGNORED.items():
        props.setdefault(name, {"description": doc})
    schema: dict[str, Any] = {
        "type": "object",
        "description": f"`{kind}` ({GAME_TITLES.get(game, game)}): " + SUMMARIES.get((game, kind), ""),
        "required": ["type", *shape.get("required", ())],
        "properties": props,
        "additionalProperties": False,
    }
    if (game, kind) in EXAMPLES:
        schema["example"] = EXAMPLES[(game, kind)]
    return schema


def _disjoint(schemas: list[dict[str, Any]]) -> bool:
    """No object fits two of them: of each pair, one requires a field the other refuses."""
    def apart(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return any(f not in b["properties"] for f in a["required"])

    return all(apart(a, b) or apart(b, a) for i, a in enumerate(schemas) for b in schemas[i + 1:])


def action_components(games: dict[str, Game] | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """The component schemas of every game's action types, and the discriminator's mapping
    (action type -> the schema to read it with)."""
    games = games if games is not None else {name: get_game(name) for name in game_names()}
    components: dict[str, Any] = {}
    by_kind: dict[str, list[tuple[str, str]]] = {}
    for game, impl in games.items():
        shapes = impl.action_shapes()
        kinds = _Kinds(game, shapes)
        components.update(_choices_schemas(game, shapes, kinds))
        components.update(_step_schemas(game, shapes, kinds))
        for kind, shape in shapes["actions"].items():
            name = schema_name(game, kind)
            components[name] = _type_schema(game, kind, shape, kinds)
            by_kind.setdefault(kind, []).append((game, name))
    mapping: dict[str, str] = {}
    for kind, variants in by_kind.items():
        if len(variants) == 1:
            mapping[kind] = REF + variants[0][1]
            continue
        shapes_of = ", ".join(f"{GAME_TITLES.get(game, game)}: `{name}`" for game, name in variants)
        union = "oneOf" if _disjoint([components[name] for _, name in variants]) else "anyOf"
        components[shared_name(kind)] = {
            "description": f"`{kind}`, an action of several games, each with its own shape "
                           f"({shapes_of}): the match's game reads it.",
            union: [{"$ref": REF + name} for _, name in variants]}
        mapping[kind] = REF + shared_name(kind)
    return components, mapping


def action_notes() -> str:
    """The description of an `action` property: what every action type shares (each type's
    own schema says the rest)."""
    return " ".join([
        "The action, by `type`: one schema per action type of the card game (`tcg`; instances "
        "are ids like \"0:17\") and of the figure game (`tfg`). The match's game reads it: a "
        "type or field it does not know is a 422.",
        "Table mode (`randomness: \"table\"`): a card from the hand, the deck or a discard pile "
        "may be named by its card id where an instance goes, and the action reports what the "
        "table saw.",
        "A player's action names only cards that player can see (R-HIDDEN-1). An entry of GET "
        "legal-actions may be sent back as it is (its `label` and `names` are ignored)."])


def action_property(description: str) -> dict[str, Any]:
    """What the document says of an ``action`` field."""
    components, mapping = action_components()
    return {"type": "object", "description": description,
            "oneOf": [{"$ref": ref} for ref in dict.fromkeys(mapping.values())],
            "discriminator": {"propertyName": "type", "mapping": mapping}}
