"""`helltaker pddl`: placeholder wiring, filled in by the PDDL export."""

from __future__ import annotations

import argparse


def add_pddl_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    return None


def command_pddl(args: argparse.Namespace) -> int:
    raise NotImplementedError
