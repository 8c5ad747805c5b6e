"""Tables of results for the terminal, laid out by rich.

The layout is the one a reader can also grep and paste: plain text, columns left-aligned and
two spaces apart, a rule of dashes under the header, no trailing spaces. Cells are taken as
they are (no rich markup, no highlighting), so a level name never changes its look.
"""

from __future__ import annotations

from collections.abc import Sequence

from translator.runtime.output import STANDARD_OUTPUT, TextSink

_GAP = 2
"""Spaces between two columns."""


def table_text(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The table as lines of text, each ending in a newline."""
    # Imported here: a command that prints no table (one level solved) never loads rich.
    from rich.cells import cell_len
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    widths = [max(cell_len(row[index]) for row in [header, *rows])
              for index in range(len(header))]
    table = Table.grid(padding=(0, _GAP, 0, 0))
    for _ in header:
        table.add_column(no_wrap=True)
    for row in [header, ["-" * width for width in widths], *rows]:
        table.add_row(*(Text(cell) for cell in row))
    # No terminal and no width limit: the table is never wrapped, cut or coloured.
    console = Console(width=sum(widths) + _GAP * len(widths) + 1, color_system=None,
                      force_terminal=False, force_jupyter=False, highlight=False)
    with console.capture() as captured:
        console.print(table)
    return "".join(line.rstrip() + "\n" for line in captured.get().splitlines())


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]],
                file: TextSink = STANDARD_OUTPUT) -> None:
    """Print the table on `file` (standard output by default)."""
    file.write(table_text(header, rows))
