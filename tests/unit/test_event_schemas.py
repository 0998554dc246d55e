"""The event registry, without Redis."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.codec import (
    GENESIS_HASH,
    ChainKey,
    canonical_json,
    decode_event,
    encode_event,
    event_hash,
)
from events.errors import InvalidEvent
from events.schemas import event_types, validate_batch, validate_event
from tests.factories import action, match_created

KEY = ChainKey("unit-test-chain-key-" + "u" * 32)

REQUIRED_TYPES = {"MatchCreated", "ActionTaken", "Rewound", "DisputeOpened", "RulingIssued",
                  "AppealFiled", "AppealDecided", "PenaltyIssued"}


def test_every_required_type_is_registered_with_a_version():
    registered = event_types()
    assert REQUIRED_TYPES <= set(registered)
    assert all(isinstance(t.version, int) and t.version >= 1 for t in registered.values())


VALID = [
    match_created(),
    match_created(position={"turn": 5}, randomness="reported"),
    {"type": "ActionTaken", "payload": {"seat": 1, "action": {"type": "attack"},
                                        "coins": ["heads", "tails"], "rng": {"draws": [1]}}},
    {"type": "Rewound", "payload": {"to_seq": 0, "reason": "misplay", "reshuffle": True}},
    {"type": "Rewound", "payload": {"to_seq": 3, "reason": "misplay", "reshuffle": True,
                                    "reshuffled_seats": [0, 1], "rng": {"seed": "ab"}}},
    {"type": "DisputeOpened", "payload": {"dispute_id": "d1", "seat": None, "about_seq": 4,
                                          "claim": "He attached twice"}},
    {"type": "RulingIssued", "payload": {"dispute_id": "d1", "decision": "upheld",
                                         "remedy": {"rewind_to": 3},
                                         "penalty": {"seat": 1, "infraction": "game_play_error",
                                                     "level": "warning"},
                                         "notes": "ok"}},
    {"type": "RulingIssued", "payload": {"dispute_id": "d1", "decision": "overturned",
                                         "remedy": None, "penalty": None}},
    {"type": "AppealFiled", "payload": {"dispute_id": "d1", "seat": 0, "reason": "unfair"}},
    {"type": "AppealDecided", "payload": {"dispute_id": "d1", "decision": "upheld"}},
    {"type": "PenaltyIssued", "payload": {"seat": 0, "infraction": "tardiness",
                                          "level": "caution", "dispute_id": None}},
]


@pytest.mark.parametrize("event", VALID, ids=lambda e: e["type"])
def test_valid_events_pass(event):
    checked = validate_event(event)
    assert checked["type"] == event["type"]
    assert checked["payload"] == event["payload"]


INVALID = [
    ({"type": "Nope", "payload": {}}, ("type",)),
    ({"payload": {}}, ("type",)),
    ({"type": "ActionTaken", "payload": {"seat": 0, "action": {"type": "x"}}, "seq": 3},
     ("seq",)),
    (action() | {"payload": {"seat": 2, "action": {"type": "x"}}}, ("payload", "seat")),
    (action() | {"payload": {"seat": True, "action": {"type": "x"}}}, ("payload", "seat")),
    (action() | {"payload": {"seat": "0", "action": {"type": "x"}}}, ("payload", "seat")),
    (action() | {"payload": {"seat": 0, "action": {"card": "0:1"}}}, ("payload", "action")),
    (action() | {"payload": {"seat": 0, "action": {"type": ""}}}, ("payload", "action")),
    (action() | {"payload": {"seat": 0, "action": {"type": "x"}, "coins": ["edge"]}},
     ("payload", "coins")),
    (action() | {"payload": {"seat": 0, "action": {"type": "x"}, "extra": 1}},
     ("payload", "extra")),
    (action() | {"payload": {"action": {"type": "x"}}}, ("payload", "seat")),
    (action() | {"payload": "not a dict"}, ("payload",)),
    (match_created(players=[{"name": "solo"}]), ("payload", "players")),
    (match_created(players=[{"name": "A", "age": 3}, {"name": "B"}]), ("payload", "players")),
    (match_created(randomness="dice"), ("payload", "randomness")),
    (match_created(game=7), ("payload", "game")),
    ({"type": "Rewound", "payload": {"to_seq": -1, "reason": "x", "reshuffle": False}},
     ("payload", "to_seq")),
    ({"type": "Rewound", "payload": {"to_seq": 1, "reason": "x", "reshuffle": "yes"}},
     ("payload", "reshuffle")),
    ({"type": "RulingIssued", "payload": {"dispute_id": "d", "decision": "maybe"}},
     ("payload", "decision")),
    ({"type": "RulingIssued", "payload": {"dispute_id": "d", "decision": "upheld",
                                          "remedy": {"rewind_to": 1, "also": 2}}},
     ("payload", "remedy")),
    (action() | {"state_hash": ""}, ("state_hash",)),
    (action() | {"payload": {"seat": 0, "action": {"type": "x", "n": math.nan}}}, ("payload",)),
]


@pytest.mark.parametrize("event,path", INVALID, ids=lambda v: str(v)[:60])
def test_invalid_events_name_the_field(event, path):
    with pytest.raises(InvalidEvent) as caught:
        validate_event(event)
    errors = caught.value.errors
    for key in path:
        assert key in errors, (path, errors)
        errors = errors[key]
    assert path[-1] in str(caught.value) or path[-1] == "payload"


def test_batch_error_says_which_event():
    with pytest.raises(InvalidEvent) as caught:
        validate_batch([action(), action() | {"payload": {"seat": 5, "action": {"type": "x"}}}])
    assert caught.value.index == 1
    assert "event #1" in str(caught.value)
    assert "payload.seat" in str(caught.value)


def test_empty_batch_is_refused():
    with pytest.raises(InvalidEvent):
        validate_batch([])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)


@given(extra=st.dictionaries(st.text(min_size=1).filter(lambda k: k != "type"), json_values,
                             max_size=5))
def test_any_json_action_round_trips_through_the_stream_encoding(extra):
    checked = validate_event(action(**extra))
    event = {"seq": 1, "type": "ActionTaken", "version": 1, "recorded_at": "t",
             "actor": {"subject": "s", "role": "judge"}, "payload": checked["payload"],
             "prev_hash": GENESIS_HASH}
    event["hash"] = event_hash(event, KEY)
    flat = encode_event(event)
    decoded = decode_event(dict(zip(flat[::2], flat[1::2], strict=True)), seq=1,
                           prev_hash=GENESIS_HASH)
    assert canonical_json(decoded) == canonical_json(event)
    assert event_hash(decoded, KEY) == event["hash"]
