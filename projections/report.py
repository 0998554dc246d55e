"""Exports of one match: its events as JSON Lines, and a self-contained HTML report (here, below
both `referee export` and the API's `GET /v1/matches/{id}/report`, so that each can use it).

The report is for judges and organisers (it shows everything, hidden cards included): the
players and their decks, a chart of Prize cards left and damage on the board over the turns
(inline SVG), the disputes, rulings and penalties, and the narrated timeline with the
events a rewind voided marked as such. No scripts, no external fonts, images or styles.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from events.codec import canonical_json
from projections.games import get_game
from projections.judge_narration import NARRATORS
from projections.outcome import how_text
from projections.readmodels.model import MatchModel, apply_events
from projections.replay import apply_one, fold, game_of
from projections.text import render_all

SEAT_COLOURS = ("#c0392b", "#2e6fbf")


# ---------------------------------------------------------------------- JSON Lines

def iter_jsonl(events: Iterable[dict[str, Any]]) -> Iterator[str]:
    """One canonical JSON object per line, exactly as stored (hashes included)."""
    for event in events:
        yield canonical_json(event) + "\n"


# ---------------------------------------------------------------------- timeline

def narrated_timeline(events: list[dict[str, Any]], upto: int | None = None) -> dict[str, Any]:
    """``{entries: [{seq, type, recorded_at, actor, payload, voided, narration}], error}``:
    ``fold(keep_narration=True)`` over the log; when the log can't be replayed, the entries
    come without narration and ``error`` says why."""
    shown = [e for e in events if upto is None or e["seq"] <= upto]
    try:
        folded = fold(events, upto, keep_narration=True)
        voided, narrations, error = folded.voided, folded.narrations, None
    except Exception as exc:  # noqa: BLE001 - show what can be shown
        voided, narrations, error = set(), {}, f"{type(exc).__name__}: {exc}"
    entries = [{"seq": e["seq"], "type": e["type"], "recorded_at": e.get("recorded_at"),
                "actor": e.get("actor") or {}, "payload": e.get("payload") or {},
                "voided": e["seq"] in voided, "narration": render_all(narrations.get(e["seq"], []))}
               for e in shown]
    return {"entries": entries, "error": error}


def _action_line(p: dict[str, Any]) -> str:
    action = dict(p.get("action") or {})
    what = action.pop("type", "?")
    rest = " ".join(f"{k}={canonical_json(v)}" for k, v in sorted(action.items()))
    coins = f" coins={','.join(p['coins'])}" if p.get("coins") else ""
    return f"seat {p.get('seat')}: {what} {rest}{coins}".rstrip()


def _created_line(p: dict[str, Any]) -> str:
    names = " vs ".join(pl.get("name", "?") for pl in p.get("players", []))
    return f"{p.get('game', 'tcg')} / {p.get('ruleset')}: {names} ({p.get('randomness')})"


def _rewind_line(p: dict[str, Any]) -> str:
    return f"rewind to seq {p.get('to_seq')}: {p.get('reason')}" + (
        " (decks reshuffled)" if p.get("reshuffle") else "")


def _dispute_line(p: dict[str, Any]) -> str:
    return (f"dispute {p.get('dispute_id')} by seat {p.get('seat')} about seq "
            f"{p.get('about_seq')}: {p.get('claim')}")


def _decision_line(p: dict[str, Any]) -> str:
    bits = [f"{p.get('dispute_id')}: {p.get('decision')}"]
    if p.get("remedy"):
        bits.append(f"rewind to {p['remedy'].get('rewind_to')}")
    if p.get("penalty"):
        pen = p["penalty"]
        bits.append(f"penalty {pen.get('level')} ({pen.get('infraction')}) to seat "
                    f"{pen.get('seat')}")
    if p.get("notes"):
        bits.append(p["notes"])
    return "; ".join(bits)


def _appeal_line(p: dict[str, Any]) -> str:
    return f"appeal of {p.get('dispute_id')} by seat {p.get('seat')}: {p.get('reason')}"


def _penalty_line(p: dict[str, Any]) -> str:
    return f"penalty {p.get('level')} ({p.get('infraction')}) to seat {p.get('seat')}" + (
        f": {p['notes']}" if p.get("notes") else "")


DESCRIBERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "ActionTaken": _action_line,
    "MatchCreated": _created_line,
    "Rewound": _rewind_line,
    "DisputeOpened": _dispute_line,
    "RulingIssued": _decision_line,
    "AppealDecided": _decision_line,
    "AppealFiled": _appeal_line,
    "PenaltyIssued": _penalty_line,
}


def describe_event(event: dict[str, Any]) -> str:
    """One line saying what an event is, for people."""
    payload = event.get("payload") or {}
    describe = DESCRIBERS.get(event["type"])
    return describe(payload) if describe else canonical_json(payload)


# ---------------------------------------------------------------------- chart data

def _board_damage(seat: Any) -> int:
    total = 0
    for p in ([seat.active] if getattr(seat, "active", None) else []) + list(
            getattr(seat, "bench", []) or []):
        total += int(getattr(p, "damage", 0) or 0)
    return total


def turn_series(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per turn (the state after its last event; a rewound turn is replaced by what
    followed): ``{label, game, turn, prizes: [a, b], damage: [a, b]}``. Empty when the log
    can't be replayed or the game has no such notions."""
    try:
        game = game_of(events)
        state = None
        points: dict[tuple[int, int], dict[str, Any]] = {}
        for event in events:
            state, _ = apply_one(game, state, event, events)
            seats = getattr(state, "seats", None)
            if not seats or len(seats) != 2:
                return []
            number, turn = getattr(state, "game_number", 1), getattr(state, "turn", 0)
            points[(number, turn)] = {
                "label": f"{turn}" if number == 1 else f"SD{number - 1}:{turn}",
                "game": number, "turn": turn,
                "prizes": [len(s.prizes) for s in seats],
                "damage": [_board_damage(s) for s in seats]}
    except Exception:  # noqa: BLE001 - the chart is optional
        return []
    keys = sorted(points)
    if any(turn > 0 for _, turn in keys):  # the setup (turn 0, no Prizes yet) is no turn
        keys = [k for k in keys if k[1] > 0 or k[0] > 1]
    return [points[k] for k in keys]


