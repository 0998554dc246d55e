"""How the store waits for a replica after an append (events.replication): on a cluster by
default, the opt-out logged; WAITAOF where a node has it, WAIT where it hasn't (Redis before
7.2: the local servers), each node asked once."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from redis.exceptions import NoPermissionError, ResponseError

from events.replication import (
    OPT_OUT_WARNING,
    ReplicaWait,
    acknowledged_by,
    replica_wait_for,
)


class FakeNode:
    """What ``ReplicaWait.command`` needs of a node: its address, and WAITAOF's answer."""

    def __init__(self, port: int, waitaof: Exception | None = None):
        self.connection_pool = type("Pool", (), {"connection_kwargs": {"host": "10.0.0.1",
                                                                       "port": port}})()
        self.waitaof = waitaof
        self.sent: list[tuple[Any, ...]] = []

    def execute_command(self, *args: Any) -> Any:
        self.sent.append(args)
        if self.waitaof is not None:
            raise self.waitaof
        return [0, 0]


def test_a_node_with_WAITAOF_is_waited_on_with_it_and_asked_once() -> None:
    wait = ReplicaWait(1, 200)
    node = FakeNode(7000)
    assert wait.command(node) == ("WAITAOF", 0, 1, 200)  # type: ignore[arg-type]
    assert wait.command(node) == ("WAITAOF", 0, 1, 200)  # type: ignore[arg-type]
    assert node.sent == [("WAITAOF", 0, 0, 0)]


@pytest.mark.parametrize("refusal", [
    ResponseError("unknown command 'WAITAOF', with args beginning with: '0' '0' '0'"),
    NoPermissionError("this user has no permissions to run the 'waitaof' command"),
])
def test_a_node_without_WAITAOF_falls_back_to_WAIT_and_is_remembered(
        refusal: Exception) -> None:
    wait = ReplicaWait(1, 200)
    old, new = FakeNode(7000, waitaof=refusal), FakeNode(7001)
    assert wait.command(old) == ("WAIT", 1, 200)  # type: ignore[arg-type]
    assert wait.command(old) == ("WAIT", 1, 200)  # type: ignore[arg-type]
    assert len(old.sent) == 1
    assert wait.command(new) == ("WAITAOF", 0, 1, 200)  # type: ignore[arg-type]


def test_another_error_of_the_probe_is_not_taken_for_an_old_server() -> None:
    node = FakeNode(7000, waitaof=ResponseError("WAITAOF cannot be used with replica instances"))
    with pytest.raises(ResponseError):
        ReplicaWait(1, 200).command(node)  # type: ignore[arg-type]


def test_both_replies_count_the_replicas() -> None:
    assert acknowledged_by(1) == 1
    assert acknowledged_by([1, 0]) == 0 and acknowledged_by([0, 1]) == 1


def test_a_cluster_waits_by_default_and_the_opt_out_is_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="events.replication"):
        assert replica_wait_for(True, None, True, 300) == ReplicaWait(1, 300)
        assert not caplog.records
        assert replica_wait_for(True, None, False, 300) is None
    assert [r.getMessage() for r in caplog.records] == [OPT_OUT_WARNING]
    assert replica_wait_for(False, None, True, 300) is None
