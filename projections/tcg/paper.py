"""A paper game logged by clicking (issue 44 item 2): what a console offers for a table-mode
match, whose hidden cards the referee knows only as the table names them (reached through
``TcgGame.paper_seat``, ``paper_plays`` and ``paper_found``).

The engine lists the actions of the cards it knows; a paper hand is unknown, so it offers
little more than *Draw* and *End the turn*. Here the person logging names the cards the table
shows — the card played from the hand, the other hand cards it uses (Rare Candy's Stage 2,
Ultra Ball's two discards), what a search found — and the engine lists what those cards may
do on a **hypothesis**: a copy of the state in which the named cards are identified as the
table would identify them (table.resolve: a known copy first, else an unknown card of the
zone). The actions found are given back naming those cards by card id, as a scorekeeper
would send them, and each is checked against the real state (``legal.is_legal``) before it
is offered. Cards are data: nothing here names one.

A player's hypothesis starts from what that player knows (``table.masked_copy``, R-TABLE-5),
and a player is offered only its own seat (R-TABLE-4).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .card_names import card_name, name_key, name_keys
from .carddb import UNKNOWN, all_cards, card
from .core import waiting_effect
from .decklist import SET_CODES
from .legal import is_legal, legal_actions
from .rulesets import get_ruleset
from .state import State
from .table import masked_copy, pool

Action = dict[str, Any]
# The zones a hypothesis names cards in: the hand, and the cards a search looks at.
HAND, LOOK = "hand", "look"
MAX_NAMED = 60


class Unfit(ValueError):
    """The cards named can't be where they were named (too many, or none of them left)."""


@dataclass(frozen=True)
class CardOption:
    """A card of a seat's deck list as a picker offers it."""

    card_id: str
    name: str               # in the page's language
    code: str               # the set code and number printed on the card ("OBF 26"), or the id
    keys: str               # its name in every language, as name_key writes them, space-joined
    basic: bool             # a Basic Pokémon (what a setup may put into play)
    left: int               # copies not yet located (the table may still name them)


def deck_cards(state: State, seat: int, language: str, reporter: int | None = None) -> list[CardOption]:
    """The seat's deck list, one option per card in the list's order — the cards the table
    may still name first, those all accounted for after — with the copies left (for a player:
    on what it knows)."""
    assert state.decklists is not None
    known_state = masked_copy(state, reporter) if reporter is not None else state
    left = pool(known_state, seat)
    out = [_option(card_id, language, left[card_id]) for card_id in dict.fromkeys(state.decklists[seat])]
    return sorted(out, key=lambda option: not option.left)


def _option(card_id: str, language: str, left: int) -> CardOption:
    c = card(card_id)
    return CardOption(card_id, card_name(card_id, language), _code(card_id), _keys_of(card_id),
                      c.is_basic_pokemon, left)


@cache
def _keys_of(card_id: str) -> str:
    return " ".join(sorted(name_keys(card_id, str(card(card_id).name))))


CARDS_NAMED_MAX = 20


def cards_named(query: str, language: str, ruleset: str, limit: int = CARDS_NAMED_MAX) -> list[CardOption]:
    """Any card the game knows whose name, in any language, holds ``query`` (a deck check's
    cards the list does not have), as a picker offers them: names that begin with it first,
    then the cards of the ``ruleset``'s sets, by name; at most ``limit``."""
    key = name_key(query)
    if not key:
        return []
    sets_first = get_ruleset(ruleset).sets
    found = []
    for c in all_cards():
        if c.id == UNKNOWN:
            continue
        keys = _keys_of(c.id).split(" ")
        if any(key in k for k in keys):
            begins = any(k.startswith(key) for k in keys)
            found.append((not begins, c.id.rpartition("-")[0] not in sets_first, name_key(str(c.name)), c.id))
    return [_option(card_id, language, 1) for *_, card_id in sorted(found)[:limit]]


_CODES = {set_id: code for code, set_id in SET_CODES.items()}


def _code(card_id: str) -> str:
    set_id, _, number = card_id.rpartition("-")
    code = _CODES.get(set_id)
    return f"{code} {number}" if code else card_id


