"""EX Ruby & Sapphire Pokémon ex1-46 … ex1-79 (Swellow, Vigoroth and the Basic Pokémon after them).

Most cards are one line of data over the shared vocabulary (`effects/`, and Flail's
`PerOwnCounter` from base1_pokemon_2); what needs its own logic gets a small class below, each
wording its own `text` from its parameters (never the printed card). The classes meant for
other sets too come first; the two powers (Drive Off, Rough Skin) after them.

Rulings taken here:
- "Each Defending Pokémon" (Super Thunder Wave, Burn Off, Trembler) is the one Defending
  Pokémon: the referee plays single battles, where there is exactly one.
- Drive Off is a Poké-Power: once per turn per Pokémon (the turn's `powers_used` count of its
  Basic card), only while Swellow is the Active Pokémon, refused while Swellow has any Special
  Condition (by kind, R-POWER-2) and refused when the opponent has no Benched Pokémon (it
  would do nothing). The opponent picks the Benched Pokémon; the action reports that pick in
  `choices.pokemon` (as Whirlwind does in the Base Set), which may be left out when the
  opponent has a single Benched Pokémon. It is not an attack: effects that prevent the effects
  of attacks don't stop it, and the Pokémon switched out loses its Special Conditions and the
  effects of attacks on it as usual (R-RETREAT-6).
- Rough Skin (a Poké-Body: it works even while Carvanha has a Special Condition) answers damage
  an opponent's attack does to Carvanha while Carvanha is Active, even when that damage
  Knocks it Out. The counter is placed, not damage (R-DAMAGE-3), so nothing modifies it; if it
  Knocks the attacker Out, both Knock Outs are settled together after the attack (R-KO-4).
  Damage reduced to 0 is no damage and triggers nothing.
- Big Bite / Shadow Bind leave a lasting effect on the Defending Pokémon until the end of the
  opponent's next turn; it answers `can_retreat` (R-RETREAT-1). It is an attack's effect, so it
  ends if that Pokémon leaves the Active spot another way (a Switch) or evolves; an effect that
  shields the Pokémon from attacks' effects keeps it off.
- Teary Eyes uses the shared "reduce_damage" lasting effect: during the opponent's next turn
  damage from the opponent's attacks to Aron is 10 less, after Weakness and Resistance
  (R-DAMAGE-1 f, an effect of the Defending Pokémon's last attack).
- Rest removes every Special Condition and then up to 4 damage counters from Wailmer, and then
  makes it Asleep.
- Water Gun counts the Water Energy beyond the cost the way that gives the most: a unit that
  provides every type (Rainbow Energy) counts as Water, and Colorless is paid first with units
  that are not Water. At most +20.
- Link Blast compares the amount of Energy attached (units provided, so an Energy card that
  provides 2 counts 2), not the number of Energy cards.
- Trembler: tails, the attack does nothing (R-ATTACK-3); heads, 10 damage to the Defending
  Pokémon (Weakness and Resistance apply: it is the attack's damage), then Paralysis.
- Fireworks discards, on tails, one Energy card attached to Torchic that provides Fire (a
  Rainbow Energy does). Which one, when there are several, is chosen with the action in
  `choices.cards` (whatever the coin later says), as every choice of an attack is made before
  its coins (R-ATTACK-2).
- Knock Off: the attacker picks a card of the opponent's hand "without looking", so a player
  can't name one (R-HIDDEN-1): the card is drawn at random with the action's randomness (a
  shuffle of the hand's positions, recorded in the event and replayed). At a paper table the
  table's shuffle draws no order, so it is the first card of the hand as the engine holds it;
  the table may name it (`revealed`). An empty hand: nothing happens. It acts on the hand, not on
  the Defending Pokémon, so effects that shield a Pokémon don't stop it.
- Plus Energy attaches one basic Energy card from the hand (`choices.cards`) to one of your
  Pokémon (`choices.to`, this Pokémon included). It is not the turn's one Energy attachment
  (R-ENERGY-1) and it tells the cards in play that an Energy was attached from the hand
  (`on_attach`). With no basic Energy card in the hand it does nothing; either choice may be
  left out when it has a single possibility.
- Signs of Evolution (R-HIDDEN-1) works in two steps for a player: the attack shows the deck
  (`pending`), then `choose` takes `choices.search`: one card named Silcoon, Beautifly, Cascoon
  or Dustox, or two cards that make one of the pairs (Silcoon and Beautifly, or Cascoon and
  Dustox). The cards are shown to the opponent and put into the hand, then the deck is
  shuffled. As with every search (R-TRAINER-5), a fitting card must be taken when the deck
  holds one; `search: []` only when it holds none. A judge may give `choices.search` with the
  attack itself. An empty deck is only shuffled, without a choose step.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import joined, msg
from ..carddb import define_pokemon
from ..core import (
    Illegal,
    attach_by_effect,
    condition_name,
    cure,
    heal,
    shuffle_deck,
)
from .effects import (
    BaseIfEnergyDiffers,
    CoinsTimes,
    DefendingCantRetreat,
    DiscardFromOpponentHandUnseen,
    DiscardOwnEnergyAfter,
    Effect,
    ExtraEnergyBonus,
    FlipWithChoices,
    HeadsDamage,
    Inflict,
    PerOwnCounter,
    PlusPerOwnCounter,
    ReduceDamageNextTurn,
    RoughSkin,
    SelfDamage,
    SwitchDefending,
    SwitchOpponentsActive,
    TailsDoesNothing,
    attack_memo,
    chosen_cards,
    heads,
    one_instance,
    own_in_play,
    refuse_blind_none,
    to_hand,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


# -- effects for other sets too ----------------------------------------------------------------


class Rest(Effect):
    """Remove every Special Condition and up to `counters` damage counters from this Pokémon;
    then it is Asleep."""

    def __init__(self, counters: int):
        self.counters = counters
        self.text = (f"remove all Special Conditions and {counters} damage counters (all, if fewer) from this "
                     "Pokémon; then it is Asleep")

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker
        had = list(p.conditions)
        cure(p)
        healed = heal(actx, p, 10 * self.counters)
        if had:
            actx.say(msg("%(pokemon)s recovers from %(conditions)s and has %(count)s damage counter(s) removed "
                         "(%(damage)s/%(hp)s).", pokemon=actx.attacker_name,
                         conditions=joined(condition_name(c) for c in had), count=healed // 10, damage=p.damage,
                         hp=actx.state.hp(p)))
        else:
            actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed (%(damage)s/%(hp)s).",
                         pokemon=actx.attacker_name, count=healed // 10, damage=p.damage, hp=actx.state.hp(p)))
        actx.inflict(p, "asleep")


class AttachBasicEnergyFromHand(Effect):
    """Attach a basic Energy card from the hand (choices.cards) to one of your Pokémon
    (choices.to); not the turn's Energy attachment. Nothing to attach: nothing happens."""
    text = ("attach a basic Energy card from your hand (choices.cards) to one of your Pokémon (choices.to); "
            "this is not your Energy attachment for the turn")
    choice_zones = {"cards": "hand"}

    @staticmethod
    def _energies(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if state.card_of(i).is_basic_energy]

    def _chosen(self, actx: AttackCtx) -> tuple[str, Pokemon] | None:
        energies = self._energies(actx.state, actx.seat)
        if not energies:
            return None
        (card,) = chosen_cards(actx, energies, 1, msg("basic Energy card from your hand"))
        mine = actx.me.in_play()
        raw = one_instance(actx.choices, "to")
        if raw is None and len(mine) == 1:
            return card, mine[0]
        target = own_in_play(actx.state, actx.seat, raw)
        if target is None:
            raise Illegal("R-ATTACK-2", msg("choices.to must name one of your Pokémon in play."))
        return card, target

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["chosen"] = self._chosen(actx)

    def after(self, actx: AttackCtx) -> None:
        chosen = attack_memo(actx, self).get("chosen")
        if chosen is None:
            actx.say(msg("%(seat)s has no basic Energy card in hand: %(attack)s attaches nothing.",
                         seat=actx.seat_label(actx.seat), attack=actx.attack.name), "R-TRAINER-5")
            return
        card, target = chosen
        actx.me.hand.remove(card)
        actx.say(msg("%(attack)s attaches %(card)s from the hand to %(pokemon)s (not the turn's Energy attachment).",
                     attack=actx.attack.name, card=actx.ref(card, shown_to="*"), pokemon=actx.name(target)),
                 "R-ENERGY-1")
        attach_by_effect(actx, target, card, from_hand=True)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        energies = self._energies(state, seat)
        if not energies:
            return [{}]
        return [{"cards": [e], "to": p.top} for e in energies for p in state.seats[seat].in_play()]


