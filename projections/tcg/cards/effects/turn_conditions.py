"""Modern attacks' effects on a condition of the turn or of the board that cancel the attack,
last while the Pokémon stays Active, heal a Pokémon the player chooses, or give a Special
Condition on a condition: the blocks the compiler's `compiler/turn_conditions.py` templates build.

Rulings taken here (modern rulings; R-ATTACK-2, -3, R-DAMAGE-1, -3, R-STATUS-1):
- "If this Pokémon moved from your Bench to the Active Spot this turn" reads the turn record
  (`core.MOVED_TO_ACTIVE`): a retreat, a switch by any card or effect, and a promotion during
  this turn (the Active Knocked Out during its player's own turn) move it; a promotion after a
  Knock Out during the opponent's turn or between turns is not "this turn". The Pokémon is the
  same one after it evolves (the record keeps its lowest card): a Pokémon switched in and then
  evolved this turn has moved. "If this Pokémon was healed during this turn" likewise
  (`core.HEALED`): healed when damage was removed from it by a heal (damage counters moved off
  it are not healed; a heal of an undamaged Pokémon heals nothing).
- "If <condition>, this attack does nothing.": the condition is read when the attack does its
  damage (after its costs, R-ATTACK-2); the attack may be used either way and, when the
  condition holds, nothing more of it happens (R-ATTACK-3). "…has no damage counters on it
  before this attack does damage" reads the Defending Pokémon then. The conditions read only
  what both players see (the numbers of cards in hands and of Prize cards, the Benches, the
  Stadium, Special Conditions, a Pokémon ex's tag).
- "This Pokémon can't use X again until it leaves the Active Spot": the shared "attack_blocked"
  lasting effect on it with no end turn; going to the Bench ends it (R-RETREAT-6), and so does
  leaving play or evolving (R-EVOLVE-5: evolving ends the effects of attacks on it).
- "Heal N (all) damage from 1 of your [Benched] [T / Ancient] Pokémon": `choices.pokemon` names
  one of the Pokémon that fit (left out with one that fits; none fits, nothing is healed); an
  undamaged one may be named (nothing is healed). A type is the Pokémon's type now (R-INPLAY-1),
  "Ancient" its top card's tag. "Heal N damage from each of your Basic Pokémon": each whose top
  card is a Basic Pokémon.
- "If <condition>, your opponent's Active Pokémon (it) is now <Condition>": the condition is read
  after the damage (as `Inflict`, the vocabulary's unconditional Special Condition).
- "If this Pokémon evolved from X during this turn": its top card was put into play this turn
  (`entered_turn`) onto a card named X (the card under it: a Stage 2 put onto a Basic by an Item
  did not evolve from the Stage 1).
- "If you played a(n) Ancient / Future Supporter card (a Supporter card that has "Team Rocket" in
  its name) from your hand during this turn": the Supporter its player played this turn
  (`state.supporter`, beside the Active until the turn ends, R-TRAINER-2) has that tag (its name
  holds those words).
- "You may discard N T Energy from this Pokémon and make your opponent's Active Pokémon
  <Condition>": after the damage, `choices.cards` names N Energy cards of that type attached to it
  (left out: nothing is discarded and no Special Condition given); N cards, as the vocabulary's
  other Energy discards.
- "Flip N coins. This attack does N damage for each heads. If either of them is heads (both of them
  are tails, at least N of them are heads), your opponent's Active Pokémon is now <Condition>":
  the coins flipped for the damage decide the Special Condition, given after the damage.
- "Flip a coin. If heads, choose a Special Condition. …": `choices.condition` names it (asleep,
  burned, confused, paralyzed or poisoned), checked before the coin.
- "If you played an Ancient Supporter card …, discard N more cards in this way": after the first
  discard, N more from the top of the opponent's deck when the condition holds (`DoIf`).
- "You can use this attack only if you go second, and only during your first turn": the game's
  turn 2 (refused on any other, R-ATTACK-1). "Your opponent can't play any Supporter cards from
  their hand during their next turn" (and Stadium cards, after the opponent's Stadium is discarded):
  as the vocabulary's Item lock (`OpponentNoItemsNextTurn`), a lasting "cant_play_kind" on each of
  the attacking player's Pokémon in play until the end of that turn. "If your opponent has a
  Stadium in play, discard it": only a Stadium the opponent put into play.
- "Flip a coin. If heads, this attack does N more damage, and heal N damage from this Pokémon": one
  coin as the damage is worked out; the heal after the damage, on heads only.
- "Discard a Stadium in play. If you can't, this attack does nothing.": either player's Stadium,
  discarded as the damage is worked out (before it is done); with none, nothing happens.
- "During your next turn, your Pokémon can't attack. (This includes new Pokémon that come into
  play.)": a lasting "own_attacks_blocked" on each of its player's Pokémon in play (kept on the
  Bench and through evolution) until the end of that player's next turn, refusing an attack by
  any Pokémon of that player.
- "During your opponent's next turn, Pokémon that have N or less Energy attached can't attack.
  (This includes new Pokémon that come into play.)": a lasting "few_energy_cant_attack" on each of
  its player's Pokémon in play (kept on the Bench and through evolution) refusing an attack by any
  Pokémon of the opponent with N or fewer Energy (the units provided, as the vocabulary counts
  Energy attached) when it is declared.
- "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from
  Ancient Pokémon": as the vocabulary's "from Basic Pokémon" (`PreventDamageFromBasicNextTurn`),
  the Attacking Pokémon's top card's tag read when its damage is worked out.
- "Put damage counters on … until its remaining HP is N": as many as bring its HP now
  (R-INPLAY-1) less its damage to N (none when it is N or less already); placed, not damage
  (R-DAMAGE-3), so a Pokémon shielded from the effects of attacks takes none (`PlaceCounters`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ....messages import msg
from ... import hooks
from ...contexts import AttackCtx
from ...core import HEALED, MOVED_TO_ACTIVE, Illegal, add_effect, energy_count, heal, noted_this_turn, place_counters
from ...hooks import AttackEvent, DamageEvent, Listener, PlayEvent, lasting
from .base import AN_EFFECT, Effect, attack_memo, next_turn_of_opponent
from .choices import chosen_cards, combinations_of, energy_of_type
from .damage_conditions import Condition
from .damage_conditions import _discard_stadium as discard_stadium
from .energy import discard_attached
from .next_turn import PlaceCounters

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import Pokemon, State

MOVED_TO_ACTIVE_THIS_TURN = Condition("this Pokémon moved from the Bench to the Active Spot this turn",
                                      lambda a: noted_this_turn(a.state, MOVED_TO_ACTIVE, a.attacker))
HEALED_THIS_TURN = Condition("this Pokémon was healed during this turn",
                             lambda a: noted_this_turn(a.state, HEALED, a.attacker))



def evolved_from_this_turn(name: str) -> Condition:
    def test(a: AttackCtx) -> bool:
        stack = a.attacker.stack
        return (a.attacker.entered_turn == a.state.turn and len(stack) > 1
                and a.state.card_of(stack[-2]).name == name)
    return Condition(f"this Pokémon evolved from {name} during this turn", test)


def supporter_played(words: str, fits: Callable[[CardDef], bool]) -> Condition:
    """The Supporter its player played this turn (`state.supporter`) fits (a tag, words in its name)."""
    def test(a: AttackCtx) -> bool:
        played = a.state.supporter
        return played is not None and played["owner"] == a.seat and fits(a.state.card_of(played["card"]))
    return Condition(f"you played {words} from your hand during this turn", test)


def negated(condition: Condition) -> Condition:
    """The question answered the other way ("there is no Stadium in play")."""
    return Condition(f"not ({condition.text})", lambda a: not condition.test(a), condition.asks)


class DoesNothingIf(Effect):
    """"If <condition>, this attack does nothing." (ruling above: read at the damage step)."""

    def __init__(self, condition: Condition):
        self.condition = condition
        self.text = f"this attack does nothing if {condition.text}"
        self.settled_by_check = condition.asks

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if self.condition.test(actx):
            actx.did_nothing = True
        return amount


class CantUseUntilLeavesActive(Effect):
    """"This Pokémon can't use <attack> again until it leaves the Active Spot." ("attack_blocked"
    with no end turn: the Bench, leaving play or evolving end it)."""

    def __init__(self, attack: str):
        self.attack = attack
        self.text = f"this Pokémon can't use {attack} again until it leaves the Active Spot"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "attack_blocked", None, attack=self.attack, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't use %(attack)s again until it leaves the Active Spot.",
                     pokemon=actx.attacker_name, attack=self.attack), "R-ATTACK-1")


class Fits:
    """Which of a player's Pokémon a heal reaches: Benched only, of a type now, with a tag, Basic."""

    def __init__(self, *, benched: bool = False, energy_type: str | None = None, tag: str | None = None,
                 basic: bool = False):
        self.benched, self.energy_type, self.tag, self.basic = benched, energy_type, tag, basic
        words = [w for w in (basic and "Basic", energy_type, tag and tag.capitalize()) if w]
        self.text = " ".join(["Benched"] * benched + words + ["Pokémon"])

    def __call__(self, state: State, seat: int) -> list[Pokemon]:
        own = state.seats[seat]
        return [p for p in (own.bench if self.benched else own.in_play()) if self._fits(state, p)]

    def _fits(self, state: State, p: Pokemon) -> bool:
        card = state.card_of(p.top)
        return ((self.energy_type is None or hooks.is_type(state, p, self.energy_type))
                and (self.tag is None or self.tag in card.tags) and (not self.basic or card.stage == "Basic"))


