"""EX Ruby & Sapphire Pokémon ex1-21 … ex1-45 (Seaking … Slakoth), with their Poké-Bodies Rough
Skin, Natural Remedy, Hard Cocoon and Natural Cure.

Most cards are a line of data over `effects.py`; the effects and powers they need beyond it are
small classes at the top of this module, each with its reason beside it (the lead may gather the
shared ones into `effects.py`). Every `text` is this module's own wording, never the printed card.

Rulings taken here:
- "Each Defending Pokémon" (Poison Smog, Dazzle Dance) is the one Defending Pokémon of a game
  with one Active Pokémon a side. Fast Stream's Energy move needs a second Defending Pokémon,
  which such a game never has, so it is ignored as its text says: the attack does its 30 damage
  and says that nothing moves.
- Water Arrow (choices.pokemon: one of the opponent's Pokémon; left out when there is only
  one): the opponent's Active is the Defending Pokémon, so its 20 damage is the attack's damage
  to it, with Weakness, Resistance and every damage effect (R-DAMAGE-1); a Benched Pokémon
  takes it without Weakness and Resistance (R-DAMAGE-2).
- Dark Slash: the optional discard is named at announcement (choices.cards: one Energy card
  attached to Sharpedo that provides Darkness — Darkness Energy, or Rainbow Energy, which
  provides every type while attached; left out, nothing is discarded). It is part of the
  attack's effect, not a cost of using it (seed 002's order pays before the Confusion check only
  what the attack needs done to be used at all): it happens as the damage is worked out, after
  the Confusion flip, so a Confused Sharpedo that fails its flip keeps the card.
- Rough Skin answers only while Sharpedo is the Active Pokémon, each time an opponent's attack
  puts damage on it (even when that Knocks it Out); the 2 damage counters are placed, not
  damage (R-DAMAGE-3), on the attacking Pokémon if it is still in play. It is a Poké-Body:
  Special Conditions don't stop it (R-POWER-2).
- Natural Remedy and Natural Cure answer an Energy card attached from the hand (an attachment
  by an effect that moves a card from elsewhere is not "from your hand"), and only the basic
  Energy card of their type (Rainbow Energy is not a Water, Fire or Grass Energy card in the
  hand). Natural Remedy's "once during your turn" counts only an attachment that removed a
  counter: attaching to an undamaged Swampert leaves it unused for that turn.
- Hard Cocoon flips each time an opponent's attack would put damage on Cascoon / Silcoon
  (Active or Benched) after Weakness, Resistance and Trainer effects (R-DAMAGE-1 f); no flip
  when that damage is already 0. Heads: 30 less, never below 0.
- Energy Call / Charge name the card to attach in choices.cards (left out when only one card
  fits); with none in the discard pile the attack still does its damage. The attachment is not
  from the hand (AttachEvent.from_hand False) and is not the turn's Energy attachment.
- Cannonball counts Energy units: every unit attached beyond the attack's 2-unit cost adds 10.
- Swift's damage to the Defending Pokémon skips Weakness, Resistance and every effect on the
  Defending Pokémon — Trainer and Special Energy effects (R-DAMAGE-1 e, defender side), its
  powers and the effects of attacks on it (f), and effects that shield it from attacks
  (AttackCtx.ignores "defender_effects"); the attacker's own effects (b, e attacker side) still
  apply. Aqua Sonic skips only Resistance.
- Removal Beam names the Energy card to discard at announcement (choices.cards, left out when
  the Defending Pokémon has one or none); it is discarded only on heads.
- Life Drain (heads) places counters (R-DAMAGE-3) until the Defending Pokémon has 10 HP left;
  it places none when it already has 10 HP or less left.
- Gigashock names the Benched Pokémon in choices.pokemon: 2 of them, or every one when the
  opponent has 2 or fewer (then it may be left out).
- Seek Out and Minor Errand-Running look through the deck (R-HIDDEN-1): a player's attack shows
  the deck (state.pending, by="attack") and the next action `choose` names the cards in
  choices.search; choices.search may also be given in the attack itself (a judge, a
  scorekeeper). Seek Out takes 0 to 2 cards. Minor Errand-Running must take 2 basic Energy
  cards, or as many as the deck holds (R-TRAINER-5: do as much as you can), shows them to both
  players, and the deck is shuffled afterwards either way. `legal_actions` lists one choice per
  distinct set of card ids (two copies of one card are the same choice).
- Continuous Headbutt flips until tails, at most 100 times (a guard against a coin source that
  never says tails, like the heads-only probe of `legal_actions`; no real game reaches it).
- At a paper table (table mode) the searched cards may be named by card id, in the `choose`
  step (`choose_zones`) or in the attack action itself (`choice_zones`).
- Gooey Thread and Slack Off leave effects of attacks that end as usual when that Pokémon goes
  to the Bench or evolves (R-RETREAT-6, R-EVOLVE-5): Gooey Thread until the end of the
  opponent's next turn, Slack Off until the end of its owner's next turn.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...messages import joined, msg
from ..carddb import define_pokemon
from ..core import Illegal, attach_by_effect, condition_name, cure, heal, place_counters, provided_energy, shuffle_deck
from ..hooks import AttachEvent, DamageEvent, Listener
from .effects import (
    BenchDamage,
    CantAttackNextTurn,
    ChosenBenchDamage,
    CoinsTimes,
    DefendingCantRetreat,
    DiscardDefendingEnergy,
    Effect,
    Flip,
    FlipBonusOrSelfDamage,
    FlipWithChoices,
    HealSelf,
    Inflict,
    Power,
    RoughSkin,
    SelfDamage,
    TailsDoesNothing,
    _memo,
    chosen_cards,
    energy_of_type,
    protected_from_attacks,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


# -- helpers -----------------------------------------------------------------------------------

def _is_basic_energy_of(state: State, instance: str, energy_type: str | None = None) -> bool:
    """A basic Energy card (of `energy_type` when given)."""
    c = state.card_of(instance)
    return c.is_basic_energy and (energy_type is None or energy_type in c.provides)


def _is_energy_card(state: State, instance: str, energy_type: str | None = None) -> bool:
    """Any Energy card, or (with `energy_type`) the basic Energy card of that type."""
    if energy_type is not None:
        return _is_basic_energy_of(state, instance, energy_type)
    return state.card_of(instance).supertype == "Energy"


def _one_per_card(state: State, instances: list[str]) -> list[str]:
    """The first instance of each card id: the distinct choices among equal cards."""
    seen: dict[str, str] = {}
    for i in instances:
        seen.setdefault(state.card_id(i), i)
    return list(seen.values())


# The most picks a card's options list: a hand of 30 different cards has 155 million ways to
# take 15 of them. Beyond it `legal_actions` offers the first ones (fewest cards first); every
# other pick is still taken when sent.
MAX_PICKS = 256


def _distinct_picks(state: State, instances: list[str], lo: int, hi: int) -> list[list[str]]:
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


def _in_play_name(state: State, p: Pokemon) -> str:
    return state.card_of(p.top).name


# -- attack effects this module needs ---------------------------------------------------------

class DamageChosenOpponent(Effect):
    """`amount` damage to one of the opponent's Pokémon, chosen in choices.pokemon. No vocabulary
    effect picks the target of an attack's own damage: the Active takes it as the attack's damage
    to the Defending Pokémon, a Benched one as Bench damage."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"{amount} damage to one of the opponent's Pokémon you choose (choices.pokemon); "
                     "Weakness and Resistance count only for the Active Pokémon")

    def _target(self, actx: AttackCtx) -> Pokemon:
        theirs = actx.them.in_play()
        chosen = actx.choices.get("pokemon")
        if chosen is None and len(theirs) == 1:
            return theirs[0]
        pick = chosen[0] if isinstance(chosen, list) and len(chosen) == 1 else None
        target = next((p for p in theirs if pick in p.stack), None)
        if target is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the opponent's Pokémon in "
                                            "play.", attack=actx.attack.name))
        return target

    def check(self, actx: AttackCtx) -> None:
        _memo(actx, self)["target"] = self._target(actx)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        target = _memo(actx, self)["target"]
        return amount + self.amount if target is actx.defender else amount

    def after(self, actx: AttackCtx) -> None:
        target = _memo(actx, self)["target"]
        if target is not actx.defender:
            actx.deal_damage(target, self.amount, to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        theirs = state.seats[1 - seat].in_play()
        return [{}] if len(theirs) <= 1 else [{"pokemon": [p.top]} for p in theirs]


class NeedsTwoDefending(Effect):
    """A part of an attack that acts only between two Defending Pokémon (a 2-on-2 game), which a
    game with one Active Pokémon a side never has: it narrates that nothing happens."""

    def __init__(self, what: str):
        self.what = what        # what does not happen, in a sentence (a translatable `msg`)
        self.text = f"{what} — only with 2 Defending Pokémon, so nothing happens in a game with one Active each"

    def after(self, actx: AttackCtx) -> None:
        actx.say(msg("%(attack)s: the opponent has only 1 Defending Pokémon, so nothing else happens (%(what)s).",
                     attack=actx.attack.name, what=self.what))


class MayDiscardForBonus(Effect):
    """An optional discard of 1 Energy card of a type attached to this Pokémon (choices.cards,
    left out to keep it) for `bonus` more damage. DiscardOwnEnergy is a required cost paid before
    the Confusion flip; this one is a choice, done as the damage is worked out."""

    def __init__(self, energy_type: str, bonus: int):
        self.energy_type = energy_type
        self.bonus = bonus
        self.text = (f"you may discard 1 {energy_type} Energy card attached to this Pokémon (choices.cards; "
                     f"leave it out to keep it): if you do, +{bonus} damage")

    def check(self, actx: AttackCtx) -> None:
        chosen = actx.choices.get("cards")
        allowed = energy_of_type(actx.state, actx.attacker, self.energy_type)
        if chosen is not None and (not isinstance(chosen, list) or len(chosen) != 1 or chosen[0] not in allowed):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards may name one %(type)s Energy card attached to "
                                            "%(pokemon)s: %(cards)s.", attack=actx.attack.name, type=self.energy_type,
                                            pokemon=actx.attacker_name,
                                            cards=", ".join(allowed) or msg("there is none")))
        _memo(actx, self)["card"] = chosen[0] if chosen else None

    def damage(self, actx: AttackCtx, amount: int) -> int:
        card = _memo(actx, self).get("card")
        if card is None:
            return amount
        actx.attacker.energy.remove(card)
        actx.me.discard.append(card)
        actx.say(msg("%(pokemon)s discards %(card)s for %(attack)s: +%(bonus)s damage.", pokemon=actx.attacker_name,
                     card=actx.name(card), attack=actx.attack.name, bonus=self.bonus), "R-ENERGY-3")
        return amount + self.bonus

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"cards": [i]} for i in energy_of_type(state, attacker, self.energy_type)]


