"""Where independent tasks (levels) run: forked local workers, or a Dask cluster.

An executor yields `(index, result or exception)` as tasks finish, in completion order, so
that callers can write each record the moment it exists (`--results`, `--json`). A task that
fails, or whose worker is lost, is its index's exception, never the end of the batch.

- `LocalExecutor`: the forked worker processes of workers.py (the default).
- `DaskExecutor`: a `distributed.Client`, to a running scheduler (`tcp://host:8786`) or to a
  `LocalCluster` started for the run (`local:N`). Dask is imported only here, only then: the
  command line's start-up does not pay for it.

On a Dask worker every task still runs in a child forked for it (`run_in_child`, as the local
workers do), so a planner that crashes or blows up its memory ends that child, not the worker,
and the time and memory limits are enforced the same way everywhere.

A `local:N` cluster is the command's own: its workers die with the command even on SIGKILL
(dask_worker_setup.py), Dask's scratch space is inside the command's temporary folder, and on
Ctrl-C or SIGTERM its worker processes are killed at once rather than closed; a normal close
has a short timeout and Dask's loggers silenced, so that the command ends quietly.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from strips_model.errors import InputError, RunError, first_line
from translator.runtime.dask_worker_setup import PARENT_VARIABLE
from translator.runtime.memory_limits import default_memory_limit
from translator.runtime.process_tree import kill_families
from translator.runtime.processes import WorkerDied, run_in_child
from translator.runtime.scheduler_probe import check_scheduler
from translator.runtime.temporary_folders import remove_orphaned_folders, temporary_folder
from translator.runtime.workers import default_jobs, run_completed

Item = TypeVar("Item")
Result = TypeVar("Result")

CONNECT_SECONDS = 10.0
"""How long to try to reach a scheduler before giving up with a one-line error."""

_QUIET_TRACKER = "ignore::UserWarning:multiprocessing.resource_tracker"

CLOSE_SECONDS = 0.5
"""How long closing the client and a local cluster may take once the work is over or
stopped; its worker processes are killed first when the command is stopped."""

_LOCAL = re.compile(r"local:(?P<workers>\d+)")
_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?(?:\[[0-9A-Fa-f:.]+\]|[\w.-]+):\d{1,5}")
"""A scheduler address as Dask writes it: optional protocol, host or [IPv6], port."""


class Executor(Protocol):
    def run(self, function: Callable[[Item], Result], items: Sequence[Item],
            prepare: Callable[[], object] | None = None,
            ) -> Iterator[tuple[int, Result | BaseException]]:
        """`(index, function(items[index]))` as tasks finish; `prepare` is run once where the
        tasks will run (imports, parsed schemas) before the first task starts."""
        ...


@dataclass(frozen=True, slots=True)
class LocalExecutor:
    jobs: int
    isolate: bool = False

    def run(self, function: Callable[[Item], Result], items: Sequence[Item],
            prepare: Callable[[], object] | None = None,
            ) -> Iterator[tuple[int, Result | BaseException]]:
        if prepare is not None:
            prepare()  # here, so that every forked worker inherits it
        return run_completed(function, items, self.jobs, self.isolate)


@dataclass(frozen=True, slots=True)
class DaskExecutor:
    client: Any
    """A connected `distributed.Client`."""

    def run(self, function: Callable[[Item], Result], items: Sequence[Item],
            prepare: Callable[[], object] | None = None,
            ) -> Iterator[tuple[int, Result | BaseException]]:
        from distributed import as_completed

        if prepare is not None:
            self.client.run(prepare)
        names = [f"dask task {index}" for index in range(len(items))]
        # pure=False: the same level twice (--repeat) is two runs, not one cached result.
        futures = self.client.map(_in_forked_child, names, [function] * len(items), items,
                                  pure=False)
        index_of = {future.key: index for index, future in enumerate(futures)}
        try:
            for future in as_completed(futures, loop=self.client.loop):
                index = index_of[future.key]
                yield index, _result_of(future, names[index])
        finally:
            # Closed early (Ctrl-C, an error in the caller): no task left running for no one.
            with contextlib.suppress(Exception):
                self.client.cancel(futures)


def _in_forked_child(name: str, function: Callable[[Item], Result], item: Item) -> Result:
    """On a Dask worker: the task in a child forked for it, as the local workers run it."""
    return run_in_child(name, function, item)


def _result_of(future: Any, name: str) -> Any:
    """The task's result, the exception it raised, or WorkerDied when Dask lost it (worker
    killed, task cancelled): that task's error, not the batch's."""
    from asyncio import CancelledError

    from distributed.scheduler import KilledWorker

    try:
        return future.result()
    except (KilledWorker, CancelledError) as error:
        return WorkerDied(f"{name} lost by the Dask cluster: {first_line(error)}")
    except Exception as error:  # noqa: BLE001 - the task's own exception, handed on
        return error


@contextlib.contextmanager
def open_executor(cluster: str | None, jobs: int, isolate: bool = False) -> Iterator[Executor]:
    """The executor `--cluster` asks for: local workers when None. A cluster started here
    (`local:N`) and the client are closed when the block ends, however it ends."""
    if cluster is None:
        yield LocalExecutor(jobs, isolate)
        return
    local = _LOCAL.fullmatch(cluster.strip())
    if local is None and _ADDRESS.fullmatch(cluster.strip()) is None:
        raise InputError(f"--cluster: expected a scheduler address such as tcp://host:8786 "
                         f"or local:N, found {cluster!r}")
    if local is not None:
        check_local_workers(int(local["workers"]))
    with contextlib.ExitStack() as stack:
        distributed = _import_distributed()
        address: Any = cluster.strip()
        if local is not None:
            address = _start_local_cluster(distributed, int(local["workers"]), stack)
        else:
            check_scheduler(address, CONNECT_SECONDS)
        try:
            client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except Exception as error:  # noqa: BLE001 - OSError, TimeoutError, ...: one line
            raise RunError(f"cannot reach the Dask scheduler at {cluster}: "
                           f"{first_line(error)}") from None
        stack.callback(_close_quietly, client)
        yield DaskExecutor(client)


WORKERS_PER_CORE = 4
"""A local cluster's workers at most, per core this process may run on: each is a process
of its own, and 500 of them on 2 cores left the machine at a load of 145 for minutes."""
WORKER_MEMORY = 200 << 20
"""What a Dask worker process takes at least (its interpreter, Dask, a task's modules)."""


def check_local_workers(workers: int) -> None:
    """`local:N` within what the machine can run: bad input, before any worker starts."""
    if workers < 1:
        raise InputError(f"--cluster local:N needs N >= 1, found local:{workers}")
    cores = default_jobs()
    if workers > WORKERS_PER_CORE * cores:
        raise InputError(f"--cluster local:{workers}: more workers than this machine can run "
                         f"({WORKERS_PER_CORE} per core, {cores} cores: at most "
                         f"{WORKERS_PER_CORE * cores})")
    memory = default_memory_limit()
    if memory is not None and workers * WORKER_MEMORY > memory:
        raise InputError(f"--cluster local:{workers}: more workers than memory allows "
                         f"(about {WORKER_MEMORY >> 20} MiB each, at most "
                         f"{max(1, memory // WORKER_MEMORY)})")


def _start_local_cluster(distributed: Any, workers: int, stack: contextlib.ExitStack) -> Any:
    """A LocalCluster of `workers` single-threaded workers, closed when `stack` unwinds: after
    its processes are killed when the command is being stopped."""
    import dask
    from distributed.deploy.spec import SpecCluster

    scratch = stack.enter_context(temporary_folder("dask"))
    # Every Dask server (the scheduler here too) makes its scratch space in this directory.
    stack.enter_context(dask.config.set({"temporary-directory": scratch}))
    # Python's resource tracker, started with the workers, warns on standard error of what
    # killed workers did not release (and then releases it); it takes this process's warning
    # options.
    if _QUIET_TRACKER not in sys.warnoptions:
        sys.warnoptions.append(_QUIET_TRACKER)
    earlier = set(SpecCluster._instances)
    try:
        local = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None, silence_logs=logging.CRITICAL, local_directory=scratch,
            # The scheduler serves HTTP even without a dashboard, on port 8787 unless told:
            # with two runs at once the second warned on standard error that it was taken.
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
            preload=["translator.runtime.dask_worker_setup"],
            env={PARENT_VARIABLE: str(os.getpid())})
    except BaseException as error:
        # Stopped or failed while starting: the half-started cluster is not returned, but
        # Dask knows it (and would wait seconds at exit to close it).
        for started in set(SpecCluster._instances) - earlier:
            _stop_cluster(started, stopped=True)
        if isinstance(error, Exception):
            raise RunError(f"cannot start a local Dask cluster: {first_line(error)}") \
                from None
        raise
    stack.push(functools.partial(_stop_when_unwound, local))
    return local