class SearchDeckForPair(Effect):
    """Search the deck for one card of the named pairs, or both cards of one pair; show them
    and put them into the hand, then shuffle. Two steps for a player (R-HIDDEN-1): the attack
    shows the deck, then `choose` names `choices.search`."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def __init__(self, *pairs: tuple[str, str]):
        self.pairs = pairs
        named = " or ".join(f"{a} and {b}" for a, b in pairs)
        self.text = (f"look through your deck for {named}: take 1 of those cards or both cards of one pair "
                     "(choices.search, after the deck is shown), show them and put them into your hand, "
                     "then shuffle your deck")

    def _pairs_text(self) -> str:
        """"A and B or C and D", translatable."""
        out: str | None = None
        for a, b in self.pairs:
            pair = msg("%(first)s and %(second)s", first=a, second=b)
            out = pair if out is None else msg("%(first)s or %(second)s", first=out, second=pair)
        return out or ""

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        names = {n for pair in self.pairs for n in pair}
        return [i for i in among if state.card_of(i).name in names]

    def _fits(self, state: State, cards: list[str]) -> bool:
        if len(cards) == 1:
            return True
        names = sorted(state.card_of(i).name for i in cards)
        return len(cards) == 2 and any(names == sorted(pair) for pair in self.pairs)

    def _picked(self, actx: AttackCtx, among: list[str], hidden_zone: bool) -> list[str]:
        state = actx.state
        raw = actx.choices.get("search")
        if hidden_zone:
            refuse_blind_none("search", raw, 1, actx.me.deck)
        fitting = self._fitting(state, among)
        if raw is None and not fitting:
            return []
        if (not isinstance(raw, list) or any(not isinstance(i, str) for i in raw) or len(set(raw)) != len(raw)
                or any(i not in fitting for i in raw)):
            if hidden_zone:
                raise Illegal("R-ATTACK-2", msg("In choices.search, name the cards to take from the deck."))
            raise Illegal("R-ATTACK-2", msg("In choices.search, name the cards to take from the deck among: "
                                            "%(cards)s.",
                                            cards=actx.refs(fitting) if fitting else msg("none of them is there")))
        if not raw:
            if fitting:
                raise Illegal("R-TRAINER-5", msg("The deck holds a card the search finds: take 1 card, or both cards "
                                                 "of a pair."))
            return []
        if not self._fits(state, raw):
            raise Illegal("R-ATTACK-2", msg("Take 1 card, or 2 cards that make one pair: %(pairs)s.",
                                            pairs=self._pairs_text()))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        if "search" in actx.choices:
            attack_memo(actx, self)["search"] = self._picked(actx, actx.me.deck, hidden_zone=True)

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        if "search" in memo:
            self._take(actx, memo["search"])
        elif not actx.me.deck:
            actx.say(msg("%(seat)s's deck is empty: there is nothing to find.", seat=actx.seat_label(actx.seat)),
                     "R-TRAINER-5")
            self._take(actx, [])
        else:
            actx.say(msg("%(seat)s looks through the deck for %(attack)s.", seat=actx.seat_label(actx.seat),
                         attack=actx.attack.name))
            actx.ask("search", actx.attacker.top, actx.me.deck, by="attack", attack=actx.attack.name,
                     effect=actx.attack.effects.index(self))

    def _take(self, actx: AttackCtx, cards: list[str]) -> None:
        to_hand(actx, actx.seat, cards, "deck")
        shuffle_deck(actx, actx.seat)
        if cards:
            actx.say(msg("%(seat)s shows %(cards)s, puts them into the hand and shuffles the deck.",
                         seat=actx.seat_label(actx.seat), cards=actx.refs(cards, shown_to="*")))
        else:
            actx.say(msg("%(seat)s finds no such card and shuffles the deck.", seat=actx.seat_label(actx.seat)),
                     "R-TRAINER-5")

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        self._take(actx, self._picked(actx, shown, hidden_zone=False))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        out: list[dict[str, Any]] = [{"search": [i]} for i in fitting]
        out += [{"search": [a, b]} for n, a in enumerate(fitting) for b in fitting[n + 1:]
                if self._fits(state, [a, b])]
        return out or [{"search": []}]


# -- the powers ------------------------------------------------------------------------------

class DriveOff(SwitchOpponentsActive):
    """Once during your turn, while this Pokémon is Active: the opponent switches their
    Defending Pokémon with one of their Benched Pokémon, which they pick (choices.pokemon)."""
    text = ("once during your turn, while this Pokémon is your Active Pokémon: switch the opponent's "
            "Defending Pokémon with one of their Benched Pokémon, which the opponent picks (reported in "
            "choices.pokemon); not while this Pokémon has a Special Condition")

    opponent_picks = True


# -- the cards -------------------------------------------------------------------------------


define_pokemon("ex1-46", {"Wing Attack": []}, power=DriveOff())                        # Swellow
define_pokemon("ex1-47", {"Fury Swipes": CoinsTimes(3), "Rage": PlusPerOwnCounter(10)})  # Vigoroth
define_pokemon("ex1-48", {"Rest": Rest(4),                                             # Wailmer
                          "Water Gun": ExtraEnergyBonus("Water", per=10, max_extra=2)})
define_pokemon("ex1-49", {"Teary Eyes": ReduceDamageNextTurn(10), "Ram": []})           # Aron
define_pokemon("ex1-50", {"Gnaw": []})                                                 # Aron
define_pokemon("ex1-51", {"Big Bite": DefendingCantRetreat()}, power=RoughSkin(1))     # Carvanha
define_pokemon("ex1-52", {"Headbutt": []})                                             # Electrike
define_pokemon("ex1-53", {"Super Thunder Wave": heads(Inflict("paralyzed")), "Tackle": []})  # Electrike
define_pokemon("ex1-54", {"Tackle": [], "Double-edge": SelfDamage(10)})                # Koffing
define_pokemon("ex1-55", {"Flail": PerOwnCounter()})                                   # Goldeen
define_pokemon("ex1-56", {"Slap Push": [], "Lunge Out": []})                           # Makuhita
define_pokemon("ex1-57", {"Fling": SwitchDefending("opponent"), "Low Kick": []})       # Makuhita
define_pokemon("ex1-58", {"Fake Out": heads(Inflict("paralyzed"))})                    # Makuhita
define_pokemon("ex1-59", {"Bubble": heads(Inflict("paralyzed"))})                      # Mudkip
define_pokemon("ex1-60", {"Pound": [], "Fury Swipes": CoinsTimes(3)})                  # Mudkip
define_pokemon("ex1-61", {"Headbutt": [], "Burn Off": heads(Inflict("burned"))})       # Numel
define_pokemon("ex1-62", {"Stampede": [], "Trembler": HeadsDamage(10, Inflict("paralyzed"))})  # Phanpy
define_pokemon("ex1-63", {"Bite": []})                                                 # Poochyena
define_pokemon("ex1-64", {"Knock Off": heads(DiscardFromOpponentHandUnseen()), "Rear Kick": []})  # Poochyena
define_pokemon("ex1-65", {"Shadow Bind": DefendingCantRetreat()})                      # Poochyena
define_pokemon("ex1-66", {"Confuse Ray": heads(Inflict("confused"))})                  # Ralts
define_pokemon("ex1-67", {"Headbutt": [], "Hypnoblast": Inflict("asleep")})            # Ralts
define_pokemon("ex1-68", {"Pound": [], "Link Blast": BaseIfEnergyDiffers(10)})         # Ralts
define_pokemon("ex1-69", {"Sleep Powder": Inflict("asleep")})                          # Shroomish
define_pokemon("ex1-70", {"Plus Energy": AttachBasicEnergyFromHand(), "Scratch": []})  # Skitty
define_pokemon("ex1-71", {"Tackle": [], "Lunge": TailsDoesNothing()})                  # Skitty
define_pokemon("ex1-72", {"Peck": [], "Wing Attack": []})                              # Taillow
define_pokemon("ex1-73", {"Peck": [], "Fireworks": FlipWithChoices(tails=DiscardOwnEnergyAfter(1, "Fire"))})  # Torchic
define_pokemon("ex1-74", {"Singe": heads(Inflict("burned"))})                          # Torchic
define_pokemon("ex1-75", {"Poison Breath": heads(Inflict("poisoned"))})                # Treecko
define_pokemon("ex1-76", {"Tail Slap": [], "Razor Leaf": []})                          # Treecko
define_pokemon("ex1-77", {"Surprise Attack": TailsDoesNothing()})                      # Wingull
define_pokemon("ex1-78", {"Signs of Evolution": SearchDeckForPair(("Silcoon", "Beautifly"),  # Wurmple
                                                                  ("Cascoon", "Dustox")),
                          "Poison Barb": Inflict("poisoned")})
define_pokemon("ex1-79", {"Fury Swipes": CoinsTimes(3)})                               # Zigzagoon
