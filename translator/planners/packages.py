"""Whether a planner can run at all: its packages are installed (and, see
`translator.planners.oneshot.require_support`, its engine takes the problem).

Both failures are reported before any search starts, as one message that names what is
missing or which features of the problem the engine does not declare, so that the CLI can
print it and exit 3 instead of showing unified-planning's "cannot establish whether ..."
or an import traceback.
"""

from __future__ import annotations

import importlib.util
import sys

from strips_model.errors import RunError


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


def package_directory(module: str) -> str:
    """Where an installed package's files are, found without importing it: the planner
    wheels' `__init__` imports unified-planning, which takes over a second."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise PlannerUnavailable(f"the Python package {module} is not installed")
    return list(spec.submodule_search_locations)[0]
