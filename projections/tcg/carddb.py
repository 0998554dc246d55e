"""Card facts (from the project's own facts files) joined with the effect encodings.

Facts — HP, type, costs, printed damage — live in `cards/*_facts.json`. A card's, its
attacks' and its power's names are `card_names.CardName`s: English, and read in a reader's
language as the card is printed there (issue 43 item 4). What a card *does*
is registered by the card modules in `cards/` through `define_pokemon`, `define_trainer`
and `define_energy`; a card with no registration is unimplemented and `card()` says so.

The card model the rules read (never a card's name): a Trainer's kind (`TRAINER_KINDS`:
item, supporter, stadium, tool — a Base Set Trainer is an item), tags (`TAGS`: Pokémon-ex,
Baby, Dark, Tera, ACE SPEC, Radiant ...), the Prize cards a Pokémon gives when Knocked Out
(`prizes`), and the objects that answer the effect pipeline's hooks while the card is in
play (`answering()`: its power, or the Trainer when it plays as a Pokémon; hooks.py).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..messages import msg
from ..text import UNKNOWN_CARD
from . import hooks
from .card_names import CardName

if TYPE_CHECKING:
    from .cards.effects import Effect, Power, Trainer

FACTS_DIR = Path(__file__).parent / "cards"
# The Base Set's types; the EX era and later add Darkness and Metal (ALL_TYPES).
ENERGY_TYPES = ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting", "Colorless")
ALL_TYPES = (*ENERGY_TYPES[:-1], "Darkness", "Metal", "Colorless")
# What a card that provides every type at once provides: one unit that pays
# for any type (core.can_pay).
ANY_TYPE = "Any"
TRAINER_KINDS = ("item", "supporter", "stadium", "tool", "technical_machine")
TAGS = ("ex", "mega", "baby", "dark", "owner", "tera", "ace_spec", "radiant", "prism_star", "v", "vmax",
        "vstar", "gx", "tag_team", "v_union", "ancient", "future")


@dataclass
class AttackDef:
    name: str
    cost: list[str]
    damage: int                  # the printed number (0 when blank)
    damage_mark: str             # "", "+", "×" or "-" as printed
    effects: list[Effect] = field(default_factory=list)
    has_effect_text: bool = False   # the printed card says more than its damage
    text: str = ""                  # the printed English text (modern sets' facts), else ""
    # The templates (cards/compiler) whose wording the text matched, in order; () when the
    # attack is hand-encoded, declared, or has no text.
    compiled_by: tuple[str, ...] = ()


@dataclass
class PowerDef:
    name: str
    kind: str
    effect: Power | None = None  # a Power object (cards/effects/)
    once_per_turn: bool = False  # printed: "Once during your turn"
    text: str = ""               # the printed English text, where the facts carry it (modern)
    compiled_by: tuple[str, ...] = ()   # the compiler's templates its whole text matched


@dataclass
class CardDef:
    id: str
    name: str
    supertype: str               # "Pokemon", "Trainer", "Energy"
    stage: str | None = None     # "Basic", "Stage 1", "Stage 2"
    hp: int | None = None
    type: str | None = None
    evolves_from: str | None = None
    # A type, or the types when the card prints two (EX Pokémon-ex, Dragon Pokémon).
    weakness: str | tuple[str, ...] | None = None
    resistance: str | tuple[str, ...] | None = None
    retreat_cost: int = 0
    attacks: list[AttackDef] = field(default_factory=list)
    power: PowerDef | None = None
    energy_kind: str | None = None   # "basic" or "special"
    provides: list[str] = field(default_factory=list)
    trainer: Trainer | None = None   # a Trainer effect object (cards/effects/)
    trainer_kind: str | None = None  # TRAINER_KINDS, for Trainers
    energy_effect: Any = None        # a Special Energy's effect object, answering hooks while attached
    implemented: bool = False
    is_pokemon_card: bool = False    # True for Pokémon and for Trainers played as Pokémon
    tags: frozenset[str] = frozenset()  # TAGS
    prizes: int = 1                  # Prize cards its Knock Out gives (before any effect)
    regulation_mark: str | None = None   # Standard legality in the modern ruleset
    # A Trainer's or Special Energy's printed English text, one line per printed paragraph
    # (reminder lines included), where the facts carry it (modern): the compiler's input.
    text: str = ""
    # The texts the engine does not encode, which the table declares as steps
    # (cards/declared.py): "attack:<name>", "power:<name>", "trainer", "energy".
    declared: frozenset[str] = frozenset()
    trainer_compiled_by: tuple[str, ...] = ()   # the compiler's templates its whole text matched

    @property
    def is_basic_pokemon(self) -> bool:
        return self.is_pokemon_card and self.stage == "Basic"

    @property
    def is_basic_energy(self) -> bool:
        return self.supertype == "Energy" and self.energy_kind == "basic"

    def attack(self, name: str) -> AttackDef | None:
        for a in self.attacks:
            if a.name == name:
                return a
        return None

    def answering(self) -> tuple[Any, ...]:
        """The objects that answer hooks while this card is a Pokémon in play."""
        power = self.power.effect if self.power else None
        trainer = self.trainer if self.is_pokemon_card else None
        if power is None:
            return (trainer,) if trainer is not None else ()
        return (power, trainer) if trainer is not None else (power,)


_CARDS: dict[str, CardDef] = {}
_BY_NAME_SET: dict[tuple[str, str], str] = {}
_DAMAGE_RE = re.compile(r"^(\d*)([+×\-]?)$")


def _parse_damage(text: str) -> tuple[int, str]:
    m = _DAMAGE_RE.match(text)
    if not m:
        raise ValueError(f"unreadable damage {text!r}")
    return int(m.group(1) or 0), m.group(2)


def _types(value: str | list[str] | None) -> str | tuple[str, ...] | None:
    return tuple(value) if isinstance(value, list) else value


def types_text(value: str | tuple[str, ...] | None) -> str:
    """A Weakness or Resistance in words ("Fighting and Fire"; "none"), translatable."""
    if not value:
        return msg("none")
    if not isinstance(value, tuple):
        return value
    words: str = value[0]
    for more in value[1:]:
        words = msg("%(first)s and %(second)s", first=words, second=more)
    return words


def has_type(value: str | tuple[str, ...] | None, energy_type: str | None) -> bool:
    """A Weakness or Resistance (one type or several) is to `energy_type`."""
    if value is None or energy_type is None:
        return False
    return energy_type in value if isinstance(value, tuple) else value == energy_type


def _card_from_facts(f: dict[str, Any]) -> CardDef:
    attacks = []
    for a in f.get("attacks", []):
        dmg, mark = _parse_damage(a["damage"])
        attacks.append(AttackDef(CardName(a["name"], f["id"], "attacks"), list(a["cost"]), dmg, mark,
                                 has_effect_text=a.get("has_effect_text", False), text=a.get("text", "")))
    power = f.get("power")
    tags = frozenset(f.get("tags", ()))
    unknown = tags - set(TAGS)
    if unknown:
        raise ValueError(f"{f['id']}: unknown tags {sorted(unknown)}")
    return CardDef(
        id=f["id"], name=CardName(f["name"], f["id"]), supertype=f["supertype"], stage=f.get("stage"),
        hp=f.get("hp"), type=f.get("type"), evolves_from=f.get("evolves_from"),
        weakness=_types(f.get("weakness")), resistance=_types(f.get("resistance")),
        retreat_cost=f.get("retreat_cost", 0), attacks=attacks,
        power=PowerDef(CardName(power["name"], f["id"], "abilities"), power["kind"],
                       once_per_turn=power.get("once_per_turn", False), text=power.get("text", ""))
        if power else None,
        energy_kind=f.get("energy_kind"), provides=list(f.get("provides", [])),
        is_pokemon_card=f["supertype"] == "Pokemon", tags=tags, prizes=f.get("prizes", 1),
        trainer_kind=f.get("trainer_kind") if f["supertype"] == "Trainer" else None,
        regulation_mark=f.get("regulation_mark"), text=f.get("text", "") if f["supertype"] != "Pokemon" else "",
    )


def _load_facts() -> None:
    for path in sorted(FACTS_DIR.glob("*_facts.json")):
        for f in json.loads(path.read_text(encoding="utf-8")):
            card = _card_from_facts(f)
            _CARDS[card.id] = card
            set_code = card.id.split("-")[0]
            _BY_NAME_SET[(set_code, f["number"])] = card.id


_load_facts()
hooks.use_card_pool(lambda: _CARDS.values())


# Table mode's card whose identity nobody knows yet (table.py): never in a deck list or the pool.
UNKNOWN = "unknown"
_UNKNOWN_CARD = CardDef(id=UNKNOWN, name=UNKNOWN_CARD, supertype="Unknown", implemented=True)


def card(card_id: str) -> CardDef:
    try:
        return _CARDS[card_id]
    except KeyError:
        if card_id == UNKNOWN:
            return _UNKNOWN_CARD
        raise KeyError(f"unknown card id {card_id!r}") from None


def known(card_id: str) -> bool:
    return card_id in _CARDS


def all_cards() -> list[CardDef]:
    return list(_CARDS.values())


def shipped_cards() -> list[CardDef]:
    """The cards of the facts files (not the ones a test added with `add_card`)."""
    shipped = set(_BY_NAME_SET.values())
    return [c for c in _CARDS.values() if c.id in shipped]


# (evolves from, name) of every Stage 1 Pokémon card: built when first asked (listing legal
# actions asks for each Stage 2 in hand), dropped when a card is added or removed.
_stage1_links: set[tuple[str | None, str]] | None = None


def stage1_links(basic_name: str, stage2: CardDef) -> bool:
    """A Stage 1 card links the Basic's name to the Stage 2 (Pokémon Breeder's chain)."""
    global _stage1_links
    if _stage1_links is None:
        _stage1_links = {(c.evolves_from, c.name) for c in _CARDS.values()
                         if c.supertype == "Pokemon" and c.stage == "Stage 1"}
    return (basic_name, stage2.evolves_from) in _stage1_links


def card_id_for(set_code: str, number: str | int) -> str | None:
    return _BY_NAME_SET.get((set_code, str(number)))


def define_pokemon(card_id: str, attacks: dict[str, Effect | list[Effect] | tuple[Effect, ...]] | None = None,
                   power: Power | None = None) -> CardDef:
    """Register what a Pokémon's attacks and power do.

    `attacks` maps an attack name to a list of effects (empty: damage only).
    """
    c = card(card_id)
    attacks = attacks or {}
    unknown = set(attacks) - {a.name for a in c.attacks}
    if unknown:
        raise ValueError(f"{card_id} has no attack {sorted(unknown)}")
    for a in c.attacks:
        effects = attacks.get(a.name, [])
        a.effects = list(effects) if isinstance(effects, (list, tuple)) else [effects]
    if power is not None:
        if c.power is None:
            raise ValueError(f"{card_id} has no power")
        c.power.effect = power
    elif c.power is not None:
        raise ValueError(f"{card_id}'s power {c.power.name} needs an encoding")
    c.implemented = True
    hooks.invalidate()
    return c


def define_trainer(card_id: str, effect: Trainer, *, kind: str | None = None,
                   as_pokemon: dict[str, Any] | None = None) -> CardDef:
    """Register a Trainer of `kind` (TRAINER_KINDS; default: its facts' kind, else an item).
    `as_pokemon` (dict of facts: hp, type, retreat_cost) makes it play as a Basic Pokémon;
    what else it does in play (it can't retreat, gives no Prize ...) its Trainer object
    answers through hooks."""
    c = card(card_id)
    kind = kind or c.trainer_kind or "item"
    if kind not in TRAINER_KINDS:
        raise ValueError(f"{card_id}: unknown Trainer kind {kind!r}")
    c.trainer = effect
    c.trainer_kind = kind
    if as_pokemon:
        c.is_pokemon_card = True
        c.stage = "Basic"
        c.hp = as_pokemon["hp"]
        c.type = as_pokemon.get("type", "Colorless")
        c.retreat_cost = as_pokemon.get("retreat_cost", 0)
    c.implemented = True
    hooks.invalidate()
    return c


def add_card(facts: dict[str, Any]) -> CardDef:
    """Register a card from a facts record (the shape of `*_facts.json`): tests add cards of
    their own with it (and take them away with `remove_card`). Replaces a card of the same id."""
    global _stage1_links
    c = _card_from_facts(facts)
    _CARDS[c.id] = c
    _stage1_links = None
    hooks.invalidate()
    return c


def remove_card(card_id: str) -> None:
    global _stage1_links
    _CARDS.pop(card_id, None)
    _stage1_links = None
    hooks.invalidate()


def define_energy(card_id: str, effect: Any = None) -> CardDef:
    """Register an Energy card; `effect` (a Special Energy's) answers hooks while the card
    is attached to a Pokémon in play (hooks.py: with the attached cards)."""
    c = card(card_id)
    c.energy_effect = effect
    c.implemented = True
    hooks.invalidate()
    return c
