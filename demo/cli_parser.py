"""The command-line parser of ``python -m demo``: commands that each take (and list in their
``--help``) only their own options, written after the command's name.

argparse alone, with the commands' shared options also on the top-level parser, let a
command's default overwrite an option written before the command's name
(``python -m demo --db kb.db search`` lost ``--db``), classified the words after the command
against the top-level options (``--co`` was "ambiguous" among options the command does not
have) and listed every shared option in every command's help. Here the top-level parser has
no options of its own: a bare ``python -m demo [OPTIONS]`` runs the default command, and an
option written before another command's name is refused, in words that say where it goes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = ["CommandParser"]


class CommandParser(argparse.ArgumentParser):
    """The top-level parser: :meth:`add_command` adds a command (the first added is the
    default, run when the arguments are empty or start with an option). A parsed namespace
    holds every attribute the default command's options name (at their defaults where the
    command parsed has no such option), so code shared by the commands can read them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._parsers: dict[str, argparse.ArgumentParser] = {}
        self._commands = self.add_subparsers(dest="command", parser_class=_Command)
        self._bare = False  # whether the last parse ran the default command for leading options

    def add_command(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        """A new command's parser (the first one added is the default command)."""
        parser = self._commands.add_parser(name, **kwargs)
        self._parsers[name] = parser
        return parser

    @property
    def default_command(self) -> str:
        if not self._parsers:
            raise RuntimeError("add a command first")
        return next(iter(self._parsers))

    def format_help(self) -> str:
        """The commands, then the default command's options (``python -m demo --help`` shows
        every tuning value of a bare ``python -m demo``)."""
        default = self._parsers[self.default_command]
        formatter = default._get_formatter()
        for group in default._action_groups:
            actions = [a for a in group._group_actions if not isinstance(a, argparse._HelpAction)]
            if actions:
                formatter.start_section(group.title)
                formatter.add_arguments(actions)
                formatter.end_section()
        return (
            super().format_help()
            + f"\nOptions of '{self.default_command}' (a bare python -m demo; each command's --help lists its own):\n"
            + formatter.format_help()
        )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        asks_help = bool(words) and (words[0] == "-h" or (len(words[0]) > 2 and "--help".startswith(words[0])))
        self._bare = not words or (words[0].startswith("-") and not asks_help)
        if self._bare:
            # ("--db kb.db search --help": the default command would print its own help first)
            later = next((i for i, w in enumerate(words) if w in self._parsers), None)
            if later is not None and any(w in ("-h", "--help") for w in words[later + 1 :]):
                command = self._parsers[words[later]]
                command.error(f"options go after the command's name: {command.prog} [OPTIONS]")
            words = [self.default_command, *words]
        ns, extra = super().parse_known_args(words, namespace)
        for dest, default in self._fallbacks().items():
            if not hasattr(ns, dest):
                setattr(ns, dest, default)
        return ns, extra

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        ns, extra = self.parse_known_args(args, namespace)
        if extra:
            self._refuse(ns.command, extra)
        return ns

    def _fallbacks(self) -> dict[str, Any]:
        """The default command's options' defaults (``type`` applied to str defaults, as
        argparse does)."""
        default = self._parsers[self.default_command]
        return {
            a.dest: default._get_value(a, a.default) if isinstance(a.default, str) and a.type else a.default
            for a in default._actions
            if a.option_strings and a.default is not argparse.SUPPRESS
        }

    def _refuse(self, name: str, extra: list[str]) -> NoReturn:
        """Exit 2 under command ``name``'s usage, saying why ``extra`` was not taken."""
        parser = self._parsers[name]
        command = next((w for w in extra if w in self._parsers), None) if self._bare else None
        if command is not None:  # ("--db kb.db search …": the options came first)
            later = self._parsers[command]
            later.error(f"options go after the command's name: {later.prog} [OPTIONS]")
        flag = next((w.split("=", 1)[0] for w in extra if w.startswith("-") and w != "--"), None)
        if (
            flag is not None
            and flag not in parser._option_string_actions
            and any(flag in p._option_string_actions for p in self._parsers.values())
        ):
            parser.error(f"{flag} is not an option of this command (--help lists its options)")
        parser.error(f"unrecognized arguments: {' '.join(extra)}")


class _Command(argparse.ArgumentParser):
    """A command's parser: its positional arguments may stand between its options
    (``ask a.md -q Q b.md``), as :meth:`argparse.ArgumentParser.parse_intermixed_args` reads them."""

    _mixing = False  # (parse_known_intermixed_args calls parse_known_args itself)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False