@dataclass
class Hypothesis:
    state: State
    named: dict[str, str] = field(default_factory=dict)     # instance identified -> card id


def zone_of(state: State, seat: int, zone: str) -> list[str]:
    if zone == LOOK:
        pending = state.pending or {}
        return [i for i in pending.get("look", []) if i in state.seats[seat].deck] if pending.get("seat") == seat \
            else []
    return list(state.seats[seat].hand)


def hypothesis(state: State, seat: int, names: dict[str, list[str]], reporter: int | None = None) -> Hypothesis:
    """A copy of ``state`` in which the cards named in each zone are identified: each card id
    is a known copy there not already taken, else an unknown card of the zone, which must be
    one the deck list still holds (R-TABLE-1). ``Unfit`` when a name fits nothing."""
    base = masked_copy(state, reporter) if reporter is not None else state.clone()
    out = Hypothesis(base)
    for zone_name, card_ids in names.items():
        zone = zone_of(base, seat, zone_name)
        taken: set[str] = set()
        if len(card_ids) > min(len(zone), MAX_NAMED):
            raise Unfit(f"{len(card_ids)} named, {len(zone)} there")
        for card_id in card_ids:
            known_copy = next((i for i in zone if i not in taken and base.known.get(i) == card_id), None)
            if known_copy is None:
                if not pool(base, seat)[card_id]:
                    raise Unfit(card_id)
                known_copy = next((i for i in zone if i not in taken and base.card_id(i) == UNKNOWN), None)
                if known_copy is None:
                    raise Unfit(card_id)
                base.known[known_copy] = card_id
                out.named[known_copy] = card_id
            taken.add(known_copy)
    return out


