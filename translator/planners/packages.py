"""Whether a planner can run at all: its package is installed and its engine takes the problem.

Both failures are reported before any search starts, as one message that names what is
missing or which features of the problem the engine does not declare, so that the CLI can
print it and exit 3 instead of showing unified-planning's "cannot establish whether ..."
or an import traceback.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import TYPE_CHECKING

from strips_model.errors import RunError

if TYPE_CHECKING:
    from unified_planning.model import Problem


class PlannerUnavailable(RunError):
    """A planner that is not installed or cannot take the problem; the message says which."""


def is_installed(module: str) -> bool:
    """Whether `module` can be imported, found without importing it (unified-planning's
    engine packages cost over a second to import). A module set to None in `sys.modules`
    counts as missing, as it does for `import`."""
    if module in sys.modules:
        return sys.modules[module] is not None
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package that is missing or not a package
        return False


def require_package(module: str, package: str, planner: str) -> None:
    """Raise `PlannerUnavailable` unless `module`, from the pip package `package`, is there."""
    if not is_installed(module):
        raise PlannerUnavailable(
            f"planner {planner} needs the Python package {package} (module {module}), "
            f"which is not installed; install it with: pip install {package}"
        )


def unsupported_features(engine: str, problem: Problem) -> tuple[str, ...]:
    """Features of `problem` that the unified-planning engine `engine` does not declare."""
    from unified_planning.shortcuts import get_environment

    engine_class = get_environment().factory.engine(engine)
    supported = engine_class.supported_kind().features  # type: ignore[attr-defined]
    return tuple(sorted(problem.kind.features - supported))


def require_support(engine: str, problem: Problem, planner: str) -> None:
    """Raise `PlannerUnavailable` when `engine` does not declare every feature of `problem`."""
    missing = unsupported_features(engine, problem)
    if missing:
        raise PlannerUnavailable(
            f"planner {planner} (unified-planning engine {engine}) cannot take this problem: "
            f"it does not support {', '.join(missing)}"
        )
