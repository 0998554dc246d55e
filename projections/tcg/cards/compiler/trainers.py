"""Printed English Trainer text compiled into the effect vocabulary (`cards/effects/`).

`compile_trainer(card)` returns the Trainer its WHOLE printed text (`CardDef.text`, the kind's
reminder lines aside) compiles to and the templates that matched, else None (the card is then
declared by the table, `cards/declared.py`).

A Trainer template is a regular expression that must match the whole text left once the
reminders are taken out (the kind's rule: "You may play only 1 Supporter card during your
turn.", the Item's, the Pokémon Tool's and the Stadium's, the ACE SPEC rule, the Rule Box
reminder "(Pokémon ex, … have Rule Boxes.)"), with a builder that turns its parameters into one
Trainer of the vocabulary (`effects/trainer_text.py`, `effects/trainer_cards.py`); a builder
returns None when the words don't fit it (an unknown kind of card in a search): the next
template is tried, and a text no template builds stays declared.

A print whose facts carry no text (a few Mega Evolution reprints: Boss's Orders me2pt5-256,
Cheren me2pt5-258, …) is read in the words of the first print of its name and kind that has
them (a Trainer reprinted under the same name is the same card, `declared.py`'s ruling).

The searches' descriptions ("Basic Pokémon", "Pokémon ex", "Basic Fighting Energy card or a
Basic Fighting Pokémon", …) are read by `fits_of` (one description, or several joined by
"or"); a description it does not know leaves the card declared. It reads too an owner's
Pokémon ("Ethan's Pokémon", "Basic Team Rocket's Pokémon"), any "Trainer card", and a kind whose
name holds words ('a Supporter card that has "Team Rocket" in its name', 'Pokémon Tool cards
that have "Technical Machine" in their name', the number of "has/have" agreeing); a search for
"up to N in any combination of A and B" takes cards that fit either.

Beside the Items and Supporters, templates read Pokémon Tools (HP, Retreat Cost, damage taken or
done, the Technical Machines' discard at the end of the turn) and Stadiums acting on both players'
Pokémon (HP, damage taken or done); their blocks answer the engine's hooks (`hooks.py`).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..effects.trainer_cards import BossOrders, ProfessorOak, Switch
from ..effects.trainer_text import (
    EVOLUTION,
    ActiveConditions,
    AnyOf,
    CoinDraw,
    DiscardThenDraw,
    DiscardThenSearch,
    Draw,
    DrawPerTagged,
    DrawThenIfHand,
    DrawUntil,
    Fits,
    FromDiscard,
    GustBasicConfuse,
    HealActive,
    HealActiveOwnerMore,
    HealAllLowHp,
    HealEach,
    HealOne,
    HealOneDiscardEnergy,
    LookAndTake,
    PrizesLeft,
    ScoopToHand,
    SearchEach,
    SearchToHand,
    SecondPlayerFirstTurnSearch,
    ShuffleHandCoinDraw,
    ShuffleHandDraw,
    SpecialEnergyRemoval,
    StadiumHp,
    StadiumLessDamage,
    StadiumMoreDamage,
    SwitchDrawUntil,
    TechnicalMachine,
    ToolHp,
    ToolLessDamage,
    ToolMoreDamageToEx,
    ToolRetreatLess,
    TypeBerry,
)
from .base import TYPES, CompiledCard, count_of, normalise

if TYPE_CHECKING:
    from ...carddb import CardDef

REMINDERS = (
    r"You may play only 1 Supporter card during your turn\.",
    r"You may play any number of Item cards during your turn\.",
    r"You may attach any number of Pokémon Tools to your Pokémon during your turn\. You may attach only 1 Pokémon "
    r"Tool to each Pokémon, and it stays attached\.(?: Attach a Pokémon Tool to 1 of your Pokémon that doesn't "
    r"already have a Pokémon Tool attached\.)?",
    r"You may play only 1 Stadium card during your turn\. Put it (?:next to|into) the Active Spot, and discard it "
    r"if another Stadium comes into play\. A Stadium with the same name can't be played\.",
    r"(?:ACE SPEC: )?You can't have more than 1 ACE SPEC card in your deck\.",
    r"\(Pokémon ex, Pokémon [^)]*have Rule Boxes\.\)",
)
_REMINDER = re.compile("|".join(f"(?:{r})" for r in REMINDERS))


def trainer_text(card: CardDef) -> str:
    """The card's own words: normalised, markup and the reminders taken out."""
    text = normalise(card.text.replace("<i>", "").replace("</i>", "").replace("{ex}", "ex"))
    return normalise(_REMINDER.sub(" ", text))