def _said_healed(actx: AttackCtx, p: Pokemon, healed: int) -> None:
    if healed:
        actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed (%(damage)s/%(hp)s).",
                     pokemon=actx.name(p), count=healed // 10, damage=p.damage, hp=actx.state.hp(p)), "R-DAMAGE-3")


class HealChosenOwn(Effect):
    """"Heal `amount` (None: all) damage from 1 of your <fits> Pokémon." (choices.pokemon)."""
    settled_by_check = ()       # core.heal asks nothing

    def __init__(self, amount: int | None, fits: Fits):
        self.amount = amount
        self.fits = fits
        self.text = (f"heal {'all' if amount is None else amount} damage from 1 of your {fits.text} "
                     "(choices.pokemon)")

    def check(self, actx: AttackCtx) -> None:
        tops = [p.top for p in self.fits(actx.state, actx.seat)]
        attack_memo(actx, self)["target"] = chosen_cards(actx, tops, 1, msg("of your Pokémon to heal"), key="pokemon")

    def after(self, actx: AttackCtx) -> None:
        for p in self.fits(actx.state, actx.seat):
            if p.top in attack_memo(actx, self)["target"]:
                _said_healed(actx, p, heal(actx, p, p.damage if self.amount is None else self.amount))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        fitting = self.fits(state, seat)
        return [{"pokemon": [p.top]} for p in fitting] if len(fitting) > 1 else [{}]


