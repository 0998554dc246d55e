"""Every HTML page the service serves renders in Chromium under its Content-Security-Policy:
Swagger UI (/docs) and ReDoc (/redoc) list the API's operations, the match report and the
problem pages are styled by their own (hash-allowed) style, and the browser reports no
violation of the policy on any of them - nor lets another site frame them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.helpers import create_match

pytestmark = pytest.mark.integration


def _violations(page: Any) -> list[str]:
    """Chromium reports each refused load or inline code on the console."""
    seen: list[str] = []
    page.on("console", lambda message: seen.append(message.text)
            if "Content Security Policy" in message.text else None)
    return seen


def test_swagger_ui_and_redoc_render_under_their_policy(site, page):
    refused = _violations(page)
    answer = page.goto(site.url + "/docs")
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    page.wait_for_selector(".swagger-ui .opblock-summary-path")   # the operations, listed
    assert page.locator(".opblock").count() > 20
    page.locator(".opblock-summary-path", has_text="/v1/matches/{match_id}/clock").first.click()
    page.wait_for_selector(".opblock.is-open .parameters, .opblock.is-open .opblock-body")

    answer = page.goto(site.url + "/redoc")
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    page.wait_for_selector("[data-section-id^='tag/']")   # ReDoc rendered the document
    assert page.locator("h2").count() > 20
    # the one refusal meant: ReDoc's sidebar fetching its makers' logo from their CDN
    assert [r for r in refused if "https://cdn.redoc.ly/" not in r] == [], refused


def test_the_report_and_the_problem_pages_are_styled_by_their_own_style_only(site, page):
    judge = site.api(site.token("judge", "Judge Judy"))
    match_id = create_match(judge)["match_id"]
    refused = _violations(page)
    page.set_extra_http_headers({"Authorization": f"Bearer {site.token('judge', 'Judy')}"})
    page.goto(site.url + f"/v1/matches/{match_id}/report")
    page.wait_for_selector("svg.chart")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "12px"   # its <style>
    page.goto(site.url + "/problems/match-frozen")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "18px"
    assert refused == []


def test_no_other_site_may_frame_a_page(site, page, tmp_path):
    """A page of another origin framing the report, the docs and the console: Chromium
    refuses each frame (frame-ancestors 'none')."""
    refused = _violations(page)
    framing = tmp_path / "framing.html"
    framing.write_text("".join(f'<iframe src="{site.url}{path}"></iframe>'
                               for path in ("/docs", "/redoc", "/problems", "/")))
    page.goto(framing.as_uri())
    page.wait_for_timeout(1500)
    assert len([r for r in refused if "frame-ancestors" in r]) == 4, refused
