"""Reading a player's choices and listing the possible ones: cards, targets, picks of distinct cards."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal

from ....messages import msg
from ...contexts import AttackCtx
from ...core import Ctx, Illegal, energy_units, provides_type
from ...state import Pokemon

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import Pokemon, State


def energy_of_type(state: State, p: Pokemon, energy_type: str | None = None) -> list[str]:
    """Energy cards on `p` that provide `energy_type` (any Energy when None)."""
    return [i for i in p.energy if energy_type is None
            or any(provides_type(u, energy_type) for u in energy_units(state, p, i))]


def chosen_cards(actx: AttackCtx, allowed: list[str], count: int, what: str, key: str = "cards") -> list[str]:
    """The cards the action chose among `allowed` (exactly `count`, or all when fewer).
    `what` names them in a refusal (a translatable `msg`, "Energy to discard")."""
    count = min(count, len(allowed))
    chosen = actx.choices.get(key)
    if chosen is None:
        if len(allowed) == count:
            return list(allowed)
        raise Illegal("R-ATTACK-2", msg("Choose %(count)s %(what)s in choices.%(key)s.", count=count, what=what,
                                        key=key))
    if (not isinstance(chosen, list) or len(chosen) != count or len(set(chosen)) != count
            or any(c not in allowed for c in chosen)):
        raise Illegal("R-ATTACK-2", msg("choices.%(key)s must name %(count)s of: %(cards)s (%(what)s).", key=key,
                                        count=count, cards=", ".join(allowed) or msg("none"), what=what))
    return list(chosen)


def combinations_of(items: list[str], count: int) -> list[list[str]]:
    count = min(count, len(items))
    return [list(c) for c in combinations(items, count)]


def one_instance(choices: dict[str, Any], key: str) -> str | Literal[False] | None:
    """choices[key] as one instance id: a string or a one-element list; None when absent."""
    value = choices.get(key)
    if value is None:
        return None
    if isinstance(value, list):
        return value[0] if len(value) == 1 and isinstance(value[0], str) else False
    return value if isinstance(value, str) else False


def own_in_play(state: State, seat: int, instance: Any) -> Pokemon | None:
    """The seat's Pokémon in play holding `instance`, or None."""
    if not isinstance(instance, str) or instance not in state.instances:
        return None
    owner, p, _ = state.find_pokemon(instance)
    return p if owner == seat else None


def is_a_pokemon_card(state: State, inst: str) -> bool:
    """A Pokémon card outside play (Clefairy Doll is a Trainer there)."""
    return state.card_of(inst).supertype == "Pokemon"


def is_basic_pokemon_card(state: State, inst: str) -> bool:
    c = state.card_of(inst)
    return c.supertype == "Pokemon" and c.stage == "Basic"


def is_basic_energy_of(state: State, instance: str, energy_type: str | None = None) -> bool:
    """A basic Energy card (of `energy_type` when given)."""
    c = state.card_of(instance)
    return c.is_basic_energy and (energy_type is None or energy_type in c.provides)


def is_energy_card(state: State, instance: str, energy_type: str | None = None) -> bool:
    """Any Energy card, or (with `energy_type`) the basic Energy card of that type."""
    if energy_type is not None:
        return is_basic_energy_of(state, instance, energy_type)
    return state.card_of(instance).supertype == "Energy"


def one_per_card(state: State, instances: list[str]) -> list[str]:
    """The first instance of each card id: the distinct choices among equal cards."""
    seen: dict[str, str] = {}
    for i in instances:
        seen.setdefault(state.card_id(i), i)
    return list(seen.values())


# The most picks a card's options list: a hand of 30 different cards has 155 million ways to
# take 15 of them. Beyond it `legal_actions` offers the first ones (fewest cards first); every
# other pick is still taken when sent.
MAX_PICKS = 256


def distinct_picks(state: State, instances: list[str], lo: int, hi: int) -> list[list[str]]:
    """The ways to pick lo..hi of `instances` up to equal cards (one list per multiset of card
    ids), fewest first, at most MAX_PICKS of them."""
    by_card: dict[str, list[str]] = {}
    for i in instances:
        by_card.setdefault(state.card_id(i), []).append(i)
    ids = list(by_card)
    avail = [len(by_card[c]) for c in ids]
    left = [sum(avail[n:]) for n in range(len(ids))] + [0]

    def multisets(start: int, k: int) -> Iterator[list[int]]:
        """Counts per id from `start` on, summing to k, in combinations_with_replacement order."""
        if k == 0:
            yield [0] * (len(ids) - start)
            return
        if start >= len(ids) or left[start] < k:
            return
        for n in range(min(avail[start], k), -1, -1):
            for rest in multisets(start + 1, k - n):
                yield [n, *rest]

    picks: list[list[str]] = []
    for k in range(lo, hi + 1):
        for counts in multisets(0, k):
            picks.append([i for c, n in zip(ids, counts, strict=True) for i in by_card[c][:n]])
            if len(picks) >= MAX_PICKS:
                return picks
    return picks


def basic_energy(state: State, instance: str, energy_type: str) -> bool:
    """`instance` is a basic Energy card of `energy_type` (ruling above)."""
    c = state.card_of(instance)
    return c.is_basic_energy and energy_type in c.provides