class HealEachFitting(Effect):
    """"Heal `amount` damage from each of your <fits> Pokémon.\""""
    settled_by_check = ()

    def __init__(self, amount: int, fits: Fits):
        self.amount = amount
        self.fits = fits
        self.text = f"heal {amount} damage from each of your {fits.text}"

    def after(self, actx: AttackCtx) -> None:
        for p in self.fits(actx.state, actx.seat):
            _said_healed(actx, p, heal(actx, p, self.amount))


class InflictIf(Effect):
    """"If your opponent's Active Pokémon is <condition>, it is now <Special Condition>." (after
    the damage, on the Defending Pokémon still standing)."""

    def __init__(self, condition: Condition, special: str):
        self.condition = condition
        self.special = special
        self.text = f"the Defending Pokémon is now {special.capitalize()} if {condition.text}"

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is not None and self.condition.test(actx):
            actx.inflict(d, self.special)


class MayDiscardToInflict(Effect):
    """"You may discard `count` T Energy from this Pokémon and make your opponent's Active Pokémon
    <Condition>." (choices.cards: the Energy cards; left out, neither happens)."""

    def __init__(self, count: int, energy_type: str | None, condition: str):
        self.count, self.energy_type, self.condition = count, energy_type, condition
        kind = f"{energy_type} " if energy_type else ""
        self.text = (f"you may discard {count} {kind}Energy cards attached to this Pokémon (choices.cards; leave it "
                     f"out to keep them): if you do, the Defending Pokémon is now {condition.capitalize()}")

    def check(self, actx: AttackCtx) -> None:
        chosen = actx.choices.get("cards")
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if chosen is not None and (not isinstance(chosen, list) or len(set(chosen)) != self.count
                                   or len(chosen) != self.count or any(c not in allowed for c in chosen)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name %(count)s of the Energy cards "
                                            "attached to %(pokemon)s: %(cards)s.", attack=actx.attack.name,
                                            count=self.count, pokemon=actx.attacker_name,
                                            cards=", ".join(allowed) or msg("none")))
        attack_memo(actx, self)["cards"] = list(chosen) if chosen else []

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            return
        discard_attached(actx, actx.seat, actx.attacker, cards)
        actx.say(msg("%(pokemon)s discards %(cards)s for %(attack)s.", pokemon=actx.attacker_name,
                     cards=", ".join(actx.name(c) for c in cards), attack=actx.attack.name), "R-ENERGY-3")
        if actx.defender is not None:
            actx.inflict(actx.defender, self.condition)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = energy_of_type(state, attacker, self.energy_type)
        picks = combinations_of(allowed, self.count) if len(allowed) >= self.count else []
        return [{}] + [{"cards": c} for c in picks]


