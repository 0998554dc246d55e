"""Exports of one match: its events as JSON Lines, and a self-contained HTML report (here, below
both `referee export` and the API's `GET /v1/matches/{id}/report`, so that each can use it).

The report is for judges and organisers (it shows everything, hidden cards included): the
players and their deck lists (grouped Pokémon, Trainer, Energy, counted by name), a chart of
Prize cards left and damage on the board over the turns (inline SVG), the disputes, rulings
and penalties, and the narrated timeline, one line per event, the actions a rewind voided
struck through. It reads in people's words (issue 44): card names as printed in the reader's
language, the guidelines' penalty names, event names, times in the event's or the reader's
time zone (said on the page) — not the log's ids, the engine's names or its version; the match
id and the last hash are kept in the footer, as the reference to the log. Printed on A4 it
keeps to a few pages (the match slip, to sign, is the console's). No scripts, no external
fonts, images or styles.

Every sentence and heading is a ``msg`` rendered in the current language
(``projections.messages.LANGUAGE``: the request's for ``GET /v1/matches/{id}/report?lang=es``,
``--lang`` for ``referee export --html``), or the ``language`` asked for; rule ids are written
as they are in every language.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from events.codec import canonical_json
from projections import local_time, penalties
from projections.deck_groups import grouped
from projections.display_names import event_type_name, ruleset_name
from projections.i18n import translate
from projections.judge_narration import NARRATORS
from projections.messages import current_language, msg, msg_n, using_language
from projections.outcome import how_text
from projections.readmodels.model import MatchModel, apply_events
from projections.replay import apply_one, fold, game_of
from projections.text import render_all

SEAT_COLOURS = ("#c0392b", "#2e6fbf")

# Words of the data shown in the report, by their ids (a dispute's status, a ruling's
# decision, a role): the id is the message id.
WORDS = {str(word): word for word in (
    msg("open"), msg("ruled"), msg("appealed"), msg("decided"),            # a dispute
    msg("upheld"), msg("overturned"), msg("standing"),                     # rulings, penalties
    msg("judge"), msg("player"), msg("scorekeeper"), msg("admin"), msg("system"),   # actors
    msg("service"), msg("reported"), msg("table"),                          # randomness
    msg("setup"), msg("playing"), msg("sudden_death"), msg("finished"),     # a match's status
)}


def _t(text: Any) -> str:
    """A message (or a plain text) in the current language."""
    return "" if text is None else translate(text)


def _h(text: Any) -> str:
    """A message in the current language, escaped for HTML."""
    return _e(_t(text))


def _word(value: Any) -> str:
    """A data word (``open``, ``upheld``, ``judge``) in the current language; else as it is."""
    if value is None:
        return ""
    word = WORDS.get(str(value))
    return _t(word) if word is not None else str(value)


def _level(level: Any) -> str:
    """A penalty level's printed name in the current language, with its id."""
    label = penalties.level_label(level) if isinstance(level, str) else None
    return _t(msg(label)) if label else str(level)


def _infraction(infraction: Any) -> str:
    """An infraction's printed name in the current language, with its id."""
    if not isinstance(infraction, str) or penalties.infraction_label(infraction) is None:
        return str(infraction)
    labels = penalties.labels({"infraction": infraction})
    name = _t(msg(labels["category_label"]))
    if labels.get("severity_label"):
        name = name + " (" + _t(msg(labels["severity_label"])) + ")"
    return name


# The penalty guidelines' printed names (``projections.penalties``), as message ids: the
# report and the console show them in the reader's language.
PENALTY_WORDS = (
    msg("Game Play Error"), msg("Procedural Error"), msg("Tardiness"), msg("Unsporting Conduct"),
    msg("Cheating"), msg("Deck/Decklist Problem"), msg("Slow Play"),
    msg("Minor"), msg("Major"), msg("Severe"),
    msg("Caution"), msg("Warning"), msg("Double Prize Card"), msg("Quad Prize Card"),
    msg("Game Loss"), msg("Match Loss"), msg("Disqualification"),
)


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
    line = _t(msg("seat %(seat)s: %(action)s", seat=p.get("seat"), action=what))
    return f"{line} {rest}{coins}".rstrip()


def _versus(names: list[Any]) -> str:
    """"Ana vs Beto" in the current language."""
    if len(names) == 2:
        return _t(msg("%(first)s vs %(second)s", first=names[0], second=names[1]))
    return ", ".join(str(name) for name in names)


