"""The solving hot path: our PDDL text, FD's translator in-process, parallel workers, and the
process runner the planners share."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.level_file import load_level
from strips_model.schema import helltaker_domain
from translator.model.level_facts import level_facts
from translator.model.pddl_text import helltaker_domain_text, problem_text

REPO_LEVELS = sorted((ROOT / "levels").glob("*.txt"))


def _task(domain_file: Path, problem_file: Path) -> tuple[object, ...]:
    """What Fast Downward's parser reads, with names and order normalised away."""
    from fast_downward.translate import pddl_parser

    task = pddl_parser.open(domain_filename=str(domain_file), problem_filename=str(problem_file))

    def parts(condition) -> list[str]:  # type: ignore[no-untyped-def]
        return sorted(str(p) for p in getattr(condition, "parts", [condition]))

    actions = {a.name: ([(p.name, p.type_name) for p in a.parameters], parts(a.precondition),
                        sorted(str(e.literal) for e in a.effects), str(a.cost))
               for a in task.actions}
    return (actions, sorted(str(atom) for atom in task.init), parts(task.goal),
            sorted((o.name, o.type_name) for o in task.objects),
            sorted((p.name, tuple(a.type_name for a in p.arguments)) for p in task.predicates))


@pytest.mark.parametrize("path", REPO_LEVELS, ids=lambda p: p.stem)
def test_fast_pddl_is_the_task_pddlwriter_gives(path: Path, tmp_path: Path) -> None:
    """pddl/ is written by unified-planning's PDDLWriter (and checked current elsewhere)."""
    domain = helltaker_domain()
    level = load_level(str(path))
    (tmp_path / "domain.pddl").write_text(helltaker_domain_text(), encoding="utf-8")
    (tmp_path / "problem.pddl").write_text(problem_text(domain, level_facts(level), path.stem),
                                           encoding="utf-8")
    ours = _task(tmp_path / "domain.pddl", tmp_path / "problem.pddl")
    reference = _task(ROOT / "pddl" / "domain.pddl", ROOT / "pddl" / f"{path.stem}.pddl")
    assert ours == reference






















