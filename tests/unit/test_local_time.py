"""Times in the event's or the reader's time zone (projections.local_time)."""

from __future__ import annotations

import pytest

from projections.local_time import UnknownTimeZone, clock_time, day_and_time, time_zone


def test_a_stored_time_reads_in_the_zone_asked_for_and_says_which():
    zone, said = time_zone("America/Sao_Paulo")
    assert said == "America/Sao_Paulo"
    assert clock_time("2026-12-07T14:05:09.123Z", zone) == "11:05"
    assert day_and_time("2026-12-07T01:30:00Z", zone) == "2026-12-06 22:30"
    utc, said = time_zone(None)
    assert said == "UTC" and clock_time("2026-12-07T14:05:09Z", utc) == "14:05"
    assert time_zone("utc")[1] == "UTC"
    assert clock_time(None, utc) == "" and clock_time("yesterday", utc) == ""


@pytest.mark.parametrize("name", ["Mars/Olympus", "../../etc/passwd", "/etc/localtime", "x" * 100, "Europe/"])
def test_an_unknown_zone_is_refused(name):
    with pytest.raises(UnknownTimeZone):
        time_zone(name)
