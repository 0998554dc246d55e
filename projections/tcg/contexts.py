"""What a card's code is handed: the context of the action under way, with the rule
operations a card may call. Card modules reach the rules only through these (never by
importing the rules' modules), so the rules stay free to change how they do it.

* `AttackCtx` — an attack: `deal_damage`, `perform_attack` (for an attack that copies
  another), `can_affect`, `inflict`, `choice`;
* `TrainerCtx` — a Trainer being played, and `PowerCtx` — a power being used: `me`/`them`
  (the two seats), `check_evolution`, `evolve`, `continue_after` (a missing Active is
  replaced), `knock_out` / `take_prizes` / `decide_winner` (a Knock Out by an effect);
* all of them: `say`, `flip`, `name`, `ref`, `ask` and the seat helpers of `core.Ctx`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import msg
from . import combat, evolution, flow
from .core import Ctx, inflict
from .declare import Declared
from .illegal import Illegal

if TYPE_CHECKING:
    from .carddb import AttackDef, CardDef
    from .state import Pokemon, Seat


class CardCtx(Ctx):
    """A context derived from the action's, sharing its state, randomness and narration."""

    def __init__(self, ctx: Ctx):
        super().__init__(ctx.state, ctx.rng, ctx.seat)
        self.narration = ctx.narration
        self.declaration = ctx.declaration
        self.reporter = ctx.reporter
        self.extra_knockouts: list[tuple[int, Pokemon]] = []

    def run_declared(self, what: str, attack: AttackCtx | None = None) -> Declared:
        """Carry out the steps the action declares for `what` (declare.py, R-DECLARE-1); an
        effect the engine does not encode must be declared (R-DECLARE-2)."""
        steps = self.declaration["steps"]
        if steps is None:
            raise Illegal("R-DECLARE-2", msg('The engine does not encode %(what)s: declare its effect as steps '
                                             '("declared": [...]; an empty list when it did nothing).', what=what))
        self.declaration["used"] = True
        declared = Declared(self, steps, what, attack=attack)
        self.declaration["run"] = declared
        return declared

    @property
    def me(self) -> Seat:
        return self.state.seats[self.seat]

    @property
    def them(self) -> Seat:
        return self.state.seats[self.opp]

    def check_evolution(self, evo_card: CardDef, target: Pokemon, *, skip_stage: bool = False) -> None:
        evolution.check_evolution(self, evo_card, target, skip_stage=skip_stage)

    def evolve(self, target: Pokemon, instance: str, rule: str = "R-EVOLVE-5") -> None:
        evolution.evolve_pokemon(self, target, instance, rule)

    def continue_after(self, then: str = "resume") -> None:
        """A missing Active is replaced by promotion (R-KO-3), then the turn goes on."""
        flow.continue_after(self, then)

    def knock_out(self, owner: int, p: Pokemon) -> int:
        """A Knock Out by an effect, before the Pokémon leaves play: the Prize cards it gives."""
        return flow.knock_out(self, owner, p)

    def take_prizes(self, seat: int, n: int) -> bool:
        return flow.take_prizes(self, seat, n)

    def decide_winner(self, took_prize: list[bool]) -> None:
        flow.decide_winner(self, took_prize)


class TrainerCtx(CardCtx):
    # What a Trainer's `check` found, for its `play` (each card its own shape), and a
    # Tool's Pokémon (actions.check_trainer_kind): set while the card is played.
    sel: Any
    tool_target: Pokemon

    def __init__(self, ctx: Ctx, instance: str, card: CardDef, targets: list[Any] | None,
                 choices: dict[str, Any] | None):
        super().__init__(ctx)
        self.instance = instance
        self.card = card
        self.targets = list(targets or [])
        self.choices = dict(choices or {})

    # Set by a card whose text ends its player's turn: the turn ends once the card
    # has been played (actions.do_play_trainer), as after an attack (R-TURN-3).
    ends_turn: bool = False

    def end_turn_after(self) -> None:
        self.ends_turn = True

    def hand_without_me(self) -> list[str]:
        return [i for i in self.me.hand if i != self.instance]


class PowerCtx(CardCtx):
    def __init__(self, ctx: Ctx, pokemon: Pokemon, place: str, card: CardDef, choices: dict[str, Any] | None):
        super().__init__(ctx)
        self.pokemon = pokemon
        self.place = place
        self.card = card
        self.choices = dict(choices or {})


class AttackCtx(CardCtx):
    """One attack under way: who attacks whom with what, and what it has done so far."""

    def __init__(self, ctx: Ctx, attacker: Pokemon, attack: AttackDef, choices: dict[str, Any] | None):
        super().__init__(ctx)
        self.attacker = attacker
        self.attack = attack
        self.choices: dict[str, Any] = choices or {}
        self.defender = self.state.seats[self.opp].active
        self.dealt = 0                 # final damage done to the Defending Pokémon
        self.did_nothing = False
        self.copied = False            # True while an attack copied by another runs
        # What this attack's damage to the Defending Pokémon ignores, as its effects say
        # before damage (combat.py): "weakness", "resistance", "defender_effects".
        self.ignores: set[str] = set()
        self.declared_run: Any = None   # the attack's declared steps (cards/declared.py)

    @property
    def attacker_name(self) -> str:
        return self.name(self.attacker)

    def can_affect(self, p: Pokemon | None) -> bool:
        return combat.can_affect(self, p)

    def inflict(self, p: Pokemon, condition: str, poison_damage: int = 10) -> bool:
        if not self.can_affect(p):
            self.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=self.name(p)))
            return False
        return inflict(self, p, condition, poison_damage)

    def choice(self, key: str, default: Any = None) -> Any:
        return self.choices.get(key, default)

    def deal_damage(self, target: Pokemon, amount: int, *, to_defending: bool = True,
                    apply_wr: bool = True, ignores: frozenset[str] = frozenset()) -> int:
        return combat.deal_damage(self, target, amount, to_defending=to_defending, apply_wr=apply_wr,
                                  ignores=ignores)

    def perform_attack(self) -> None:
        """Do `self.attack` from its damage on (an attack that copies another runs the copy)."""
        combat.perform_attack(self)
