"""A tournament event's deck lists: registered per player (by Play! Pokémon ID), validated
against the ruleset's deck rules with every violation listed, read back by judges."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.auth import protect, require_role
from app.docs import problems
from app.errors import TYPE_VALIDATION, problem
from app.extensions import get_context
from app.route_guard import authorised_first, roles
from app.schemas import DecklistListSchema, DecklistRegisterSchema, DecklistSchema
from app.service.registration import register_decklist, registered_decks
from events.decklists import validate_event_id
from projections.messages import msg

FROZEN_423 = ("The event's deck-list log failed an integrity check (`/problems/decklists-frozen`, "
              "with `first_bad_seq` and `finding`): its lists can't be trusted")

blp = protect(Blueprint("registrations", __name__, url_prefix="/v1/events",
                        description="A tournament event's deck lists"))


def event_id_in_path(event_id: str) -> str:
    """The path's event id, or a 422 naming it (the events' routes and the deck lists')."""
    try:
        return validate_event_id(event_id)
    except ValueError:
        problem(422, msg("Not an event id"), msg("An event id is 1-64 of A-Z a-z 0-9 . _ -."),
                type=TYPE_VALIDATION, errors={"path": {"event_id": [msg("Not an event id.")]}})
        raise


@blp.route("/<event_id>/decklists", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(DecklistRegisterSchema())
@blp.response(201, DecklistSchema)
@problems(blp, 400, 401, 413, 503, who_403="Judges and admins (the organiser) register lists",
          frozen_423=FROZEN_423,
          deck_422="Malformed body, an unreadable list (`errors`, every line), or a deck that "
                   "breaks the ruleset's deck rules (`violations`, every one)")
def register(body: dict[str, Any], event_id: str):
    """Register a player's deck list for an event.

    As card ids (`deck`), a pasted Pokémon TCG Live or PTCGO list (`decklist`) or a shipped
    deck (`deck_name`), checked against the ruleset's deck rules. A later registration of the
    same player replaces it for new matches; every one stays in the event's log. A match made
    with `event_id` takes each player's list unless the judge gives a deck."""
    principal = require_role("judge", "admin")
    record = register_decklist(get_context(), event_id_in_path(event_id), body, principal.actor)
    return record, 201


@blp.route("/<event_id>/decklists", methods=["GET"])
@blp.response(200, DecklistListSchema)
@problems(blp, 401, 503, who_403="Judges and admins read deck lists",
          id_422="Not an event id", frozen_423=FROZEN_423)
def decklists(event_id: str):
    """Every player's deck list for an event (the latest registration of each)."""
    require_role("judge", "admin")
    found = sorted(registered_decks(get_context(), event_id_in_path(event_id)).values(),
                   key=lambda r: r["player_id"])
    return {"event_id": event_id, "decklists": found, "total": len(found)}


@blp.route("/<event_id>/decklists/<player_id>", methods=["GET"])
@blp.response(200, DecklistSchema)
@problems(blp, 401, 503, who_403="Judges and admins read deck lists",
          missing_404="No list registered for that player at this event",
          id_422="Not an event id", frozen_423=FROZEN_423)
def decklist(event_id: str, player_id: str):
    """One player's deck list for an event (their latest registration)."""
    require_role("judge", "admin")
    found = registered_decks(get_context(), event_id_in_path(event_id)).get(player_id)
    if found is None:
        problem(404, msg("No deck list"), msg("No list is registered for %(player)s at this event.",
                                              player=repr(player_id)))
    return found
