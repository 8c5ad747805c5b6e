"""Fast Downward's own translator, run in this process on our PDDL text: the reference grounding
and translation.

`--planner fd-translate` searches on the task it writes, and the tests check that the task our
clingo grounding and SAS+ translation give (clingo_grounding.py, sas_translation.py) is the
same up to the numbering of variables (tests/ground/test_grounding_paths.py).
"""

from __future__ import annotations

import contextlib
import gc
import io
import os

from fast_downward.translate import main as translate_main
from fast_downward.translate import options as translate_options

from strips_model.schema import Domain, helltaker_domain
from translator.model.level_facts import Facts
from translator.model.pddl_text import domain_text, helltaker_domain_text, problem_text


def write_pddl(folder: str, facts: Facts, domain: Domain | None = None) -> tuple[str, str]:
    """Our domain (or `domain`, a level's specialisation of it) and the level's problem
    written into `folder`: (domain file, problem file)."""
    domain_file = os.path.join(folder, "domain.pddl")
    problem_file = os.path.join(folder, "problem.pddl")
    with open(domain_file, "w", encoding="utf-8") as stream:
        stream.write(helltaker_domain_text() if domain is None else domain_text(domain))
    with open(problem_file, "w", encoding="utf-8") as stream:
        stream.write(problem_text(domain or helltaker_domain(), facts, "level"))
    return domain_file, problem_file


def translate(domain_file: str, problem_file: str, sas_file: str) -> str:
    """Run Fast Downward's translator in this process; return its log."""
    log = io.StringIO()
    translate_options.set_options([domain_file, problem_file, "--sas-file", sas_file])
    # The translator allocates many small objects that live until it ends: the cyclic
    # garbage collector only costs time here (22% of the translation on level 8).
    collecting = gc.isenabled()
    gc.disable()
    try:
        with contextlib.redirect_stdout(log):
            translate_main.main()
    finally:
        if collecting:
            gc.enable()
    return log.getvalue()
