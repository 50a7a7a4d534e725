"""The `sheetsmith` app as a Typer subclass that starts fast: plain-text help, and each
command built only when it is used.

Help: Typer formats it with rich, whose import (its markdown support with it) cost more
than Typer itself: `sheetsmith --help` took 2.8x a bare `import typer`. Help is laid out
here with click's formatter instead: the usage, the command's text as its docstring writes
it (prose reflowed, examples line for line, markup left out), its arguments and options,
and for the group every command with the first paragraph of its help, never cut short.
Errors are still shown by Typer with rich: only a mistyped command pays for that import.

Commands: Typer builds every command's parameters from its signature (evaluating each
annotation) before it runs one, about 8 ms, more than the rest of a `check`'s own start-up.
Run as the console script, the app builds a command when it is looked up, so `check`
builds only itself. (`typer.testing.CliRunner` builds them all, as Typer does: the same
commands, only sooner.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

import typer
import typer.main
from typer.core import MARKUP_MODE_KEY, TyperCommand, TyperGroup
from typer.models import CommandInfo

# The rich markup the docstrings use, to leave out of plain text.
_MARKUP = re.compile(r"\[/?(?:bold|dim|italic|underline)\]")
_COLUMN = re.compile(r"\S {2,}(?=\S)")  # the gap before a column laid out with spaces
MAX_WIDTH = 100  # on a wide terminal; click's own default stops at 80


def plain(text: str) -> str:
    return _MARKUP.sub("", text)


def _help_lines(text: str, width: int) -> Iterator[str]:
    """The lines of `text` fitted to `width`: a paragraph of prose flows as one; a block
    laid out by hand keeps its lines: an indented example is never broken (it is a command
    to copy), a line of aligned columns wraps under its last column."""
    import textwrap

    for number, paragraph in enumerate(plain(text).split("\n\n")):
        if number:
            yield ""
        lines = [line.rstrip() for line in paragraph.split("\n") if line.strip()]
        if not any(line.startswith(" ") or "  " in line for line in lines):
            lines = [" ".join(lines)]
        for line in lines:
            if line.startswith(" "):
                yield line
                continue
            column = _COLUMN.search(line)
            yield from textwrap.wrap(
                line,
                max(width, 40),
                subsequent_indent=" " * (column.end() if column else 0),
                break_on_hyphens=False,
            )


def _help_text(command: Any, formatter: Any) -> None:
    import inspect

    text = inspect.cleandoc(command.help or "").partition("\f")[0]
    if not text:
        return
    formatter.write_paragraph()
    with formatter.indentation():
        width = formatter.width - formatter.current_indent
        for line in _help_lines(text, width):
            formatter.write(f"{' ' * formatter.current_indent}{line}\n" if line else "\n")


def _plain_params(ctx: typer.Context) -> None:
    # Typer's parameters escape their "[default: ...]" for rich (importing it) unless the
    # context says the markup mode is none.
    ctx.ensure_object(dict)
    if isinstance(ctx.obj, dict):
        ctx.obj[MARKUP_MODE_KEY] = None


def first_paragraph(command: Any) -> str:
    """What the command list says of a command: the first paragraph of its help."""
    import inspect

    text = command.short_help or inspect.cleandoc(command.help or "").partition("\f")[0]
    return " ".join(plain(text).split("\n\n")[0].split())


def _format_help(command: Any, ctx: typer.Context, formatter: Any) -> None:
    """Click's layout of a command's help, with its text as `_help_text` writes it."""
    _plain_params(ctx)
    command.format_usage(ctx, formatter)
    _help_text(command, formatter)
    command.format_options(ctx, formatter)
    command.format_epilog(ctx, formatter)


class PlainHelpCommand(TyperCommand):
    """A command whose help is plain text (see the module's docstring)."""

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:
        _format_help(self, ctx, formatter)


class PlainHelpGroup(TyperGroup):
    """The `sheetsmith` group, with plain help and a command list that is never cut short."""

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:
        _format_help(self, ctx, formatter)

    def list_commands(self, ctx: typer.Context) -> list[str]:
        return list(self.commands)  # Typer's reads each command too, which builds it

    def format_commands(self, ctx: typer.Context, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = (
                self.commands.described(name) if isinstance(self.commands, _Commands) else None
            )
            command = command or self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, first_paragraph(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        # Typer shows the help of a bare `sheetsmith` while formatting it with rich, and
        # prints nothing for that error itself: the plain help is printed here instead, as
        # before on standard output with exit status 2.
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            typer.echo(ctx.get_help(), color=ctx.color)
            ctx.exit(2)
        return super().parse_args(ctx, args)


class _Described(NamedTuple):
    """What the command list shows of a command not built yet, read off its `CommandInfo`."""

    help: str | None
    short_help: str | None
    hidden: bool


def _described(info: CommandInfo) -> _Described:
    import inspect

    text = info.help if info.help is not None else inspect.getdoc(info.callback)
    return _Described(text, info.short_help, info.hidden)


class _Commands(Mapping[str, Any]):
    """The app's commands by name, each built on first use."""

    def __init__(self, infos: list[CommandInfo], build: Callable[[CommandInfo], Any]) -> None:
        self._infos = {_name(info): info for info in infos}
        self._build = build
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            self._built[name] = self._build(self._infos[name])
        return self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._infos)

    def __len__(self) -> int:
        return len(self._infos)

    def __setitem__(self, name: str, command: Any) -> None:  # click's add_command
        self._built[name] = command
        self._infos.setdefault(name, CommandInfo(name=name, callback=command.callback))

    def described(self, name: str) -> Any:
        return self._built.get(name) or _described(self._infos[name])


def _name(info: CommandInfo) -> str:
    assert info.callback is not None
    return info.name or typer.main.get_command_name(info.callback.__name__)


class SheetsmithTyper(typer.Typer):
    """The app: every command registered on it has plain-text help, whichever module
    registers it, and run as a program it builds only the command it runs."""

    def command(  # type: ignore[override]
        self,
        name: str | None = None,
        *,
        cls: type[TyperCommand] | None = None,
        **kwargs: Any,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return super().command(name, cls=cls or PlainHelpCommand, **kwargs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # Typer's own __call__ builds every command, then runs the group. Its exception
        # hook only matters with pretty exceptions, which the app turns off.
        commands, self.registered_commands = self.registered_commands, []
        try:
            group = typer.main.get_command(self)  # the group: its callback and options
        finally:
            self.registered_commands = commands
        assert isinstance(group, TyperGroup)

        def build(info: CommandInfo) -> Any:
            return typer.main.get_command_from_info(
                info,
                pretty_exceptions_short=self.pretty_exceptions_short,
                rich_markup_mode=self.rich_markup_mode,
            )

        group.commands = _Commands(commands, build)
        return group(*args, **kwargs)
