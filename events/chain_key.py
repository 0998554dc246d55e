"""Where the chain key comes from (``REFEREE_CHAIN_KEY``), for the web app, the CLI and the
workers alike.

The key must live outside Redis: whoever can write Redis must not be able to recompute the
chain. So it is the environment's ``REFEREE_CHAIN_KEY``, or - for a local server on the
embedded Redis - a file in the data dir that ``referee serve`` generates once (mode 0600,
never printed), the way it does the token secret. ``referee worker``, ``verify`` and
``audit`` on the same ``REFEREE_DATA_DIR`` read that file.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from events.codec import ChainKey, new_chain_secret
from events.config import Settings

log = logging.getLogger(__name__)

CHAIN_KEY_FILE = "chain_key"


class ChainKeyMissing(RuntimeError):
    """No chain key could be found for this process."""


def chain_key_path(data_dir: str | os.PathLike) -> Path:
    return Path(data_dir) / CHAIN_KEY_FILE


def load_or_create_chain_key(data_dir: str | os.PathLike) -> str:
    """The data dir's chain key, generated (mode 0600, never printed) the first time."""
    path = chain_key_path(data_dir)
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    secret = new_chain_secret()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        handle.write(secret)
        handle.flush()
        os.fsync(handle.fileno())
    log.info("generated a chain key in %s", path)
    return secret


def _uses_embedded_redis(settings: Settings) -> bool:
    """True when the store is (or will be) the embedded Redis of ``settings.data_dir``:
    no REDIS_URL, or the URL a running ``referee serve`` wrote for this data dir."""
    if not settings.redis_url:
        return True
    from events.embedded import read_runtime_info

    info = read_runtime_info(settings.data_dir)
    return info is not None and info.redis_url == settings.redis_url


def resolve_chain_key(settings: Settings, *, create: bool = False) -> ChainKey:
    """``REFEREE_CHAIN_KEY``; else the data dir's key file when the store is the embedded
    Redis (``create``: generate it if missing - only ``referee serve`` does); else, in dev
    mode, the data dir's key file (generated if missing). Raises ``ChainKeyMissing``."""
    if settings.chain_key:
        return _checked(settings.chain_key, "REFEREE_CHAIN_KEY")
    if _uses_embedded_redis(settings):
        path = chain_key_path(settings.data_dir)
        if create:
            return _checked(load_or_create_chain_key(settings.data_dir), str(path))
        try:
            return _checked(path.read_text().strip(), str(path))
        except FileNotFoundError:
            raise ChainKeyMissing(
                f"REFEREE_CHAIN_KEY is not set and there is no {path} (`referee serve` makes "
                "it on the embedded Redis; use the same REFEREE_DATA_DIR)") from None
    if settings.dev_mode:
        log.warning("REFEREE_CHAIN_KEY is not set: dev mode keys the chain with %s",
                    chain_key_path(settings.data_dir))
        return _checked(load_or_create_chain_key(settings.data_dir), "the dev-mode key file")
    raise ChainKeyMissing("REFEREE_CHAIN_KEY is not set. With an external REDIS_URL the "
                          "chain key must be given (a long random string, kept outside "
                          "Redis), or set REFEREE_DEV_MODE=1 for a local development server.")


def _checked(secret: str, where: str) -> ChainKey:
    try:
        return ChainKey(secret)
    except ValueError as exc:
        raise ChainKeyMissing(f"the chain key in {where} is too short: {exc}") from None