class CoinsTimesThenInflict(Effect):
    """"Flip `coins` coins. This attack does N damage for each heads. If <heads test>, your
    opponent's Active Pokémon is now <Condition>." (the printed "×"; `least`/`most` bound the heads)."""

    def __init__(self, coins: int, condition: str, least: int = 1, most: int | None = None):
        self.coins, self.condition, self.least, self.most = coins, condition, least, most
        bound = f"at least {least}" if most is None else f"at most {most}"
        self.text = (f"flip {coins} coins: the printed damage times the heads; with {bound} heads, the Defending "
                     f"Pokémon is now {condition.capitalize()}")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        attack_memo(actx, self)["heads"] = heads
        return actx.attack.damage * heads

    def after(self, actx: AttackCtx) -> None:
        heads = attack_memo(actx, self)["heads"]
        if heads >= self.least and (self.most is None or heads <= self.most) and actx.defender is not None:
            actx.inflict(actx.defender, self.condition)


SPECIAL_CONDITIONS = ("asleep", "burned", "confused", "paralyzed", "poisoned")


class InflictChosen(Effect):
    """"Choose a Special Condition. Your opponent's Active Pokémon is now affected by that Special
    Condition." (choices.condition)."""
    text = "the Defending Pokémon is now affected by the Special Condition you choose (choices.condition)"

    def check(self, actx: AttackCtx) -> None:
        if actx.choices.get("condition") not in SPECIAL_CONDITIONS:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.condition names a Special Condition: %(names)s.",
                                            attack=actx.attack.name, names=", ".join(SPECIAL_CONDITIONS)))

    def after(self, actx: AttackCtx) -> None:
        if actx.defender is not None:
            actx.inflict(actx.defender, actx.choices["condition"])

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{"condition": c} for c in SPECIAL_CONDITIONS]


class AfterDamage(Protocol):
    """An effect done after the damage."""
    def after(self, actx: AttackCtx) -> None: ...
    def describe(self) -> str: ...


