"""More Trainer templates (issue 45): wordings of the 2026 Standard Trainers that the first list
(`trainers.py`) does not read, over the blocks of `effects/trainer_more.py` and the vocabulary.
`trainers.TEMPLATES` ends with these.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...rulesets import get_ruleset
from ..effects.trainer_more import (
    AskPrizesOrDraw,
    AttachFromDiscardToBenched,
    BenchedCounters,
    BenchEnergyToActive,
    BenchSizeWhileTagged,
    BottomThenDraw,
    CoinSearch,
    DiscardHandDraw,
    DiscardHandThenSearchEach,
    DiscardTools,
    DrawThenEndOfTurnCheck,
    EachBottomCoinDraw,
    EachShuffleCoinDraw,
    GuardNextTurn,
    HandDownTo,
    HealActiveWithEnergy,
    HealAllReturnEnergy,
    LastCardSearch,
    LookTakeEach,
    LookTakeHidden,
    OpponentSwitchesOut,
    OwnerSwitchThenGust,
    RevealHandDiscard,
    SwitchOrTurnBoost,
    TaggedToolHpNoConditions,
    TaggedToolNoRetreatMore,
)
from ..effects.trainer_text import Fits, SearchEach
from .trainers import _TAGS, TrainerTemplate, _overlap, _search_each, _type_word, fits_of, trainer_template

if TYPE_CHECKING:
    from ...carddb import CardDef

def _benched_counters(p: dict[str, str], card: CardDef) -> Any:
    spared = _type_word(p["type"]) if p["type"] else None
    if p["type"] and spared is None:
        return None
    return BenchedCounters(int(p["n"]), spared)


def _bench_size(p: dict[str, str], card: CardDef) -> Any:
    # "until they have 5": the rules' own Bench size, which the text goes back to
    usual = get_ruleset("modern").bench_size
    if int(p["back"]) != usual or int(p["again"]) != usual or int(p["n"]) <= usual:
        return None
    return BenchSizeWhileTagged(_TAGS[p["tag"]], p["tag"], int(p["n"]))


def _look_take(p: dict[str, str], card: CardDef) -> Any:
    if int(p["m"]) >= int(p["n"]):
        return None
    return LookTakeHidden(int(p["n"]), int(p["m"]), not p["upto"], bool(p["discard"]), bool(p["ko"]))


def _heal_all_return_energy(p: dict[str, str], card: CardDef) -> Any:
    fits = fits_of(p["what"])
    if not isinstance(fits, Fits) or fits.supertype != "Pokemon":
        return None
    return HealAllReturnEnergy(fits, p["what"])


def _reveal_hand_discard(p: dict[str, str], card: CardDef) -> Any:
    fits = fits_of(p["what"])
    return RevealHandDiscard(fits, int(p["n"]), p["what"]) if fits is not None else None


def _guard(p: dict[str, str], card: CardDef) -> Any:
    kind = _type_word(p["type"]) if p["type"] else None
    return None if p["type"] and kind is None else GuardNextTurn(int(p["n"]), kind)


def _hand_down_to(p: dict[str, str], card: CardDef) -> Any:
    each = bool(p["each"])
    if each != bool(p["first"]) or (each and p["m"] != p["n"]):
        return None
    return HandDownTo(int(p["n"]), each)


def _look_take_each(p: dict[str, str], card: CardDef) -> Any:
    parts = [w for w in re.split(r",? (?:and )?an? ", " " + p["list"]) if w]
    kinds = [fits_of(w) for w in parts]
    if len(parts) < 2 or any(k is None for k in kinds) or _overlap([k for k in kinds if k is not None]):
        return None
    return LookTakeEach(tuple(k for k in kinds if k is not None), int(p["n"]),
                        f"look at the top {p['n']} cards of your deck; you may take one card of each: "
                        f"{'; '.join(parts)}, shown to both players, into your hand; then shuffle your deck")


def _attach_to_benched(p: dict[str, str], card: CardDef) -> Any:
    kind = _type_word(p["type"])
    return AttachFromDiscardToBenched(_TAGS[p["tag"]], p["tag"], kind, int(p["n"])) if kind else None


def _discard_hand_search_each(p: dict[str, str], card: CardDef) -> Any:
    found = _search_each(p, card)
    if not isinstance(found, SearchEach):
        return None
    return DiscardHandThenSearchEach(found.kinds, "discard the rest of your hand; then " + found.text)


def _bottom_then_draw(p: dict[str, str], card: CardDef) -> Any:
    return BottomThenDraw(int(p["n"]), int(p["m"])) if p["n"] == p["again"] == p["third"] else None


def _tagged_tool(p: dict[str, str], card: CardDef) -> Any:
    tag = _TAGS[p["tag"]]
    if p["hp"]:
        return TaggedToolHpNoConditions(tag, p["tag"], int(p["hp"]))
    return TaggedToolNoRetreatMore(tag, p["tag"], int(p["n"]), str(getattr(card, "name", "") or "Pokémon Tool"))


def _coin_search(p: dict[str, str], card: CardDef) -> Any:
    heads, tails = fits_of(p["h"]), fits_of(p["t"])
    if heads is None or tails is None:
        return None
    return CoinSearch(heads, tails, f"flip a coin: heads, search your deck for a {p['h']}; tails, for a {p['t']}; "
                                    "show it to both players, put it into your hand and shuffle your deck")


def _first_turn(p: dict[str, str], card: CardDef) -> Any:
    """The rest of the text read by the other templates, playable on the first player's first turn."""
    from .trainers import TEMPLATES as ALL
    for template in ALL:
        m = template.pattern.fullmatch(p["rest"])
        built = template.build(m.groupdict(), card) if m is not None else None
        if built is not None:
            built.first_turn_ok = True
            built.text = "may be played during the first player's first turn; " + built.text
            return built
    return None