# -- the searches' descriptions ------------------------------------------------------------------------

# a Technical Machine is a Pokémon Tool (Scarlet & Violet)
_KINDS = {"Item": ("item",), "Supporter": ("supporter",), "Stadium": ("stadium",),
          "Pokémon Tool": ("tool", "technical_machine")}
_STAGES = {"Basic": ("Basic",), "Stage 1": ("Stage 1",), "Stage 2": ("Stage 2",), "Evolution": EVOLUTION}
_POKEMON = re.compile(r"(?:(?P<stage>Basic|Stage 1|Stage 2|Evolution|Mega Evolution) )?"
                      rf"(?:(?P<owner>[A-Z][a-z]+(?: [A-Z][a-z]+)?)'s )?(?:(?P<type>{TYPES}) )?"
                      r"(?:(?P<tag>Tera|Ancient|Future) )?Pokémon(?P<ex> ex)?(?P<norule> that (?:doesn't|don't) have a "
                      r"Rule Box)?")
_TAGS = {"Tera": "tera", "Ancient": "ancient", "Future": "future"}
_ENERGY = re.compile(rf"(?P<basic>Basic )?(?:(?P<type>{TYPES}) )?Energy cards?")
_TRAINER = re.compile(r"(?P<kind>Item|Supporter|Stadium|Pokémon Tool|Trainer) cards?")
# 'a Supporter card that has "Team Rocket" in its name',
# 'Pokémon Tool cards that have "Technical Machine" in their name'
_NAMED = re.compile(r'(?P<what>.+) that (?:has "(?P<one>[^"]+)" in its|have "(?P<many>[^"]+)" in their) name')


def _pokemon(m: re.Match[str]) -> Fits | None:
    stage, ex = m["stage"], bool(m["ex"])
    if stage == "Mega Evolution":
        return Fits("Pokemon", tags=frozenset({"ex", "mega"})) if ex and not (m["type"] or m["tag"] or m["owner"]) \
            else None
    tags = ({"ex"} if ex else set()) | ({_TAGS[m["tag"]]} if m["tag"] else set())
    return Fits("Pokemon", stages=_STAGES[stage] if stage else (), type=m["type"], tags=frozenset(tags),
                no_tags=frozenset({"ex"}) if m["norule"] else frozenset(), owner=m["owner"])


def _one(words: str) -> Fits | None:
    named = _NAMED.fullmatch(words)
    if named is not None:
        what = named["what"]
        plural = what.endswith("s") and not what.endswith("Pokémon")
        fits = _one(what) if (named["many"] is not None) == plural else None
        return replace(fits, name_has=named["one"] or named["many"]) if fits is not None else None
    m = _POKEMON.fullmatch(words)
    if m is not None:
        return _pokemon(m)
    m = _ENERGY.fullmatch(words)
    if m is not None:
        return Fits("Energy", type=m["type"], basic_energy=bool(m["basic"]))
    m = _TRAINER.fullmatch(words)
    if m is None:
        return None
    return Fits("Trainer") if m["kind"] == "Trainer" else Fits("Trainer", kinds=_KINDS[m["kind"]])


def fits_of(words: str) -> Fits | AnyOf | None:
    """The cards a description names: "Basic Pokémon", "Pokémon ex", "Basic Fighting Energy
    card or a Basic Fighting Pokémon"; None for words it does not know."""
    parts = re.split(r" or an? ", words)
    each = [_one(p) for p in parts]
    if any(f is None for f in each):
        return None
    fits = [f for f in each if f is not None]
    return fits[0] if len(fits) == 1 else AnyOf(tuple(fits))


# -- the templates ------------------------------------------------------------------------------------

Build = Callable[[dict[str, str], "CardDef"], Any]


@dataclass(frozen=True)
class TrainerTemplate:
    name: str
    rule: str                   # the rule its tests check it against
    pattern: re.Pattern[str]
    build: Build                # parameters -> one Trainer (None: the words don't fit)
    wordings: tuple[str, ...]   # printed examples it accepts


