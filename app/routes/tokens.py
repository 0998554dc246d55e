"""Tokens: issue and revoke (admins), and who am I."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.auth import current_principal, protect, require_role, token_store
from app.docs import problems
from app.errors import TYPE_VALIDATION, problem
from app.extensions import get_store
from app.route_guard import authorised_first, roles
from app.schemas import TokenBodySchema, TokenSchema, WhoAmISchema
from projections.messages import msg

blp = protect(Blueprint("tokens", __name__, url_prefix="/v1",
                        description="Bearer tokens and roles"))


@blp.route("/tokens", methods=["POST"])
@authorised_first(roles("admin"))
@blp.arguments(TokenBodySchema())
@blp.response(201, TokenSchema)
@problems(blp, 400, 401, 413, 503, admin_403="Only admins issue tokens",
          body_422="Malformed body: a player token needs match_id and seat, a scorekeeper "
                   "token a match_id; judges and admins are bound to no match")
def issue(body: dict[str, Any]):
    """Issue a token (admins).

    The token is in this answer only; the service keeps its HMAC."""
    require_role("admin")
    match_id = body.get("match_id")
    if match_id is not None:
        try:
            exists = get_store().get_match_meta(match_id) is not None
        except ValueError:
            exists = False
        if not exists:
            problem(422, msg("Unknown match"), msg("There is no match %(match)s.", match=repr(match_id)),
                    type=TYPE_VALIDATION, errors={"json": {"match_id": [msg("No such match.")]}})
    token, record = token_store().issue(body["role"], body["subject"], match_id=match_id,
                                        seat=body.get("seat"),
                                        head_judge=body.get("head_judge", False))
    return {**record, "token": token}, 201


@blp.route("/tokens/<token_id>", methods=["DELETE"])
@blp.response(204)
@problems(blp, 401, 503, admin_403="Only admins revoke tokens",
          missing_404="No token with that id")
def revoke(token_id: str):
    """Revoke a token (admins): it is refused from now on. Its record is kept."""
    require_role("admin")
    if len(token_id) > 64 or token_store().revoke(token_id) is None:
        problem(404, msg("Token not found"), msg("There is no token %(token)s.", token=repr(token_id)))
    return None


@blp.route("/whoami", methods=["GET"])
@blp.response(200, WhoAmISchema)
@problems(blp, 401, 503)
def whoami():
    """The caller's role and binding, as its token says."""
    return current_principal().describe()
