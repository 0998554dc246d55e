"""The effect vocabulary: small named effects with parameters that card lines are made of.

An attack effect may define any of these, called by `combat.run_attack` in this order:
  check(actx)         raise Illegal if the attack can't be used now or its choices are wrong
  pay(actx)           pay the attack's own costs (discards) before Confusion is checked
  damage(actx, n)     change the base damage; set actx.did_nothing to cancel the attack
  after(actx)         the attack's other effects, after damage
and, for `legal_actions`, `options(state, seat, attacker) -> list of choice dicts`.

A Trainer is an object with check(tctx), play(tctx) (returns True when the card stays in play
instead of going to the discard pile) and options(state, seat, instance) -> list of
{"targets": [...], "choices": {...}}. A Trainer that shows its player hidden cards before
they choose stops half way with `tctx.ask(...)` in `play`; the player's `choose` action then
calls resolve(tctx, pending), and `legal_actions` lists resolve_options(state, pending) -> list
of choice dicts. A Power has check(pctx), use(pctx), options(...), `blocked_by` (conditions
that stop it); a power that works by itself has no `use`.

What a card does while it is in play — a Stadium, a Tool or other attached Trainer, a
continuous power, a lasting effect an attack or power leaves on a Pokémon — it does by
answering the effect pipeline's hooks (`projections/tcg/hooks.py`): a method named after the
hook on its object, `hook(src, ev, ...)`. A lasting effect is a record on a Pokémon
(`add_effect(p, kind, until_turn, ...)`) whose kind has a handler registered with
`@lasting(kind)`; the effects below that leave one define the handler beside them.

Cards reach the rules only through the context they are handed (`projections/tcg/contexts.py`).

The blocks, by kind, one module each: `base` (the kinds of effect and what they share),
`choices` (reading and listing a player's choices), `coins`, `conditions`, `damage`, `lasting`
(effects left in play), `energy` (Energy moved by attacks), `search` (the deck searched),
`zones` (switching, drawing, discarding), `heal`, `once` (once per turn, once in play),
`copying` (Metronome, Mirror Move), `powers` and `trainers` (what Trainer cards are made of), and
`trainer_cards` (Trainers printed in more than one set). A set's module (`base1_pokemon_1`, …)
holds its cards' data and the few classes only that set needs: it imports the vocabulary, never
another set's module (`tests/unit/test_layers.py`). `recorded` keeps the module each block was
first recorded under, which the engine fingerprint names.
"""
from __future__ import annotations

from ...contexts import AttackCtx, PowerCtx, TrainerCtx
from .base import (
    AN_EFFECT,
    Effect,
    Power,
    Trainer,
    _memo,
    _name,
    and_list,
    next_turn_of_opponent,
    or_list,
    protected_from_attacks,
    standing_defender,
)
from .choices import (
    MAX_PICKS,
    _combos,
    _distinct_picks,
    _energy_type,
    _is_basic_energy,
    _is_basic_energy_of,
    _is_basic_pokemon_card,
    _is_energy_card,
    _is_pokemon_card,
    _one_per_card,
    _picks,
    basic_energy,
    basic_of_type,
    chosen_cards,
    chosen_search,
    chosen_target,
    energy_of_type,
    named_basic,
    one_instance,
    own_in_play,
)
from .coins import (
    CoinsPerOwnEnergy,
    CoinsTimes,
    Flip,
    FlipBonusOrSelfDamage,
    FlipUntilTails,
    FlipWithChoices,
    HeadsDamage,
    HeadsTimesOwnCounters,
    PlusPerHeads,
    TailsDoesNothing,
    heads,
)
from .conditions import Inflict, InflictSelf
from .copying import Metronome, MirrorMove, _is_use_requirement
from .damage import (
    BaseIfEnergyDiffers,
    BenchDamage,
    BonusIfDefendingDamaged,
    ChosenBenchDamage,
    DamageChosenOpponent,
    DamageIgnores,
    ExtraEnergyBonus,
    FixedDamage,
    MinusPerOwnCounter,
    NeedsTwoDefending,
    PerDefendingCounter,
    PerDefendingEnergy,
    PerOwnCounter,
    PlusPerExtraEnergy,
    PlusPerOwnCounter,
    SelfDamage,
    TimesEnergy,
)
from .energy import (
    AttachFromDiscard,
    AttachUpToFromDiscard,
    DiscardDefendingEnergy,
    DiscardDefendingEnergyChosen,
    DiscardOwnEnergy,
    DiscardOwnEnergyAfter,
    SearchEnergyAttach,
)
from .heal import HealDamageDone, HealEachOwn, HealSelf
from .lasting import (
    AttackBlocked,
    BoostNextTurn,
    CantAttackNextTurn,
    CantRetreat,
    DefendingAttackMayFail,
    DefendingCantRetreat,
    OwnAttacksReduced,
    PreventAllDamage,
    PreventAllEffects,
    PreventDamageNextTurn,
    PreventSmallDamage,
    ReduceDamage,
    ReduceDamageNextTurn,
)
from .once import OnceWhileInPlay, once_per_turn
from .powers import EnergyTrans, IntimidatingFang, RoughSkin
from .search import DeckSearch, SearchDeckToBench, SearchDeckToHand, SearchPokemonToBench
from .trainer_cards import (
    AntiqueFossil,
    BossOrders,
    ClefairyDoll,
    EnergyRemoval,
    EnergyRemoval2,
    EnergySearch,
    EnergySwitch,
    FullHeal,
    GustOfWind,
    LadyOuting,
    PokeBall,
    PokemonBreeder,
    Potion,
    ProfessorOak,
    Switch,
)
from .trainers import (
    LookTopForOne,
    OntoTheBench,
    _active,
    _Base,
    _BaseSet,
    _bench_full,
    _Berry,
    _choose,
    _DeckSearch,
    _drew,
    _has_tool,
    _listed,
    _one_of_each_refused,
    _opt,
    _others,
    _Search,
    _shuffle_hand_in,
    _targets,
    _to_hand,
    _Tool,
)
from .zones import DiscardFromOpponentHandUnseen, DrawCards, SwitchDefending, SwitchSelf