def _created_line(p: dict[str, Any]) -> str:
    names = _versus([pl.get("name", "?") for pl in p.get("players", [])])
    return f"{p.get('game', 'tcg')} / {p.get('ruleset')}: {names} ({_word(p.get('randomness'))})"


def _rewind_line(p: dict[str, Any]) -> str:
    if p.get("reshuffle"):
        return _t(msg("rewind to seq %(seq)s: %(reason)s (decks reshuffled)",
                      seq=p.get("to_seq"), reason=p.get("reason")))
    return _t(msg("rewind to seq %(seq)s: %(reason)s", seq=p.get("to_seq"), reason=p.get("reason")))


def _dispute_line(p: dict[str, Any]) -> str:
    return _t(msg("dispute %(dispute)s by seat %(seat)s about seq %(about_seq)s: %(claim)s",
                  dispute=p.get("dispute_id"), seat=p.get("seat"), about_seq=p.get("about_seq"),
                  claim=p.get("claim")))


def _penalty_words(pen: dict[str, Any]) -> str:
    return _t(msg("penalty %(level)s, %(infraction)s, to seat %(seat)s",
                  level=_level(pen.get("level")), infraction=_infraction(pen.get("infraction")),
                  seat=pen.get("seat")))


def _decision_line(p: dict[str, Any]) -> str:
    bits = [f"{p.get('dispute_id')}: {_word(p.get('decision'))}"]
    if p.get("remedy"):
        bits.append(_t(msg("rewind to seq %(seq)s", seq=p["remedy"].get("rewind_to"))))
    if p.get("penalty"):
        bits.append(_penalty_words(p["penalty"]))
    if p.get("notes"):
        bits.append(p["notes"])
    return "; ".join(str(bit) for bit in bits)


def _appeal_line(p: dict[str, Any]) -> str:
    return _t(msg("appeal of %(dispute)s by seat %(seat)s: %(reason)s",
                  dispute=p.get("dispute_id"), seat=p.get("seat"), reason=p.get("reason")))


def _penalty_line(p: dict[str, Any]) -> str:
    line = _penalty_words(p)
    return f"{line}: {p['notes']}" if p.get("notes") else line


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
    """One line saying what an event is, for people, in the current language (ids and the
    people's own words as they are)."""
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
                "label": f"{turn}" if number == 1 else _t(msg(
                    "SD%(game)s:%(turn)s", game=number - 1, turn=turn)),
                "game": number, "turn": turn,
                "prizes": [len(s.prizes) for s in seats],
                "damage": [_board_damage(s) for s in seats]}
    except Exception:  # noqa: BLE001 - the chart is optional
        return []
    keys = sorted(points)
    if any(turn > 0 for _, turn in keys):  # the setup (turn 0, no Prizes yet) is no turn
        keys = [k for k in keys if k[1] > 0 or k[0] > 1]
    return [points[k] for k in keys]