def svg_chart(series: list[dict[str, Any]], players: list[str]) -> str:
    """Two stacked line charts (Prize cards left; damage on each player's Pokémon in play)
    as one inline SVG element."""
    if not series:
        return "<p>No turns to chart.</p>"
    width, panel, left, right, top, gap = 760, 170, 48, 16, 28, 46
    height = top + 2 * panel + gap + 40
    n = len(series)
    plot_w = width - left - right

    def x(i: int) -> float:
        return left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" class="chart" font-family="sans-serif" '
           f'font-size="11" fill="#333">',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
           "<title>Prize cards left and damage on the board, by turn</title>"]
    panels = (("prizes", "Prize cards left", max(6, *(max(p["prizes"]) for p in series))),
              ("damage", "Damage on Pokémon in play", max(10, *(max(p["damage"]) for p in series))))
    for k, (field, title, vmax) in enumerate(panels):
        y0 = top + k * (panel + gap)

        def y(v: float, y0: int = y0, vmax: float = vmax) -> float:
            return y0 + panel - panel * v / vmax

        out.append(f'<text x="{left}" y="{y0 - 8}" font-size="13" font-weight="bold">'
                   f'{html.escape(title)}</text>')
        out.append(f'<rect x="{left}" y="{y0}" width="{plot_w}" height="{panel}" '
                   f'fill="#fafafa" stroke="#bbb"/>')
        for tick in (0, vmax / 2, vmax):
            out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" '
                       f'y2="{y(tick):.1f}" stroke="#e5e5e5"/>')
            out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                       f'{int(tick)}</text>')
        for seat in (0, 1):
            pts = " ".join(f"{x(i):.1f},{y(p[field][seat]):.1f}" for i, p in enumerate(series))
            out.append(f'<polyline points="{pts}" fill="none" stroke="{SEAT_COLOURS[seat]}" '
                       f'stroke-width="2"/>')
            for i, p in enumerate(series):
                out.append(f'<circle cx="{x(i):.1f}" cy="{y(p[field][seat]):.1f}" r="2.5" '
                           f'fill="{SEAT_COLOURS[seat]}"><title>turn {html.escape(p["label"])}'
                           f': {html.escape(players[seat] if seat < len(players) else "")} '
                           f'{p[field][seat]}</title></circle>')
    step = max(1, n // 20)
    base = top + 2 * panel + gap + 16
    for i in range(0, n, step):
        out.append(f'<text x="{x(i):.1f}" y="{base}" text-anchor="middle">'
                   f'{html.escape(series[i]["label"])}</text>')
    out.append(f'<text x="{left + plot_w / 2}" y="{base + 18}" text-anchor="middle">turn</text>')
    for seat in (0, 1):
        name = players[seat] if seat < len(players) else f"seat {seat}"
        lx = left + plot_w - 260 + seat * 130
        out.append(f'<rect x="{lx}" y="4" width="12" height="12" fill="{SEAT_COLOURS[seat]}"/>'
                   f'<text x="{lx + 16}" y="14">{html.escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out)


# ---------------------------------------------------------------------- HTML

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;
color:#222;padding:0 1em}
h1{margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
.meta{color:#555}table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border-bottom:1px solid #e3e3e3;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.seq{font-variant-numeric:tabular-nums;text-align:right;width:3em}
tr.voided td{color:#999;text-decoration:line-through}tr.voided td.flag{text-decoration:none}
.flag{font-size:12px;font-weight:bold;color:#b35c00}ul.narr{margin:0;padding-left:1.1em}
.decks{display:flex;gap:2em}.decks>div{flex:1}.error{background:#fde;padding:.5em;border:1px solid #c99}
svg.chart{max-width:100%;height:auto}
.judge{background:#fff8e6}code{font-size:12px}
"""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _card_name(game: Any, card_id: str) -> str:
    try:
        return game.card_name(card_id)
    except Exception:  # noqa: BLE001 - an unknown id (or game) is shown as it is
        return card_id


def _decks_html(created: dict[str, Any]) -> str:
    players = (created.get("payload") or {}).get("players", [])
    try:
        game = get_game((created.get("payload") or {}).get("game"))
    except KeyError:  # an unknown game: its card ids are shown as they are
        game = None
    parts = ['<div class="decks">']
    for seat, player in enumerate(players):
        parts.append(f"<div><h3>Seat {seat}: {_e(player.get('name'))}</h3>")
        deck = player.get("deck")
        if not deck:
            parts.append("<p>No deck list (sandbox position).</p></div>")
            continue
        counts = Counter(deck)
        parts.append(f"<p>{len(deck)} cards</p><table><tr><th>#</th><th>card</th>"
                     "<th>id</th></tr>")
        for card_id in sorted(counts, key=lambda c: (c.split("-")[0],
                                                     int(c.split("-")[-1]) if c.split("-")[-1].isdigit() else 0)):
            parts.append(f"<tr><td>{counts[card_id]}</td><td>{_e(_card_name(game, card_id))}</td>"
                         f"<td><code>{_e(card_id)}</code></td></tr>")
        parts.append("</table></div>")
    parts.append("</div>")
    return "".join(parts)


def _judging_html(match_id: str, events: list[dict[str, Any]]) -> str:
    model = MatchModel(match_id)
    changes = apply_events(model, events)
    out = []
    if model.disputes:
        out.append("<table><tr><th>dispute</th><th>opened</th><th>claim</th><th>status</th>"
                   "<th>ruling</th><th>appeal</th><th>appeal decision</th></tr>")
        for d in sorted(model.disputes.values(), key=lambda d: d.get("opened_seq") or 0):
            def decision(dec: dict[str, Any] | None) -> str:
                if not dec:
                    return ""
                bits = [f"seq {dec['seq']}: <b>{_e(dec.get('decision'))}</b>"]
                if dec.get("remedy"):
                    bits.append(f"rewind to {_e(dec['remedy'].get('rewind_to'))}")
                if dec.get("penalty"):
                    pen = dec["penalty"]
                    bits.append(f"{_e(pen.get('level'))} ({_e(pen.get('infraction'))}) "
                                f"to seat {_e(pen.get('seat'))}")
                if dec.get("notes"):
                    bits.append(_e(dec["notes"]))
                return "<br>".join(bits)
            appeal = d.get("appeal")
            out.append(
                f"<tr><td>{_e(d['dispute_id'])}</td>"
                f"<td>seq {_e(d.get('opened_seq'))} by seat {_e(d.get('seat'))}"
                f" {_e(d.get('player') or '')}<br>about seq {_e(d.get('about_seq'))}</td>"
                f"<td>{_e(d.get('claim'))}</td><td>{_e(d['status'])}</td>"
                f"<td>{decision(d.get('ruling'))}</td>"
                f"<td>{'' if not appeal else 'seq ' + _e(appeal['seq']) + ': ' + _e(appeal.get('reason'))}</td>"
                f"<td>{decision(d.get('appeal_decision'))}</td></tr>")
        out.append("</table>")
    else:
        out.append("<p>No disputes.</p>")
    if changes.penalties:
        out.append("<h3>Penalties</h3><table><tr><th>seq</th><th>player</th><th>level</th>"
                   "<th>infraction</th><th>from</th><th>status</th><th>notes</th></tr>")
        for entry in sorted(changes.penalties.values(), key=lambda e: e["seq"]):
            out.append(f"<tr><td class=\"seq\">{entry['seq']}</td><td>{_e(entry['player'])} "
                       f"(seat {entry['seat']})</td><td>{_e(entry['level'])}</td>"
                       f"<td>{_e(entry['infraction'])}</td><td>{_e(entry['source'])}"
                       f"{' ' + _e(entry['dispute_id']) if entry.get('dispute_id') else ''}</td>"
                       f"<td>{_e(entry['status'])}</td><td>{_e(entry.get('notes') or '')}</td></tr>")
        out.append("</table>")
    else:
        out.append("<p>No penalties.</p>")
    return "".join(out)


def render_html(match_id: str, events: list[dict[str, Any]],
                audit: dict[str, Any] | None = None) -> str:
    """The whole report as one HTML document (UTF-8, no external resources)."""
    if not events:
        raise ValueError(f"match {match_id} has no events")
    created = events[0]
    payload = created.get("payload") or {}
    players = [p.get("name", "?") for p in payload.get("players", [])]
    timeline = narrated_timeline(events)
    model = MatchModel(match_id)
    apply_events(model, events)
    result_line = ""
    try:
        game = game_of(events)
        final = fold(events).state
        summ = game.summary(final)
        result = summ.get("result")
        result_line = f"status {_e(summ.get('status'))}, turn {_e(summ.get('turn'))}, prizes " \
                      f"left {_e(summ.get('prizes_left'))}"
        if result:
            result_line += f" — <b>{_e(how_text(result, players))}</b>"
        engine = _e(game.engine_version)
    except Exception:  # noqa: BLE001 - reported in the timeline's error box
        engine = "?"
    doc = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>Match {_e(match_id)} — referee report</title>",
           f"<style>{_CSS}</style></head><body>",
           f"<h1>Match {_e(match_id)}: {_e(' vs '.join(players))}</h1>",
           f'<p class="meta">{_e(payload.get("game", "tcg"))} · ruleset '
           f"{_e(payload.get('ruleset'))} · randomness {_e(payload.get('randomness'))} · "
           f"created {_e(created.get('recorded_at'))} · {len(events)} events · engine {engine}"
           f"</p><p class=\"meta\">{result_line}</p>"]
    if audit is not None:
        ok = audit.get("chain_ok") and audit.get("replay_ok")
        doc.append(f'<p class="{"meta" if ok else "error"}">Audit: hash chain '
                   f"{'intact' if audit.get('chain_ok') else 'BROKEN'}, replay "
                   f"{'matches' if audit.get('replay_ok') else 'DIFFERS'}"
                   + ("" if ok else f" (first bad seq {_e(audit.get('first_bad_seq'))})")
                   + "</p>")
    if timeline["error"]:
        doc.append(f'<p class="error">The log could not be replayed: {_e(timeline["error"])}</p>')
    doc.append('<section id="players"><h2>Players and decks</h2>')
    doc.append(_decks_html(created))
    doc.append('</section><section id="chart"><h2>Prize cards and damage by turn</h2>')
    doc.append(svg_chart(turn_series(events), players))
    doc.append('</section><section id="judging"><h2>Disputes, rulings and penalties</h2>')
    doc.append(_judging_html(match_id, events))
    doc.append('</section><section id="timeline"><h2>Timeline</h2>'
               "<table><tr><th>seq</th><th></th><th>event</th><th>by</th><th>at</th>"
               "<th>what happened</th></tr>")
    judge_types = set(NARRATORS)    # every event a judge's line narrates
    for entry in timeline["entries"]:
        classes = [c for c in ("voided" if entry["voided"] else "",
                               "judge" if entry["type"] in judge_types else "") if c]
        actor = entry["actor"]
        narration = "".join(f"<li>{_e(line)}</li>" for line in entry["narration"])
        doc.append(
            f'<tr id="seq-{entry["seq"]}"{" class=" + chr(34) + " ".join(classes) + chr(34) if classes else ""}>'
            f'<td class="seq">{entry["seq"]}</td>'
            f'<td class="flag">{"voided" if entry["voided"] else ""}</td>'
            f"<td><b>{_e(entry['type'])}</b><br>{_e(describe_event(entry))}</td>"
            f"<td>{_e(actor.get('subject'))}<br><small>{_e(actor.get('role'))}</small></td>"
            f"<td><small>{_e(entry['recorded_at'])}</small></td>"
            f'<td><ul class="narr">{narration}</ul></td></tr>')
    doc.append("</table></section>")
    last = events[-1]
    doc.append(f'<footer class="meta"><p>Last event seq {last["seq"]}, hash '
               f"<code>{_e(last.get('hash'))}</code>. Exported by <code>referee export "
               f"--html</code>; the log is the truth, this page is a view of it.</p></footer>")
    doc.append("</body></html>\n")
    return "\n".join(doc)
