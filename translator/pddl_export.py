"""PDDL text for a level (unified-planning's `PDDLWriter`) and atomic writes of it."""

from __future__ import annotations

import errno
import os
import re
import tempfile
from dataclasses import dataclass

from unified_planning.io import PDDLWriter

from strips_model.level import Level
from translator.level_facts import level_facts
from translator.up_problem import ModelParts, build_problem

DOMAIN_NAME = "helltaker"


@dataclass(frozen=True, slots=True)
class PddlTexts:
    domain: str
    problem: str


def problem_name(level: Level) -> str:
    return re.sub(r"[^a-z0-9_-]", "_", level.name.lower()) or "level"


def pddl_texts(parts: ModelParts, level: Level) -> PddlTexts:
    """Domain and problem text; the domain does not depend on the level."""
    problem = build_problem(parts, level_facts(level), DOMAIN_NAME)
    writer = PDDLWriter(problem)
    domain_text = writer.get_domain()
    problem_text = writer.get_problem()
    # PDDLWriter names the problem after the UP problem; name it after the level instead so
    # the files of several levels can be told apart, while they share one domain.
    problem_text = problem_text.replace(
        f"(problem {DOMAIN_NAME}-problem)", f"(problem {problem_name(level)})", 1)
    return PddlTexts(domain_text, problem_text)


def write_atomically(files: dict[str, str]) -> None:
    """Write every file or none: each goes to a temporary file, then all are renamed."""
    for path in files:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "is a directory", path)
    staged: list[tuple[str, str]] = []
    umask = os.umask(0)
    os.umask(umask)
    try:
        for path, text in files.items():
            directory = os.path.dirname(os.path.abspath(path))
            os.makedirs(directory, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".pddl")
            staged.append((temporary, path))
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
            # mkstemp creates 0600 files; give them the mode a plain open() would.
            os.chmod(temporary, 0o666 & ~umask)
        for temporary, path in staged:
            os.replace(temporary, path)
    finally:
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
