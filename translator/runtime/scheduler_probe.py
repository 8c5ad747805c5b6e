"""A scheduler address asked, within a deadline, whether a Dask scheduler answers there,
before `distributed.Client` is made for it.

The client's own timeout bounds the TCP connection only: its handshake then waits for the
first message without a deadline, so a server that accepts and never speaks held a run
forever, and one that speaks something else had the client read a frame length out of the
bytes ("Unable to allocate 3.01 EiB") and fail again from `Client.__del__`. Here the
connection, the handshake and an `identity` request share one deadline, and no client exists
until they have passed.
"""

from __future__ import annotations

from typing import Any

from strips_model.errors import RunError, first_line


def check_scheduler(address: str, seconds: float) -> None:
    """Return once the scheduler at `address` has said it is one, within `seconds`; else a
    RunError that says, in one line, what answered or that nothing did."""
    import asyncio  # here: only a run on a cluster pays for it (a fifth of `solve`'s imports)

    try:
        kind = asyncio.run(asyncio.wait_for(_identity(address, seconds), seconds))
    except TimeoutError:
        raise RunError(f"cannot reach the Dask scheduler at {address}: no answer within "
                       f"{seconds:g} s") from None
    except OSError as error:  # refused, reset, closed, timed out while connecting
        raise RunError(f"cannot reach the Dask scheduler at {address}: "
                       f"{first_line(error)[:200]}") from None
    except Exception as error:  # noqa: BLE001 - bytes that are no Dask frame, a bad scheme
        raise RunError(f"cannot reach the Dask scheduler at {address}: what answers there "
                       f"does not speak Dask's protocol ({first_line(error)[:200]})") from None
    if kind != "Scheduler":
        raise RunError(f"cannot reach the Dask scheduler at {address}: what answers there "
                       "is not a Dask scheduler")


async def _identity(address: str, seconds: float) -> object:
    from distributed.comm.core import connect

    comm: Any = await connect(address, timeout=seconds)
    try:
        await comm.write({"op": "identity", "reply": True})
        answer = await comm.read()
    finally:
        comm.abort()
    return answer.get("type") if isinstance(answer, dict) else None