def svg_chart(series: list[dict[str, Any]], players: list[str], panel: int = 170) -> str:
    """Two stacked line charts (Prize cards left; damage on each player's Pokémon in play)
    as one inline SVG element, each ``panel`` high."""
    if not series:
        return "<p>" + _h(msg("No turns to chart.")) + "</p>"
    width, left, right, top, gap = 760, 48, 16, 28, 46
    height = top + 2 * panel + gap + 40
    n = len(series)
    plot_w = width - left - right

    def x(i: int) -> float:
        return left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" class="chart" font-family="sans-serif" '
           f'font-size="11" fill="#333">',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
           "<title>" + _h(msg("Prize cards left and damage on the board, by turn")) + "</title>"]
    panels = (("prizes", _t(msg("Prize cards left")), max(6, *(max(p["prizes"]) for p in series))),
              ("damage", _t(msg("Damage on Pokémon in play")),
               max(10, *(max(p["damage"]) for p in series))))
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
                point = _t(msg("turn %(turn)s: %(player)s %(value)s", turn=p["label"],
                               player=players[seat] if seat < len(players) else "",
                               value=p[field][seat]))
                out.append(f'<circle cx="{x(i):.1f}" cy="{y(p[field][seat]):.1f}" r="2.5" '
                           f'fill="{SEAT_COLOURS[seat]}"><title>{html.escape(point)}'
                           f'</title></circle>')
    step = max(1, n // 20)
    base = top + 2 * panel + gap + 16
    for i in range(0, n, step):
        out.append(f'<text x="{x(i):.1f}" y="{base}" text-anchor="middle">'
                   f'{html.escape(series[i]["label"])}</text>')
    out.append(f'<text x="{left + plot_w / 2}" y="{base + 18}" text-anchor="middle">'
               + _h(msg("turn")) + "</text>")
    for seat in (0, 1):
        name = players[seat] if seat < len(players) else _t(msg("seat %(seat)s", seat=seat))
        lx = left + plot_w - 260 + seat * 130
        out.append(f'<rect x="{lx}" y="4" width="12" height="12" fill="{SEAT_COLOURS[seat]}"/>'
                   f'<text x="{lx + 16}" y="14">{html.escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out)


# ---------------------------------------------------------------------- HTML

# The report's one inline style: its text is what a Content-Security-Policy allows by hash.
# Printed on A4, it keeps to a few pages: small type, the deck lists in columns, one line per
# event.
REPORT_CSS = """
@page{size:A4;margin:12mm}
body{font:12px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;margin:1em auto;max-width:1000px;
color:#222;padding:0 1em}
h1{font-size:20px;margin:0 0 .2em}h2{font-size:15px;margin:1.1em 0 .4em;border-bottom:1px solid #ccc}
h3{font-size:13px;margin:.4em 0 .2em}h4{font-size:12px;margin:.3em 0 .1em;color:#444}
.meta{color:#555;margin:.2em 0}table{border-collapse:collapse;width:100%;margin:.3em 0}
th,td{border-bottom:1px solid #e3e3e3;padding:1px 5px;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.seq{font-variant-numeric:tabular-nums;text-align:right;width:2.5em}
td.at{white-space:nowrap;color:#555;width:6em}
tr.voided.action td{color:#999;text-decoration:line-through}tr.voided td.flag{text-decoration:none}
.flag{font-size:11px;font-weight:bold;color:#b35c00}
.decks{display:flex;gap:1.5em}.decks>div{flex:1}.decks ul{list-style:none;padding:0;margin:0;columns:2;
column-gap:1em}.decks li{break-inside:avoid}.error{background:#fde;padding:.5em;border:1px solid #c99}
svg.chart{max-width:100%;height:auto}
.judge{background:#fff8e6}
@media print{body{max-width:none;margin:0;padding:0}section{break-inside:auto}tr{break-inside:avoid}}
"""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


DIVISIONS = {"junior": msg("Junior"), "senior": msg("Senior"), "masters": msg("Masters")}


def _player_line(seat: int, player: dict[str, Any]) -> str:
    """"Seat 0: Ana · 1234567 · Masters"."""
    bits = [_t(msg("Seat %(seat)s: %(name)s", seat=seat, name=player.get("name")))]
    if player.get("player_id"):
        bits.append(str(player["player_id"]))
    if player.get("division") in DIVISIONS:
        bits.append(_t(DIVISIONS[player["division"]]))
    return " · ".join(bits)


def _decks_html(created: dict[str, Any]) -> str:
    """Each player's deck list, grouped Pokémon, Trainer, Energy, counted by name (no ids)."""
    payload = created.get("payload") or {}
    players = payload.get("players", [])
    game_name = payload.get("game") or "tcg"
    parts = ['<div class="decks">']
    for seat, player in enumerate(players):
        parts.append("<div><h3>" + _e(_player_line(seat, player)) + "</h3>")
        deck = player.get("deck")
        if not deck:
            parts.append("<p>" + _h(msg("No deck list (sandbox position).")) + "</p></div>")
            continue
        parts.append("<p>" + _h(msg_n("%(num)s card", "%(num)s cards", len(deck))) + "</p>")
        for group in grouped(game_name, deck):
            parts.append(f"<h4>{_e(_t(group['label']))} ({group['count']})</h4><ul>")
            parts.extend(f"<li>{row['count']} {_e(_t(row['name']))}</li>" for row in group["cards"])
            parts.append("</ul>")
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


def _headers(*titles: Any) -> str:
    return "".join(f"<th>{_e(_t(title))}</th>" for title in titles)


SOURCES = {"RulingIssued": msg("a ruling"), "PenaltyIssued": msg("a penalty outside a dispute"),
           "AppealDecided": msg("an appeal decision")}


def _judging_html(match_id: str, events: list[dict[str, Any]]) -> str:
    model = MatchModel(match_id)
    changes = apply_events(model, events)
    out = []
    if model.disputes:
        out.append("<table><tr>" + _headers(msg("opened"), msg("claim"), msg("status"), msg("ruling"),
                                            msg("appeal"), msg("appeal decision")) + "</tr>")
        for d in sorted(model.disputes.values(), key=lambda d: d.get("opened_seq") or 0):
            def decision(dec: dict[str, Any] | None) -> str:
                if not dec:
                    return ""
                bits = [_h(msg("seq %(seq)s:", seq=dec["seq"]))
                        + f" <b>{_e(_word(dec.get('decision')))}</b>"]
                if dec.get("remedy"):
                    bits.append(_e(_t(msg("rewind to seq %(seq)s",
                                          seq=dec["remedy"].get("rewind_to")))))
                if dec.get("penalty"):
                    bits.append(_e(_penalty_words(dec["penalty"])))
                if dec.get("notes"):
                    bits.append(_e(dec["notes"]))
                return "<br>".join(bits)
            appeal = d.get("appeal")
            opened = _t(msg("seq %(seq)s by seat %(seat)s (%(player)s)", seq=d.get("opened_seq"),
                            seat=d.get("seat"), player=d.get("player"))) if d.get("player") \
                else _t(msg("seq %(seq)s by seat %(seat)s", seq=d.get("opened_seq"), seat=d.get("seat")))
            about = _t(msg("about seq %(seq)s", seq=d.get("about_seq")))
            appealed = "" if not appeal else _t(msg("seq %(seq)s: %(reason)s", seq=appeal["seq"],
                                                    reason=appeal.get("reason")))
            out.append(
                f"<tr><td>{_e(opened)}<br>{_e(about)}</td>"
                f"<td>{_e(d.get('claim'))}</td><td>{_e(_word(d['status']))}</td>"
                f"<td>{decision(d.get('ruling'))}</td>"
                f"<td>{_e(appealed)}</td>"
                f"<td>{decision(d.get('appeal_decision'))}</td></tr>")
        out.append("</table>")
    else:
        out.append("<p>" + _h(msg("No disputes.")) + "</p>")
    if changes.penalties:
        out.append("<h3>" + _h(msg("Penalties")) + "</h3><table><tr>"
                   + _headers(msg("seq"), msg("player"), msg("level"), msg("infraction"),
                              msg("from"), msg("status"), msg("notes")) + "</tr>")
        for entry in sorted(changes.penalties.values(), key=lambda e: e["seq"]):
            who = _t(msg("%(player)s (seat %(seat)s)", player=entry["player"], seat=entry["seat"]))
            source = SOURCES.get(entry["source"])
            out.append(f"<tr><td class=\"seq\">{entry['seq']}</td><td>{_e(who)}</td>"
                       f"<td>{_e(_level(entry['level']))}</td>"
                       f"<td>{_e(_infraction(entry['infraction']))}</td>"
                       f"<td>{_e(_t(source) if source else entry['source'])}</td>"
                       f"<td>{_e(_word(entry['status']))}</td><td>{_e(entry.get('notes') or '')}</td></tr>")
        out.append("</table>")
    else:
        out.append("<p>" + _h(msg("No penalties.")) + "</p>")
    return "".join(out)


def _who(actor: dict[str, Any]) -> str:
    """Who logged an event, in words: a judge by name, anyone else by role (the scorekeeper's
    token names the match: an id, not a person)."""
    if actor.get("role") == "judge" and actor.get("subject"):
        return str(actor["subject"])
    return _word(actor.get("role")) if actor.get("role") else ""


def render_html(match_id: str, events: list[dict[str, Any]],
                audit: dict[str, Any] | None = None, language: str | None = None,
                time_zone: str | None = None) -> str:
    """The whole report as one HTML document (UTF-8, no external resources), in ``language``
    (default: the current one), its times in ``time_zone`` (an IANA name; UTC without one;
    ``UnknownTimeZone`` for a name the tz database lacks)."""
    if language is not None:
        with using_language(language):
            return render_html(match_id, events, audit, time_zone=time_zone)
    if not events:
        raise ValueError(f"match {match_id} has no events")
    zone, zone_said = local_time.time_zone(time_zone)
    created = events[0]
    payload = created.get("payload") or {}
    players = [p.get("name", "?") for p in payload.get("players", [])]
    timeline = narrated_timeline(events)
    result_line = ""
    try:
        game = game_of(events)
        final = fold(events).state
        summ = game.summary(final)
        result = summ.get("result")
        prizes = summ.get("prizes_left")
        result_line = _e(_t(msg("status %(status)s, turn %(turn)s, prizes left %(prizes)s",
                                status=_word(summ.get("status")), turn=summ.get("turn"),
                                prizes=" / ".join(str(n) for n in prizes)
                                if isinstance(prizes, list | tuple) else prizes)))
        if summ.get("score"):
            result_line += " — " + _h(msg("match score %(score)s", score=summ["score"]))
        if result:
            result_line += f" — <b>{_e(_t(how_text(result, players)))}</b>"
    except Exception:  # noqa: BLE001 - reported in the timeline's error box
        pass
    title = _t(msg("Match report: %(players)s", players=_versus(players)))
    facts = [_t(msg("Table %(table)s", table=payload["table"]))] if payload.get("table") else []
    facts += [_t(msg("Best of %(n)s", n=payload.get("games") or 1)), _ruleset_words(payload.get("ruleset")),
              _t(msg("began %(when)s", when=local_time.day_and_time(created.get("recorded_at"), zone))),
              _t(msg("times in %(zone)s", zone=zone_said)),
              _t(msg_n("%(num)s event", "%(num)s events", len(events)))]
    doc = ['<!DOCTYPE html>', f'<html lang="{_e(current_language())}"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(title)}</title>",
           f"<style>{REPORT_CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>",
           f'<p class="meta">{_e(" · ".join(facts))}</p><p class="meta">{result_line}</p>']
    if audit is not None:
        doc.append(_audit_html(audit))
    if timeline["error"]:
        failed = _t(msg("The log could not be replayed: %(error)s", error=timeline["error"]))
        doc.append(f'<p class="error">{_e(failed)}</p>')
    doc.append('<section id="players"><h2>' + _h(msg("Players and decks")) + "</h2>")
    doc.append(_decks_html(created))
    doc.append('</section><section id="chart"><h2>' + _h(msg("Prize cards and damage by turn"))
               + "</h2>")
    doc.append(svg_chart(turn_series(events), players, panel=80))
    doc.append('</section><section id="judging"><h2>' + _h(msg("Disputes, rulings and penalties"))
               + "</h2>")
    doc.append(_judging_html(match_id, events))
    doc.append('</section><section id="timeline"><h2>' + _h(msg("Timeline")) + "</h2>"
               "<table><tr>" + _headers(msg("seq"), msg("at"), "", msg("what happened")) + "</tr>")
    judge_types = set(NARRATORS)    # every event a judge's line narrates
    voided = _e(_t(msg("voided")))
    for entry in timeline["entries"]:
        action = entry["type"] in ("ActionTaken", "Rewound")
        classes = [c for c in ("voided" if entry["voided"] else "", "action" if action else "",
                               "judge" if entry["type"] in judge_types else "") if c]
        said = " ".join(str(line) for line in entry["narration"])
        kind = "" if action else f"<b>{_e(_t(event_type_name(entry['type'])))}</b> "
        who = _who(entry["actor"])
        when = local_time.clock_time(entry["recorded_at"], zone)
        doc.append(
            f'<tr id="seq-{entry["seq"]}"{" class=" + chr(34) + " ".join(classes) + chr(34) if classes else ""}>'
            f'<td class="seq">{entry["seq"]}</td>'
            f'<td class="at">{_e(when)}{"<br>" + _e(who) if who and not action else ""}</td>'
            f'<td class="flag">{voided if entry["voided"] and action else ""}</td>'
            f"<td>{kind}{_e(said)}</td></tr>")
    doc.append("</table></section>")
    last = events[-1]
    footer = _e(_t(msg("Match reference %(match)s, last event %(seq)s, hash %(hash)s. Exported by "
                       "%(command)s; the log is the truth, this page is a view of it.",
                       match="\2", seq=last["seq"], hash="\0", command="\1")))
    footer = footer.replace("\0", f"<code>{_e(str(last.get('hash'))[:16])}</code>", 1).replace(
        "\1", "<code>referee export --html</code>", 1).replace("\2", _e(match_id), 1)
    doc.append(f'<footer class="meta"><p><small>{footer}</small></p></footer>')
    doc.append("</body></html>\n")
    return "\n".join(doc)


def _ruleset_words(ruleset: Any) -> str:
    """A ruleset's name in the current language (its id only when it has no name)."""
    name = ruleset_name(ruleset) if isinstance(ruleset, str) else None
    return _t(name) if name else str(ruleset)


def _audit_html(audit: dict[str, Any]) -> str:
    chain_ok, replay_ok = audit.get("chain_ok"), audit.get("replay_ok")
    chain = msg("Audit: hash chain intact") if chain_ok else msg("Audit: hash chain BROKEN")
    replay = msg("replay matches") if replay_ok else msg("replay DIFFERS")
    line = _t(chain) + ", " + _t(replay)
    if not (chain_ok and replay_ok):
        line += " " + _t(msg("(first bad seq %(seq)s)", seq=audit.get("first_bad_seq")))
    return f'<p class="{"meta" if chain_ok and replay_ok else "error"}">{_e(line)}</p>'