def _stop_when_unwound(local: Any, kind: type[BaseException] | None, *_: object) -> bool:
    _stop_cluster(local, stopped=kind is not None)
    return False


def _stop_cluster(local: Any, stopped: bool) -> None:
    """Close a local cluster once the work is over. When the command is being stopped
    (Ctrl-C, SIGTERM, an error) its worker processes and all they started are killed
    instead, at once: a graceful close would wait on them for seconds, and what is left, the
    scheduler, lives in this process and ends with it."""
    if not stopped:
        _close_quietly(local)
        return
    nannies = list(getattr(local, "workers", {}).values())
    for nanny in nannies:
        # A killed worker stays dead: a nanny restarts one unless it is closing, and a
        # worker spawned while this process exits dies in a traceback on our standard error.
        with contextlib.suppress(Exception):
            nanny.close_gracefully(reason="helltaker-stopped")
    pids = [getattr(getattr(nanny, "process", None), "pid", None) for nanny in nannies]
    kill_families([pid for pid in pids if isinstance(pid, int)])
    # The attempts' folders the killed workers made (the killed attempts remove their own).
    remove_orphaned_folders()
    # Dask's exit hook would otherwise try to close it again, for seconds.
    local.shutdown_on_close = False


def _close_quietly(closable: Any) -> None:
    """Close a client or a cluster within CLOSE_SECONDS, whatever Dask says as it goes: a
    worker lost while closing is no news once the work is over."""
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    try:
        closable.close(timeout=CLOSE_SECONDS)
    except Exception:  # noqa: BLE001 - a timeout or a lost worker: closed as far as it goes
        # Not again at exit: Dask's exit hook would wait ten seconds for what is gone, and a
        # client left "closing" closes again when collected, at exit, waiting 20 s for a loop
        # that is gone, then prints a TimeoutError traceback (seen with local:8 under load).
        closable.shutdown_on_close = False
        with contextlib.suppress(Exception):
            from distributed import Client
            from distributed.core import Status

            closable.status = "closed" if isinstance(closable, Client) else Status.closed


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise RunError("--cluster needs Dask: pip install 'dask[distributed]'") from None
    # Dask logs its workers' comings and goings at INFO/WARNING on standard error; one
    # command's output is ours to write.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    return distributed


def prepared(function: Callable[..., object], *arguments: object) -> Callable[[], object]:
    """`prepare` for Executor.run: a call that pickles, to be run on every Dask worker."""
    return functools.partial(function, *arguments)