class AttachFromDiscard(Effect):
    """Attach 1 Energy card (of a basic type, or any) from your discard pile to this Pokémon
    (`to="self"`) or to your Active Pokémon (`to="active"`), named in choices.cards."""

    def __init__(self, energy_type: str | None = None, to: str = "self"):
        self.energy_type = energy_type
        self.to = to
        what = f"{energy_type} Energy card" if energy_type else "Energy card (any kind)"
        where = "this Pokémon" if to == "self" else "your Active Pokémon"
        self.text = (f"attach 1 {what} from your discard pile to {where} (choices.cards, when more than one "
                     "fits; nothing when none does)")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if _is_energy_card(state, i, self.energy_type)]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        _memo(actx, self)["cards"] = chosen_cards(actx, allowed, 1, msg("Energy card from the discard pile to attach"))

    def after(self, actx: AttackCtx) -> None:
        cards = _memo(actx, self)["cards"]
        target = actx.attacker if self.to == "self" else actx.me.active
        if not cards or target is None:
            actx.say(msg("%(attack)s: no fitting Energy card in the discard pile to attach.", attack=actx.attack.name))
            return
        card = cards[0]
        actx.me.discard.remove(card)
        actx.say(msg("%(attack)s attaches %(card)s from the discard pile to %(pokemon)s.", attack=actx.attack.name,
                     card=actx.name(card), pokemon=actx.name(target)))
        attach_by_effect(actx, target, card, from_hand=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        if len(allowed) <= 1:
            return [{}]
        return [{"cards": [i]} for i in _one_per_card(state, allowed)]


class PlusPerExtraEnergy(Effect):
    """+`per` for each Energy unit attached beyond the attack's cost, whatever its type
    (ExtraEnergyBonus counts one type, up to a cap)."""

    def __init__(self, per: int = 10, max_extra: int | None = None):
        self.per = per
        self.max_extra = max_extra
        self.text = (f"+{per} damage for each Energy attached to this Pokémon beyond this attack's cost"
                     + (f" (at most +{per * max_extra})" if max_extra is not None else ""))

    def damage(self, actx: AttackCtx, amount: int) -> int:
        extra = max(0, len(provided_energy(actx.state, actx.attacker)) - len(actx.attack.cost))
        if self.max_extra is not None:
            extra = min(extra, self.max_extra)
        return amount + self.per * extra


class PlusPerHeads(Effect):
    """Flip `coins` coins: +`per` damage for each heads (CoinsTimes multiplies instead)."""

    def __init__(self, coins: int, per: int):
        self.coins = coins
        self.per = per
        self.text = f"flip {coins} coins: +{per} damage for each heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        return amount + self.per * heads


class FlipUntilTails(Effect):
    """Flip until tails: the printed damage times the heads (CoinsTimes flips a fixed number).
    At most `MAX_FLIPS` flips: a guard for a source that never says tails (legal_actions probes
    with heads only); a real coin reaching it is beyond any game."""
    MAX_FLIPS = 100
    text = "flip a coin until you get tails: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = 0
        while heads < self.MAX_FLIPS and actx.flip(msg("%(attack)s (flip %(n)s)", attack=actx.attack.name,
                                                       n=heads + 1)):
            heads += 1
        return actx.attack.damage * heads


class DiscardDefendingEnergyChosen(DiscardDefendingEnergy):
    """DiscardDefendingEnergy whose choice is checked at announcement (inside a FlipWithChoices
    the discard itself waits for heads)."""

    def __init__(self, count: int = 1):
        super().__init__(count)
        self.text = (f"discard {count} Energy card(s) attached to the Defending Pokémon, named when the attack is "
                     "announced (choices.cards; left out when it has no more than that)")

    def check(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is not None and d.energy:
            chosen_cards(actx, list(d.energy), self.count, msg("Defending Energy to discard"))


class DamageIgnores(Effect):
    """The attack's damage to the Defending Pokémon ignores Weakness, Resistance, or every effect
    on the Defending Pokémon (AttackCtx.ignores; combat.py)."""

    _WORDS = {"weakness": "Weakness", "resistance": "Resistance",
              "defender_effects": "Weakness, Resistance and every effect on the Defending Pokémon "
                                  "(its powers, Trainer and Energy cards, effects of attacks)"}

    def __init__(self, *ignores: str):
        self.ignores = frozenset(ignores)
        self.text = "this attack's damage ignores " + " and ".join(self._WORDS[w] for w in ignores)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        actx.ignores.update(self.ignores)
        return amount


class CountersUntilHpLeft(Effect):
    """Place damage counters on the Defending Pokémon until it has `left` HP left (not damage,
    R-DAMAGE-3)."""

    def __init__(self, left: int = 10):
        self.left = left
        self.text = f"put damage counters on the Defending Pokémon until it has {left} HP left"

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None:
            return
        if not actx.can_affect(d):
            actx.say(protected_from_attacks(actx.name(d)))
            return
        counters = (actx.state.hp(d) - self.left - d.damage) // 10
        if counters <= 0:
            actx.say(msg("%(pokemon)s already has %(hp)s HP or less left: %(attack)s places no counter.",
                         pokemon=actx.name(d), hp=self.left, attack=actx.attack.name), "R-DAMAGE-3")
            return
        place_counters(actx, d, counters, actx.attack.name)


class SearchDeckToHand(Effect):
    """Look through your deck and put cards from it into your hand, then shuffle (R-HIDDEN-1: two
    steps for a player — the attack shows the deck, `choose` names choices.search — or one when
    the attack already names them). `basic_energy`: only basic Energy cards, exactly `count` (or as
    many as there are) and shown to both players; otherwise up to `count` cards of any kind."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def __init__(self, count: int, basic_energy: bool = False):
        self.count = count
        self.basic_energy = basic_energy
        if basic_energy:
            self.text = (f"search your deck for {count} basic Energy cards (fewer only if the deck has fewer), "
                         "show them to the opponent and put them into your hand; shuffle the deck")
        else:
            self.text = f"search your deck for up to {count} cards and put them into your hand; shuffle the deck"

    def _fitting(self, state: State, instances: list[str]) -> list[str]:
        return [i for i in instances if not self.basic_energy or _is_basic_energy_of(state, i)]

    def _bounds(self, fitting: int) -> tuple[int, int]:
        hi = min(self.count, fitting)
        return (hi if self.basic_energy else 0), hi

    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        """choices.search, checked against the cards searched; a refusal lists none of them (the
        player may not have seen the deck)."""
        fitting = self._fitting(actx.state, among)
        lo, hi = self._bounds(len(fitting))
        raw = actx.choices.get("search")
        if raw is None and hi == 0:
            return []
        if (not isinstance(raw, list) or len(set(raw)) != len(raw)
                or any(not isinstance(i, str) or i not in fitting for i in raw)):
            if self.basic_energy:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct basic Energy cards of "
                                                "your deck.", attack=actx.attack.name))
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct cards of your deck.",
                                            attack=actx.attack.name))
        if not lo <= len(raw) <= hi:
            rule = "R-TRAINER-5" if len(raw) < lo else "R-ATTACK-2"    # fewer than it can, or more than it says
            if self.basic_energy:
                raise Illegal(rule, msg("%(attack)s takes %(count)s basic Energy cards, fewer only when the "
                                        "deck holds fewer; %(named)s named.", attack=actx.attack.name,
                                        count=self.count, named=len(raw)))
            raise Illegal(rule, msg("%(attack)s takes up to %(count)s cards; %(named)s named.",
                                    attack=actx.attack.name, count=self.count, named=len(raw)))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        if "search" in actx.choices:
            _memo(actx, self)["search"] = self._pick(actx, actx.me.deck)

    def after(self, actx: AttackCtx) -> None:
        picked = _memo(actx, self).get("search")
        if picked is not None:
            self._take(actx, picked)
            return
        if not actx.me.deck:
            actx.say(msg("%(attack)s: the deck is empty, nothing to search.", attack=actx.attack.name), "R-TRAINER-5")
            return
        actx.say(msg("%(seat)s looks through the deck for %(attack)s.", seat=actx.seat_label(actx.seat),
                     attack=actx.attack.name))
        actx.ask("search", actx.attacker.top, actx.me.deck, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        self._take(actx, self._pick(actx, shown))

    def _take(self, actx: AttackCtx, picked: list[str]) -> None:
        seat = actx.me
        for i in picked:
            seat.deck.remove(i)
            seat.hand.append(i)
        shuffle_deck(actx, actx.seat)
        shown_to = "*" if self.basic_energy else None
        rule = "R-TRAINER-5" if len(picked) < self.count else None
        if not picked:
            actx.say(msg("%(seat)s takes nothing from the deck and shuffles it.", seat=actx.seat_label(actx.seat)),
                     rule)
        elif self.basic_energy:
            actx.say(msg("%(seat)s shows and takes %(cards)s from the deck and shuffles it.",
                         seat=actx.seat_label(actx.seat), cards=actx.refs(picked, shown_to=shown_to)), rule)
        else:
            actx.say(msg("%(seat)s takes %(cards)s from the deck and shuffles it.", seat=actx.seat_label(actx.seat),
                         cards=actx.refs(picked, shown_to=shown_to)), rule)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        lo, hi = self._bounds(len(fitting))
        return [{"search": pick} for pick in _distinct_picks(state, fitting, lo, hi)]


# -- Poké-Bodies --------------------------------------------------------------------------------

class NaturalRemedy(Power):
    """Poké-Body: once during your turn, a Water Energy card attached from the hand to this
    Pokémon removes 1 damage counter from it (answers `on_attach`)."""
    text = ("once during your turn, when you attach a Water Energy card from your hand to this Pokémon, remove "
            "1 damage counter from it")
    energy_type = "Water"

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        p = src.on
        state = ev.ctx.state
        if (ev.pokemon is not p or p is None or not ev.from_hand or ev.ctx.seat != src.seat
                or not _is_basic_energy_of(state, ev.card, self.energy_type) or p.damage < 10):
            return
        used = p.flags.setdefault("body_used_turn", {})
        name = _in_play_name(state, p)
        if used.get("Natural Remedy") == state.turn:
            ev.ctx.say(msg("%(pokemon)s's Natural Remedy was already used this turn.", pokemon=name))
            return
        used["Natural Remedy"] = state.turn
        heal(ev.ctx, p, 10)
        ev.ctx.say(msg("%(pokemon)s's Natural Remedy removes 1 damage counter (%(damage)s/%(hp)s).", pokemon=name,
                       damage=p.damage, hp=state.hp(p)), "R-POWER-1")


class HardCocoon(Power):
    """Poké-Body: damage from an opponent's attack, after Weakness and Resistance, is 30 less on
    heads (answers `damage_defender`, R-DAMAGE-1 f)."""
    text = ("during the opponent's turn, when an opponent's attack would damage this Pokémon (after Weakness and "
            "Resistance), flip a coin: heads, that damage is 30 less")
    reduction = 30

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not ev.by_opponent:
            return dmg
        if not ev.ctx.flip(msg("%(pokemon)s's Hard Cocoon", pokemon=_in_play_name(ev.state, ev.target))):
            ev.note(msg("Hard Cocoon: tails"))
            return dmg
        dmg -= self.reduction
        ev.note(msg("Hard Cocoon −%(amount)s = %(damage)s", amount=self.reduction, damage=dmg))
        return dmg


class NaturalCure(Power):
    """Poké-Body: a basic Energy card of its type attached from the hand to this Pokémon removes
    all its Special Conditions (answers `on_attach`)."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"when you attach a {energy_type} Energy card from your hand to this Pokémon, it loses all "
                     "its Special Conditions")

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        p = src.on
        state = ev.ctx.state
        if (ev.pokemon is not p or p is None or not ev.from_hand or not p.conditions
                or not _is_basic_energy_of(state, ev.card, self.energy_type)):
            return
        gone = joined(condition_name(c) for c in p.conditions)
        cure(p)
        ev.ctx.say(msg("%(pokemon)s's Natural Cure removes its Special Conditions (%(conditions)s).",
                       pokemon=_in_play_name(state, p), conditions=gone), "R-POWER-1")


# -- the cards ----------------------------------------------------------------------------------

def heads(*effects: Effect) -> Flip:
    return Flip(heads=list(effects))


define_pokemon("ex1-21", {"Water Arrow": DamageChosenOpponent(20),
                          "Fast Stream": NeedsTwoDefending(msg("move 1 Energy card from one Defending Pokémon "
                                                               "to the other"))})
define_pokemon("ex1-22", {"Dark Slash": MayDiscardForBonus("Darkness", 30)}, power=RoughSkin(2))
define_pokemon("ex1-23", {"Water Arrow": DamageChosenOpponent(20), "Waterfall": []}, power=NaturalRemedy())
define_pokemon("ex1-24", {"Confusion Gas": Inflict("confused"),
                          "Poison Smog": [Inflict("poisoned"), BenchDamage(10, benches="opponent")]})
define_pokemon("ex1-25", {"Rollout": [], "Double Stab": CoinsTimes(2)})
define_pokemon("ex1-26", {"Poison Thread": Inflict("poisoned")}, power=HardCocoon())
define_pokemon("ex1-27", {"Flare": [], "Double Kick": CoinsTimes(2)})
define_pokemon("ex1-28", {"Lunge": TailsDoesNothing()}, power=NaturalCure("Fire"))
define_pokemon("ex1-29", {"Energy Call": AttachFromDiscard(to="active"), "Cannonball": PlusPerExtraEnergy(10)})
define_pokemon("ex1-30", {"Charge": AttachFromDiscard("Lightning"), "Thunder Jolt": Flip(tails=SelfDamage(10))})
define_pokemon("ex1-31", {"Poison Breath": Inflict("poisoned"), "Swift": DamageIgnores("defender_effects")})
define_pokemon("ex1-32", {"Slash": []}, power=NaturalCure("Grass"))
define_pokemon("ex1-33", {"Shove": heads(Inflict("paralyzed")), "Slap Down": PlusPerHeads(2, 10)})
define_pokemon("ex1-34", {"Removal Beam": FlipWithChoices(heads=DiscardDefendingEnergyChosen(1)), "Super Psy": []})
define_pokemon("ex1-35", {"Dazzle Dance": heads(Inflict("confused")), "Life Drain": heads(CountersUntilHpLeft(10))})
define_pokemon("ex1-36", {"Ram": [], "Metal Claw": []})
define_pokemon("ex1-37", {"Magnitude": BenchDamage(10, benches="both"), "One-Two Strike": PlusPerHeads(2, 20)})
define_pokemon("ex1-38", {"Seek Out": SearchDeckToHand(2), "Continuous Headbutt": FlipUntilTails()})
define_pokemon("ex1-39", {"Thundershock": heads(Inflict("paralyzed")), "Gigashock": ChosenBenchDamage(10, 2)})
define_pokemon("ex1-40", {"Bubble": heads(Inflict("paralyzed")), "Slash": []})
define_pokemon("ex1-41", {"Aqua Sonic": DamageIgnores("resistance")}, power=NaturalCure("Water"))
define_pokemon("ex1-42", {"Bite": [], "Ambush": FlipBonusOrSelfDamage(bonus=30)})
define_pokemon("ex1-43", {"Gooey Thread": DefendingCantRetreat()}, power=HardCocoon())
define_pokemon("ex1-44", {"Minor Errand-Running": SearchDeckToHand(2, basic_energy=True),
                          "Lullaby": Inflict("asleep")})
define_pokemon("ex1-45", {"Claw": TailsDoesNothing(), "Slack Off": [HealSelf("all"), CantAttackNextTurn()]})
