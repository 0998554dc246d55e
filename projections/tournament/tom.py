"""TOM's tournament file (``.tdf``): read it into an event's setup, write results back into it.

TOM (Play! Pokémon's Tournament Operations Manager) exports an event as XML: the players, the
pods (a division, or divisions playing together) with their rounds, and each round's
matches with their table and outcome code. The referee follows the organiser's pairings from
it (``read_tdf``, ``event_setup``), and hands the results back in the same file
(``write_results``). The format is the one observed across ten real exports in
``shared/tom/FORMAT.md`` (cited "FORMAT" below); the rulings here follow it.

Accepted:

- TOM 1.53, 1.74 and 1.80 (FORMAT "Root attributes"), and any other ``N.NN`` version whose
  file has the same shape: reading goes by the elements, and what only some versions write
  (1.80's ``pairtime``, ``starttime`` and ``additionalrounds``; ``starter``, ``order``,
  ``seed``, ``dropped``) is optional.
- CRLF (TOM on Windows) or LF line ends, a UTF-8 byte order mark or none, and every
  whitespace form FORMAT "Encoding and whitespace" lists; names with non-ASCII UTF-8 and
  character references.
- Every stage: registration only (no pods, no rounds: ``rounds`` is 0), running (pending
  matches, outcome 0) and finished (with standings).
- Birth dates as full dates (1.53) or as ``02/27/YYYY`` (1.74, 1.80): only the year is kept.

Refused, as ``TdfError`` naming the field (and the line where there is one):

- a video game (VGC) file, ``gametype="VIDEO_GAME"`` (field ``gametype``), and any game type
  other than ``TRADING_CARD_GAME``;
- what is not XML, or hostile XML (``xmltree``: a DOCTYPE or ENTITY, over 5 MB, not UTF-8,
  truncated: with the line), field ``file``;
- a root other than ``<tournament>``; no ``version``; no ``<data>``, ``<name>`` or
  ``<players>``; a date not written ``MM/DD/YYYY``; a number that is not one;
- a player listed twice or without a userid; a match naming a player the file does not list;
- a pod category FORMAT does not know (known: 0 Junior, 1 Senior, 2 Masters, 8 Junior and
  Senior, 9 Senior and Masters, 10 all three);
- an outcome code other than 0 pending, 1 player1 won, 2 player2 won, 3 tie (intentional
  draws included), 5 bye (FORMAT "Outcome codes"). Code 4 is never seen and its meaning
  unconfirmed, so it is refused rather than guessed. A bye is a match with one ``<player>``
  and outcome 5; anything else with 5, or a one-player match with another code, is refused;
- two matches of one round at the same table (the referee knows a match by round and table).
  Byes all sit at table 0 (FORMAT "match") and are exempt.

Divisions. A player's division comes from the file first: their place in a division's
standings (finished events list standings per division even when divisions shared a pod,
FORMAT "standings"), else the one-division pod they play in (FORMAT "pods/pod": category 0
Junior, 1 Senior, 2 Masters). Otherwise (a shared pod, or a registration-only file) it follows
from the birth year and the event's date by Play! Pokémon's age divisions: from the 2021
season on, Juniors are born in the season's year minus 12 or later, Seniors in the four years
before, Masters earlier (minus 11 up to 2020); a season, named by the year it ends in, begins
around mid-July (Bulbapedia, "Play! Pokémon", Age divisions; ``divisions`` has the whole rule
and its sources). The result is kept within a shared pod's divisions (a Masters year in a
Junior and Senior pod reads as Senior).

A pairing's ``division`` is its pod's: ``junior``, ``senior``, ``masters``, or the divisions
that share the pod joined by ``+`` (``junior+senior``, ``senior+masters``,
``junior+senior+masters``). ``rounds`` is the highest round number the file holds (FORMAT
has no announced count; round numbers run on from Swiss into top cut within a pod).
``round_minutes`` is ``roundtime`` (None when 0, untimed); the file holds no best-of.
Beyond what the event needs, the file also gives: ``mode`` (the event kind),
``finals_round_minutes`` (``finalsroundtime``), a player's ``dropped_round`` and a pairing's
``top_cut`` (its round has type 1, FORMAT "round").
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from events.schemas import DIVISIONS

from ..messages import msg
from .divisions import division_by_age, nearest_division
from .xmltree import Node, XmlRefused, parse

GAME_TYPES = {"TRADING_CARD_GAME": "tcg"}
OUTCOMES = {0: "pending", 1: "player1 won", 2: "player2 won", 3: "tie", 5: "bye"}
BYE = 5
RESULT_CODES = (0, 1, 2, 3)       # what write_results may set: a bye is TOM's own
POD_DIVISIONS: dict[str, tuple[str, ...]] = {
    "0": ("junior",), "1": ("senior",), "2": ("masters",),
    "8": ("junior", "senior"), "9": ("senior", "masters"), "10": ("junior", "senior", "masters")}
TOP_CUT_ROUND_TYPE = "1"
_VERSION = re.compile(r"[0-9]+(?:\.[0-9]+)*")
_DATE = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})")


class TdfError(ValueError):
    """A ``.tdf`` this reader refuses, or results it cannot write: ``field`` names the part
    (``file``, ``gametype``, ``players[3].birthdate``, ``results.2.5``), ``line`` the file's
    line when there is one; ``str(e)`` is the English sentence and ``detail`` the ``msg`` it
    was made from (``projections.i18n.translate`` renders it in the reader's language)."""

    def __init__(self, message: str, field: str, line: int | None = None) -> None:
        super().__init__(message)
        self.detail = message
        self.field = field
        self.line = line


@dataclass(frozen=True)
class TomPlayer:
    player_id: str
    first_name: str
    last_name: str
    birth_year: int | None
    division: str                 # junior | senior | masters (module docstring: how)
    dropped_round: int | None = None


@dataclass(frozen=True)
class TomPairing:
    round: int
    table: str                    # the table number as written; "0" for a bye
    player_ids: tuple[str, ...]   # player1, player2; one id for a bye
    outcome: int                  # OUTCOMES
    division: str                 # the pod's (module docstring)
    top_cut: bool = False


@dataclass(frozen=True)
class TomTournament:
    name: str
    tournament_id: str
    date: datetime.date | None
    game: str
    version: str
    players: tuple[TomPlayer, ...]
    pairings: tuple[TomPairing, ...]
    rounds: int
    best_of: int | None
    round_minutes: int | None
    raw: bytes
    mode: str = ""                # TOM's event kind: LEAGUECHALLENGE, TCG1DAY, CUSTOM, PRERELEASE …
    finals_round_minutes: int | None = None


@dataclass(frozen=True)
class _Match:
    pairing: TomPairing
    node: Node
    field: str


@dataclass(frozen=True)
class _Pod:
    divisions: tuple[str, ...]
    player_ids: frozenset[str]
    matches: tuple[_Match, ...]


# ---------------------------------------------------------------------------- small readers

def _line(node: Node | None) -> int | None:
    return None if node is None else node.line


def _required(parent: Node, tag: str, field: str) -> Node:
    node = parent.first(tag)
    if node is None:
        raise TdfError(msg("The file has no <%(tag)s> where TOM writes one.", tag=tag), field, parent.line)
    return node


def _integer(text: str | None, field: str, line: int | None) -> int | None:
    """A whole number, None when the field is absent or empty."""
    if text is None or text == "":
        return None
    if not re.fullmatch(r"-?[0-9]{1,9}", text):
        raise TdfError(msg("%(field)s should be a whole number, not %(value)s.", field=field, value=text[:40]),
                       field, line)
    return int(text)


def _date(text: str | None, field: str, line: int | None) -> datetime.date | None:
    """A TOM date, ``MM/DD/YYYY`` (a time after it is ignored); None when absent or empty."""
    if not text:
        return None
    found = _DATE.fullmatch(text.split(" ", 1)[0])
    try:
        if found is None:
            raise ValueError(text)
        return datetime.date(int(found[3]), int(found[1]), int(found[2]))
    except ValueError:
        raise TdfError(msg("%(field)s should be a date written MM/DD/YYYY, not %(value)s.",
                           field=field, value=text[:40]), field, line) from None


# ---------------------------------------------------------------------------- the root and data

def _root(data: bytes) -> Node:
    try:
        root = parse(data)
    except XmlRefused as refused:
        raise TdfError(refused.args[0], "file", refused.line) from None
    if root.tag != "tournament":
        raise TdfError(msg("This is not a TOM tournament file: its root element is <%(tag)s>, "
                           "TOM's is <tournament>.", tag=root.tag[:40]), "file", root.line)
    return root


def _game(root: Node) -> str:
    gametype = root.attrs.get("gametype", "")
    if gametype == "VIDEO_GAME":
        raise TdfError(msg("This TOM file is a video game tournament (VGC); the referee runs Trading Card "
                           "Game events only."), "gametype", root.line)
    if gametype not in GAME_TYPES:
        raise TdfError(msg("This TOM file's game type is %(value)s; the referee reads TRADING_CARD_GAME files.",
                           value=gametype[:40] or "—"), "gametype", root.line)
    return GAME_TYPES[gametype]


def _version(root: Node) -> str:
    version = root.attrs.get("version", "").strip()
    if not _VERSION.fullmatch(version):
        raise TdfError(msg("The file names no TOM version (<tournament version=\"…\">)."), "version", root.line)
    return version


# ---------------------------------------------------------------------------- pods, rounds, matches

def _userid(node: Node) -> str:
    return node.attrs.get("userid", "").strip()


def _match_players(node: Node, field: str) -> tuple[str, ...]:
    alone = node.all("player")
    pair = [node.first("player1"), node.first("player2")]
    ids: tuple[str, ...]
    if len(alone) == 1 and pair == [None, None]:
        ids = (_userid(alone[0]),)
    elif not alone and None not in pair:
        ids = tuple(_userid(p) for p in pair if p is not None)
    else:
        raise TdfError(msg("A match should name player1 and player2, or one player for a bye."), field, node.line)
    if "" in ids:
        raise TdfError(msg("A match names a player without a userid."), field, node.line)
    return ids


def _outcome(node: Node, byes: bool, field: str) -> int:
    code = _integer(node.attrs.get("outcome"), f"{field}.outcome", node.line)
    if code is None or code not in OUTCOMES:
        raise TdfError(msg("Outcome code %(code)s is not one TOM is known to write (0 pending, 1 player1 won, "
                           "2 player2 won, 3 tie, 5 bye).", code="—" if code is None else code),
                       f"{field}.outcome", node.line)
    if (code == BYE) != byes:
        raise TdfError(msg("A bye is a match with one player and outcome 5; this match mixes them."),
                       f"{field}.outcome", node.line)
    return code


def _match(node: Node, round_no: int, top_cut: bool, division: str, field: str) -> _Match:
    ids = _match_players(node, field)
    outcome = _outcome(node, len(ids) == 1, field)
    table = _integer(node.text_of("tablenumber"), f"{field}.tablenumber", node.line)
    if table is None:
        raise TdfError(msg("A match has no table number."), f"{field}.tablenumber", node.line)
    return _Match(TomPairing(round_no, str(table), ids, outcome, division, top_cut), node, field)


def _round(node: Node, division: str, field: str) -> list[_Match]:
    number = _integer(node.attrs.get("number"), f"{field}.number", node.line)
    if number is None or number < 1:
        raise TdfError(msg("A round has no number."), f"{field}.number", node.line)
    top_cut = node.attrs.get("type", "").strip() == TOP_CUT_ROUND_TYPE
    matches = node.first("matches")
    return [_match(match, number, top_cut, division, f"{field}.matches[{m}]")
            for m, match in enumerate(matches.all("match") if matches else [])]


def _pod(node: Node, field: str) -> _Pod:
    category = node.attrs.get("category", "").strip()
    if category not in POD_DIVISIONS:
        raise TdfError(msg("Pod category %(category)s is not one TOM is known to write (0 Junior, 1 Senior, "
                           "2 Masters, 8 Junior and Senior, 9 Senior and Masters, 10 all).", category=category[:20]
                           or "—"), f"{field}.category", node.line)
    divisions = POD_DIVISIONS[category]
    label = "+".join(divisions)
    listed = {_userid(p) for subgroups in node.all("subgroups") for group in subgroups.all("subgroup")
              for players in group.all("players") for p in players.all("player")}
    rounds = node.first("rounds")
    matches = [m for r, round_node in enumerate(rounds.all("round") if rounds else [])
               for m in _round(round_node, label, f"{field}.rounds[{r}]")]
    seated = {pid for m in matches for pid in m.pairing.player_ids}
    return _Pod(divisions, frozenset((listed | seated) - {""}), tuple(matches))


def _pods(root: Node) -> list[_Pod]:
    pods = root.first("pods")
    return [_pod(node, f"pods[{p}]") for p, node in enumerate(pods.all("pod") if pods else [])]


def _unique_tables(matches: Iterable[_Match]) -> dict[tuple[int, str], _Match]:
    by_table: dict[tuple[int, str], _Match] = {}
    for match in matches:
        pairing = match.pairing
        if pairing.outcome == BYE:
            continue
        key = (pairing.round, pairing.table)
        if key in by_table:
            raise TdfError(msg("Round %(round)s has two matches at table %(table)s.", round=pairing.round,
                               table=pairing.table), f"{match.field}.tablenumber", match.node.line)
        by_table[key] = match
    return by_table


# ---------------------------------------------------------------------------- players

def _standings(root: Node) -> dict[str, str]:
    """userid -> division, from the standings' one-division pods (finished events)."""
    placed: dict[str, str] = {}
    standings = root.first("standings")
    for pod in standings.all("pod") if standings else []:
        divisions = POD_DIVISIONS.get(pod.attrs.get("category", "").strip(), ())
        if len(divisions) == 1:
            placed.update({p.attrs["id"]: divisions[0] for p in pod.all("player") if p.attrs.get("id")})
    return placed


def _division(player_id: str, birth_year: int | None, day: datetime.date | None,
              placed: Mapping[str, str], pods: list[_Pod], field: str, line: int) -> str:
    if player_id in placed:
        return placed[player_id]
    allowed = next((pod.divisions for pod in pods if player_id in pod.player_ids), DIVISIONS)
    if len(allowed) == 1:
        return allowed[0]
    if birth_year is None or day is None:
        raise TdfError(msg("Player %(player)s's division cannot be told: the file gives neither a one-division "
                           "pod nor a birth year and an event date.", player=player_id), f"{field}.birthdate", line)
    return nearest_division(division_by_age(birth_year, day), allowed)


def _player(node: Node, field: str, day: datetime.date | None, placed: Mapping[str, str],
            pods: list[_Pod]) -> TomPlayer:
    player_id = _userid(node)
    if not player_id:
        raise TdfError(msg("A player has no userid."), f"{field}.userid", node.line)
    birth = node.first("birthdate")
    born = _date(node.text_of("birthdate"), f"{field}.birthdate", _line(birth))
    birth_year = born.year if born else None
    dropped = node.first("dropped")
    dropped_round = _integer(dropped.text_of("round"), f"{field}.dropped.round", dropped.line) if dropped else None
    return TomPlayer(player_id, node.text_of("firstname") or "", node.text_of("lastname") or "", birth_year,
                     _division(player_id, birth_year, day, placed, pods, field, node.line), dropped_round)


def _players(root: Node, day: datetime.date | None, pods: list[_Pod]) -> tuple[TomPlayer, ...]:
    placed = _standings(root)
    players: list[TomPlayer] = []
    seen: set[str] = set()
    for p, node in enumerate(_required(root, "players", "players").all("player")):
        player = _player(node, f"players[{p}]", day, placed, pods)
        if player.player_id in seen:
            raise TdfError(msg("Player %(player)s is listed twice.", player=player.player_id),
                           f"players[{p}].userid", node.line)
        seen.add(player.player_id)
        players.append(player)
    return tuple(players)


def _seated_players_listed(players: tuple[TomPlayer, ...], matches: Iterable[_Match]) -> None:
    listed = {player.player_id for player in players}
    for match in matches:
        missing = [pid for pid in match.pairing.player_ids if pid not in listed]
        if missing:
            raise TdfError(msg("A match names player %(player)s, who is not in the file's players.",
                               player=missing[0]), match.field, match.node.line)


# ---------------------------------------------------------------------------- reading

@dataclass(frozen=True)
class _Read:
    tournament: TomTournament
    tables: dict[tuple[int, str], _Match]      # (round, table) -> its match (byes left out)
    byes: frozenset[tuple[int, str]]


def _read(data: bytes) -> _Read:
    root = _root(data)
    game, version = _game(root), _version(root)
    info = _required(root, "data", "data")
    name = info.text_of("name")
    if not name:
        raise TdfError(msg("The file gives the tournament no name."), "data.name", info.line)
    day = _date(info.text_of("startdate"), "data.startdate", _line(info.first("startdate")))
    minutes = _integer(info.text_of("roundtime"), "data.roundtime", _line(info.first("roundtime")))
    finals = _integer(info.text_of("finalsroundtime"), "data.finalsroundtime", _line(info.first("finalsroundtime")))
    pods = _pods(root)
    matches = [m for pod in pods for m in pod.matches]
    tables = _unique_tables(matches)
    players = _players(root, day, pods)
    _seated_players_listed(players, matches)
    tournament = TomTournament(
        name=name, tournament_id=info.text_of("id") or "", date=day, game=game, version=version,
        players=players, pairings=tuple(m.pairing for m in matches),
        rounds=max((m.pairing.round for m in matches), default=0), best_of=None,
        round_minutes=minutes or None, raw=bytes(data), mode=root.attrs.get("mode", ""),
        finals_round_minutes=finals or None)
    byes = frozenset((m.pairing.round, m.pairing.table) for m in matches if m.pairing.outcome == BYE)
    return _Read(tournament, tables, byes)


def read_tdf(data: bytes) -> TomTournament:
    """The tournament a ``.tdf`` export holds (module docstring: what is accepted, what refused
    with ``TdfError``)."""
    return _read(data).tournament


def _full_name(player: TomPlayer) -> str:
    return " ".join(n for n in (player.first_name, player.last_name) if n) or player.player_id


def event_setup(t: TomTournament) -> dict[str, Any]:
    """The body that creates the event the file describes: its settings, players and pairings.
    ``rounds`` is None before TOM has paired a round; a player without names is named by their id."""
    present = {player.division for player in t.players}
    return {
        "name": t.name,
        "date": t.date.isoformat() if t.date else None,
        "rounds": t.rounds or None,
        "best_of": t.best_of,
        "round_minutes": t.round_minutes,
        "divisions": [d for d in DIVISIONS if d in present],
        "players": [{"player_id": p.player_id, "name": _full_name(p), "birth_year": p.birth_year,
                     "division": p.division} for p in t.players],
        "pairings": [{"round": p.round, "table": p.table, "player_ids": list(p.player_ids),
                      "division": p.division, "outcome": p.outcome} for p in t.pairings],
        "source": {"kind": "tom", "tournament_id": t.tournament_id, "version": t.version},
    }


# ---------------------------------------------------------------------------- writing results

_ATTRIBUTE = re.compile(rb"\s+([^\s=/>]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


def _outcome_span(raw: bytes, node: Node) -> tuple[int, int]:
    """Where the value of the ``outcome`` attribute of ``node``'s start tag sits in ``raw``."""
    position = node.offset + len(node.tag) + 1
    while attribute := _ATTRIBUTE.match(raw, position):
        if attribute[1] == b"outcome":
            group = 2 if attribute[2] is not None else 3
            return attribute.span(group)
        position = attribute.end()
    raise TdfError(msg("A match has no outcome attribute to write."), "file", node.line)   # _read checked it


def _table_key(key: Any) -> tuple[int, str, str]:
    """(round, table, field) of a results key; a table written "05" or 5 is table "5"."""
    if not (isinstance(key, tuple) and len(key) == 2):
        raise TdfError(msg("A result is keyed by (round, table)."), "results", None)
    round_no, table = key
    table = str(table).strip()
    table = str(int(table)) if table.isdigit() else table
    if isinstance(round_no, bool) or not isinstance(round_no, int):
        raise TdfError(msg("A round is a whole number."), f"results.{round_no}.{table}", None)
    return round_no, table, f"results.{round_no}.{table}"


def _check_code(code: Any, field: str) -> int:
    if isinstance(code, bool) or not isinstance(code, int) or code not in RESULT_CODES:
        raise TdfError(msg("Outcome code %(code)s cannot be written: a result is 0 (pending), 1 (player1 won), "
                           "2 (player2 won) or 3 (tie).", code=str(code)[:20]), field, None)
    return code


def _located(read: _Read, round_no: int, table: str, field: str) -> _Match:
    match = read.tables.get((round_no, table))
    if match is not None:
        return match
    if (round_no, table) in read.byes:
        raise TdfError(msg("Table %(table)s of round %(round)s holds only byes, whose outcome TOM sets itself.",
                           table=table, round=round_no), field, None)
    if all(r != round_no for r, _ in [*read.tables, *read.byes]):
        raise TdfError(msg("Round %(round)s is not in this file: TOM pairs each round itself. Pair it in TOM, "
                           "export the file again and import it.", round=round_no), field, None)
    raise TdfError(msg("Round %(round)s has no match at table %(table)s in this file. Tables: %(tables)s.",
                       round=round_no, table=table,
                       tables=", ".join(sorted((t for r, t in read.tables if r == round_no), key=_table_order))),
                   field, None)


def _table_order(table: str) -> tuple[int, str]:
    return (int(table), "") if table.isdigit() else (0, table)


def write_results(original: bytes, results: Mapping[tuple[int, str], int]) -> bytes:
    """``original`` with the outcome of each ``(round, table)`` in ``results`` set to its code
    (``RESULT_CODES``: 0 pending, 1 player1 won, 2 player2 won, 3 tie) and every other byte as it
    was: line ends, element order, whitespace, other attributes, the match's ``timestamp`` and the
    round's ``stage`` (FORMAT: pending matches are found by ``outcome="0"``, not by stage; TOM
    sets the rest when it reads the results in).

    Only matches the file holds can be written. TOM pairs every round itself and writes a round
    into the file only once it is paired (stage 2, outcomes 0: FORMAT "round"), so a round not
    in the file is refused (pair it in TOM, export, import again), as are a table the round does
    not have, a bye (TOM's own outcome 5) and any other code. Nothing is written unless every
    result fits (``TdfError``)."""
    read = _read(original)
    spans: dict[tuple[int, int], bytes] = {}
    for key, code in results.items():
        round_no, table, field = _table_key(key)
        outcome = _check_code(code, field)
        match = _located(read, round_no, table, field)
        spans[_outcome_span(original, match.node)] = str(outcome).encode("ascii")
    written = bytearray(original)
    for (start, end), digits in sorted(spans.items(), reverse=True):
        written[start:end] = digits
    return bytes(written)
