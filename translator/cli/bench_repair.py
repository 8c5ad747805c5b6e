"""`helltaker bench --repair`: the repair benchmark's options, and the mode that runs it:
mutants of correct models repaired (the clean table), and slips of faulty bases (the
faulty-base table beside it; translator/measure/repair_bench.py)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from translator.cli.arguments import input_paths, write_outputs
from translator.cli.exit_codes import ExitCode
from translator.cli.options import at_least
from translator.runtime.output import print_out
from translator.runtime.workers import default_jobs


def add_repair_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--repair", action="store_true",
                         help="the repair benchmark: single-edit mutants of correct models "
                         "(ours, and translator/measure/repair_models/*) repaired by "
                         "`compare --repair`'s search; a table per edit operator")
    command.add_argument("--mutants", type=at_least(0), default=40, metavar="N",
                         help="--repair: single-edit mutants per model (default %(default)s)")
    command.add_argument("--faulty-slips", type=at_least(0), default=3, metavar="N",
                         help="--repair: also N slips per model on faulty bases (the model "
                         "given 1 to 3 diverging faults first, then a mutant on another "
                         "literal), each repaired as `compare --repair` does and scored: the "
                         "slip's fix among the fixes, first for its divergence, fixes that "
                         "disable a move; a second table beside the clean one (default "
                         "%(default)s, up to about a CPU minute a slip under "
                         "--repair-seconds 60; 0: the clean table alone)")
    command.add_argument("--doubles", type=int, default=8, metavar="N",
                         help="--repair: double-edit mutants per model (default %(default)s)")
    command.add_argument("--repair-seconds", type=float, default=60.0, metavar="S",
                         help="--repair: the bound of one mutant's search, in seconds of "
                         "--repair-clock (default %(default)s)")
    command.add_argument("--repair-clock", choices=("cpu", "wall"), default="cpu",
                         help="--repair: the clock that bounds each mutant's search: the CPU "
                         "seconds of the mutant's own process, so that a run gives the same "
                         "outcomes however loaded the machine is, or wall seconds, as "
                         "`compare --repair` bounds a user's search (default %(default)s); "
                         "the table reports both")
    command.add_argument("--repair-model", action="append", metavar="FILE",
                         dest="repair_models",
                         help="--repair: mutate this model instead of the benchmark's own "
                         "(repeatable): a student's model, say. One that already diverges "
                         "on the probes is a faulty base as written: its slips are scored on "
                         "it, with no fault added (the faulty-base table); its clean-table "
                         "rows then count no fix of one fault among several. One that "
                         "`compare` cannot run is refused, status 2")
    command.add_argument("--seed", type=int, default=32,
                         help="--repair: the seed of the mutants drawn (default %(default)s)")
    command.add_argument("--workers", type=at_least(1), default=default_jobs(), metavar="N",
                         help="--repair: mutants repaired at once, each in a process of its "
                         "own (default: the cores, %(default)s)")


def repair_bench(args: argparse.Namespace) -> ExitCode:
    # Here, not at the top: the compare stage is only needed by this mode.
    from translator.measure.repair_bench import (
        CLOCKS,
        Outcome,
        bench_table,
        run_bench,
        run_faulty_bench,
    )
    from translator.measure.repair_json import bench_json
    from translator.measure.slip_scores import SlipOutcome, faulty_table

    def progress(outcome: Outcome) -> None:
        state = "equivalent" if outcome.equivalent else "fixed" if outcome.top1 else \
            "detected" if outcome.detected else "missed"
        flags = " ".join(name for name in ("localised", "top3", "inverse1", "minimal")
                         if getattr(outcome, name))
        print(f"{outcome.model}: {outcome.operator}: {state} [{flags}] {outcome.fixes} fixes, "
              f"{outcome.seconds:.1f} s, CPU {outcome.cpu_seconds:.1f} s", file=sys.stderr)

    def slipped(outcome: SlipOutcome) -> None:
        found = outcome.score
        flags = "masked" if found is None else " ".join(
            name for name in ("among", "within", "first", "first_overall", "mended")
            if getattr(found, name)) + (f" disabling={found.disabling}" if found.disabling
                                        else "")
        print(f"{outcome.model}: base of {outcome.faults}, slip {outcome.operator} "
              f"({outcome.slip}): [{flags}] {outcome.fixes} fixes, {outcome.seconds:.1f} s, "
              f"CPU {outcome.cpu_seconds:.1f} s", file=sys.stderr)

    clock = CLOCKS[args.repair_clock]
    outcomes = run_bench(args.mutants, args.doubles, args.repair_seconds, args.seed,
                         args.repair_models, progress=progress, workers=args.workers,
                         clock=clock) \
        if args.mutants or args.doubles > 0 else []
    table = "## Clean bases\n\n" + bench_table(outcomes)
    files = {"repair-bench.json": json.dumps({"clean": bench_json(outcomes)}, indent=2) + "\n"}
    if args.faulty_slips:
        slips = run_faulty_bench(args.faulty_slips, args.repair_seconds, args.seed,
                                 args.repair_models, progress=slipped, workers=args.workers,
                                 clock=clock)
        table += "\n## Faulty bases\n\n" + faulty_table(slips)
    print_out(table)
    if args.out:
        files["repair-bench.md"] = table
        write_outputs({os.path.join(args.out, name): text for name, text in files.items()},
                      args.out, input_paths(args))
    return ExitCode.OK
