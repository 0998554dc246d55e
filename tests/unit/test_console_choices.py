"""The console's step-by-step choices: legal actions grouped by what they are about."""

from __future__ import annotations

import json

from app.console.choices import group_actions


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