def trainer_template(name: str, rule: str, regex: str, build: Build, *wordings: str) -> TrainerTemplate:
    return TrainerTemplate(name, rule, re.compile(regex), build, wordings)


def _combination(words: str) -> Fits | AnyOf | None:
    """"in any combination of A and B": a card that fits either; else the one description."""
    both = re.fullmatch(r"in any combination of (?P<a>.+) and (?P<b>.+)", words)
    if both is None:
        return fits_of(words)
    fa, fb = fits_of(both["a"]), fits_of(both["b"])
    return AnyOf(_flat(fa) + _flat(fb)) if fa is not None and fb is not None else None


def _search(p: dict[str, str], card: CardDef) -> Any:
    fits = _combination(p["what"])
    if fits is None or (p["what"].startswith("in any combination") and not p["count"].startswith("up to")):
        return None
    most = count_of(p["count"]) if not p["count"].startswith("up to") else int(p["count"].split()[-1])
    singular = p["count"] in ("a", "an")
    if singular != (p["it"] == "it") or (p["count"] == "an") != (p["what"][0] in "AEIOU"):
        return None
    return SearchToHand(fits, most, f"search your deck for {p['count']} {p['what']}, show them to both players, "
                                    "put them into your hand and shuffle your deck")


def _discard_then_search(p: dict[str, str], card: CardDef) -> Any:
    found = _search(p, card)
    if not isinstance(found, SearchToHand):
        return None
    return DiscardThenSearch(found.fits_card, found.most, "discard another card of your hand; then " + found.text)


def _second_player_search(p: dict[str, str], card: CardDef) -> Any:
    found = _search(p, card)
    if not isinstance(found, SearchToHand):
        return None
    return SecondPlayerFirstTurnSearch(found.fits_card, found.most,
                                       "only on the second player's first turn: " + found.text)


def _search_each(p: dict[str, str], card: CardDef) -> Any:
    parts = [w for w in re.split(r",? (?:and )?an? ", " " + p["list"]) if w]
    kinds = [k for k in (fits_of(w) for w in parts) if k is not None]
    if len(kinds) < 2 or len(kinds) != len(parts) or _overlap(kinds):
        return None
    return SearchEach(tuple(kinds),
                      f"search your deck for one card of each: {'; '.join(parts)}; show them to both players, put "
                      "them into your hand and shuffle your deck")


def _look(p: dict[str, str], card: CardDef) -> Any:
    words = p["what"]
    both = re.fullmatch(r"in any combination of (?P<a>.+) and (?P<b>.+)", words)
    if both is not None:
        if p["count"] in ("a", "an"):
            return None
        fa, fb = fits_of(both["a"]), fits_of(both["b"])
        fits: Fits | AnyOf | None = AnyOf(_flat(fa) + _flat(fb)) if fa is not None and fb is not None else None
    else:
        fits = fits_of(words)
    if fits is None or (p["count"] in ("a", "an")) != (p["it"] == "it"):
        return None
    depth = int(p["n"])
    most = {"a": 1, "an": 1, "any number of": depth}.get(p["count"]) or int(p["count"].split()[-1])
    return LookAndTake(fits, depth, most, p["end"] == "bottom",
                       f"look at the {p['end']} {depth} cards of your deck; you may take {p['count']} {words} among "
                       "them into your hand, shown to both players; then shuffle your deck")


def _flat(f: Fits | AnyOf | None) -> tuple[Fits, ...]:
    return () if f is None else f.each if isinstance(f, AnyOf) else (f,)


# "If you have exactly N Prize cards remaining" / "If your opponent has N or fewer Prize cards remaining"
PRIZES = (r"If (?P<who>you have|your opponent has) (?P<exactly>exactly )?(?P<prizes>\d+)(?P<fewer> or fewer)? Prize "
          r"cards remaining, ")


def _prizes(p: dict[str, str | None]) -> PrizesLeft | None:
    if not p.get("prizes") or bool(p["exactly"]) == bool(p["fewer"]):
        return None
    return PrizesLeft(p["who"] == "your opponent has", int(p["prizes"] or 0), bool(p["exactly"]))


def _overlap(kinds: list[Fits | AnyOf]) -> bool:
    """Some card of the pool fits two of the descriptions ("a Pokémon and a Basic Pokémon"): one
    card of each is then not a plain count (left declared)."""
    from ...carddb import all_cards
    return any(sum(k(c) for k in kinds) > 1 for c in all_cards())