class DoIf(Effect):
    """After the damage, `effect` (its `after`) when `condition` holds; its choices (`check`,
    `options`) are the effect's, checked before the attack as always."""

    def __init__(self, condition: Condition, effect: AfterDamage):
        self.condition, self.effect = condition, effect
        self.text = f"if {condition.text}, {effect.describe()}"

    def check(self, actx: AttackCtx) -> None:
        if hasattr(self.effect, "check"):
            self.effect.check(actx)

    def after(self, actx: AttackCtx) -> None:
        if self.condition.test(actx):
            self.effect.after(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return self.effect.options(state, seat, attacker) if hasattr(self.effect, "options") else [{}]


class OnlyFirstTurnGoingSecond(Effect):
    """"You can use this attack only if you go second, and only during your first turn." (turn 2)."""
    text = "can be used only by the player who went second, during their first turn"
    settled_by_check = ()

    def check(self, actx: AttackCtx) -> None:
        if actx.state.turn != 2:
            raise Illegal("R-ATTACK-1", msg("%(pokemon)s can use %(attack)s only if its player went second, during "
                                            "their first turn.", pokemon=actx.attacker_name, attack=actx.attack.name))


# The Trainer cards a lock names (a translatable phrase each) and the rule that plays them.
LOCKED_KINDS = {"supporter": msg("Supporter cards"), "stadium": msg("Stadium cards")}
KIND_RULES = {"supporter": "R-TRAINER-2", "stadium": "R-TRAINER-3"}


@lasting("cant_play_kind")
class CantPlayKind:
    """Lasting: the opponent of this Pokémon's owner can't play Trainer cards of `kind` from their hand."""

    def can_play(self, src: Listener, ev: PlayEvent) -> Illegal | None:
        if ev.kind != src.data["trainer_kind"] or ev.ctx.seat == src.seat:
            return None
        kind = src.data["trainer_kind"]
        return Illegal(KIND_RULES[kind], msg("%(seat)s can't play %(what)s this turn (%(why)s).",
                                             seat=ev.ctx.seat_label(ev.ctx.seat), what=LOCKED_KINDS[kind],
                                             why=src.data.get("why", AN_EFFECT)))


class OpponentCantPlayNextTurn(Effect):
    """"Your opponent can't play any <kind> cards from their hand during their next turn." (a
    lasting "cant_play_kind" on each of the attacking player's Pokémon in play)."""

    def __init__(self, kind: str):
        self.kind = kind
        self.text = f"your opponent can't play any {kind} cards from their hand during their next turn"

    def after(self, actx: AttackCtx) -> None:
        for p in actx.me.in_play():
            add_effect(p, "cant_play_kind", next_turn_of_opponent(actx.state), trainer_kind=self.kind,
                       why=actx.attack.name,
                       survives_bench=True, survives_evolution=True)
        actx.say(msg("%(seat)s can't play %(what)s during the next turn.", seat=actx.seat_label(actx.opp),
                     what=LOCKED_KINDS[self.kind]), KIND_RULES[self.kind])


class DiscardOpponentStadiumThenLock(Effect):
    """"If your opponent has a Stadium in play, discard it. If you do, your opponent can't play any
    Stadium cards from their hand during their next turn." (after the damage)."""
    text = ("discard the opponent's Stadium in play; if you do, they can't play Stadium cards during their next "
            "turn")

    def after(self, actx: AttackCtx) -> None:
        stadium = actx.state.stadium
        if stadium is None or stadium["owner"] != actx.opp:
            return
        discard_stadium(actx)
        OpponentCantPlayNextTurn("stadium").after(actx)


class HeadsMoreAndHeal(Effect):
    """"Flip a coin. If heads, this attack does `bonus` more damage, and heal `amount` damage from
    this Pokémon." (the printed "+")."""

    def __init__(self, bonus: int, amount: int):
        self.bonus, self.amount = bonus, amount
        self.text = f"flip a coin — heads: +{bonus} damage, and heal {amount} damage from this Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = attack_memo(actx, self)["heads"] = actx.flip(actx.attack.name)
        return amount + self.bonus if heads else amount

    def after(self, actx: AttackCtx) -> None:
        if attack_memo(actx, self)["heads"]:
            _said_healed(actx, actx.attacker, heal(actx, actx.attacker, self.amount))


class DiscardStadiumOrNothing(Effect):
    """"Discard a Stadium in play. If you can't, this attack does nothing." (before the damage)."""
    text = "discard the Stadium in play (either player's); with none, this attack does nothing"
    settled_by_check = ()

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if actx.state.stadium is None:
            actx.did_nothing = True
        else:
            discard_stadium(actx)
        return amount


@lasting("own_attacks_blocked")
class OwnAttacksBlocked:
    """Lasting: no Pokémon of this Pokémon's owner may attack."""

    def can_attack(self, src: Listener, ev: AttackEvent) -> Illegal | None:
        if ev.ctx.seat != src.seat:
            return None
        return Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s this turn (%(why)s).",
                                         pokemon=ev.ctx.name(ev.attacker), attack=ev.attack.name,
                                         why=src.data.get("why", AN_EFFECT)))


class OwnPokemonCantAttackNextTurn(Effect):
    """"During your next turn, your Pokémon can't attack. (This includes new Pokémon that come into
    play.)" (a lasting)."""
    text = "during your next turn, your Pokémon can't attack (new ones included)"

    def after(self, actx: AttackCtx) -> None:
        for p in actx.me.in_play():
            add_effect(p, "own_attacks_blocked", actx.state.turn + 2, why=actx.attack.name, survives_bench=True,
                       survives_evolution=True)
        actx.say(msg("%(seat)s's Pokémon can't attack during their next turn.", seat=actx.seat_label(actx.seat)),
                 "R-ATTACK-1")


@lasting("few_energy_cant_attack")
class FewEnergyCantAttack:
    """Lasting: a Pokémon of the opponent of this Pokémon's owner with `most` or fewer Energy can't attack."""

    def can_attack(self, src: Listener, ev: AttackEvent) -> Illegal | None:
        if ev.ctx.seat == src.seat or energy_count(ev.ctx.state, ev.attacker) > src.data["most"]:
            return None
        return Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s this turn (%(why)s).",
                                         pokemon=ev.ctx.name(ev.attacker), attack=ev.attack.name,
                                         why=src.data.get("why", AN_EFFECT)))