def _instances(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [i for v in value for i in _instances(v)]
    if isinstance(value, dict):
        return [i for v in value.values() for i in _instances(v)]
    return []


def _as_named(value: Any, named: dict[str, str]) -> Any:
    """``value`` with the instances the hypothesis identified written as their card ids."""
    if isinstance(value, str):
        return named.get(value, value)
    if isinstance(value, list):
        return [_as_named(v, named) for v in value]
    if isinstance(value, dict):
        return {k: _as_named(v, named) for k, v in value.items()}
    return value


def _on_unknown(h: Hypothesis, action: Action) -> bool:
    """Whether the action names a card the hypothesis does not know (another hidden card)."""
    state = h.state
    return any(i in state.instances and state.card_id(i) == UNKNOWN for i in _instances(action))


@dataclass
class Offered:
    """An action offered on a hypothesis: as sent (card ids) and as the hypothesis holds it
    (instances, for its label)."""

    action: Action
    shown: Action


def hand_plays(state: State, seat: int, card_id: str, others: list[str],
               reporter: int | None = None) -> tuple[Hypothesis, list[Offered]]:
    """What the seat may do with ``card_id`` from its hand — play it, or use it in an action
    that takes it from the hand (an Ability attaching it) — the hand also holding ``others``
    (cards the play uses: its hand-zone choices)."""
    h = hypothesis(state, seat, {HAND: [card_id, *others]}, reporter)
    hand = zone_of(h.state, seat, HAND)
    played = next(i for i in hand if h.state.card_id(i) == card_id)
    keys = hand_keys(card_id)
    offered: list[Offered] = []
    for action in legal_actions(h.state, seat):
        if not _uses(action, played) or _on_unknown(h, action):
            continue
        for sent in _with_hand_choices(action, keys, others, h.named):
            if _legal(state, seat, sent, reporter):
                offered.append(Offered(sent, action))
                break
    return h, offered


# Actions whose choices may take a card from the hand without playing it (an Ability's Energy).
_TAKES_FROM_HAND = ("use_power", "attack", "use_stadium")


def _uses(action: Action, played: str) -> bool:
    """The action plays the card, or takes it from the hand by a choice of its own."""
    return action.get("card") == played or (action["type"] in _TAKES_FROM_HAND
                                            and played in _instances(action.get("choices")))


def hand_keys(card_id: str) -> list[str]:
    """The choices of a card's play that name cards of the hand (its encoding's choice_zones)."""
    trainer = card(card_id).trainer
    zones = getattr(trainer, "choice_zones", {}) if trainer is not None else {}
    return [key for key, zone in zones.items() if zone == HAND]


def _with_hand_choices(action: Action, keys: list[str], others: list[str], named: dict[str, str]) -> list[Action]:
    """The action as sent: its instances identified written as card ids; a hand choice the
    hypothesis could leave out (one card fits) written in, since the real hand holds it
    unknown — as a list and as one card, whichever the card takes."""
    sent = _as_named(action, named)
    choices = sent.get("choices")
    missing = [k for k in keys if others and isinstance(choices, dict) and k not in choices]
    if not missing:
        return [sent]
    key = missing[0]
    as_list = {**sent, "choices": {**choices, key: list(others)}}
    as_one = {**sent, "choices": {**choices, key: others[0]}} if len(others) == 1 else None
    return [as_list, *([as_one] if as_one else []), sent]


def found(state: State, seat: int, card_ids: list[str], reporter: int | None = None
          ) -> tuple[Hypothesis, list[Offered]]:
    """The ``choose`` actions that take exactly the cards named (``card_ids``): the cards a
    search found among those the seat looks at, or the hand cards a choice asks for."""
    zone_name = choosing_in(state, seat) or LOOK
    h = hypothesis(state, seat, {zone_name: card_ids}, reporter)
    look = set(zone_of(h.state, seat, zone_name))
    want = Counter(card_ids)
    offered = []
    for action in legal_actions(h.state, seat):
        if action["type"] != "choose" or _on_unknown(h, action):
            continue
        taken = [i for i in _instances(action.get("choices")) if i in look]
        if Counter(h.state.card_id(i) for i in taken) != want:
            continue
        sent = _as_named(action, h.named)
        if _legal(state, seat, sent, reporter):
            offered.append(Offered(sent, action))
    return h, offered


def choosing_in(state: State, seat: int) -> str | None:
    """Where the seat's waiting choice takes cards the table may name: the deck cards it looks
    at (a search's second step), else its hand (a choice of hand cards); None: nowhere."""
    pending = state.pending or {}
    if pending.get("seat") != seat:
        return None
    if any(state.card_id(i) == UNKNOWN for i in zone_of(state, seat, LOOK)):
        return LOOK
    zones = getattr(waiting_effect(state), "choose_zones", {}).values()
    if HAND in zones and any(state.card_id(i) == UNKNOWN for i in state.seats[seat].hand):
        return HAND
    return None


def searching(state: State, seat: int) -> bool:
    """The seat's waiting choice takes cards the table may name (``choosing_in``)."""
    return choosing_in(state, seat) is not None


def _legal(state: State, seat: int, action: Action, reporter: int | None) -> bool:
    try:
        return is_legal(masked_copy(state, reporter) if reporter is not None else state, seat, action)
    except Exception:  # noqa: BLE001 - a hypothesis the rules can't even read is not offered
        return False


def unknown_in_hand(state: State, seat: int) -> int:
    return sum(1 for i in state.seats[seat].hand if state.card_id(i) == UNKNOWN)


# ---------------------------------------------------------------------- the first player

@dataclass(frozen=True)
class FirstPlayer:
    """One answer to "who won the coin flip, and what did they choose": the coin the engine
    records for it (R-SETUP-6: heads, seat 0 goes first)."""

    winner: int
    goes_first: bool
    coin: str


def first_player_answers() -> list[FirstPlayer]:
    out = []
    for winner in (0, 1):
        for goes_first in (True, False):
            first = winner if goes_first else 1 - winner
            out.append(FirstPlayer(winner, goes_first, "heads" if first == 0 else "tails"))
    return out


def setup_ends_with(state: State, seat: int) -> bool:
    """Whether this seat's ``setup`` is the last action of the setup, which the coin flip for
    the first player comes with where the flip's winner goes first (base-1999, ex-2005; in
    modern the flip's winner chose before the hands were drawn, R-SETUP-6): after it both
    seats have set up (the extra cards for a mulligan are drawn before setup there)."""
    other = state.seats[1 - seat]
    if state.phase != "setup" or not other.setup_done or state.chosen_first is not None:
        return False
    return not state.seats[seat].setup_done and not get_ruleset(state.ruleset).flip_winner_chooses_first


def extra_cards_now(state: State, seat: int) -> int:
    """How many extra cards the seat may draw now for the opponent's mulligans (R-SETUP-2:
    before or after placing its Pokémon, as the ruleset says)."""
    me = state.seats[seat]
    after = get_ruleset(state.ruleset).mulligan_extra_after_setup
    return me.extra_cards_allowed if state.phase == "setup" and me.setup_done == after else 0


# ---------------------------------------------------------------------- what the console offers

@dataclass
class PaperSeat:
    """What the console offers one seat of a paper game, besides the engine's own list."""

    seat: int
    cards: list[CardOption]
    setup: bool = False             # the seat sets up (Active, Bench, the hand if shown) or mulligans
    first_player: list[FirstPlayer] = field(default_factory=list)   # its setup is the last one
    extra: int = 0                  # extra cards it may draw now for the opponent's mulligans
    draw: bool = False              # its turn's draw, which may be named
    play: bool = False              # it may play cards from the hand
    search: str | None = None       # where its waiting choice takes cards to name (choosing_in)
    hand_unknown: int = 0
    reports: bool = False           # the game is under way: an action may draw its cards, take its Prize cards

    @property
    def basics(self) -> list[CardOption]:
        return [c for c in self.cards if c.basic]


def paper_seat(state: State, seat: int, language: str, reporter: int | None) -> PaperSeat | None:
    """What a table-mode match offers ``seat`` to log by naming cards (None: not a paper game,
    or nothing to name now)."""
    if not state.table or state.decklists is None or state.phase in ("finished", "first_player"):
        return None     # (before a modern game the flip's winner chooses: the action list's choose_first)
    me = state.seats[seat]
    out = PaperSeat(seat, deck_cards(state, seat, language, reporter), hand_unknown=unknown_in_hand(state, seat))
    if state.phase == "setup":
        out.setup = not me.setup_done
        out.first_player = first_player_answers() if setup_ends_with(state, seat) else []
        out.extra = extra_cards_now(state, seat)
        return out
    # either seat's cards may be drawn or taken by the action of the seat that acts (Iono, a
    # Knock Out of the attacker by its own recoil): each seat may name its own
    out.reports = True
    if state.pending:
        out.search = choosing_in(state, seat)
    elif state.seat_to_act == seat and state.phase == "draw":
        out.draw = True
    elif state.seat_to_act == seat and state.phase == "main":
        out.play = True
    return out


def places_from(state: State, active: str, bench: str) -> tuple[dict[str, str], dict[str, str]]:
    """Where each Pokémon in play is, and the card id of each card the hypothesis knows."""
    where: dict[str, str] = {}
    for s in state.seats:
        if s.active is not None:
            where[s.active.top] = active
        for n, p in enumerate(s.bench, start=1):
            where[p.top] = bench % {"n": n}
    cards = {i: state.card_id(i) for i in state.instances if state.card_id(i) != UNKNOWN}
    return where, cards


@dataclass
class Answer:
    """What the cards named may do (``choices``): the actions offered on the hypothesis (its
    state holds them as instances, for their labels), or why there are none."""

    state: State | None = None
    offered: list[Offered] = field(default_factory=list)
    needs_others: bool = False      # the card's play names other hand cards (its hand-zone choices)
    unlisted: bool = False          # a card named is not in the seat's deck list
    unfit: bool = False             # the cards named can't be where they were named (R-TABLE-1)


def choices(state: State, seat: int, play: str | None, others: list[str], found_ids: list[str],
            reporter: int | None = None) -> Answer:
    """The actions of ``play`` from the hand (the hand also holding ``others``), or of the
    search that found ``found_ids``."""
    assert state.decklists is not None
    listed = set(state.decklists[seat])
    if any(c not in listed for c in [*([play] if play else []), *others, *found_ids]):
        return Answer(unlisted=True)
    try:
        if play:
            h, offered = hand_plays(state, seat, play, others, reporter)
            return Answer(h.state, offered, needs_others=bool(hand_keys(play)))
        h, offered = found(state, seat, found_ids, reporter)
        return Answer(h.state, offered)
    except Unfit:
        return Answer(unfit=True, needs_others=bool(play and hand_keys(play)))