def _shuffle_draw(p: dict[str, Any], card: CardDef) -> Any:
    when = _prizes(p)
    if p.get("prizes") and when is None:
        return None
    return ShuffleHandDraw(int(p["n"]), (when, int(p["more"])) if when else None)


def _draw(p: dict[str, Any], card: CardDef) -> Any:
    when = _prizes(p)
    if p.get("prizes") and when is None:
        return None
    return Draw(int(p["n"]), (when, int(p["more"])) if when else None)


def _from_discard(p: dict[str, str], card: CardDef) -> Any:
    words = p["what"]
    both = re.fullmatch(r"in any combination of (?P<a>.+) and (?P<b>.+)", words)
    if both is not None:
        fa, fb = fits_of(both["a"]), fits_of(both["b"])
        fits: Fits | AnyOf | None = AnyOf(_flat(fa) + _flat(fb)) if fa is not None and fb is not None else None
    else:
        fits = fits_of(words)
    to_deck = p["verb"] == "Shuffle"
    if fits is None or to_deck != (p["where"] == "deck"):
        return None
    where = "into your deck, which is then shuffled" if to_deck else "into your hand"
    return FromDiscard(fits, int(p["n"]), to_deck, f"put 1 to {p['n']} {words} of your discard pile {where}, shown "
                                                   "to both players")


def _tool_hp(p: dict[str, str], card: CardDef) -> Any:
    return ToolHp(int(p["n"]), p["type"], p["owner"])


def _type_word(word: str) -> str | None:
    """A type printed in capitals or not ("dragon", "Fire")."""
    return word.capitalize() if re.fullmatch(TYPES, word.capitalize()) else None


def _tool_less_damage(p: dict[str, str], card: CardDef) -> Any:
    kind = _type_word(p["type"]) if p["type"] else None
    froms = tuple(_type_word(w) for w in re.split(r",? or |, ", p["from"])) if p["from"] else ()
    if (p["type"] and kind is None) or any(t is None for t in froms) or (p["cond"] is None) != (p["the"] == "The"):
        return None
    return ToolLessDamage(int(p["n"]), p["stage"], kind, tuple(t for t in froms if t), bool(p["cond"]))


def _draw_until(p: dict[str, str], card: CardDef) -> Any:
    if p["m"] is not None and int(p["m"]) <= int(p["n"]):
        return None
    return DrawUntil(int(p["n"]), (p["owner"], int(p["m"])) if p["m"] else None)


