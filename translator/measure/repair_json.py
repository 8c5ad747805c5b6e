"""The repair benchmark's clean table as JSON (`repair-bench.json` beside `repair-bench.md`):
one object per operator, as the table's rows group the mutants (repair_bench.py)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from translator.measure.repair_bench import Outcome, operator_groups


def bench_json(outcomes: Sequence[Outcome]) -> list[dict[str, object]]:
    """Per operator: the counts the table's shares are made of, and the fixes taken back
    after the plans (`rejected`), by the comparison on every state of the levels and boards
    (`unequal_on_a_state`), and of those, the ones the former verifier accepted
    (`formerly_verified`: on a generated board or past a level's first 2,000 states)."""
    rows = []
    for name, group in operator_groups(outcomes):
        live = [o for o in group if not o.equivalent]
        rows.append({
            "operator": name, "mutants": len(group),
            "equivalent": sum(o.equivalent for o in group),
            "detected": sum(o.detected for o in live), "localised": sum(o.localised for o in live),
            "top1": sum(o.top1 for o in live), "top3": sum(o.top3 for o in live),
            "top1_inverse": sum(o.inverse1 for o in live),
            "rejected": sum(o.rejected for o in group),
            "unequal_on_a_state": sum(o.unequal for o in group),
            "formerly_verified": sum(o.formerly for o in group),
            "seconds_median": round(statistics.median(o.seconds for o in group), 2),
            "cpu_seconds_median": round(statistics.median(o.cpu_seconds for o in group), 2)})
    return rows
