"""Who may call a route, checked before its body or query is read.

flask-smorest's ``@blp.arguments`` parses the body (or query) and answers 422 before the view
runs, so a role check written in the view comes too late: a player who sends a malformed body
to a judges' route would read the judges' schema in the 422's field errors. Every route that
takes arguments and is not open to every caller puts ``@authorised_first(<check>)`` right
under ``@blp.route``: the check runs before anything is parsed (the caller was already
authenticated by ``app.auth.protect``), so whoever may not call the route gets 401 or 403
whatever it sent. The view still takes its own finer decisions (a seat, a head judge) from
the parsed body.

``tests/reliability/test_security.py`` sends every such route a malformed body or query as
each caller who may not call it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from app.auth import forbid, require_judge, require_match_reader, require_role
from app.visibility import reader_of
from projections.messages import msg

View = TypeVar("View", bound=Callable[..., Any])
Check = Callable[..., object]


def authorised_first(check: Check) -> Callable[[View], View]:
    """Run ``check(**view_args)`` (the URL's arguments, e.g. ``match_id``) before the
    decorated view - and so before the arguments below it are parsed."""
    def decorate(view: View) -> View:
        @functools.wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            check(**kwargs)
            return view(*args, **kwargs)

        return guarded  # type: ignore[return-value]

    return decorate


def judges(**_: Any) -> None:
    require_judge()


def match_readers(match_id: str, **_: Any) -> None:
    """The match's players and scorekeeper, and judges (``app.auth.require_match_reader``)."""
    require_match_reader(match_id)


def hidden_card_readers(match_id: str, **_: Any) -> None:
    """The match's judges and scorekeeper: who may read every card of it (the report)."""
    if not reader_of(require_match_reader(match_id)).full:
        forbid(msg("The report shows hidden cards: judges and scorekeepers only."))


def roles(*names: str) -> Check:
    def check(**_: Any) -> None:
        require_role(*names)

    return check


def head_judges(**_: Any) -> None:
    require_judge(head=True)


def appellants(match_id: str, **_: Any) -> None:
    """The match's players and scorekeeper: appeals come from them (J-APPEAL-1)."""
    if require_match_reader(match_id).role not in ("player", "scorekeeper"):
        forbid(msg("Appeals come from the players (or the scorekeeper for them)."))
