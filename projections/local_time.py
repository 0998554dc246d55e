"""Times as people at an event read them: a stored ``recorded_at`` (UTC, ISO 8601) in a time
zone (the event's, or the reader's), and the zone's name said beside them."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_ZONE_NAME = 64


class UnknownTimeZone(ValueError):
    """A time zone name the tz database does not know."""


def time_zone(name: str | None) -> tuple[tzinfo, str]:
    """The zone called ``name`` (an IANA name like ``America/Sao_Paulo``) and the name to
    print; UTC without one. ``UnknownTimeZone`` for a name the tz database lacks."""
    if not name or name.upper() == "UTC":
        return UTC, "UTC"
    if len(name) > MAX_ZONE_NAME or name.startswith(("/", ".")) or ".." in name:
        raise UnknownTimeZone(name[:MAX_ZONE_NAME])
    try:
        return ZoneInfo(name), name
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise UnknownTimeZone(name[:MAX_ZONE_NAME]) from None


def local(recorded_at: str | None, zone: tzinfo) -> datetime | None:
    """``recorded_at`` in ``zone`` (None when missing or unreadable)."""
    if not recorded_at:
        return None
    try:
        moment = datetime.fromisoformat(recorded_at.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone)


def clock_time(recorded_at: str | None, zone: tzinfo) -> str:
    """"14:05" in ``zone`` ("" when unknown)."""
    moment = local(recorded_at, zone)
    return moment.strftime("%H:%M") if moment else ""


def day_and_time(recorded_at: str | None, zone: tzinfo) -> str:
    """"2026-12-07 14:05" in ``zone`` ("" when unknown)."""
    moment = local(recorded_at, zone)
    return moment.strftime("%Y-%m-%d %H:%M") if moment else ""
