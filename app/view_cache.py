"""Views of a match rendered once per (match, seq, reader, language), kept per web process.

A board, a state, a timeline, a player's events or a summary is a pure function of the events
1..seq it is made of, who reads it and the language it is written in. The chain hash of the event at
seq names those events for good (another log at that seq hashes otherwise, and a rewind is a
new event), so a view is kept under ``ViewKey(match, kind, seq, hash, reader, language,
params)`` and read again instead of walking the log again: the console's script re-fetching
a board, a table's client polling its state, cost a lookup until the match moves on.

What keeps hidden information in: the key holds the whole ``Reader`` (its view role and, for
a player, its seat) and the language, so a view made for one reader is never looked up by
another; each view is made by the same filters (``app.visibility``) as without the cache.
What keeps it fresh: a new event (an action, a ruling, a rewind) moves the head, hence the
key; a frozen match is never kept nor served from here (its answers say it is frozen), and a
view is made of the events up to its key's seq exactly, never of ones appended meanwhile.
Time-dependent parts (the round clock) are told by the caller on every read.

``REFEREE_VIEW_CACHE_SIZE`` views are kept per process (the least recently read are dropped
first); 0 keeps none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, Response, current_app, jsonify
from marshmallow import Schema

from app.service import ServiceContext, seq_and_hash
from app.visibility import Reader
from events.lru import BoundedLRU
from projections.messages import current_language

T = TypeVar("T")
VIEWS_KEY = "referee-views"


@dataclass(frozen=True)
class ViewKey:
    match_id: str
    kind: str                       # "board", "state", "timeline", "events", "summary"
    seq: int                        # the last event the view is made of
    seq_hash: str                   # that event's chain hash
    reader: Reader
    language: str
    params: tuple[Any, ...] = ()    # what else the view depends on (a range, a seq shown)


class RenderedViews:
    def __init__(self, size: int) -> None:
        self._entries: BoundedLRU[ViewKey, Any] | None = BoundedLRU(size) if size > 0 else None

    def render(self, key: ViewKey | None, make: Callable[[], T]) -> T:
        """The view kept under ``key``, else ``make()`` (kept under it). None: not kept."""
        if key is None or self._entries is None:
            return make()
        kept = self._entries.get(key)
        if kept is None:
            kept = make()
            self._entries.put(key, kept)
        return kept

    def __len__(self) -> int:
        return len(self._entries) if self._entries is not None else 0


def rendered_views() -> RenderedViews:
    return current_app.extensions[VIEWS_KEY]


def json_answer(key: ViewKey | None, schema: Schema, make: Callable[[], Any]) -> Response:
    """A view answered as JSON, dumped by ``schema`` (what the route's ``@blp.response``
    would do) once per key: the dumped body is what is kept, each answer a new Response
    (the after-request hooks add their headers to it)."""
    body = rendered_views().render(key, lambda: jsonify(schema.dump(make())).get_data())
    return current_app.response_class(body, mimetype="application/json")


def register_view_cache(app: Flask) -> None:
    app.extensions[VIEWS_KEY] = RenderedViews(int(app.config.get("REFEREE_VIEW_CACHE_SIZE") or 0))


def view_key(ctx: ServiceContext, meta: dict[str, Any], match_id: str, kind: str, reader: Reader,
             at: int | None = None, params: tuple[Any, ...] = ()) -> ViewKey | None:
    """The key of ``kind`` of the match as ``reader`` sees it at seq ``at`` (None: the head;
    a seq the match does not have is ``NoSuchSeq``); None for a frozen match."""
    if meta.get("frozen") is not None:
        return None
    if at is None:
        seq, seq_hash, frozen = ctx.store.head_and_frozen(match_id)
        if frozen is not None or seq == 0:
            return None
    else:
        seq, seq_hash = seq_and_hash(ctx, match_id, at)
    return ViewKey(match_id, kind, seq, seq_hash, reader, current_language(), params)
