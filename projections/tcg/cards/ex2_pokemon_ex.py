"""EX Sandstorm Pokémon-ex, ex2-94 … ex2-100 (Aerodactyl ex … Wailord ex).

A Pokémon-ex is data: its `ex` tag and its 2 Prize cards come from the card facts
(`ex2_facts.json`, R-KO-2's `prize_count`). The attacks are lines over the shared vocabulary
(`effects/`); what they lack gets a small class below, with its reason beside it.

Rulings taken here:
- Primal Lock (Aerodactyl ex's Poké-Body) works from the Active spot or the Bench, whatever
  Aerodactyl ex's Special Conditions (R-POWER-2). While Aerodactyl ex is in play its owner's
  opponent can't play Pokémon Tool cards (refused, R-TRAINER-4); its owner still may. When
  Aerodactyl ex comes into play (it evolves from Mysterious Fossil, by any means: the evolve
  action, Rare Candy, Wally's Training) every Pokémon Tool attached to the opponent's Pokémon
  goes to the opponent's discard pile, and so does any Tool that becomes attached to an
  opponent's Pokémon while it is in play (`on_attach`). Tools its owner's own Pokémon hold stay.
- Supersonic, Ring of Fire: the Defending Pokémon is Confused; Burned and it can't retreat until
  the end of the opponent's next turn (an effect of an attack: it ends when that Pokémon leaves
  the Active spot or evolves, R-RETREAT-6, R-EVOLVE-5).
- Rend adds 30 when the Defending Pokémon already has damage counters as the attack is made.
  Metal Surge's 20 goes to each of the opponent's Benched Pokémon (no Weakness or Resistance,
  R-DAMAGE-2).
- Feedback counts the cards in the opponent's hand as the attack is done and places that many
  damage counters on the Defending Pokémon (R-DAMAGE-3: not damage; no Weakness, Resistance or
  damage effects; none with an empty hand). An effect that shields the Defending Pokémon from
  the effects of attacks stops it.
- Psystorm: 10 damage times the Energy attached to every Pokémon in play, both players', Active
  and Benched, counted as Energy provided (as ex1's "amount of Energy": a card that provides 2
  counts 2).
- Hydrocutter flips one coin per Energy attached to Kabutops ex (Energy provided), at most 3;
  40 damage per heads. Spiral Drain removes 2 damage counters from Kabutops ex after its damage
  (1 when it has only 1).
- Mega Thunderbolt's and Split Blast's discards ("Discard all Energy cards", "Discard 1 Energy
  card" attached to the attacker) are paid with the attack's costs, before the Confusion check,
  as ex1's Flamethrower and the Base Set's Thunderbolt: Split Blast names the card in
  `choices.cards` when there is a choice. Split Blast's second sentence needs two Defending
  Pokémon, which a game with one Active a side never has: the attack does its 100 and narrates
  that nothing else happens (ex1's Fast Stream).
- Super Deep Dive: with no Benched Pokémon it does nothing (after the Confusion check). Else it
  removes 3 damage counters from Wailord ex (all it has, if fewer), then switches it with one of
  its owner's Benched Pokémon (`choices.pokemon`, left out with one): Wailord ex goes to the
  Bench and loses Special Conditions and the effects of attacks (R-RETREAT-6). It is not a
  retreat. Dwindling Wave is 100 minus 10 per damage counter on Wailord ex, never below 0 (the
  Base Set's Karate Chop).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import joined, msg, msg_n
from ..carddb import define_pokemon
from ..core import Illegal, discard_cards, energy_count, heal, place_counters, switch_active
from .effects import (
    BenchDamage,
    BonusIfDefendingDamaged,
    DefendingCantRetreat,
    DiscardOwnEnergy,
    Effect,
    HealSelf,
    Inflict,
    MinusPerOwnCounter,
    NeedsTwoDefending,
    Power,
    affected_defender,
    attack_memo,
    heads,
    one_pokemon_named,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..core import Ctx
    from ..hooks import AttachEvent, EvolveEvent, Listener, PlayEvent
    from ..state import Pokemon, State


# -- Aerodactyl ex: Primal Lock ----------------------------------------------------------------

class PrimalLock(Power):
    """Poké-Body: the opponent can't play Pokémon Tools; the Tools on their Pokémon are discarded."""
    text = ("while this Pokémon is in play your opponent can't play Pokémon Tool cards; when it comes into play, "
            "and whenever a Tool gets attached to one of the opponent's Pokémon, the Tools on the opponent's "
            "Pokémon go to their discard pile")

    def can_play(self, src: Listener, ev: PlayEvent) -> Illegal | None:
        if ev.kind != "tool" or ev.ctx.seat == src.seat or src.on is None:
            return None
        return Illegal("R-TRAINER-4", msg("%(pokemon)s's Primal Lock: %(seat)s can't play Pokémon Tool cards while "
                                          "it is in play.", pokemon=ev.ctx.name(src.on),
                                          seat=ev.ctx.seat_label(ev.ctx.seat)))

    def on_evolve(self, src: Listener, ev: EvolveEvent) -> None:
        if ev.pokemon is src.on:
            self._discard_tools(ev.ctx, src)

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        state = ev.ctx.state
        if state.card_of(ev.card).trainer_kind == "tool" and state.find_pokemon(ev.pokemon.top)[0] == 1 - src.seat:
            self._discard_tools(ev.ctx, src)

    @staticmethod
    def _discard_tools(ctx: Ctx, src: Listener) -> None:
        state = ctx.state
        opp = 1 - src.seat
        for p in state.seats[opp].in_play():
            tools = [i for i in p.attached if state.card_of(i).trainer_kind == "tool"]
            if not tools:
                continue
            p.attached = [i for i in p.attached if i not in tools]
            discard_cards(ctx, opp, tools)
            holder = ctx.name(src.on) if src.on is not None else "Aerodactyl ex"
            ctx.say(msg_n("%(pokemon)s's Primal Lock: %(cards)s attached to %(other)s go(es) to %(seat)s's discard "
                          "pile.", "%(pokemon)s's Primal Lock: %(cards)s attached to %(other)s go(es) to %(seat)s's "
                          "discard pile.", len(tools), pokemon=holder, cards=joined(ctx.name(i) for i in tools),
                          other=ctx.name(p), seat=ctx.seat_label(opp)), "R-TRAINER-4")


