"""app.server.StderrLogger: with the default access-log format, the atoms it builds (only
those the format prints) write the very line gunicorn's own atoms write."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest
from gunicorn.config import Config
from gunicorn.glogging import Logger as GunicornLogger
from gunicorn.glogging import SafeAtoms

from app.server import StderrLogger


def _request(auth: str | None, referer: str | None, sent: int | None, status: str) -> tuple:
    environ = {"REMOTE_ADDR": "10.1.2.3", "REQUEST_METHOD": "POST",
               "RAW_URI": '/v1/matches/m1/actions?x="y"', "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": "/v1/matches/m1/actions", "QUERY_STRING": 'x="y"',
               "HTTP_USER_AGENT": 'table "7" client', "HTTP_HOST": "referee"}
    if auth is not None:
        environ["HTTP_AUTHORIZATION"] = auth
    if referer is not None:
        environ["HTTP_REFERER"] = referer
    resp = SimpleNamespace(status=status, sent=sent, headers=[("Content-Type", "application/json")])
    req = SimpleNamespace(headers=[("HOST", "referee"), ("USER-AGENT", 'table "7" client')])
    return resp, req, environ


@pytest.mark.parametrize("auth, referer, sent, status", [
    ("Bearer secret-token", None, 412, "201 CREATED"),
    ("Basic dGFibGU6cHc=", "http://console/", 0, "404 NOT FOUND"),
    (None, None, None, "200 OK"),
])
def test_the_default_format_writes_the_line_gunicorn_writes(auth, referer, sent, status):
    cfg = Config()
    ours, theirs = StderrLogger(cfg), GunicornLogger(cfg)
    ours.now = theirs.now = lambda: "[02/Dec/2026:12:00:00 +0000]"
    args = (*_request(auth, referer, sent, status), datetime.timedelta(microseconds=4200))
    fmt = cfg.access_log_format
    assert fmt % SafeAtoms(ours.atoms(*args)) == fmt % SafeAtoms(theirs.atoms(*args))
    assert "secret-token" not in fmt % SafeAtoms(ours.atoms(*args))


def test_another_format_gets_every_atom():
    cfg = Config()
    cfg.set("access_log_format", '%(h)s "%({user-agent}i)s" %(D)s %({content-type}o)s')
    atoms = StderrLogger(cfg).atoms(*_request(None, None, 10, "200 OK"),
                                    datetime.timedelta(microseconds=4200))
    line = cfg.access_log_format % SafeAtoms(atoms)
    assert line == '10.1.2.3 "table \\"7\\" client" 4200 application/json'
