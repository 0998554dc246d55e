"""Where a spin's landed segment comes from (TFG.md "Randomness").

`service`: the referee spins — a segment drawn with probability size/96 from the match's
CSPRNG (the card game's Randomness: the first number of a shuffle of 96 positions is uniform);
`reported` / `table`: the table says where the wheel landed, by segment name (and index where a
name repeats on the wheel), and the referee checks it exists; a replay answers the recorded
indices. Every source records what it answered (`used`), which goes into the event.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

from ..messages import joined, msg
from .figures import WHEEL, Figure


class SpinError(ValueError):
    """A reported spin that names no segment of the wheel, or too few spins reported."""


class Shuffles(Protocol):
    def shuffle(self, n: int) -> list[int]: ...


class SpinSource(ABC):
    def __init__(self) -> None:
        self.used: list[int] = []

    def spin(self, fig: Figure, why: str) -> int:
        index = self._next(fig, why)
        self.used.append(index)
        return index

    @abstractmethod
    def _next(self, fig: Figure, why: str) -> int:
        """The index of the segment this spin landed on."""


class ServiceSpins(SpinSource):
    def __init__(self, source: Shuffles):
        super().__init__()
        self.source = source

    def _next(self, fig: Figure, why: str) -> int:
        position = self.source.shuffle(WHEEL)[0]
        for index, segment in enumerate(fig.wheel):
            if position < segment.size:
                return index
            position -= segment.size
        return len(fig.wheel) - 1


def segment_index(fig: Figure, reported: Any) -> int:
    """The segment a table reports: an index, a name that is unique on the wheel, or
    {"name", "index"}; SpinError naming what the wheel holds otherwise."""
    names = [s.name for s in fig.wheel]
    if isinstance(reported, dict):
        index = reported.get("index")
        if isinstance(index, int) and 0 <= index < len(names) and reported.get("name") in (None, names[index]):
            return index
    elif isinstance(reported, int) and not isinstance(reported, bool) and 0 <= reported < len(names):
        return reported
    elif isinstance(reported, str) and names.count(reported) == 1:
        return names.index(reported)
    elif isinstance(reported, str) and names.count(reported) > 1:
        where = [i for i, n in enumerate(names) if n == reported]
        raise SpinError(msg("%(figure)s's wheel has %(attack)s at %(indices)s: report {\"name\", \"index\"}.",
                            figure=fig.name, attack=reported, indices=str(where)))
    listed = joined(joined((str(i), s.label()), ": ") for i, s in enumerate(fig.wheel))
    raise SpinError(msg("%(reported)s is not a segment of %(figure)s's wheel (%(segments)s).",
                        reported=repr(reported), figure=fig.name, segments=listed))


class ReportedSpins(SpinSource):
    def __init__(self, reported: list[Any]):
        super().__init__()
        self.reported = list(reported)

    def _next(self, fig: Figure, why: str) -> int:
        if len(self.used) >= len(self.reported):
            raise SpinError(msg("report the spin of %(figure)s (%(why)s) in `spins`.", figure=fig.name, why=why))
        return segment_index(fig, self.reported[len(self.used)])

    def unused(self) -> int:
        return len(self.reported) - len(self.used)


class ReplaySpins(SpinSource):
    def __init__(self, recorded: list[int]):
        super().__init__()
        self.recorded = list(recorded)

    def _next(self, fig: Figure, why: str) -> int:
        return self.recorded[len(self.used)]
