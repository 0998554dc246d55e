"""A player's responses never name the instances it may not see: the opponent's hand,
either deck, and the Prize cards (state, events, timeline, legal actions, legality
previews, errors, SSE).

A state, the legal actions, a preview or a refusal are checked against what the player can't
see now. The history (events, timeline, SSE) shows each event as the player saw it when it
happened, so it is checked against the instances the player has never been able to see at
any seq so far, less those an event showed it (a mulligan's or Lass's "shows the hand",
Pokémon Trader's "shows"). tests/reliability/test_hidden_scan.py checks each event exactly.

Each reader reads in one of the languages served (en, pt-BR, es: issue 20), so the scans are
run in each: a text in another language must hide what the English one hides, and where the
English says "a hidden card" the other says it in its own words ("uma carta oculta", "una
carta oculta") as often — a translated name in its place would be a leak.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.api.helpers import ApiClient, assert_problem, create_match, ok

pytestmark = pytest.mark.integration

PLAY_ORDER = ("attack", "promote", "choose", "setup", "mulligan_draw", "draw", "play_trainer", "evolve",
              "attach_energy", "bench", "end_turn")


# The languages a player may read in (projections.i18n.LANGUAGES), and the words a card it
# can't see is written as in each (the catalogues' "a hidden card": projections/locale).
LANGUAGES = ("en", "pt-BR", "es")
HIDDEN_CARD = {"en": "a hidden card", "pt-BR": "uma carta oculta", "es": "una carta oculta"}
HIDDEN_WORD = {"en": "hidden", "pt-BR": "ocult", "es": "ocult"}      # any "hidden ..."


class Speaking(ApiClient):
    """An ApiClient whose every request asks for ``lang`` (``Accept-Language``)."""

    def __init__(self, client, token: str | None, lang: str):
        super().__init__(client, token)
        self.lang = lang

    def with_token(self, token: str | None) -> Speaking:
        return Speaking(self.client, token, self.lang)

    def _headers(self, headers: dict[str, str] | None) -> dict[str, str]:
        out = super()._headers(headers)
        out.setdefault("Accept-Language", self.lang)
        return out


def speaking(client: ApiClient, lang: str) -> ApiClient:
    """``client`` reading in ``lang`` (itself for English: the scans' English runs as they were)."""
    return client if lang == "en" else Speaking(client.client, client.token, lang)


def assert_hidden_wording(text: str, english: str, lang: str, where: str) -> None:
    """``text`` (an answer in ``lang``) writes a card its reader can't see in ``lang``'s words
    exactly where ``english`` (the same answer in English) writes "a hidden card": as often,
    and never in English."""
    if lang == "en":
        return
    expected = english.lower().count(HIDDEN_CARD["en"])
    found = text.lower().count(HIDDEN_CARD[lang])
    assert found == expected and HIDDEN_CARD["en"] not in text.lower(), (
        f"{where} ({lang}) writes {HIDDEN_CARD[lang]!r} {found} times where English writes "
        f"{HIDDEN_CARD['en']!r} {expected} times: {text[:600]}")


def _ids(cards) -> set[str]:
    return {c["instance"] for c in cards} if isinstance(cards, list) else set()


def hidden_from(full_state: dict, seat: int) -> set[str]:
    own, opp = full_state["seats"][seat], full_state["seats"][1 - seat]
    hidden = _ids(opp["hand"]) | _ids(opp["deck"]) | _ids(opp["prizes"])
    hidden |= _ids(own["deck"]) | _ids(own["prizes"])
    if full_state["phase"] == "setup":  # the opponent's Pokémon are face down
        for p in [opp["active"], *opp["bench"]]:
            if p and "instance" in p:
                hidden |= {p["instance"]} | _ids(p["energy"]) | _ids(p["under"])
    pending = full_state.get("pending")
    if pending and pending["seat"] == seat:  # the cards a card of its own shows it
        hidden -= _ids(pending["look"])
    return hidden


def assert_nothing_hidden(text: str, hidden: set[str], where: str) -> None:
    if not hidden:
        return
    pattern = re.compile(r"(?<![\w:])(" + "|".join(map(re.escape, hidden)) + r")(?![\w:])")
    found = pattern.findall(text)
    assert not found, f"{where} names hidden instances {sorted(set(found))}"


def pick(actions: list[dict]) -> dict | None:
    for kind in PLAY_ORDER:
        for action in actions:
            if action["type"] == kind:
                return action
    return None


SHOWN = re.compile(r"\b(\d:u?\d+)\b")


def shown_by(lines: list[str]) -> set[str]:
    """Instances a judge's narration says were shown to the table."""
    return {m for line in lines if "shows" in line for m in SHOWN.findall(line)}


def check_player(player: ApiClient, judge: ApiClient, match_id: str, seat: int,
                 never_seen: set[str], *, lang: str = "en") -> None:
    """Every read ``player`` can make, in ``lang``; in another language than English, each
    read is made in English too, and the two must write the cards it can't see alike
    (``assert_hidden_wording``)."""
    full = ok(judge.get(f"/v1/matches/{match_id}/state"))
    hidden = hidden_from(full, seat)
    base = f"/v1/matches/{match_id}"
    reader = speaking(player, lang)

    def read(where: str, path: str, body: dict | None = None):
        answer = reader.get(path) if body is None else reader.post(path, body)
        answer.get_data()       # a stream is read to its end before the next request
        if lang != "en":
            english = player.get(path) if body is None else player.post(path, body)
            assert answer.status_code == english.status_code, (where, lang)
            assert_hidden_wording(answer.get_data(True), english.get_data(True), lang, where)
        return answer

    reads = {
        "state": read("state", f"{base}/state"),
        "events": read("events", f"{base}/events"),
        "timeline": read("timeline", f"{base}/timeline"),
        "legal-actions": read("legal-actions", f"{base}/legal-actions"),
        "summary": read("summary", base),
        "disputes": read("disputes", f"{base}/disputes"),
    }
    history = ("events", "timeline")
    for where, response in reads.items():
        assert response.status_code == 200, (where, response.get_data(True))
        assert_nothing_hidden(response.get_data(True), never_seen if where in history else hidden,
                              where)
    view = reads["state"].get_json()
    assert view["seats"][1 - seat]["hand"] == {"count": len(full["seats"][1 - seat]["hand"])}
    assert set(view["seats"][seat]["deck"]) == {"count"}
    for event in reads["events"].get_json():
        assert "rng" not in event["payload"]

    earlier = max(1, full["seq"] - 3)
    at_earlier = read("state?at", f"{base}/state?at={earlier}")
    full_earlier = ok(judge.get(f"{base}/state?at={earlier}"))
    assert_nothing_hidden(at_earlier.get_data(True), hidden_from(full_earlier, seat),
                          "state?at")

    mine = reads["legal-actions"].get_json()["actions"]
    own_action = pick(mine)
    if own_action is not None and "hidden" not in json.dumps(own_action):
        preview = read("legality preview", f"{base}/legality", {"seat": seat, "action": own_action})
        assert preview.status_code == 200, preview.get_data(True)
        assert_nothing_hidden(preview.get_data(True), hidden, "legality preview")
    opponent_hand = sorted(_ids(full["seats"][1 - seat]["hand"]))
    own_deck = sorted(_ids(full["seats"][seat]["deck"]))
    for probe in opponent_hand[:2] + own_deck[:1]:
        for kind in ({"type": "bench", "card": probe},
                     {"type": "attach_energy", "card": probe, "target": probe},
                     {"type": "evolve", "card": probe, "target": probe}):
            for route in ("legality", "actions"):
                answer = read(f"{route} error", f"{base}/{route}", {"seat": seat, "action": kind})
                assert answer.status_code in (200, 409), answer.get_data(True)
                assert_nothing_hidden(answer.get_data(True), hidden, f"{route} error")
    sse = read("SSE", f"{base}/stream?max_events={full['seq']}&timeout=2")
    assert sse.status_code == 200
    text = sse.get_data(True)
    assert text.count("\nid: ") + text.startswith("id: ") == full["seq"]
    assert_nothing_hidden(text, never_seen, "SSE")


# The steps each language is checked at (step % every == offset): English every 4th step and
# the last; each other language, whose every read is made in English too (twice the cost),
# twice, in turn (pt-BR at steps 2 and 22, es at 12 and 32; the seeded game ends near 40) — a
# sample in the same game, as playing it again would cost more than the reads.
CHECKED_AT = {"en": (4, 0), "pt-BR": (20, 2), "es": (20, 12)}


def test_players_never_see_hidden_instances(judge):
    created = create_match(judge)
    match_id = created["match_id"]
    tokens = created["tokens"]
    players = [judge.with_token(tokens["0"]), judge.with_token(tokens["1"])]
    scorekeeper = judge.with_token(tokens["scorekeeper"])
    shown = shown_by(created["narration"])
    never_seen = [hidden_from(created["state"], seat) - shown for seat in (0, 1)]

    for step in range(70):
        summary = ok(scorekeeper.get(f"/v1/matches/{match_id}"))
        full = ok(judge.get(f"/v1/matches/{match_id}/state"))
        for seat in (0, 1):
            never_seen[seat] &= hidden_from(full, seat)
        for lang, (every, offset) in CHECKED_AT.items():
            if step % every == offset or (lang == "en" and summary["status"] == "finished"):
                for seat in (0, 1):
                    check_player(players[seat], judge, match_id, seat, never_seen[seat], lang=lang)
        if summary["status"] == "finished":
            break
        first = summary["seat_to_act"]
        for seat in (first, 1 - first):
            actions = ok(scorekeeper.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))
            action = pick(actions["actions"])
            if action is not None:
                break
        assert action is not None
        answer = ok(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                                     {"seat": seat, "action": action}), 201)
        for other in (0, 1):
            never_seen[other] -= shown_by(answer["narration"])
        # what the acting player itself is told about its own action is filtered too
        assert "rng" not in json.dumps(ok(players[seat].get(
            f"/v1/matches/{match_id}/events?from={answer['seq']}"))[0]["payload"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_players_action_answer_hides_the_drawn_card_of_the_opponent(judge, lang):
    created = create_match(judge)
    match_id = created["match_id"]
    tokens = created["tokens"]
    players = [speaking(judge.with_token(tokens[s]), lang) for s in ("0", "1")]
    # setup by each player with its own token; the answers must not name hidden cards
    for seat in (0, 1):
        actions = ok(players[seat].get(f"/v1/matches/{match_id}/legal-actions"))["actions"]
        setup = next(a for a in actions if a["type"] == "setup")
        answer = players[seat].post(f"/v1/matches/{match_id}/actions",
                                    {"seat": seat, "action": setup})
        assert answer.status_code == 201, answer.get_data(True)
        full = ok(judge.get(f"/v1/matches/{match_id}/state"))
        assert_nothing_hidden(answer.get_data(True), hidden_from(full, seat), "201 answer")
        created_event = ok(players[seat].get(f"/v1/matches/{match_id}/events?to=1"))[0]
        opponent = created_event["payload"]["players"][1 - seat]
        assert "deck" not in opponent and opponent["deck_count"] == 60
        assert "deck_name" not in opponent
        assert len(created_event["payload"]["players"][seat]["deck"]) == 60


# -- issue 10: names in texts, previews, instance ids, the probe oracle ----------------------

LASS, COMPUTER_SEARCH, BILL = "base1-75", "base1-71", "base1-91"
GYARADOS, POLIWRATH, MEWTWO, ZAPDOS = "base1-6", "base1-13", "base1-10", "base1-16"


def _lass_board() -> dict:
    """Seat 0 holds Lass and Computer Search; seat 1's hand holds Gyarados and Poliwrath,
    names found nowhere else; seat 0's deck holds Mewtwo and Zapdos (nowhere else either)."""
    from tests.api.positions import CHARMANDER, FIRE, SQUIRTLE, WATER

    return {
        "turn": 3, "seat_to_act": 0, "phase": "main",
        "seats": [
            {"active": {"card": CHARMANDER, "energy": [FIRE], "entered_turn": 1},
             "bench": [], "hand": [LASS, COMPUTER_SEARCH, FIRE, WATER, BILL],
             "deck": [MEWTWO, ZAPDOS, FIRE, FIRE, FIRE], "discard": [], "prizes": [FIRE]},
            {"active": {"card": SQUIRTLE, "energy": [WATER], "entered_turn": 2},
             "bench": [], "hand": [GYARADOS, POLIWRATH, WATER],
             "deck": [WATER] * 5, "discard": [], "prizes": [WATER]},
        ],
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lass_preview_shows_no_hand_but_playing_it_shows_both(judge, lang):
    """Issue 10 item 2: a dry run commits nothing, so it reveals nothing (also `at=`), in
    each language."""
    from tests.api.positions import sandbox_players

    created = create_match(judge, players=sandbox_players(), position=_lass_board())
    match_id, tokens = created["match_id"], created["tokens"]
    ana, beto = (speaking(judge.with_token(tokens[s]), lang) for s in ("0", "1"))
    base = f"/v1/matches/{match_id}"
    lass = {"type": "play_trainer", "card": "0:2", "targets": [], "choices": {}}
    for at in ("", ', "at": 1'):
        body = json.loads('{"seat": 0, "action": ' + json.dumps(lass) + at + "}")
        preview = ok(ana.post(f"{base}/legality", body))
        assert preview["legal"], preview
        text = json.dumps(preview)
        for secret in ("Gyarados", "Poliwrath", f'"{GYARADOS}"', f'"{POLIWRATH}"', '"1:2"',
                       '"1:3"', "(1:2)", "(1:3)"):
            assert secret not in text, (secret, preview["preview"]["narration"])
        assert "Computer Search (0:3)" in text  # its own hand, which it sees
        assert HIDDEN_CARD[lang] in text
        english = ok(judge.with_token(tokens["0"]).post(f"{base}/legality", body))
        assert_hidden_wording(text, json.dumps(english), lang, "Lass preview")
    played = ok(ana.post(f"{base}/actions", {"seat": 0, "action": lass}), 201)
    assert any("Gyarados" in line and "Poliwrath" in line for line in played["narration"])
    # Beto is shown Ana's hand as well, in his timeline
    beto_lines = [line for e in ok(beto.get(f"{base}/timeline")) for line in e["narration"]]
    assert any("Computer Search" in line and "Bill" in line for line in beto_lines)
    # ... but not Ana's deck
    assert not any("Mewtwo" in line or "Zapdos" in line for line in beto_lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_R_HIDDEN_1_a_refused_search_lists_nothing_and_naming_unseen_cards_is_refused(judge, lang):
    """Issue 10 items 1 and 4: a player names a searched card after looking (choose); an
    action naming a card it can't see is refused one way (R-HIDDEN-1) whatever the card, in
    each language."""
    from tests.api.positions import sandbox_players

    created = create_match(judge, players=sandbox_players(), position=_lass_board())
    match_id, tokens = created["match_id"], created["tokens"]
    ana = speaking(judge.with_token(tokens["0"]), lang)
    base = f"/v1/matches/{match_id}"
    full = ok(judge.get(f"{base}/state"))
    deck = [c["instance"] for c in full["seats"][0]["deck"]]
    prize = full["seats"][0]["prizes"][0]["instance"]
    search = {"type": "play_trainer", "card": "0:3", "targets": [],
              "choices": {"cards": ["0:4", "0:5"], "search": [deck[0]]}}
    answers = []
    for named in (deck[0], deck[1], prize, "1:2"):
        action = {**search, "choices": {**search["choices"], "search": [named]}}
        refused = assert_problem(ana.post(f"{base}/actions", {"seat": 0, "action": action}), 409)
        asked = ok(ana.post(f"{base}/legality", {"seat": 0, "action": action}))
        assert not asked["legal"] and asked["violations"][0]["rule"] == "R-HIDDEN-1"
        answers.append((refused["violations"], asked["violations"]))
    assert all(a == answers[0] for a in answers)  # one answer, whatever the card
    made_up = {**search, "choices": {**search["choices"], "search": ["0:999"]}}
    refused = assert_problem(ana.post(f"{base}/actions", {"seat": 0, "action": made_up}), 409)
    for secret in ("Mewtwo", "Zapdos", "Fire", *deck, "hidden", HIDDEN_WORD[lang]):
        assert secret not in json.dumps(refused), refused
    # the two steps: discard and look, then choose among what was shown
    looked = ok(ana.post(f"{base}/actions", {"seat": 0, "action": {
        **search, "choices": {"cards": ["0:4", "0:5"]}}}), 201)
    view = ok(ana.get(f"{base}/state"))
    assert [c["instance"] for c in view["pending"]["look"]] == deck
    assert {c["card"] for c in view["pending"]["look"]} >= {MEWTWO, ZAPDOS}
    beto_view = ok(speaking(judge.with_token(tokens["1"]), lang).get(f"{base}/state"))
    assert beto_view["pending"]["look"] == {"count": len(deck)}
    mewtwo = next(c["instance"] for c in view["pending"]["look"] if c["card"] == MEWTWO)
    taken = ok(ana.post(f"{base}/actions", {"seat": 0, "action": {
        "type": "choose", "choices": {"search": [mewtwo]}}}), 201)
    assert taken["seq"] == looked["seq"] + 1
    assert any("Mewtwo" in line for line in taken["narration"])
    # Beto reads that a card was taken, never which, now or once Mewtwo is in play
    ok(ana.post(f"{base}/actions", {"seat": 0, "action": {"type": "bench", "card": mewtwo}}), 201)
    beto = speaking(judge.with_token(tokens["1"]), lang)
    for route in ("timeline", "events"):
        entry = next(e for e in ok(beto.get(f"{base}/{route}")) if e["seq"] == taken["seq"])
        assert mewtwo not in json.dumps(entry) and "Mewtwo" not in json.dumps(entry), entry
    assert any(p["card"] == MEWTWO for p in ok(beto.get(f"{base}/state"))["seats"][0]["bench"])


def test_instance_ids_say_nothing_about_the_deck_list(judge):
    """Issue 10 item 3: "seat:n" is not the n-th card of the (shipped, public) deck list."""
    from projections.tcg.decks import shipped_deck

    created = create_match(judge)
    match_id, tokens = created["match_id"], created["tokens"]
    judge_created = ok(judge.get(f"/v1/matches/{match_id}/events?to=1"))[0]["payload"]
    numbering = judge_created["instance_ids"]
    assert sorted(numbering[0]) == list(range(60)) and numbering[0] != list(range(60))
    listed = shipped_deck("fire-fighting")
    full = ok(judge.get(f"/v1/matches/{match_id}/state"))
    cards = {c["instance"]: c["card"] for seat in full["seats"] for zone in ("hand", "deck")
             for c in seat[zone]}
    same_place = sum(cards.get(f"0:{n}") == card for n, card in enumerate(listed))
    assert same_place < 45  # by list order, 60 of 60 would match
    for seat in ("0", "1"):
        seen = ok(judge.with_token(tokens[seat]).get(f"/v1/matches/{match_id}/events?to=1"))
        assert "instance_ids" not in seen[0]["payload"] and "rng" not in seen[0]["payload"]


def test_a_player_gets_no_state_hash_it_could_test_guesses_against(judge):
    """The state hash covers the hidden zones; late in a game few arrangements of them are left,
    and a player could try each against it. Judges and scorekeepers keep it."""
    from tests.api.positions import sandbox_players

    created = create_match(judge, players=sandbox_players(), position=_lass_board())
    match_id, tokens = created["match_id"], created["tokens"]
    base = f"/v1/matches/{match_id}"
    ana = judge.with_token(tokens["0"])
    answer = ok(ana.post(f"{base}/actions", {"seat": 0, "action": {"type": "end_turn"}}), 201)
    preview = ok(ana.post(f"{base}/legality", {"seat": 0, "action": {"type": "concede"}}))
    for text in (json.dumps(answer), json.dumps(preview), ana.get(f"{base}/state").get_data(True),
                 ana.get(f"{base}/events").get_data(True), ana.get(f"{base}/timeline").get_data(True),
                 ana.get(f"{base}/stream?max_events=2&timeout=1").get_data(True)):
        assert "state_hash" not in text
    assert "hash" in answer["event"]  # the keyed event hash stays
    keeper = judge.with_token(tokens["scorekeeper"])
    assert ok(keeper.get(f"{base}/state"))["state_hash"]
    assert all(e.get("state_hash") for e in ok(judge.get(f"{base}/events")))
