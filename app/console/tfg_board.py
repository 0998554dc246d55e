"""The figure game's board as a picture: where each point, line, figure and spot off the board
is drawn (the console's ``_board_other.html`` writes it as inline SVG).

The only input about the game is the reader's view (``app.visibility.view``): what is drawn is
what that view holds, so a page never shows more than the reader may read. The points and
lines come from the board's file (``projections.games.board_picture``). Each seat's own side is
drawn at the bottom for a player in that seat, as a player sees the table; judges and
scorekeepers see seat 0 at the bottom, as the board's file lays it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from projections.games import board_picture

MARGIN_LEFT = 70       # beside the points: room for figure names
MARGIN_RIGHT = 110     # and for the point ids, written to the right of each point
MARGIN_Y = 84          # above and below them: room for the names of entry points and goals
ROW = 136              # the strip above and below the board: Bench and Pokémon Center spots
SLOT_GAP = 80          # between two spots off the board
SLOT = 52              # a spot's side
GROUP_GAP = 36         # between the Bench and the Pokémon Center
BENCH, CENTER = "bench", "center"


@dataclass(frozen=True)
class Mark:
    """A figure as drawn: its instance, name, owner and what weighs on it."""

    instance: str
    name: str
    owner: int
    status: str | None          # a Special Condition (paralyzed, poisoned) or None
    wait: bool


@dataclass(frozen=True)
class Point:
    id: str
    kind: str                   # point, entry, goal
    owner: int | None           # entries: whose figures come in there; goals: who defends it
    x: float
    y: float
    figure: Mark | None
    outward: int                # where the point's name goes: -1 above, 1 below

    @property
    def named(self) -> bool:
        return self.kind in ("entry", "goal")


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Spot:
    """A place off the board: one of a seat's Bench or Pokémon Center spots."""

    seat: int
    zone: str                   # bench or center
    index: int                  # 1-based
    x: float
    y: float
    figure: Mark | None


@dataclass
class Drawing:
    width: float
    height: float
    bottom_seat: int
    points: list[Point] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    spots: list[Spot] = field(default_factory=list)
    rows: dict[int, float] = field(default_factory=dict)        # seat -> y of its strip's label
    group_x: dict[str, float] = field(default_factory=dict)     # zone -> x its strip's label starts at
    unplaced: list[Mark] = field(default_factory=list)          # figures with no spot left to draw


def _marks(view: dict[str, Any]) -> dict[str, Mark]:
    marks = {}
    for instance, fig in (view.get("figures") or {}).items():
        if not isinstance(fig, dict):
            continue
        owner = fig.get("owner")
        if owner not in (0, 1):
            owner = int(str(instance).split(":", 1)[0]) if str(instance)[:1] in "01" else 0
        marks[instance] = Mark(instance=str(instance), name=str(fig.get("name") or fig.get("figure") or instance),
                               owner=owner, status=fig.get("status") or None,
                               wait=bool(fig.get("wait") or fig.get("wait_until") is not None))
    return marks


def _arrival(view: dict[str, Any], instance: str) -> int:
    fig = (view.get("figures") or {}).get(instance) or {}
    arrived = fig.get("arrived")
    return arrived if isinstance(arrived, int) else 0


def drawing(view: dict[str, Any], reader_seat: int | None) -> Drawing:
    """The board of ``view`` (a figure game's view) as drawn for a reader in ``reader_seat``
    (None: a judge, a scorekeeper): seat ``reader_seat`` (else 0) at the bottom."""
    picture = board_picture(str(view.get("board") or "duel-26"))
    bottom = reader_seat if reader_seat in (0, 1) else 0
    xs = [p["x"] for p in picture["points"]]
    ys = [p["y"] for p in picture["points"]]
    left, right, top, low = min(xs), max(xs), min(ys), max(ys)
    width = right - left + MARGIN_LEFT + MARGIN_RIGHT
    board_height = low - top + 2 * MARGIN_Y
    flip = bottom == 1      # the file draws seat 0 at the bottom

    def place(x: float, y: float) -> tuple[float, float]:
        if flip:
            x, y = left + right - x, top + low - y
        return x - left + MARGIN_LEFT, y - top + MARGIN_Y + ROW

    marks = _marks(view)
    where = {fig.get("where"): instance for instance, fig in (view.get("figures") or {}).items()
             if isinstance(fig, dict)}
    out = Drawing(width=width, height=board_height + 2 * ROW, bottom_seat=bottom)
    middle = ROW + board_height / 2
    for p in picture["points"]:
        x, y = place(p["x"], p["y"])
        held = where.get(p["id"])
        out.points.append(Point(id=p["id"], kind=p["kind"], owner=p.get("owner"), x=x, y=y,
                                figure=marks.get(held) if held else None, outward=1 if y > middle else -1))
    at = {p.id: p for p in out.points}
    for a, b in picture["lines"]:
        out.lines.append(Line(at[a].x, at[a].y, at[b].x, at[b].y))
    for seat in (0, 1):
        _spots(out, view, marks, seat, picture["off_board"][seat], on_top=seat != bottom)
    return out


def _spots(out: Drawing, view: dict[str, Any], marks: dict[str, Mark], seat: int, sizes: dict[str, int],
           on_top: bool) -> None:
    """Seat ``seat``'s Bench and Pokémon Center spots in its strip (above or below the board),
    filled with its figures there: the Bench in the view's order, the Pokémon Center oldest
    arrival first (T-PC-1)."""
    strip_top = 0.0 if on_top else out.height - ROW
    label_y = strip_top + (22 if on_top else 30)
    y = label_y + 36
    out.rows[seat] = label_y
    bench = [i for i, m in marks.items() if m.owner == seat and (view["figures"][i].get("where") == BENCH)]
    center = sorted((i for i, m in marks.items() if m.owner == seat and view["figures"][i].get("where") == CENTER),
                    key=lambda i: _arrival(view, i))
    spots = sizes["bench"] + sizes["pc"]
    span = (spots - 1) * SLOT_GAP + GROUP_GAP + SLOT
    x = max(SLOT / 2, (out.width - span) / 2 + SLOT / 2)
    for zone, held, size in ((BENCH, bench, sizes["bench"]), (CENTER, center, sizes["pc"])):
        out.group_x.setdefault(zone, x - SLOT / 2)
        for index in range(max(size, len(held))):
            if index >= size:
                out.unplaced.append(marks[held[index]])
                continue
            figure = marks[held[index]] if index < len(held) else None
            out.spots.append(Spot(seat=seat, zone=zone, index=index + 1, x=x, y=y, figure=figure))
            x += SLOT_GAP
        x += GROUP_GAP
