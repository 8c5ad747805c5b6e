"""The machine a measurement ran on, as reports state it next to their figures."""

from __future__ import annotations

import os
import platform


def machine_facts() -> dict[str, object]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as stream:
            for line in stream:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {"cores": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "load_1_5_15": [round(value, 2) for value in load]}
