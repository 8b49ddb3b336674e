"""Help screens laid out for the real width, down to a phone held upright.

click wraps help at ``max(columns - 2, 50)``: on a 40-column phone every
long line then breaks mid-word in the terminal. ``use_compact_help`` makes
every help screen use ``output.width()`` (COLUMNS, else the terminal, else
80) and, on a narrow screen, puts an option's help under its name rather
than in a 10-column strip beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# Below this width an option's help goes on the lines under its name.
NARROW = 60
# The help under a name starts this much further in than the name.
UNDER = 4
# A command's short help in a narrow list is its first sentence, up to this long.
WHOLE = 160


def help_width(columns: int) -> int:
    """The width help text is wrapped to: two columns short of the screen, 80 at most."""
    return max(min(columns, 80) - 2, 20)


def use_compact_help() -> None:
    """Make every click context of this process lay out help with ``CompactHelp``."""
    from typer import core as typer_core
    from typer._click import core

    if getattr(core.Context.formatter_class, "compact", False):
        return  # done once per process
    core.Context.formatter_class = _compact_help_class()
    group = typer_core.TyperGroup
    if not getattr(group.format_commands, "compact", False):
        wide = group.format_commands

        def format_commands(self: Any, ctx: Any, formatter: Any) -> None:
            """Narrow: each command's first sentence whole on a few lines, not one line cut
            at "..." (a cut "Trade these..." says nothing)."""
            if formatter.width + 2 >= NARROW:
                wide(self, ctx, formatter)
                return
            shown = [(n, c) for n in self.list_commands(ctx)
                     if (c := self.get_command(ctx, n)) is not None and not c.hidden]
            if shown:
                with formatter.section("Commands"):
                    formatter.write_dl([(n, c.get_short_help_str(WHOLE)) for n, c in shown])

        format_commands.compact = True  # type: ignore[attr-defined]
        group.format_commands = format_commands  # type: ignore[method-assign]


def _compact_help_class() -> Any:
    from typer._click.formatting import HelpFormatter, iter_rows, measure_table, wrap_text

    from companion.cli import output

    class CompactHelp(HelpFormatter):
        """click's formatter at the real width; stacked definition lists when narrow."""

        compact = True

        def __init__(self, indent_increment: int = 2, width: int | None = None,
                     max_width: int | None = None) -> None:
            super().__init__(indent_increment, help_width(output.width()), max_width)

        def getvalue(self) -> str:
            # A block click keeps as typed (examples after "\\b") may still be too
            # wide: cut it at spaces like every other line.
            text = super().getvalue()
            limit = self.width + 2
            if all(len(line) <= limit for line in text.splitlines()):
                return text
            return "".join(part + "\n" for line in text.splitlines()
                           for part in output.fit(line, limit))

        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            if self.width + 2 >= NARROW:
                super().write_usage(prog, args, prefix)
                return
            head = f"{'Usage: ' if prefix is None else prefix}{prog}"
            lines = wrap_text(f"{head} {args}", self.width, subsequent_indent="    ")
            self.write(lines + "\n")

        def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                     col_spacing: int = 2) -> None:
            if self.width + 2 >= NARROW:
                super().write_dl(rows, col_max, col_spacing)
                return
            rows = list(rows)
            # Short names (commands) keep a column; if any name is longer, every
            # help goes under its name, so one list reads one way.
            longest = measure_table(rows)[0]
            beside = longest <= self.width // 3
            lead = self.current_indent + (longest + col_spacing if beside else UNDER)
            for first, second in iter_rows(rows, 2):
                self.write(f"{'':>{self.current_indent}}{first}")
                lines = _wrap(second, self.width - lead)
                if beside and lines:
                    self.write(" " * (lead - self.current_indent - len(first)) + lines.pop(0))
                self.write("\n")
                for line in lines:
                    self.write(f"{'':>{lead}}{line}\n")

    return CompactHelp


def _wrap(text: str, columns: int) -> list[str]:
    """Help text in lines of ``columns``; a hyphenated value (no-late-potions) stays whole."""
    import textwrap

    return textwrap.wrap(" ".join(text.split()), max(columns, 10), break_on_hyphens=False)
