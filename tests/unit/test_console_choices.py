"""The console's step-by-step choices: legal actions grouped by what they are about."""

from __future__ import annotations

import json

from app.console.choices import Places, group_actions, places_of, plain


def _attach(energy: str, target: str, name: str) -> dict:
    return {"type": "attach_energy", "card": energy, "target": target,
            "label": f"Attach Fire Energy ({energy}) to {name} ({target})", "names": {}}


def test_one_cards_actions_become_one_group_whose_choices_read_what_is_left():
    actions = [_attach("0:4", "0:54", "Sandshrew"), _attach("0:4", "0:55", "Charmander"),
               _attach("0:9", "0:55", "Charmander"),
               {"type": "end_turn", "label": "End the turn", "names": {}}]

    groups = group_actions(actions)

    assert [g.title for g in groups] == ["Attach Fire Energy (0:4)",
                                         "Attach Fire Energy (0:9) to Charmander (0:55)",
                                         "End the turn"]
    assert [c.label for c in groups[0].choices] == ["to Sandshrew (0:54)", "to Charmander (0:55)"]
    assert groups[0].single is None and groups[1].single is not None
    assert groups[2].kind == "end_turn"


def test_a_choice_sends_the_action_without_the_words_added_for_people():
    group = group_actions([_attach("0:4", "0:54", "Sandshrew")])[0]
    assert json.loads(group.single.action_json) == {"type": "attach_energy", "card": "0:4",
                                                    "target": "0:54"}


def test_actions_about_nothing_in_particular_stay_apart():
    actions = [{"type": "draw", "label": "Draw a card"},
               {"type": "end_turn", "label": "End the turn"}]
    assert [g.title for g in group_actions(actions)] == ["Draw a card", "End the turn"]


def test_labels_sharing_no_words_keep_their_own_label():
    actions = [{"type": "play_trainer", "card": "0:7", "label": "Play Bill (0:7)"},
               {"type": "play_trainer", "card": "0:7", "label": "Discard nothing"}]
    group = group_actions(actions)[0]
    assert group.title == "play_trainer"
    assert [c.label for c in group.choices] == ["Play Bill (0:7)", "Discard nothing"]


# -- plain words and equivalent choices (issue 44) ----------------------------------------------

PLACES = Places(where={"0:1": "Active", "0:2": "Bench 1", "0:3": "Bench 2"},
                cards={"0:1": "sv3-26", "0:2": "sv3-162", "0:3": "sv3-162", "0:7": "sve-2", "0:8": "sve-2",
                       "0:9": "sv2-190"})


def _retreat(to: str, name: str, *paid: str) -> dict:
    energy = {"0:7": "Basic Fire Energy", "0:8": "Basic Fire Energy", "0:9": "Jet Energy"}
    return {"type": "retreat", "to": to, "discard": list(paid),
            "label": f"Retreat, bringing up {name} ({to}), discarding "
                     + ", ".join(f"{energy[e]} ({e})" for e in paid),
            "names": {to: name, **{e: energy[e] for e in paid}}}


def test_a_retreat_is_one_button_then_where_and_which_energy_once_per_kind_of_energy():
    """Retreat paid with either of two Fire Energy cards is one way to pay, not two; paid with
    Jet Energy it is another; the Benched Pokémon say where they are, never an instance id."""
    actions = [_retreat(to, name, paid) for to, name in (("0:2", "Pidgey"), ("0:3", "Pidgey"))
               for paid in ("0:7", "0:8", "0:9")]
    groups = group_actions(actions, PLACES)
    assert len(groups) == 1 and groups[0].kind == "retreat"
    assert groups[0].title == "Retreat, bringing up Pidgey"
    assert [c.label for c in groups[0].choices] == [
        "(Bench 1), discarding Basic Fire Energy", "(Bench 1), discarding Jet Energy",
        "(Bench 2), discarding Basic Fire Energy", "(Bench 2), discarding Jet Energy"]
    assert [c.action["discard"] for c in groups[0].choices] == [["0:7"], ["0:9"], ["0:7"], ["0:9"]]


def test_plain_words_name_the_place_of_a_pokemon_in_play_and_drop_other_ids():
    assert plain("Attach Basic Fire Energy (0:7) to Pidgey (0:3)", PLACES) == \
        "Attach Basic Fire Energy to Pidgey (Bench 2)"
    assert plain("Attach Basic Fire Energy (0:7) to Pidgey (0:3)", None) == \
        "Attach Basic Fire Energy (0:7) to Pidgey (0:3)"


def test_a_title_is_never_cut_inside_a_parenthesis_and_a_choice_asked_is_one_group():
    actions = [{"type": "choose", "choices": {"pokemon": p}, "label": f"Choose (pokemon: Charmander ({p}))",
                "names": {p: "Charmander"}} for p in ("0:2", "0:3")]
    places = Places(where={"0:2": "Bench 1", "0:3": "Bench 2"})
    groups = group_actions(actions, places)
    assert len(groups) == 1
    assert groups[0].title == "Choose"
    assert [c.label for c in groups[0].choices] == ["(pokemon: Charmander (Bench 1))",
                                                   "(pokemon: Charmander (Bench 2))"]


def test_places_are_read_from_a_boards_view():
    active = {"instance": "0:1", "card": "sv3-26", "energy": [{"instance": "0:7", "card": "sve-2"}]}
    view = {"seats": [{"active": active,
                       "bench": [{"instance": "0:2", "card": "sv3-162"}], "hand": [{"instance": "0:9", "card": "x"}]},
                      {"active": None, "bench": []}]}
    places = places_of(view, "Active", "Bench %(n)s")
    assert places.where == {"0:1": "Active", "0:2": "Bench 1"}
    assert places.cards == {"0:1": "sv3-26", "0:7": "sve-2", "0:2": "sv3-162", "0:9": "x"}
