"""Terminal output for the command-line interface: rich when available, plain text otherwise.

``rich`` is an optional extra (``pip install pushrummy[cli]``). Every command
writes through an :class:`Output`, which uses rich for colour and tables when
it is installed (and not switched off with ``--plain``) and falls back to plain
text that needs nothing but the standard library. Cards are shown with suit
symbols (``10♥``) when the output stream can encode them, as ``10H`` otherwise.

>>> import io
>>> from pushrummy.cards import parse_cards
>>> out = Output(io.StringIO(), use_rich=False, unicode=True)
>>> out.line("hand: ", *out.cards(parse_cards("10H JK 7S")))
>>> out.stream.getvalue()
'hand: 10♥ 7♠ JK\\n'
>>> out.notation("down 7S 7H 7D / 9C 9S JK=9")
'down 7♠ 7♥ 7♦ / 9♣ 9♠ JK=9'
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO, TypeAlias

from ..cards import IS_WILD, Card, Suit
from ..melds import Meld
from ..notation import format_meld

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

__all__ = ["Output", "Segment", "can_encode", "rich_available"]

Segment: TypeAlias = str | tuple[str, str]
"""A piece of a line: plain text, or ``(text, style)`` (a rich style such as ``"red"``)."""

_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([CDHS])(?![A-Za-z0-9])")
_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def rich_available() -> bool:
    """True when the optional ``rich`` package can be imported."""
    try:
        import rich.console
        import rich.progress
        import rich.table
        import rich.text  # noqa: F401
    except ImportError:
        return False
    return True


def can_encode(stream: TextIO, text: str = "♣♦♥♠—·✓") -> bool:
    """True when ``stream``'s encoding can write ``text`` (suit symbols by default)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Output:
    """Where a command writes: a text stream, through rich or as plain text.

    Args:
        stream: the stream to write to (default: ``sys.stdout`` when created).
        use_rich: use rich for colour and tables (it must be installed).
        unicode: show suit symbols; ``None`` asks the stream's encoding.
    """

    def __init__(
        self, stream: TextIO | None = None, *, use_rich: bool = False, unicode: bool | None = None
    ) -> None:
        self.stream: TextIO = sys.stdout if stream is None else stream
        self.unicode = can_encode(self.stream) if unicode is None else unicode
        self.wild: tuple[bool, ...] = IS_WILD
        """The wild cards shown as wild, by card code: the game's variant's
        (``Variant.wild_table``, [setup.wild]), set by the command that knows it (``play``,
        ``watch``, ``replay`` and ``PlaySession``). Until then, the
        standard rule's: the output exists before the command has read its variant."""
        self._console: Console | None = None
        if use_rich:
            from rich.console import Console

            self._console = Console(
                file=self.stream,
                highlight=False,
                markup=False,
                emoji=False,
                soft_wrap=True,
            )

    @property
    def is_rich(self) -> bool:
        """True when output goes through rich."""
        return self._console is not None

    # -- text ----------------------------------------------------------------------------------

    def line(self, *parts: Segment) -> None:
        """Write one line made of ``parts``."""
        if self._console is None:
            self.stream.write("".join(p if isinstance(p, str) else p[0] for p in parts) + "\n")
            return
        from rich.text import Text

        self._console.print(Text.assemble(*parts), soft_wrap=True)

    @contextlib.contextmanager
    def status(self, text: str) -> Iterator[None]:
        """Show ``text`` on the terminal while the block runs (a bot thinking), then erase it.

        Only on a terminal: a stream that is not one (a file, a pipe, a test's buffer)
        gets nothing, so transcripts hold only the game.

        >>> import io
        >>> out = Output(io.StringIO())
        >>> with out.status("seat 1 is thinking..."):
        ...     pass
        >>> out.stream.getvalue()
        ''

        Raises:
            Exception: whatever the block raises, after the text is erased.
        """
        isatty = getattr(self.stream, "isatty", None)
        shown = bool(isatty is not None and isatty())
        if shown:
            self.stream.write(text)
            self.stream.flush()
        try:
            yield
        finally:
            if shown:
                self.stream.write("\r" + " " * len(text) + "\r")
                self.stream.flush()

    def heading(self, text: str) -> None:
        """Write a section heading (a blank line, then the text in bold)."""
        self.line()
        self.line((text, "bold"))

    def dot(self) -> str:
        """A separator between items on one line."""
        return " · " if self.unicode else " | "

    # -- cards ---------------------------------------------------------------------------------

    def card_text(self, card: Card) -> str:
        """The card as shown: ``10♥`` (or ``10H`` without unicode)."""
        return card.display() if self.unicode else str(card)

    def card(self, card: Card) -> Segment:
        """The card as a segment: under rich, wilds are magenta and hearts and diamonds red."""
        text = self.card_text(card)
        if self.wild[card.code]:
            return (text, "magenta")
        if card.suit in _RED:
            return (text, "red")
        return text

    def cards(self, cards: Iterable[Card], empty: str = "-") -> list[Segment]:
        """Cards separated by blanks, naturals by suit and rank, then wilds; ``empty`` if none."""
        parts: list[Segment] = []
        wild = self.wild
        for card in sorted(cards, key=lambda c: (wild[c.code], c.code)):
            if parts:
                parts.append(" ")
            parts.append(self.card(card))
        return parts or [empty]

    def notation(self, text: str) -> str:
        """Move or meld notation with suit symbols (still valid input: ``♥`` parses as ``H``)."""
        if not self.unicode:
            return text
        return _CARD_TOKEN.sub(lambda m: m.group(1) + _SYMBOLS[m.group(2)], text)

    def meld(self, meld: Meld) -> str:
        """A meld in notation, wilds with their roles: ``5♥ JK=6♥ 7♥``.

        Raises:
            TypeError: ``meld`` is not a :class:`~pushrummy.melds.Meld`.
        """
        return self.notation(format_meld(meld))

    # -- tables --------------------------------------------------------------------------------

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        *,
        title: str | None = None,
        right: Iterable[int] = (),
    ) -> None:
        """A table; the columns listed in ``right`` are right-aligned (numbers)."""
        right_set = set(right)
        if self._console is not None:
            from rich import box
            from rich.table import Table

            table = Table(
                title=title,
                title_justify="left",
                title_style="bold",
                box=box.SIMPLE_HEAD,
                pad_edge=False,
                show_edge=False,
                collapse_padding=True,
            )
            for index, header in enumerate(headers):
                table.add_column(
                    header, justify="right" if index in right_set else "left", no_wrap=True
                )
            for row in rows:
                table.add_row(*row)
            self._console.print(table)
            return
        if title:
            self.line(title)
        widths = [len(h) for h in headers]
        for row in rows:
            for index, cell in enumerate(row):
                widths[index] = max(widths[index], len(cell))

        def fmt(cells: Sequence[str]) -> str:
            out = []
            for index, cell in enumerate(cells):
                if index in right_set:
                    out.append(cell.rjust(widths[index]))
                else:
                    out.append(cell.ljust(widths[index]))
            return "  ".join(out).rstrip()

        self.line(fmt(headers))
        self.line("  ".join("-" * w for w in widths))
        for row in rows:
            self.line(fmt(row))
