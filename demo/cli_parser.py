"""A command-line parser whose commands each list only the options they take, given before
or after the command's name (``python -m demo --db kb.db search -q x`` as well as
``python -m demo search --db kb.db -q x``).

argparse alone lets a command's default overwrite an option given before the command's name
(``--db kb.db`` would be lost), and an option every command shares through ``parents`` shows
in every command's help whether it uses it or not. :class:`CommandParser` keeps each
command's options and defaults itself: an option given before the command counts when the
command takes it and is refused, in plain words, when it does not.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = ["CommandParser"]

#: The command a bare ``python -m demo`` runs (its options are the parser's own).
NO_COMMAND = ""


class _Option:
    """One option of a command: its first flag, its default, and whether it is required."""

    __slots__ = ("default", "flag", "required")

    def __init__(self, flag: str, default: Any, required: bool) -> None:
        self.flag, self.default, self.required = flag, default, required


class CommandParser(argparse.ArgumentParser):
    """The top-level parser: :meth:`add_command` adds a command; :meth:`parse_known_args`
    gives every option of the command it parsed (those not given at their defaults) and, for
    the attributes other commands' options name, the bare command's defaults."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._options: dict[str, dict[str, _Option]] = {}
        self._parsers: dict[str, argparse.ArgumentParser] = {}
        self._commands: argparse._SubParsersAction[argparse.ArgumentParser] | None = None

    def commands(self, **kwargs: Any) -> None:
        """Start the list of commands (``dest="command"``); call once, after this parser's own
        options (the bare command's) are added."""
        self._options[NO_COMMAND] = _taken(self)
        self._commands = self.add_subparsers(dest="command", parser_class=_Command, **kwargs)

    def add_command(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        """A new command's parser: add its options to it, then call :meth:`done` with it."""
        if self._commands is None:
            raise RuntimeError("call commands() before add_command()")
        return self._commands.add_parser(name, **kwargs)

    def done(self, name: str, parser: argparse.ArgumentParser) -> None:
        """Record the options of command ``name`` (its parser complete)."""
        self._options[name] = _taken(parser)
        self._parsers[name] = parser

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        ns, extra = super().parse_known_args(args, namespace)
        name = getattr(ns, "command", None) or NO_COMMAND
        taken = self._options.get(name, {})
        known = {dest for options in self._options.values() for dest in options}
        for dest in sorted(vars(ns)):
            if dest in known and dest not in taken:
                flag = next(options[dest].flag for options in self._options.values() if dest in options)
                self._refuse(name, f"{flag} is not an option of this command (--help lists its options)")
        for dest, option in taken.items():
            if not hasattr(ns, dest):
                if option.required:
                    self._refuse(name, f"the following arguments are required: {option.flag}")
                setattr(ns, dest, option.default)
        for dest, option in self._options[NO_COMMAND].items():
            if not hasattr(ns, dest):
                setattr(ns, dest, option.default)
        return ns, extra

    def _refuse(self, name: str, message: str) -> NoReturn:
        """Exit 2 with ``message`` under the usage of command ``name``."""
        self._parsers.get(name, self).error(message)


def _taken(parser: argparse.ArgumentParser) -> dict[str, _Option]:
    """The options of ``parser`` (not its positional arguments), which from now on set their
    attribute only when given: their defaults and required flags are kept here instead."""
    out: dict[str, _Option] = {}
    for action in parser._actions:
        if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        long = [f for f in action.option_strings if f.startswith("--")]
        out[action.dest] = _Option((long or action.option_strings)[0], action.default, action.required)
        if action.help:  # the help still shows the default
            action.help = action.help.replace("%(default)s", str(action.default).replace("%", "%%"))
        action.default = argparse.SUPPRESS
    return out


class _Command(argparse.ArgumentParser):
    """A command's parser: its required options may also be given before the command's name,
    so :class:`CommandParser` checks them once both sides are read (its usage still shows
    them required)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        required = [a for a in self._actions if a.option_strings and a.required]
        for action in required:
            action.required = False
        try:
            return super().parse_known_args(args, namespace)
        finally:
            for action in required:
                action.required = True