TEMPLATES: tuple[TrainerTemplate, ...] = (
    trainer_template("trainer_draw", "R-TRAINER-5", rf"Draw (?P<n>\d+) cards\.(?: {PRIZES}draw (?P<more>\d+) more "
                     r"cards\.)?", _draw, "Draw 3 cards.",
                     "Draw 2 cards. If your opponent has 3 or fewer Prize cards remaining, draw 2 more cards."),
    trainer_template("trainer_discard_hand_draw", "R-TRAINER-5", r"Discard your hand and draw 7 cards\.",
                     lambda p, c: ProfessorOak(), "Discard your hand and draw 7 cards."),
    trainer_template("trainer_from_discard", "R-TRAINER-1",
                     r"(?P<verb>Put|Shuffle) up to (?P<n>\d+) (?P<what>.+?) from your discard pile into your "
                     r"(?P<where>hand|deck)\.", _from_discard,
                     "Put up to 2 Supporter cards from your discard pile into your hand.",
                     "Shuffle up to 5 Basic Energy cards from your discard pile into your deck."),
    trainer_template("trainer_heal_active", "R-TRAINER-1", rf"Heal (?P<n>\d+) damage from your Active "
                     rf"(?:(?P<type>{TYPES}) )?Pokémon\.", lambda p, c: HealActive(int(p["n"]), p["type"]),
                     "Heal 70 damage from your Active Pokémon.", "Heal 60 damage from your Active Dragon Pokémon."),
    trainer_template("trainer_shuffle_hand_draw", "R-TRAINER-5",
                     rf"Shuffle your hand into your deck\. Then, draw (?P<n>\d+) cards\.(?: {PRIZES}draw (?P<more>\d+) "
                     r"cards instead\.)?", _shuffle_draw,
                     "Shuffle your hand into your deck. Then, draw 6 cards.",
                     "Shuffle your hand into your deck. Then, draw 6 cards. If you have exactly 6 Prize cards "
                     "remaining, draw 8 cards instead."),
    trainer_template("trainer_gust", "R-RETREAT-6", r"Switch in 1 of your opponent's Benched Pokémon to the Active "
                     r"Spot\.", lambda p, c: BossOrders(),
                     "Switch in 1 of your opponent's Benched Pokémon to the Active Spot."),
    trainer_template("trainer_switch", "R-RETREAT-6", r"Switch your Active Pokémon with 1 of your Benched Pokémon\.",
                     lambda p, c: Switch(), "Switch your Active Pokémon with 1 of your Benched Pokémon."),
    trainer_template("trainer_heal", "R-TRAINER-1", r"Heal (?P<n>\d+) damage from 1 of your Pokémon(?P<cures>, and it "
                     r"recovers from all Special Conditions)?\.", lambda p, c: HealOne(int(p["n"]), bool(p["cures"])),
                     "Heal 60 damage from 1 of your Pokémon.",
                     "Heal 60 damage from 1 of your Pokémon, and it recovers from all Special Conditions."),
    trainer_template("trainer_heal_each", "R-TRAINER-1",
                     rf"Heal (?P<n>\d+) damage from each of your (?:(?P<type>{TYPES}) )?Pokémon\.",
                     lambda p, c: HealEach(int(p["n"]), p["type"]), "Heal 40 damage from each of your Pokémon.",
                     "Heal 60 damage from each of your Lightning Pokémon."),
    trainer_template("trainer_type_berry", "R-DAMAGE-1",
                     rf"If the Pokémon this card is attached to is damaged by an attack from your opponent's "
                     rf"(?P<type>{TYPES}) Pokémon, it takes (?P<n>\d+) less damage \(after applying Weakness and "
                     r"Resistance\), and discard this card\.", lambda p, c: TypeBerry(p["type"], int(p["n"])),
                     "If the Pokémon this card is attached to is damaged by an attack from your opponent's Fire "
                     "Pokémon, it takes 60 less damage (after applying Weakness and Resistance), and discard this "
                     "card."),
    trainer_template("trainer_coin_draw", "R-TRAINER-1", r"Flip a coin\. If heads, draw (?P<h>\d+) cards\. If tails, "
                     r"draw (?P<t>\d+) cards\.", lambda p, c: CoinDraw(int(p["h"]), int(p["t"])),
                     "Flip a coin. If heads, draw 4 cards. If tails, draw 2 cards."),
    trainer_template("trainer_search", "R-HIDDEN-1",
                     r"Search your deck for (?P<count>an?|up to \d+) (?P<what>[^,]+), reveal (?P<it>it|them), and put "
                     r"(?:it|them) into your hand\. Then, shuffle your deck\.", _search,
                     "Search your deck for a Mega Evolution Pokémon ex, reveal it, and put it into your hand. Then, "
                     "shuffle your deck.",
                     "Search your deck for up to 3 Pokémon ex, reveal them, and put them into your hand. Then, "
                     "shuffle your deck."),
    trainer_template("trainer_look_and_take", "R-HIDDEN-1",
                     r"Look at the (?P<end>top|bottom) (?P<n>\d+) cards of your deck\. You may reveal (?P<count>an?|up "
                     r"to \d+|any number of) (?P<what>.+?) you find there and put (?P<it>it|them) into your hand\. "
                     r"Shuffle the other cards back into your deck\.", _look,
                     "Look at the bottom 7 cards of your deck. You may reveal a Pokémon you find there and put it "
                     "into your hand. Shuffle the other cards back into your deck."),
    trainer_template("trainer_search_each", "R-HIDDEN-1",
                     r"Search your deck for (?P<list>an? [^.]+), reveal them, and put them into your hand\. Then, "
                     r"shuffle your deck\.", _search_each,
                     "Search your deck for an Evolution Pokémon and an Energy card, reveal them, and put them into "
                     "your hand. Then, shuffle your deck."),
    trainer_template("trainer_tool_hp", "R-TRAINER-4",
                     rf"The (?:(?P<owner>[A-Z][a-z]+(?: [A-Z][a-z]+)?)'s |(?P<type>{TYPES}) )?Pokémon this card is "
                     r"attached to gets \+(?P<n>\d+) HP\.", _tool_hp,
                     "The Cynthia's Pokémon this card is attached to gets +70 HP."),
    trainer_template("trainer_tool_retreat_less", "R-RETREAT-1",
                     r"The Retreat Cost of the Pokémon this card is attached to is (?P<cost>(?:[Cc]olorless)+) less\.",
                     lambda p, c: ToolRetreatLess(len(p["cost"]) // len("colorless")),
                     "The Retreat Cost of the Pokémon this card is attached to is ColorlessColorless less."),
    trainer_template("trainer_technical_machine", "R-TRAINER-4",
                     r"The Pokémon this card is attached to can use the attack on this card\. \(You still need the "
                     r"necessary Energy to use this attack\.\) If this card is attached to 1 of your Pokémon, discard "
                     r"it at the end of your turn\.", lambda p, c: TechnicalMachine(),
                     "The Pokémon this card is attached to can use the attack on this card. (You still need the "
                     "necessary Energy to use this attack.) If this card is attached to 1 of your Pokémon, discard it "
                     "at the end of your turn."),
    trainer_template("trainer_draw_until", "R-TRAINER-5",
                     r"Draw cards until you have (?P<n>\d+) cards in your hand\.(?: If all of your Pokémon in play are "
                     r"(?P<owner>[A-Z][a-z]+(?: [A-Z][a-z]+)?)'s Pokémon, draw cards until you have (?P<m>\d+) cards "
                     r"in your hand instead\.)?", _draw_until,
                     "Draw cards until you have 5 cards in your hand. If all of your Pokémon in play are Team Rocket's "
                     "Pokémon, draw cards until you have 8 cards in your hand instead."),
    trainer_template("trainer_discard_then_draw", "R-TRAINER-5",
                     r"You can use this card only if you discard another card from your hand\. (?:Draw cards until you "
                     r"have (?P<n>\d+) cards in your hand|(?P<bench>Draw a card for each of your opponent's Benched "
                     r"Pokémon))\.", lambda p, c: DiscardThenDraw(None if p["bench"] else int(p["n"])),
                     "You can use this card only if you discard another card from your hand. Draw cards until you "
                     "have 6 cards in your hand.",
                     "You can use this card only if you discard another card from your hand. Draw a card for each of "
                     "your opponent's Benched Pokémon."),
    trainer_template("trainer_shuffle_hand_coin_draw", "R-TRAINER-5",
                     r"Shuffle your hand into your deck\. Then, flip a coin\. If heads, draw (?P<h>\d+) cards\. If "
                     r"tails, draw (?P<t>\d+) cards\.", lambda p, c: ShuffleHandCoinDraw(int(p["h"]), int(p["t"])),
                     "Shuffle your hand into your deck. Then, flip a coin. If heads, draw 8 cards. If tails, draw 3 "
                     "cards."),
    trainer_template("trainer_heal_all_low_hp", "R-TRAINER-1",
                     r"Heal all damage from 1 of your Pokémon that has (?P<n>\d+) HP or less remaining\.",
                     lambda p, c: HealAllLowHp(int(p["n"])),
                     "Heal all damage from 1 of your Pokémon that has 30 HP or less remaining."),
    trainer_template("trainer_gust_basic_confuse", "R-RETREAT-6",
                     r"Switch in 1 of your opponent's Benched Basic Pokémon to the Active Spot\. If you do, the new "
                     r"Active Pokémon is now Confused\.", lambda p, c: GustBasicConfuse(),
                     "Switch in 1 of your opponent's Benched Basic Pokémon to the Active Spot. If you do, the new "
                     "Active Pokémon is now Confused."),
    trainer_template("trainer_special_energy_removal", "R-TRAINER-1",
                     r"Discard a Special Energy from 1 of your opponent's Pokémon\.",
                     lambda p, c: SpecialEnergyRemoval(),
                     "Discard a Special Energy from 1 of your opponent's Pokémon."),
    trainer_template("trainer_scoop_to_hand", "R-TRAINER-1",
                     r"Put 1 of your Pokémon and all attached cards into your hand\.", lambda p, c: ScoopToHand(),
                     "Put 1 of your Pokémon and all attached cards into your hand."),
    trainer_template("trainer_heal_active_owner_more", "R-TRAINER-1",
                     r"Heal (?P<n>\d+) damage from your Active Pokémon\. If that Pokémon is an? "
                     r"(?P<owner>[A-Z][a-z]+)'s Pokémon, heal (?P<m>\d+) damage from it instead\.",
                     lambda p, c: HealActiveOwnerMore(int(p["n"]), p["owner"], int(p["m"]))
                     if int(p["m"]) > int(p["n"]) else None,
                     "Heal 30 damage from your Active Pokémon. If that Pokémon is an Arven's Pokémon, heal 100 damage "
                     "from it instead."),
    trainer_template("trainer_draw_per_tagged", "R-TRAINER-5",
                     r"Draw a card for each of your (?P<tag>Ancient|Future|Tera) Pokémon in play\.",
                     lambda p, c: DrawPerTagged(_TAGS[p["tag"]], p["tag"]),
                     "Draw a card for each of your Ancient Pokémon in play."),
    trainer_template("trainer_active_conditions", "R-STATUS-7",
                     r"Your opponent's Active Pokémon is now (?P<a>Burned|Poisoned|Confused|Asleep|Paralyzed)"
                     r"(?: and (?P<b>Burned|Poisoned|Confused|Asleep|Paralyzed))?\.",
                     lambda p, c: ActiveConditions(tuple(w.lower() for w in (p["a"], p["b"]) if w)),
                     "Your opponent's Active Pokémon is now Burned and Confused."),
    trainer_template("trainer_discard_then_search", "R-HIDDEN-1",
                     r"You can use this card only if you discard another card from your hand\. Search your deck for "
                     r"(?P<count>an?|up to \d+) (?P<what>[^,]+), reveal (?P<it>it|them), and put (?:it|them) into your "
                     r"hand\. Then, shuffle your deck\.", _discard_then_search,
                     "You can use this card only if you discard another card from your hand. Search your deck for up "
                     "to 2 Future Pokémon, reveal them, and put them into your hand. Then, shuffle your deck."),
    trainer_template("trainer_stadium_hp", "R-TRAINER-3",
                     r"Each Basic Pokémon in play \(both yours and your opponent's\) gets \+(?P<n>\d+) HP\.",
                     lambda p, c: StadiumHp(int(p["n"])),
                     "Each Basic Pokémon in play (both yours and your opponent's) gets +30 HP."),
    trainer_template("trainer_stadium_less_damage", "R-DAMAGE-1",
                     rf"(?:(?P<owner>[A-Z][a-z]+)'s|(?P<type>{TYPES})) Pokémon \(both yours and your opponent's\) take "
                     r"(?P<n>\d+) less damage from attacks from the opponent's Pokémon \(after applying Weakness and "
                     r"Resistance\)\.", lambda p, c: StadiumLessDamage(int(p["n"]), p["type"], p["owner"]),
                     "Metal Pokémon (both yours and your opponent's) take 30 less damage from attacks from the "
                     "opponent's Pokémon (after applying Weakness and Resistance)."),
    trainer_template("trainer_stadium_more_damage", "R-DAMAGE-1",
                     rf"Attacks used by (?:(?P<owner>[A-Z][a-z]+)'s|(?P<type>{TYPES})) Pokémon \(both yours and your "
                     r"opponent's\) do (?P<n>\d+) more damage to the opponent's Active Pokémon \(before applying "
                     r"Weakness and Resistance\)\.", lambda p, c: StadiumMoreDamage(int(p["n"]), p["type"], p["owner"]),
                     "Attacks used by Hop's Pokémon (both yours and your opponent's) do 30 more damage to the "
                     "opponent's Active Pokémon (before applying Weakness and Resistance)."),
    trainer_template("trainer_tool_less_damage", "R-DAMAGE-1",
                     r"(?P<cond>If you have more Prize cards remaining than your opponent, )?(?P<the>[Tt]he) "
                     r"(?:(?P<stage>Basic|Stage 1|Stage 2) |(?P<type>[A-Za-z]+) )?Pokémon this card is attached to "
                     r"takes (?P<n>\d+) less damage from attacks from your opponent's (?:(?P<from>(?:[A-Za-z]+, )*"
                     r"[A-Za-z]+,? or [A-Za-z]+) )?Pokémon \(after applying Weakness and Resistance\)\.",
                     _tool_less_damage,
                     "The Stage 1 Pokémon this card is attached to takes 30 less damage from attacks from your "
                     "opponent's Pokémon (after applying Weakness and Resistance).",
                     "The dragon Pokémon this card is attached to takes 50 less damage from attacks from your "
                     "opponent's grass, fire, water, or lightning Pokémon (after applying Weakness and Resistance)."),
    trainer_template("trainer_tool_more_damage_to_ex", "R-DAMAGE-1",
                     r"(?:Attacks used by the (?P<holder>[A-Z][a-z]+ ex) this card is attached to do|(?P<norule>If the "
                     r"Pokémon this card is attached to doesn't have a Rule Box, the attacks it uses do)) (?P<n>\d+) "
                     r"more damage to your opponent's Active Pokémon ex \(before applying Weakness and Resistance\)\.",
                     lambda p, c: ToolMoreDamageToEx(int(p["n"]), p["holder"], bool(p["norule"])),
                     "Attacks used by the Pikachu ex this card is attached to do 50 more damage to your opponent's "
                     "Active Pokémon ex (before applying Weakness and Resistance)."),
    trainer_template("trainer_draw_then_if_hand", "R-TRAINER-5",
                     r"Draw (?P<n>\d+) cards\. Then, if you have (?P<h>\d+) or more cards in your hand, draw "
                     r"(?P<m>\d+) more cards\.", lambda p, c: DrawThenIfHand(int(p["n"]), int(p["h"]), int(p["m"])),
                     "Draw 2 cards. Then, if you have 10 or more cards in your hand, draw 2 more cards."),
    trainer_template("trainer_second_player_first_turn_search", "R-HIDDEN-1",
                     r"You can use this card only if you go second, and only during your first turn\. Search your deck "
                     r"for (?P<count>an?|up to \d+) (?P<what>[^,]+), reveal (?P<it>it|them), and put (?:it|them) into "
                     r"your hand\. Then, shuffle your deck\.", _second_player_search,
                     "You can use this card only if you go second, and only during your first turn. Search your deck "
                     "for a Supporter card, reveal it, and put it into your hand. Then, shuffle your deck."),
    trainer_template("trainer_heal_discard_energy", "R-TRAINER-1",
                     r"Heal (?P<n>\d+) damage from 1 of your Pokémon\. If you healed any damage in this way, discard "
                     r"an Energy from that Pokémon\.", lambda p, c: HealOneDiscardEnergy(int(p["n"])),
                     "Heal 60 damage from 1 of your Pokémon. If you healed any damage in this way, discard an Energy "
                     "from that Pokémon."),
    trainer_template("trainer_switch_draw_until", "R-RETREAT-6",
                     r"Switch your Active Pokémon with 1 of your Benched Pokémon\. If you do, draw cards until you "
                     r"have (?P<n>\d+) cards in your hand\.", lambda p, c: SwitchDrawUntil(int(p["n"])),
                     "Switch your Active Pokémon with 1 of your Benched Pokémon. If you do, draw cards until you have "
                     "5 cards in your hand."),
)


def printed_text_of(card: CardDef) -> CardDef:
    """The print whose words are read: the card itself, or, for a print whose facts carry no text
    (a few Mega Evolution reprints), the first print of its name (and kind) that does. A Trainer
    reprinted under the same name is the same card (`declared.py`'s ruling)."""
    if card.text.strip():
        return card
    from ...carddb import all_cards
    return next((c for c in all_cards() if c.name == card.name and c.supertype == "Trainer"
                 and c.trainer_kind == card.trainer_kind and c.text.strip()), card)


def compile_trainer(card: CardDef) -> CompiledCard | None:
    """The Trainer the card's whole text compiles to, else None."""
    if card.supertype != "Trainer":
        return None
    text = trainer_text(printed_text_of(card))
    if not text:
        return None
    for template in TEMPLATES:
        m = template.pattern.fullmatch(text)
        if m is None:
            continue
        built = template.build(m.groupdict(), card)
        if built is not None:
            return CompiledCard(built, (template.name,))
    return None


# the second list's templates (`trainers_more.py`, which builds on this module's helpers) end the list
from .trainers_more import TEMPLATES as _MORE  # noqa: E402

TEMPLATES = TEMPLATES + _MORE
