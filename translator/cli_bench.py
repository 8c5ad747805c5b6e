"""`helltaker bench`: not written yet."""

from __future__ import annotations

import argparse


def add_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    return None
