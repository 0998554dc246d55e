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
another set's module (`tests/unit/test_layers.py`). """
from __future__ import annotations

from ...contexts import AttackCtx, PowerCtx, TrainerCtx
from .base import (
    AN_EFFECT,
    Effect,
    Power,
    Trainer,
    affected_defender,
    and_list,
    attack_memo,
    name_of,
    next_turn_of_opponent,
    or_list,
    protected_from_attacks,
    standing_defender,
)
from .choices import (
    MAX_PICKS,
    basic_energy,
    basic_of_type,
    chosen_cards,
    chosen_search,
    chosen_target,
    combinations_of,
    distinct_picks,
    energy_of_type,
    is_a_pokemon_card,
    is_basic_energy_card,
    is_basic_energy_of,
    is_basic_pokemon_card,
    is_energy_card,
    multiset_picks,
    named_basic,
    one_card_named,
    one_instance,
    one_per_card,
    one_pokemon_named,
    own_in_play,
    provided_types,
    refuse_blind_none,
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
    tails,
)
from .conditions import Inflict, InflictSelf, RecoverAllConditions
from .copying import CopyPayingRequirements, Metronome, MirrorMove, is_use_requirement
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
    PlusPerDefendingEnergyProvided,
    PlusPerExtraEnergy,
    PlusPerOwnCounter,
    PlusPerOwnEnergy,
    PlusPerPrizeTakenByOpponent,
    SelfDamage,
    TimesEnergy,
    TimesOwnCounters,
)
from .energy import (
    AttachFromDiscard,
    AttachUpToFromDiscard,
    DiscardDefendingEnergy,
    DiscardDefendingEnergyChosen,
    DiscardOwnEnergy,
    DiscardOwnEnergyAfter,
    MayDiscardEnergyForBonus,
    MayDiscardForBonus,
    SearchEnergyAttach,
    attach_each_to_attacker,
    attach_from_discard,
    discard_attached,
)
from .heal import HealDamageDone, HealEachOwn, HealSelf, counter_off_between_turns
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
from .powers import (
    EnergyTrans,
    IntimidatingFang,
    RoughSkin,
    SwitchOpponentsActive,
    TypeForTheTurn,
    attacker_that_damaged_active,
)
from .search import (
    AttackSearch,
    BenchSearch,
    DeckSearch,
    SearchAnyCardIf,
    SearchDeckToBench,
    SearchDeckToHand,
    SearchPokemonToBench,
    bench_room,
)
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
    SwapActive,
    Switch,
)
from .trainers import (
    BaseSetTrainer,
    BerryTool,
    DamageBonus,
    DeckSearchTrainer,
    DiscardThenSearch,
    LookAtTop,
    LookTopForOne,
    OntoTheBench,
    ReturnToHand,
    StadiumCard,
    SupporterSearch,
    ToolCard,
    TrainerCard,
    active_pokemon,
    bench_full,
    choose_cards,
    chosen_targets,
    draw_and_say,
    holds_tool,
    listed_cards,
    one_of_each_refused,
    other_hand_cards,
    shuffle_hand_in,
    to_hand,
    trainer_option,
)
from .zones import (
    DiscardDefendingToolsFirst,
    DiscardFromOpponentHandUnseen,
    DrawCards,
    SwitchDefending,
    SwitchSelf,
    bench_from_deck,
)

__all__ = [
    "AN_EFFECT", "AntiqueFossil", "AttachFromDiscard", "AttachUpToFromDiscard", "AttackBlocked", "AttackCtx",
    "AttackSearch", "BaseIfEnergyDiffers", "BaseSetTrainer", "BenchDamage", "BenchSearch", "BerryTool",
    "BonusIfDefendingDamaged", "BoostNextTurn", "BossOrders", "CantAttackNextTurn", "CantRetreat", "ChosenBenchDamage",
    "ClefairyDoll", "CoinsPerOwnEnergy", "CoinsTimes", "CopyPayingRequirements", "DamageBonus", "DamageChosenOpponent",
    "DamageIgnores", "DeckSearch", "DeckSearchTrainer", "DefendingAttackMayFail", "DefendingCantRetreat",
    "DiscardDefendingEnergy", "DiscardDefendingEnergyChosen", "DiscardDefendingToolsFirst",
    "DiscardFromOpponentHandUnseen", "DiscardOwnEnergy", "DiscardOwnEnergyAfter", "DiscardThenSearch", "DrawCards",
    "Effect", "EnergyRemoval", "EnergyRemoval2", "EnergySearch", "EnergySwitch", "EnergyTrans", "ExtraEnergyBonus",
    "FixedDamage", "Flip", "FlipBonusOrSelfDamage", "FlipUntilTails", "FlipWithChoices", "FullHeal", "GustOfWind",
    "HeadsDamage", "HeadsTimesOwnCounters", "HealDamageDone", "HealEachOwn", "HealSelf", "Inflict", "InflictSelf",
    "IntimidatingFang", "LadyOuting", "LookAtTop", "LookTopForOne", "MAX_PICKS", "MayDiscardEnergyForBonus",
    "MayDiscardForBonus", "Metronome", "MinusPerOwnCounter", "MirrorMove", "NeedsTwoDefending", "OnceWhileInPlay",
    "OntoTheBench", "OwnAttacksReduced", "PerDefendingCounter", "PerDefendingEnergy", "PerOwnCounter",
    "PlusPerDefendingEnergyProvided", "PlusPerExtraEnergy", "PlusPerHeads", "PlusPerOwnCounter", "PlusPerOwnEnergy",
    "PlusPerPrizeTakenByOpponent", "PokeBall", "PokemonBreeder", "Potion", "Power", "PowerCtx", "PreventAllDamage",
    "PreventAllEffects", "PreventDamageNextTurn", "PreventSmallDamage", "ProfessorOak", "RecoverAllConditions",
    "ReduceDamage", "ReduceDamageNextTurn", "ReturnToHand", "RoughSkin", "SearchAnyCardIf", "SearchDeckToBench",
    "SearchDeckToHand", "SearchEnergyAttach", "SearchPokemonToBench", "SelfDamage", "StadiumCard", "SupporterSearch",
    "SwapActive", "Switch", "SwitchDefending", "SwitchOpponentsActive", "SwitchSelf", "TailsDoesNothing", "TimesEnergy",
    "TimesOwnCounters", "ToolCard", "Trainer", "TrainerCard", "TrainerCtx", "TypeForTheTurn", "active_pokemon",
    "affected_defender", "and_list", "attach_each_to_attacker", "attach_from_discard", "attack_memo",
    "attacker_that_damaged_active", "basic_energy", "basic_of_type", "bench_from_deck", "bench_full", "bench_room",
    "choose_cards", "chosen_cards", "chosen_search", "chosen_target", "chosen_targets", "combinations_of",
    "counter_off_between_turns", "discard_attached", "distinct_picks", "draw_and_say", "energy_of_type", "heads",
    "holds_tool", "is_a_pokemon_card", "is_basic_energy_card", "is_basic_energy_of", "is_basic_pokemon_card",
    "is_energy_card", "is_use_requirement", "listed_cards", "multiset_picks", "name_of", "named_basic",
    "next_turn_of_opponent", "once_per_turn", "one_card_named", "one_instance", "one_of_each_refused", "one_per_card",
    "one_pokemon_named", "or_list", "other_hand_cards", "own_in_play", "protected_from_attacks", "provided_types",
    "refuse_blind_none",
    "shuffle_hand_in", "standing_defender", "tails", "to_hand", "trainer_option",
]
