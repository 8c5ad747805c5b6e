"""Set-up of the Dask workers a `local:N` cluster starts: they die with the command.

Dask starts each worker as a fresh interpreter (multiprocessing's spawn), where no code of
ours runs before Dask's own; Dask imports this module there as a preload (`dask_setup`), and
the worker asks the kernel to kill it when the command that started it dies
(parent_death.py), SIGKILL included. The command's pid comes in the worker's environment.
"""

from __future__ import annotations

import os

from translator.runtime.parent_death import die_with_parent

PARENT_VARIABLE = "HELLTAKER_DASK_PARENT"
"""The environment variable that holds the pid of the command that started the cluster."""


def dask_setup(worker: object) -> None:
    """Dask's preload hook, called in the worker process as it starts."""
    parent = os.environ.get(PARENT_VARIABLE, "")
    if parent.isdigit():
        die_with_parent(int(parent))
