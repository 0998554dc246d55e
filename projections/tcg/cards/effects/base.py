"""The kinds of effect (an attack's `Effect`, a `Trainer`, a `Power`) and the small helpers every block uses."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg
from ...contexts import AttackCtx, PowerCtx, TrainerCtx
from ...core import Illegal

if TYPE_CHECKING:
    from ...state import Pokemon, State


class Effect:
    """Base for attack effects: every hook is optional."""
    text = ""
    # As Power.settled_by_check, for an attack's effect: its `check` only reads the state (it
    # may keep what it found on the attack's context), nothing in its pay, damage or after can
    # refuse once the checks passed, and it brings nothing into play that answers a hook asked
    # later in the action (a lasting effect answering `weakness` only is asked by later
    # attacks), nor a Poison or a Burn for the checkup; these are the hooks it asks besides
    # the attack's damage (actions.ATTACK_DAMAGE_HOOKS). None: only carrying the attack out tells.
    settled_by_check: tuple[str, ...] | None = None

    def describe(self) -> str:
        return self.text


class Trainer:
    text = ""
    # A Trainer that attaches to a Pokémon: how many turns after the one it is played in it
    # stays attached (0: discarded at the end of this turn). None: it never attaches.
    turns_attached: int | None = None
    # Table mode (table_actions.py): where the cards a choice names are, so that a paper
    # game may name them by card id ("search": "deck"); `choose_zones` for its `choose` step.
    choice_zones: dict[str, str] = {}
    choose_zones: dict[str, str] = {}
    # As Power.settled_by_check, for an Item: its `check` only reads the state (it may keep
    # what it found in `tctx.sel`) and nothing in `play` can refuse once it passed; these are
    # the hooks `play` asks (besides `on_play` and the Knock Outs the rules settle after it).
    settled_by_check: tuple[str, ...] | None = None

    def check(self, tctx: TrainerCtx) -> None:
        pass

    def play(self, tctx: TrainerCtx) -> bool:
        """Do what the card says; return True when the card stays in play."""
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [{"targets": [], "choices": {}}]

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        raise Illegal("R-TRAINER-1", msg("%(card)s waits for no choice.", card=tctx.card.name))

    # A Stadium that each player may use once during their turn defines `use(tctx)` (the
    # action `use_stadium`), `check_use(tctx)` and `use_options(state, seat)` -> choice dicts.
    def check_use(self, tctx: TrainerCtx) -> None:
        pass

    def use_options(self, state: State, seat: int) -> list[dict[str, Any]]:
        return [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return []

    def describe(self) -> str:
        return self.text


class Power:
    text = ""
    # The Special Conditions that stop it; None: its kind's (actions.BLOCKED_BY_KIND).
    blocked_by: tuple[str, ...] | None = None
    choice_zones: dict[str, str] = {}  # as Trainer.choice_zones
    # Set where `check` only reads the state and nothing in `use` can refuse once it passed:
    # the hooks `use` asks (besides the Knock Outs the rules settle after it; `hooks.in_play`
    # for one asked before `use` brings anything into play). Listing legal
    # actions then takes the check's answer without carrying the power out on a clone
    # (actions.power_settled_by_check); None: only carrying it out tells.
    settled_by_check: tuple[str, ...] | None = None

    def check(self, pctx: PowerCtx) -> None:
        pass

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        """The `choose` step of a power that showed its player hidden cards (`pctx.ask`)."""
        if pctx.card.power:
            raise Illegal("R-POWER-1", msg("%(power)s waits for no choice.", power=pctx.card.power.name))
        raise Illegal("R-POWER-1", msg("This power waits for no choice."))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return []

    def describe(self) -> str:
        return self.text


def next_turn_of_opponent(state: State) -> int:
    return state.turn + 1


# What a lasting effect names when it has no `why` of its own (a translatable word).
AN_EFFECT = msg("an effect")


def and_list(items: Iterable[str]) -> str:
    """Phrases joined with "and" ("A and B and C"), each "and" a translatable `msg`."""
    out: str | None = None
    for item in items:
        out = item if out is None else msg("%(first)s and %(second)s", first=out, second=item)
    return out if out is not None else ""


def protected_from_attacks(pokemon: str) -> str:
    """The narration of an attack's effect that an effect in play keeps off `pokemon`."""
    return msg("%(pokemon)s is protected from the effects of attacks.", pokemon=pokemon)


def affected_defender(actx: AttackCtx) -> Pokemon | None:
    """The Defending Pokémon when the attack's effects reach it; None when there is none or an
    effect in play keeps them off it (said)."""
    d = actx.defender
    if d is None:
        return None
    if not actx.can_affect(d):
        actx.say(protected_from_attacks(actx.name(d)))
        return None
    return d


def standing_defender(actx: AttackCtx) -> Pokemon | None:
    """The Defending Pokémon for an effect after the damage: None when the damage Knocked it
    Out (nothing is left to affect) or when it is shielded from the attack's effects (said)."""
    d = actx.defender
    if d is None or d.damage >= actx.state.hp(d):
        return None
    if not actx.can_affect(d):
        actx.say(protected_from_attacks(actx.name(d)))
        return None
    return d


def attack_memo(actx: AttackCtx, effect: Effect) -> dict[str, Any]:
    """What `effect` noted during this attack (between its check and its later steps)."""
    return actx.__dict__.setdefault("memo", {}).setdefault(id(effect), {})


def name_of(state: State, p: Pokemon) -> str:
    return state.card_of(p.top).name


def or_list(items: Iterable[Any]) -> Any:
    """Items joined by "or" ("A or B or C"), each still translatable."""
    out: Any = None
    for item in items:
        out = item if out is None else msg("%(first)s or %(second)s", first=out, second=item)
    return joined([]) if out is None else out
