"""GET /problems and /problems/{slug}: what each problem `type` the service answers means (the
types are URI references to these pages, RFC 7807). Open, like /v1/health: a client that got a
problem may not hold a valid token."""

from __future__ import annotations

import html

from flask import Response
from flask_smorest import Blueprint

from app.errors import problem
from app.html_policy import secure_html, with_styles
from app.problem_types import PROBLEM_TYPES
from projections.i18n import translate
from projections.messages import current_language, msg

blp = Blueprint("problems", __name__, url_prefix="/problems", description="Problem types explained")

_CSS = ("body{font:18px/1.5 system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;"
        "color:#111;background:#fff}code{background:#eee;padding:0 .2em}a{color:#0645ad}")
_PAGE = ('<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
         '<meta name="viewport" content="width=device-width, initial-scale=1">'
         '<style>' + _CSS.replace("{", "{{").replace("}", "}}") + '</style>'
         '</head><body>{body}</body></html>')
_POLICY = with_styles([_CSS])   # the page's own <style>, nothing else inline


@blp.route("", methods=["GET"])
@blp.doc(security=[])
@blp.response(200, {"type": "string"}, content_type="text/html")
def index():
    """Every problem type the service answers, each linked to its page."""
    items = "".join(f'<li><a href="/problems/{slug}"><code>{slug}</code></a>: {html.escape(translate(title))}</li>'
                    for slug, (title, _) in sorted(PROBLEM_TYPES.items()))
    heading = html.escape(translate(msg("Problem types")))
    errors_are = html.escape(translate(msg("Errors are %(type)s."))) % {"type": "<code>application/problem+json</code>"}
    body = f"<h1>{heading}</h1><p>{errors_are}</p><ul>{items}</ul>"
    return secure_html(Response(_PAGE.format(lang=current_language(), title=heading, body=body),
                                mimetype="text/html"), _POLICY)


@blp.route("/<slug>", methods=["GET"])
@blp.doc(security=[])
@blp.response(200, {"type": "string"}, content_type="text/html")
@blp.alt_response(404, description="No such problem type")
def page(slug: str):
    """What one problem type means and what to do about it."""
    if slug not in PROBLEM_TYPES:
        problem(404, msg("No such problem type"),
                msg("There is no problem type %(slug)s: see /problems.", slug=repr(slug[:64])))
    title, text = (html.escape(translate(part)) for part in PROBLEM_TYPES[slug])
    every = html.escape(translate(msg("All problem types")))
    body = (f"<h1>{title}</h1><p><code>/problems/{slug}</code></p><p>{text}</p>"
            f'<p><a href="/problems">{every}</a></p>')
    return secure_html(Response(_PAGE.format(lang=current_language(), title=title, body=body),
                                mimetype="text/html"), _POLICY)
