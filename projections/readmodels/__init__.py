"""Read models: match summaries, the judges' queue, players' penalty histories.

Built from the event logs by workers (``update_read_models``), thrown away and rebuilt at
will (``rebuild_read_models``). See ``keys`` for the Redis layout, ``model`` for what they
hold, ``updater`` for how they are written and ``queries`` for how they are read.
"""
from .queries import (
    checkpoint,
    due_clocks,
    dump_read_models,
    get_dispute,
    get_match_summary,
    is_repeat,
    judges_queue,
    known_players,
    list_disputes,
    list_match_summaries,
    match_disputes,
    penalty_history,
    queue_by_table,
)
from .updater import (
    all_match_ids,
    drop_stale_epochs,
    iter_models_behind,
    rebuild_read_models,
    update_read_models,
)

__all__ = [
    "all_match_ids",
    "checkpoint",
    "drop_stale_epochs",
    "due_clocks",
    "dump_read_models",
    "get_dispute",
    "get_match_summary",
    "is_repeat",
    "iter_models_behind",
    "judges_queue",
    "known_players",
    "list_disputes",
    "list_match_summaries",
    "match_disputes",
    "penalty_history",
    "queue_by_table",
    "rebuild_read_models",
    "update_read_models",
]