# "Pokémon ex and Pokémon V": a Pokémon V is any of the V kinds (VMAX, VSTAR, V-UNION)
EX_AND_V = frozenset({"ex", "v", "vmax", "vstar", "v_union"})

TEMPLATES: tuple[TrainerTemplate, ...] = (
    trainer_template("trainer_stadium_benched_counters", "R-BENCH-2",
                     r"Whenever any player puts a Basic (?:non-(?P<type>[A-Za-z]+) )?Pokémon onto their Bench during "
                     r"their turn, place (?P<n>\d+) damage counters on that Pokémon\.", _benched_counters,
                     "Whenever any player puts a Basic non-Darkness Pokémon onto their Bench during their turn, place "
                     "2 damage counters on that Pokémon."),
    trainer_template("trainer_stadium_bench_size", "R-BENCH-1",
                     r"Each player who has any (?P<tag>Tera|Ancient|Future) Pokémon in play can have up to (?P<n>\d+) "
                     r"Pokémon on their Bench\. If a player no longer has any (?P=tag) Pokémon in play, that player "
                     r"discards Pokémon from their Bench until they have (?P<back>\d+)\. When this card leaves play, "
                     r"both players discard Pokémon from their Bench until they have (?P<again>\d+), and the player "
                     r"who played this card discards first\.", _bench_size,
                     "Each player who has any Tera Pokémon in play can have up to 8 Pokémon on their Bench. If a "
                     "player no longer has any Tera Pokémon in play, that player discards Pokémon from their Bench "
                     "until they have 5. When this card leaves play, both players discard Pokémon from their Bench "
                     "until they have 5, and the player who played this card discards first."),
    trainer_template("trainer_first_turn", "R-TRAINER-2",
                     r"If you go first, you may use this card during your first turn\. (?P<rest>.+)", _first_turn,
                     "If you go first, you may use this card during your first turn. Discard your hand and draw 5 "
                     "cards."),
    trainer_template("trainer_look_take_hidden", "R-HIDDEN-1",
                     r"(?P<ko>You can use this card only if any of your Pokémon were Knocked Out during your "
                     r"opponent's last turn\. )?Look at the top (?P<n>\d+) cards of your deck and put "
                     r"(?P<upto>up to )?(?P<m>\d+) of them into your hand\. (?:(?P<discard>Discard the other cards)|"
                     r"Shuffle the other cards back into your deck)\.", _look_take,
                     "Look at the top 6 cards of your deck and put 2 of them into your hand. Discard the other cards.",
                     "You can use this card only if any of your Pokémon were Knocked Out during your opponent's last "
                     "turn. Look at the top 8 cards of your deck and put up to 3 of them into your hand. Shuffle the "
                     "other cards back into your deck."),
    trainer_template("trainer_last_card_search", "R-HIDDEN-1",
                     r"(?P<last>You can use this card only when it is the last card in your hand\. )?Search your deck "
                     r"for up to (?P<n>\d+) cards and put them into your hand\. Then, shuffle your deck\.",
                     lambda p, c: LastCardSearch(int(p["n"]), bool(p["last"])),
                     "You can use this card only when it is the last card in your hand. Search your deck for up to 2 "
                     "cards and put them into your hand. Then, shuffle your deck."),
    trainer_template("trainer_heal_all_return_energy", "R-TRAINER-1",
                     r"Heal all damage from 1 of your (?P<what>[^.]+)\. If you healed any damage in this way, put all "
                     r"Energy attached to that Pokémon into your hand\.", _heal_all_return_energy,
                     "Heal all damage from 1 of your Mega Evolution Pokémon ex. If you healed any damage in this way, "
                     "put all Energy attached to that Pokémon into your hand."),
    trainer_template("trainer_reveal_hand_discard", "R-TRAINER-1",
                     r"Your opponent reveals their hand, and you discard up to (?P<n>\d+) (?P<what>(?:Item|Supporter|"
                     r"Pokémon Tool) cards) you find there\.", _reveal_hand_discard,
                     "Your opponent reveals their hand, and you discard up to 2 Item cards you find there."),
    trainer_template("trainer_bench_energy_to_active", "R-TRAINER-1",
                     r"Move up to (?P<n>\d+) Energy from your Benched Pokémon to your Active Pokémon\.",
                     lambda p, c: BenchEnergyToActive(int(p["n"])),
                     "Move up to 2 Energy from your Benched Pokémon to your Active Pokémon."),
    trainer_template("trainer_owner_switch_then_gust", "R-RETREAT-6",
                     r"Switch your Active (?P<owner>[A-Z][a-z]+(?: [A-Z][a-z]+)?)'s Pokémon with 1 of your Benched "
                     r"(?P=owner)'s Pokémon\. If you do, switch in 1 of your opponent's Benched Pokémon to the Active "
                     r"Spot\.", lambda p, c: OwnerSwitchThenGust(p["owner"]),
                     "Switch your Active Team Rocket's Pokémon with 1 of your Benched Team Rocket's Pokémon. If you "
                     "do, switch in 1 of your opponent's Benched Pokémon to the Active Spot."),
    trainer_template("trainer_guard_next_turn", "R-DAMAGE-1",
                     r"During your opponent's next turn, all of your (?:(?P<type>[A-Za-z]+) )?Pokémon take (?P<n>\d+) "
                     r"less damage from attacks from your opponent's Pokémon \(after applying Weakness and "
                     r"Resistance\)\. \(This includes new Pokémon that come into play\.\)", _guard,
                     "During your opponent's next turn, all of your Pokémon take 30 less damage from attacks from your "
                     "opponent's Pokémon (after applying Weakness and Resistance). (This includes new Pokémon that "
                     "come into play.)"),
    trainer_template("trainer_hand_down_to", "R-TRAINER-1",
                     r"(?:(?P<each>Each player discards)|Your opponent discards) cards from their hand until they have "
                     r"(?P<n>\d+) cards in their hand\.(?P<first> Your opponent discards first\. \(If a player has "
                     r"(?P<m>\d+) or fewer cards in their hand, they do not discard\.\))?", _hand_down_to,
                     "Your opponent discards cards from their hand until they have 3 cards in their hand.",
                     "Each player discards cards from their hand until they have 5 cards in their hand. Your opponent "
                     "discards first. (If a player has 5 or fewer cards in their hand, they do not discard.)"),
    trainer_template("trainer_look_take_each", "R-HIDDEN-1",
                     r"Look at the top (?P<n>\d+) cards of your deck\. You may reveal (?P<list>an? .+? and an? .+?) "
                     r"you find there and put them into your hand\. Shuffle the other cards back into your deck\.",
                     _look_take_each,
                     "Look at the top 7 cards of your deck. You may reveal a Pokémon and a Trainer card you find there "
                     "and put them into your hand. Shuffle the other cards back into your deck."),
    trainer_template("trainer_switch_or_turn_boost", "R-DAMAGE-1",
                     r"Choose 1: • Switch your Active Pokémon with 1 of your Benched Pokémon\. • During this turn, "
                     r"attacks used by your Pokémon do (?P<n>\d+) more damage to your opponent's Active Pokémon ex and "
                     r"Active Pokémon V \(before applying Weakness and Resistance\)\.",
                     lambda p, c: SwitchOrTurnBoost(int(p["n"]), EX_AND_V),
                     "Choose 1: • Switch your Active Pokémon with 1 of your Benched Pokémon. • During this turn, "
                     "attacks used by your Pokémon do 30 more damage to your opponent's Active Pokémon ex and Active "
                     "Pokémon V (before applying Weakness and Resistance)."),
    trainer_template("trainer_each_shuffle_coin_draw", "R-TRAINER-5",
                     r"Each player shuffles their hand into their deck\. Then, flip a coin\. If heads, you draw "
                     r"(?P<a>\d+) cards, and your opponent draws (?P<b>\d+) cards\. If tails, you draw (?P<c>\d+) "
                     r"cards, and your opponent draws (?P<d>\d+) cards\.",
                     lambda p, c: EachShuffleCoinDraw((int(p["a"]), int(p["b"])), (int(p["c"]), int(p["d"]))),
                     "Each player shuffles their hand into their deck. Then, flip a coin. If heads, you draw 5 cards, "
                     "and your opponent draws 3 cards. If tails, you draw 3 cards, and your opponent draws 5 cards."),
    trainer_template("trainer_each_bottom_coin_draw", "R-TRAINER-5",
                     r"Each player shuffles their hand and puts it on the bottom of their deck\. If either player put "
                     r"any cards on the bottom of their deck in this way, each player flips a coin\. If heads, that "
                     r"player draws (?P<h>\d+) cards\. If tails, they draw (?P<t>\d+) cards\.",
                     lambda p, c: EachBottomCoinDraw(int(p["h"]), int(p["t"])),
                     "Each player shuffles their hand and puts it on the bottom of their deck. If either player put "
                     "any cards on the bottom of their deck in this way, each player flips a coin. If heads, that "
                     "player draws 6 cards. If tails, they draw 3 cards."),
    trainer_template("trainer_draw_then_end_of_turn_check", "R-TRAINER-5",
                     r"Draw (?P<n>\d+) cards\. At the end of this turn, if you have (?P<m>\d+) or more cards in your "
                     r"hand, discard your hand\.", lambda p, c: DrawThenEndOfTurnCheck(int(p["n"]), int(p["m"])),
                     "Draw 4 cards. At the end of this turn, if you have 5 or more cards in your hand, discard your "
                     "hand."),
    trainer_template("trainer_attach_from_discard_to_benched", "R-ENERGY-1",
                     r"You can use this card only if you have any (?P<tag>Tera|Ancient|Future) Pokémon in play\. ?"
                     r"Choose up to (?P<n>\d+) of your Benched (?P<type>[A-Za-z]+) Pokémon and attach a Basic Energy "
                     r"card from your discard pile to each of them\.", _attach_to_benched,
                     "You can use this card only if you have any Tera Pokémon in play. Choose up to 2 of your Benched "
                     "colorless Pokémon and attach a Basic Energy card from your discard pile to each of them."),
    trainer_template("trainer_discard_hand_search_each", "R-HIDDEN-1",
                     r"Discard your hand and search your deck for (?P<list>an? [^.]+), reveal them, and put them into "
                     r"your hand\. Then, shuffle your deck\.", _discard_hand_search_each,
                     "Discard your hand and search your deck for a Pokémon, a Supporter card, and a Basic Energy card, "
                     "reveal them, and put them into your hand. Then, shuffle your deck."),
    trainer_template("trainer_discard_tools", "R-TRAINER-4",
                     r"Choose up to (?P<n>\d+) Pokémon Tools attached to Pokémon \(yours or your opponent's\) and "
                     r"discard them\.", lambda p, c: DiscardTools(int(p["n"])),
                     "Choose up to 2 Pokémon Tools attached to Pokémon (yours or your opponent's) and discard them."),
    trainer_template("trainer_bottom_then_draw", "R-TRAINER-5",
                     r"Put (?P<n>\d+) cards from your hand on the bottom of your deck in any order\. If you put "
                     r"(?P<again>\d+) cards on the bottom of your deck in this way, draw (?P<m>\d+) cards\. \(If you "
                     r"can't put (?P<third>\d+) cards from your hand on the bottom of your deck, you can't use this "
                     r"card\.\)", _bottom_then_draw,
                     "Put 2 cards from your hand on the bottom of your deck in any order. If you put 2 cards on the "
                     "bottom of your deck in this way, draw 4 cards. (If you can't put 2 cards from your hand on the "
                     "bottom of your deck, you can't use this card.)"),
    trainer_template("trainer_tagged_tool", "R-TRAINER-4",
                     r"The (?P<tag>Ancient|Future|Tera) Pokémon this card is attached to (?:gets \+(?P<hp>\d+) HP, "
                     r"recovers from all Special Conditions, and can't be affected by any Special Conditions|has no "
                     r"Retreat Cost, and the attacks it uses do (?P<n>\d+) more damage to your opponent's Active "
                     r"Pokémon \(before applying Weakness and Resistance\))\.", _tagged_tool,
                     "The Ancient Pokémon this card is attached to gets +60 HP, recovers from all Special Conditions, "
                     "and can't be affected by any Special Conditions.",
                     "The Future Pokémon this card is attached to has no Retreat Cost, and the attacks it uses do 20 "
                     "more damage to your opponent's Active Pokémon (before applying Weakness and Resistance)."),
    trainer_template("trainer_ask_prizes_or_draw", "R-TRAINER-1",
                     r"Ask your opponent if each player may take a Prize card\. If yes, each player takes a Prize "
                     r"card\. If no, you draw (?P<n>\d+) cards\.", lambda p, c: AskPrizesOrDraw(int(p["n"])),
                     "Ask your opponent if each player may take a Prize card. If yes, each player takes a Prize "
                     "card. If no, you draw 4 cards."),
    trainer_template("trainer_coin_search", "R-HIDDEN-1",
                     r"Flip a coin\. If heads, search your deck for an? (?P<h>[^,]+), reveal it, and put it into your "
                     r"hand\. If tails, search your deck for an? (?P<t>[^,]+), reveal it, and put it into your hand\. "
                     r"Then, shuffle your deck\.", _coin_search,
                     "Flip a coin. If heads, search your deck for an Evolution Team Rocket's Pokémon, reveal it, and "
                     "put it into your hand. If tails, search your deck for a Basic Team Rocket's Pokémon, reveal it, "
                     "and put it into your hand. Then, shuffle your deck."),
    trainer_template("trainer_opponent_switches_out", "R-RETREAT-6",
                     r"Switch out your opponent's Active Pokémon to the Bench\. \(Your opponent chooses the new Active "
                     r"Pokémon\.\)", lambda p, c: OpponentSwitchesOut(),
                     "Switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active "
                     "Pokémon.)"),
    trainer_template("trainer_heal_active_with_energy", "R-TRAINER-1",
                     r"Heal (?P<n>\d+) damage from your Active Pokémon that has (?P<m>\d+) or more Energy attached\.",
                     lambda p, c: HealActiveWithEnergy(int(p["n"]), int(p["m"])),
                     "Heal 80 damage from your Active Pokémon that has 3 or more Energy attached."),
    trainer_template("trainer_discard_hand_draw_n", "R-TRAINER-5", r"Discard your hand and draw (?P<n>\d+) cards\.",
                     lambda p, c: DiscardHandDraw(int(p["n"])), "Discard your hand and draw 5 cards."),
)
