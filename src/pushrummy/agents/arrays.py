"""NumPy observations and masks, shared by the environments (needs the ``rl`` extra).

:class:`Features` turns a seat's :class:`~pushrummy.views.PlayerView` and pending token
prefix into the arrays every environment of :mod:`pushrummy.agents` observes: the
observation vector of :class:`~pushrummy.agents.observation.ObservationEncoder`, followed
with ``history=True`` by the vector of :class:`~pushrummy.agents.history.HistoryEncoder`
(the information state), raw or with ``normalize=True`` divided by its bounds (every
number in [0, 1]); and the action mask of :class:`~pushrummy.agents.codec.ActionCodec`.
The module imports without NumPy; building :class:`Features` then raises
:class:`ImportError` naming the extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..variants import Variant
from ..views import PlayerView
from .codec import ActionCodec, ActionError  # noqa: F401 - named in the Raises sections
from .history import HistoryEncoder
from .observation import ObservationEncoder, write_parts

MISSING_EXTRA: ImportError | None = None
"""Why NumPy and Gymnasium cannot be imported, or ``None`` when they can."""

if TYPE_CHECKING:
    import numpy as np
    from gymnasium import spaces
else:
    try:
        import numpy as np
        from gymnasium import spaces
    except ImportError as error:  # the rl extra is not installed
        MISSING_EXTRA = error

__all__ = ["Features", "require_rl"]


def require_rl(what: str) -> None:
    """Raise :class:`ImportError` saying ``what`` needs the ``rl`` extra, if it is missing.

    Raises:
        ImportError: the ``rl`` extra (PettingZoo, Gymnasium, NumPy) is not installed.
    """
    if MISSING_EXTRA is not None:
        raise ImportError(
            f'{what} needs the rl extra: pip install "pushrummy[rl]" ({MISSING_EXTRA})'
        ) from MISSING_EXTRA


class Features:
    """The arrays of one variant and player count (the module says what they hold).

    Args:
        variant: the rules.
        players: the player count.
        normalize: divide every number by its bound (all in [0, 1]).
        history: append the information state's history vector.

    Attributes:
        codec: the :class:`~pushrummy.agents.codec.ActionCodec` of the mask.
        encoder: the :class:`~pushrummy.agents.observation.ObservationEncoder`.
        history: the :class:`~pushrummy.agents.history.HistoryEncoder`, or ``None``.
        normalize: whether the numbers are divided by their bounds.
        size: the length of the observation vector.
        space: the ``gymnasium`` ``Dict`` space of ``{"observation", "action_mask"}``.

    Raises:
        ImportError: NumPy or Gymnasium is not installed.
        TypeError, VariantError: as :class:`~pushrummy.agents.codec.ActionCodec`.
    """

    __slots__ = (
        "_bounds",
        "_high",
        "_kept",
        "codec",
        "encoder",
        "history",
        "normalize",
        "size",
        "space",
    )

    def __init__(
        self, variant: Variant, players: int, *, normalize: bool = False, history: bool = False
    ) -> None:
        require_rl("the observation arrays")
        self.codec = ActionCodec(variant, players)
        self.encoder = ObservationEncoder(variant, players)
        self.history = HistoryEncoder(variant, players) if history else None
        self.normalize = bool(normalize)
        high = list(self.encoder.high)
        if self.history is not None:
            high += self.history.high
        self._high = np.array(high, dtype=np.float32)
        # Normalised, each number is written divided by its bound (dividing the whole
        # array afterwards costs more: most of it is 0).
        self._bounds: list[float] | None = [float(h) for h in high] if self.normalize else None
        self.size = len(high)
        # Per seat: an array of its last observation's numbers but the prefix's (history
        # left 0), a memoryview of it, and the parts (ObservationEncoder.view_parts) they
        # were written from.
        self._kept: dict[
            int, tuple[np.ndarray[Any, Any], memoryview[float], list[dict[int, int]]]
        ] = {}
        top = np.ones(self.size, np.float32) if self.normalize else self._high
        self.space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=np.zeros(self.size, np.float32), high=top, dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.codec.size,), dtype=np.int8),
            }
        )

    def vector(self, view: PlayerView, prefix: Sequence[int] = ()) -> np.ndarray[Any, Any]:
        """The observation vector (float32) of ``view`` with the pending ``prefix``.

        Raises:
            TypeError, SetupError, ActionError: as
                :meth:`ObservationEncoder.encode
                <pushrummy.agents.observation.ObservationEncoder.encode>`.
        """
        parts = self.encoder.view_parts(view)
        # No pending prefix (most steps): its sections are all 0, nothing to check or write.
        prefix_entries = (
            None if type(prefix) is tuple and not prefix else self.encoder.prefix_entries(prefix)
        )
        bounds = self._bounds
        kept = self._kept.get(view.seat)
        if kept is None:
            buffer = np.zeros(self.size, np.float32)
            cells = cast("memoryview[float]", buffer.data)  # format "f": floats go in
            kept = self._kept[view.seat] = (buffer, cells, [{}] * len(parts))
        buffer, cells, written = kept
        # Through a memoryview (a number costs less than through NumPy), only the parts that
        # changed: in the observations' module, which the compiled build compiles.
        write_parts(cells, written, parts, bounds)
        array: np.ndarray[Any, Any] = buffer.copy()  # ~100 of ~1,600 numbers are not 0
        high = None if bounds is None else self._high
        if prefix_entries:
            _write(array, prefix_entries, high)
        if self.history is not None:
            _write(array, self.history.entries(view), high, self.encoder.size)
        return array

    def mask(self, view: PlayerView, prefix: Sequence[int] = ()) -> np.ndarray[Any, Any]:
        """The action mask (int8) of ``view`` with the pending ``prefix``: 1 for every token
        that continues one of the seat's legal moves, all 0 when it is not to move.

        Raises:
            TypeError, SetupError, ActionError: as
                :meth:`ActionCodec.legal_tokens
                <pushrummy.agents.codec.ActionCodec.legal_tokens>`.
        """
        mask = np.zeros(self.codec.size, dtype=np.int8)
        cells = mask.data  # through a memoryview: a token costs less than through NumPy
        for token in self.codec.legal_tokens(view, prefix):
            cells[token] = 1
        return mask

    def observe(self, view: PlayerView, prefix: Sequence[int] = ()) -> dict[str, Any]:
        """``{"observation": vector, "action_mask": mask}`` of ``view`` and ``prefix``.

        Raises:
            TypeError, SetupError, ActionError: as :meth:`vector` and :meth:`mask`.
        """
        return {"observation": self.vector(view, prefix), "action_mask": self.mask(view, prefix)}


def _write(
    array: np.ndarray[Any, Any],
    entries: dict[int, int],
    high: np.ndarray[Any, Any] | None,
    offset: int = 0,
) -> None:
    """Set ``array[offset + index] = value`` for the ``entries``, divided by ``high`` at
    that place if it is given."""
    count = len(entries)
    if count <= _FEW:  # one by one: index arrays cost more
        for index, value in entries.items():
            at = offset + index
            array[at] = value if high is None else value / high[at]
        return
    indices = np.fromiter(entries, dtype=np.intp, count=count) + offset
    values = np.fromiter(entries.values(), dtype=np.float64, count=count)
    if high is not None:
        values /= high[indices]
    array[indices] = values


_FEW = 6
"""Up to this many entries are written one by one."""