__all__ = [
    "AN_EFFECT", "AntiqueFossil", "AttachFromDiscard", "AttachUpToFromDiscard", "AttackBlocked",
    "AttackCtx", "BaseIfEnergyDiffers", "BenchDamage", "BonusIfDefendingDamaged", "BoostNextTurn",
    "BossOrders", "CantAttackNextTurn", "CantRetreat", "ChosenBenchDamage", "ClefairyDoll",
    "CoinsPerOwnEnergy", "CoinsTimes", "DamageChosenOpponent", "DamageIgnores", "DeckSearch",
    "DefendingAttackMayFail", "DefendingCantRetreat", "DiscardDefendingEnergy",
    "DiscardDefendingEnergyChosen", "DiscardFromOpponentHandUnseen", "DiscardOwnEnergy",
    "DiscardOwnEnergyAfter", "DrawCards", "Effect", "EnergyRemoval", "EnergyRemoval2",
    "EnergySearch", "EnergySwitch", "EnergyTrans", "ExtraEnergyBonus", "FixedDamage", "Flip",
    "FlipBonusOrSelfDamage", "FlipUntilTails", "FlipWithChoices", "FullHeal", "GustOfWind",
    "HeadsDamage", "HeadsTimesOwnCounters", "HealDamageDone", "HealEachOwn", "HealSelf", "Inflict",
    "InflictSelf", "IntimidatingFang", "LadyOuting", "LookTopForOne", "MAX_PICKS", "Metronome",
    "MinusPerOwnCounter", "MirrorMove", "NeedsTwoDefending", "OnceWhileInPlay", "OntoTheBench",
    "OwnAttacksReduced", "PerDefendingCounter", "PerDefendingEnergy", "PerOwnCounter",
    "PlusPerExtraEnergy", "PlusPerHeads", "PlusPerOwnCounter", "PokeBall", "PokemonBreeder",
    "Potion", "Power", "PowerCtx", "PreventAllDamage", "PreventAllEffects", "PreventDamageNextTurn",
    "PreventSmallDamage", "ProfessorOak", "ReduceDamage", "ReduceDamageNextTurn", "RoughSkin",
    "SearchDeckToBench", "SearchDeckToHand", "SearchEnergyAttach", "SearchPokemonToBench",
    "SelfDamage", "Switch", "SwitchDefending", "SwitchSelf", "TailsDoesNothing", "TimesEnergy",
    "Trainer", "TrainerCtx", "_Base", "_BaseSet", "_Berry", "_DeckSearch", "_Search", "_Tool",
    "_active", "_bench_full", "_choose", "_combos", "_distinct_picks", "_drew", "_energy_type",
    "_has_tool", "_is_basic_energy", "_is_basic_energy_of", "_is_basic_pokemon_card",
    "_is_energy_card", "_is_pokemon_card", "_is_use_requirement", "_listed", "_memo", "_name",
    "_one_of_each_refused", "_one_per_card", "_opt", "_others", "_picks", "_shuffle_hand_in",
    "_targets", "_to_hand", "and_list", "basic_energy", "basic_of_type", "chosen_cards",
    "chosen_search", "chosen_target", "energy_of_type", "heads", "named_basic",
    "next_turn_of_opponent", "once_per_turn", "one_instance", "or_list", "own_in_play",
    "protected_from_attacks", "standing_defender",
]