# -- attack effects this module needs ------------------------------------------------------------

class CountersPerOpponentHandCard(Effect):
    """Damage counters on the Defending Pokémon, one per card in the opponent's hand (placed,
    R-DAMAGE-3). No vocabulary effect counts a hand."""
    text = "put 1 damage counter on the Defending Pokémon for each card in the opponent's hand"

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        if d is None:
            return
        counters = len(actx.them.hand)
        if not counters:
            actx.say(msg("%(seat)s has no card in hand: %(attack)s places no counter.",
                         seat=actx.seat_label(actx.opp), attack=actx.attack.name), "R-DAMAGE-3")
            return
        place_counters(actx, d, counters, msg_n("%(attack)s (%(num)s card(s) in the opponent's hand)",
                                                "%(attack)s (%(num)s card(s) in the opponent's hand)", counters,
                                                attack=actx.attack.name))


class TimesEnergyInPlay(Effect):
    """The printed damage times the Energy attached to every Pokémon in play, both players'
    (ex1's TimesEnergy counts only the attacker's and the Defending Pokémon's)."""
    text = "the printed damage times the amount of Energy attached to all Pokémon in play, both players'"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        units = sum(energy_count(actx.state, p) for seat in actx.state.seats for p in seat.in_play())
        return actx.attack.damage * units


class CoinsPerOwnEnergy(Effect):
    """One coin per Energy attached to this Pokémon, at most `most`; the printed damage times the
    heads (CoinsTimes flips a fixed number)."""

    def __init__(self, most: int = 3):
        self.most = most
        self.text = (f"flip a coin for each Energy attached to this Pokémon (at most {most} coins): the printed "
                     "damage times the number of heads")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        count = min(self.most, energy_count(actx.state, actx.attacker))
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{count})") for n in range(count))
        return actx.attack.damage * heads


class HealThenSwitchOwn(Effect):
    """Does nothing without a Benched Pokémon; else remove `counters` damage counters from this
    Pokémon, then switch it with one of its owner's Benched Pokémon (choices.pokemon). No
    vocabulary effect switches the attacker out."""

    def __init__(self, counters: int = 3):
        self.counters = counters
        self.text = (f"with no Benched Pokémon of yours it does nothing; else remove {counters} damage counters from "
                     "this Pokémon, then switch it with one of your Benched Pokémon (choices.pokemon)")

    def check(self, actx: AttackCtx) -> None:
        bench = actx.me.bench
        target = one_pokemon_named(actx.choices, bench) if bench else None
        if bench and target is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of your Benched "
                                            "Pokémon to switch with.", attack=actx.attack.name))
        attack_memo(actx, self)["target"] = target

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if attack_memo(actx, self)["target"] is None:
            actx.say(msg("%(seat)s has no Benched Pokémon.", seat=actx.seat_label(actx.seat)))
            actx.did_nothing = True
        return amount

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker
        healed = heal(actx, p, 10 * self.counters)
        actx.say(msg_n("%(pokemon)s has %(num)s damage counter(s) removed (%(damage)s/%(hp)s).",
                       "%(pokemon)s has %(num)s damage counter(s) removed (%(damage)s/%(hp)s).", healed // 10,
                       pokemon=actx.attacker_name, damage=p.damage, hp=actx.state.hp(p)))
        new: Pokemon = attack_memo(actx, self)["target"]
        switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, now the Active Pokémon.", pokemon=actx.attacker_name,
                     other=actx.name(new)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[seat].bench
        return [{}] if len(bench) <= 1 else [{"pokemon": [p.top]} for p in bench]


define_pokemon("ex2-94", {"Supersonic": Inflict("confused"), "Wing Attack": []},             # Aerodactyl ex
               power=PrimalLock())
define_pokemon("ex2-95", {"Rend": BonusIfDefendingDamaged(30),                               # Aggron ex
                          "Metal Surge": BenchDamage(20, benches="opponent")})
define_pokemon("ex2-96", {"Feedback": CountersPerOpponentHandCard(),                         # Gardevoir ex
                          "Psystorm": TimesEnergyInPlay()})
define_pokemon("ex2-97", {"Hydrocutter": CoinsPerOwnEnergy(3), "Spiral Drain": HealSelf(2)})  # Kabutops ex
define_pokemon("ex2-98", {"Dazzle Blast": heads(Inflict("confused")),                        # Raichu ex
                          "Mega Thunderbolt": DiscardOwnEnergy("all")})
define_pokemon("ex2-99", {"Ring of Fire": [Inflict("burned"), DefendingCantRetreat()],       # Typhlosion ex
                          "Split Blast": [DiscardOwnEnergy(1),
                                          NeedsTwoDefending(msg("50 damage to each of 2 Defending Pokémon instead"))]})
define_pokemon("ex2-100", {"Super Deep Dive": HealThenSwitchOwn(3),                          # Wailord ex
                           "Dwindling Wave": MinusPerOwnCounter(10)})