def one_card_named(choices: dict[str, Any], key: str, allowed: list[str]) -> str | None:
    """The one card among `allowed` that `choices[key]` names (a string or a one-element list;
    left out, the only one allowed), or None when it names none of them."""
    card = one_instance(choices, key)
    if card is None and len(allowed) == 1:
        return allowed[0]
    return card if isinstance(card, str) and card in allowed else None


def one_pokemon_named(choices: dict[str, Any], candidates: list[Pokemon], key: str = "pokemon") -> Pokemon | None:
    """The Pokémon among `candidates` that `choices[key]` names (a one-element list; left out,
    the only candidate), or None when it names none of them."""
    raw = choices.get(key)
    if raw is None and len(candidates) == 1:
        return candidates[0]
    pick = raw[0] if isinstance(raw, list) and len(raw) == 1 else None
    return next((p for p in candidates if isinstance(pick, str) and pick in p.stack), None)


def chosen_target(ctx: Ctx, choices: dict[str, Any], candidates: list[Pokemon], what: str,
                  rule: str) -> Pokemon:
    """The Pokémon `choices.to` names among `candidates` (left out: the only candidate); `what`
    says which in a refusal (a translatable `msg`)."""
    raw = one_instance(choices, "to")
    if raw is None and len(candidates) == 1:
        return candidates[0]
    found = next((p for p in candidates if isinstance(raw, str) and raw in p.stack), None)
    if found is None:
        names = ", ".join(f"{ctx.name(p)} ({p.top})" for p in candidates) or msg("none")
        raise Illegal(rule, msg("choices.to must name %(what)s: %(pokemon)s.", what=what, pokemon=names))
    return found


def refuse_blind_none(key: str, raw: Any, least: int, zone: list[str]) -> None:
    """R-HIDDEN-1: a pick named with the action, before its face-down `zone` (the deck, its top)
    is shown, that names no card while the card must take `least` >= 1 (the count the card and
    what both players see allow: the Bench's room, an empty deck) is refused whatever the zone
    holds. Accepted only when nothing fits, refused when something does, it would tell a player
    what the deck holds without looking, at no cost (nothing stored, nothing shuffled). A player
    names the cards after looking (`choose`); a "You may" declined is the caller's, before this.
    A judge, who sees the deck, names the cards it takes."""
    if isinstance(raw, list) and not raw and least > 0 and zone:
        raise Illegal("R-HIDDEN-1", msg("choices.%(key)s names no card before the cards are shown: whether one fits "
                                        "can't be known without looking. Leave choices.%(key)s out, look, then "
                                        "choose.", key=key))


def chosen_search(choices: dict[str, Any], zone: list[str], fits: Callable[[str], bool], what: str,
                  rule: str, *, hidden: bool) -> str | None:
    """The one card `choices.search` takes from `zone` among those that fit, or None when none
    fits. `hidden`: the zone is the face-down deck (a judge's choice given at once), so the
    choice must be explicit and a refusal names none of its cards (R-HIDDEN-1). `what` names
    the card sought in a refusal (a translatable `msg`)."""
    raw = choices.get("search")
    if hidden:
        refuse_blind_none("search", raw, 1, zone)
    fitting = [i for i in zone if fits(i)]
    if not fitting:
        if raw not in (None, []):
            raise Illegal(rule, msg("There is no %(what)s to take: choices.search must be empty.", what=what))
        return None
    if raw is None and len(fitting) == 1 and not hidden:
        return fitting[0]
    if not isinstance(raw, list) or len(raw) != 1 or raw[0] not in fitting:
        if hidden:
            raise Illegal(rule, msg("choices.search must name one %(what)s in the deck; when there is one it must be "
                                    "taken (R-TRAINER-5).", what=what))
        raise Illegal(rule, msg("choices.search must name one %(what)s among the cards shown (%(count)s fit); when "
                                "there is one it must be taken (R-TRAINER-5).", what=what, count=len(fitting)))
    return str(raw[0])


def is_basic_energy_card(state: State, inst: str) -> bool:
    return state.card_of(inst).is_basic_energy


def provided_types(state: State, inst: str) -> tuple[str, ...]:
    """The type a basic Energy card is of: what it provides."""
    return tuple(state.card_of(inst).provides)


def named_basic(name: str) -> Callable[[CardDef], bool]:
    return lambda c: c.is_basic_pokemon and c.name == name


def basic_of_type(energy_type: str) -> Callable[[CardDef], bool]:
    return lambda c: c.supertype == "Pokemon" and c.stage == "Basic" and c.type == energy_type


def multiset_picks(state: State, instances: list[str], lo: int, hi: int) -> list[list[str]]:
    """Every pick of lo to hi of `instances`, up to equal cards (one list per multiset of cards),
    fewest first."""
    groups: dict[str, list[str]] = {}
    for i in instances:
        groups.setdefault(state.card_id(i), []).append(i)
    out: list[list[str]] = []

    def pick(rest: list[list[str]], chosen: list[str]) -> None:
        if not rest:
            if len(chosen) >= lo:
                out.append(chosen)
            return
        for n in range(min(len(rest[0]), hi - len(chosen)) + 1):
            pick(rest[1:], chosen + rest[0][:n])

    pick(list(groups.values()), [])
    return sorted(out, key=len)