class FewEnergyCantAttackNextTurn(Effect):
    """"During your opponent's next turn, Pokémon that have `most` or less Energy attached can't
    attack. (This includes new Pokémon that come into play.)" (a lasting)."""

    def __init__(self, most: int):
        self.most = most
        self.text = f"during your opponent's next turn, Pokémon with {most} or less Energy attached can't attack"

    def after(self, actx: AttackCtx) -> None:
        for p in actx.me.in_play():
            add_effect(p, "few_energy_cant_attack", next_turn_of_opponent(actx.state), most=self.most,
                       why=actx.attack.name, survives_bench=True, survives_evolution=True)
        actx.say(msg("During the next turn, %(seat)s's Pokémon with %(count)s or less Energy attached can't attack.",
                     seat=actx.seat_label(actx.opp), count=self.most), "R-ATTACK-1")


@lasting("prevent_damage_from_tag")
class PreventDamageFromTag:
    """Lasting: damage from attacks of Pokémon tagged `tag` (their top card) to this Pokémon is prevented."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or src.data["tag"] not in ev.state.card_of(ev.attacker.top).tags:
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=src.data.get("why", AN_EFFECT)))
        return 0


class PreventDamageFromTagNextTurn(Effect):
    """"During your opponent's next turn, prevent all damage done to this Pokémon by attacks from
    <Tag> Pokémon." ("Ancient")."""

    def __init__(self, tag: str):
        self.tag = tag
        self.text = f"prevent all damage done to this Pokémon by attacks from {tag.capitalize()} Pokémon during the " \
                    "opponent's next turn"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "prevent_damage_from_tag", next_turn_of_opponent(actx.state), tag=self.tag,
                   why=actx.attack.name)
        actx.say(msg("%(pokemon)s is protected during the opponent's next turn from the damage of attacks from "
                     "%(which)s.", pokemon=actx.attacker_name, which=TAG_NAMES[self.tag]), "R-DAMAGE-1")


TAG_NAMES = {"ancient": msg("Ancient Pokémon")}


class CountersUntilHp(PlaceCounters):
    """"Put damage counters on <where> until its remaining HP is `left`.": `where` as
    `PlaceCounters` ("active", "one"), or "each_benched" (every one of the opponent's Benched
    Pokémon)."""

    def __init__(self, left: int, where: str = "active"):
        super().__init__(0, "one_benched" if where == "each_benched" else where)
        self.left = left
        self.each = where == "each_benched"
        whom = "each of your opponent's Benched Pokémon" if self.each else self._WHERE[where]
        self.text = f"put damage counters on {whom} until its remaining HP is {left}"

    def check(self, actx: AttackCtx) -> None:
        if not self.each:
            super().check(actx)

    def after(self, actx: AttackCtx) -> None:
        targets = list(actx.them.bench) if self.each else attack_memo(actx, self)["picks"]
        for p in targets:
            if not actx.can_affect(p):
                continue
            counters = (actx.state.hp(p) - p.damage - self.left) // 10
            if counters > 0:
                place_counters(actx, p, counters, actx.attack.name)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] if self.each else super().options(state, seat, attacker)


__all__ = ["HEALED_THIS_TURN", "MOVED_TO_ACTIVE_THIS_TURN", "CantUseUntilLeavesActive", "CountersUntilHp",
           "DoesNothingIf", "Fits", "HealChosenOwn", "HealEachFitting", "InflictIf", "MayDiscardToInflict",
           "evolved_from_this_turn", "negated", "supporter_played", "CoinsTimesThenInflict", "InflictChosen",
           "DoIf", "SPECIAL_CONDITIONS", "CantPlayKind", "DiscardOpponentStadiumThenLock", "OnlyFirstTurnGoingSecond",
           "OpponentCantPlayNextTurn", "HeadsMoreAndHeal", "DiscardStadiumOrNothing", "OwnAttacksBlocked",
           "OwnPokemonCantAttackNextTurn", "PreventDamageFromTag", "PreventDamageFromTagNextTurn", "TAG_NAMES",
           "FewEnergyCantAttack", "FewEnergyCantAttackNextTurn"]
