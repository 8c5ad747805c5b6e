"""`helltaker show`: watch a plan in the terminal, or export it as pictures or a replay page."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TextIO

from strips_model.errors import InputError, Position, shown_name
from strips_model.input_files import STDIN_NAME, require_stdin
from strips_model.level import Level
from strips_model.moves import Direction, parse_plan
from translator.cli.arguments import (
    add_alphabet,
    add_planner,
    input_paths,
    read_plan_argument,
    read_plan_file,
    write_outputs,
)
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import ExitCode
from translator.cli.level_cap import cap_text, load_capped_level
from translator.cli.options import add_limits, memory_limit_of
from translator.render.frames import Replay, replay
from translator.render.limits import check_picture_limits, limits_text
from translator.render.text import TerminalText
from translator.runtime.output import STANDARD_OUTPUT, TextSink, print_out
from translator.runtime.output_checks import check_outputs

DESCRIPTION = """\
Replay PLAN on LEVEL in the rules simulator and show every state: the level at the start, then
the state after each letter with the move counter (moves left), the trap phase, whether the
hero holds the key and what the letter did (rule ids of RULES.md and a sentence). An invalid
plan is shown up to its failing letter, which is pointed at with the validator's reason.
Without --plan, --plan-file or --solve the level alone is shown.

In the terminal, each cell is two characters: H hero, D demon, ## wall, B boulder,
M skeleton, K key, L lock, . floor, ** spikes, ^^ raised trap, __ lowered trap; a letter's
second character is what it stands on (H^ = hero on a raised trap, Bk = boulder on the key).
Colour is used when standard output is a terminal and NO_COLOR is not set (see --color).
Frames are printed one by one as they are made: each names its letter and shows the plan
around it, so a plan of any length streams in time and memory linear in its letters.

Files (any combination; written atomically, nothing in the terminal then):
  --svg OUT.svg    one SVG, every state a frame, animated (SMIL); static viewers show the start
  --png OUT.png    a PNG of the level, or an animated PNG, one frame per state
  --gif OUT.gif    an animated GIF, one frame per state
  --html OUT.html  a self-contained replay page: play/pause, step, slider, letters;
                   keys: left/right arrows step, space plays, Home/End; OUT.html#frame=N opens
                   at frame N
Frames: the start, then one per letter applied (an invalid plan stops at its failing letter).

""" + limits_text() + cap_text("show") + "\n"

EPILOG = """\
examples:
  helltaker show levels/level1.txt --plan dlllllllddlddrruurrrrdr
  helltaker show levels/level1.txt --solve --step
  helltaker show levels/level1.txt --solve --gif level1.gif --html level1.html
  helltaker show levels/level1.txt --plan-file level1.plan --svg level1.svg

exit status: 0 shown (valid plan or no plan), 1 invalid plan or level unsolvable within its
budget, 2 bad input, 3 planner error, timeout or out of memory.
"""

OUTPUTS: dict[str, str] = {"svg": "SVG", "png": "PNG", "gif": "GIF", "html": "HTML"}


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "show", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("level", metavar="LEVEL", help="level file in the course format")
    source = command.add_mutually_exclusive_group()
    source.add_argument("--plan", metavar="PLAN",
                        help="the plan's key presses, @FILE to read them from a file, - for "
                        "standard input")
    source.add_argument("--plan-file", metavar="FILE",
                        help="read the plan's key presses from FILE (- for standard input)")
    source.add_argument("--solve", action="store_true",
                        help="find a plan with --planner (default fd) and show it")
    add_planner(command, "planner for --solve; ")
    add_limits(command, "--solve's planner")
    add_alphabet(command)
    command.add_argument("--step", action="store_true",
                         help="wait for Enter between frames (q then Enter stops)")
    command.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                         help="colour in the terminal: auto (default) = when standard output "
                         "is a terminal and NO_COLOR is unset")
    for extension, name in OUTPUTS.items():
        command.add_argument(f"--{extension}", metavar=f"OUT.{extension}",
                             help=f"write the {name} described above")
    command.set_defaults(handler=command_show)


def use_colour(choice: str, stream: TextIO, environ: dict[str, str] | os._Environ[str]) -> bool:
    """--color: `auto` colours a terminal unless NO_COLOR is set to anything non-empty."""
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _plan_directions(args: argparse.Namespace,
                     level: Level) -> tuple[tuple[Direction, ...] | None, ExitCode]:
    """The directions to replay and the exit status the plan's origin imposes."""
    if args.plan is not None or args.plan_file is not None:
        text, source = (read_plan_argument(args.plan) if args.plan is not None
                        else read_plan_file(args.plan_file))
        return parse_plan(text, args.alphabet, source), ExitCode.OK
    if not args.solve:
        return None, ExitCode.OK
    # Here, not at the top: the planners' registry and the schemas, which only --solve needs.
    from translator.planners.outcome import PlannerOptions, Status
    from translator.solving.solve import solve_level

    memory = memory_limit_of(args)
    solution = solve_level(level, args.planner,
                           PlannerOptions(level.budget, args.timeout, memory))
    outcome = solution.outcome
    if outcome.status is Status.SOLVED and solution.directions is not None:
        print(f"{shown_name(level.source)}: plan by {outcome.planner}", file=sys.stderr)
        return solution.directions, ExitCode.OK
    if outcome.status is Status.UNSOLVABLE:
        print(f"{shown_name(level.source)}: no plan within budget {level.budget} "
              f"(proven by {outcome.planner}); showing the level", file=sys.stderr)
        return None, ExitCode.FAILED
    print(f"{shown_name(level.source)}: {outcome.planner}: {outcome.status.value}", file=sys.stderr)
    if outcome.log_tail:
        print(outcome.log_tail, file=sys.stderr)
    return None, ExitCode.RUN_FAILED


def command_show(args: argparse.Namespace) -> ExitCode:
    outputs = {extension: getattr(args, extension) for extension in OUTPUTS
               if getattr(args, extension)}
    if args.step and outputs:
        raise InputError("--step pauses the terminal replay; it cannot be combined with "
                         "--svg, --png, --gif or --html")
    if args.step and (args.plan in ("-", "@-") or args.plan_file == "-"):
        raise InputError("--step reads Enter from standard input, which the plan is read from")
    if args.step:
        require_stdin("--step reads Enter from it")
    if (args.timeout is not None or args.memory_limit is not None) and not args.solve:
        raise InputError("--timeout and --memory-limit apply to --solve only")
    check_outputs(list(outputs.values()), inputs=input_paths(args))
    level = load_capped_level(args.level, "show")
    directions, status = _plan_directions(args, level)
    if status is ExitCode.RUN_FAILED:
        return status
    if outputs:
        check_picture_limits(level, len(directions) if directions is not None else 0, outputs)
    shown = replay(level, directions, args.alphabet)
    if outputs:
        write_replay_files(shown, outputs, input_paths(args))
        for path in outputs.values():
            print_out(path)
        _print_verdict(shown)
    else:
        colour = use_colour(args.color, sys.stdout, os.environ)
        wait = _wait_for_enter if args.step else None
        print_replay(shown, colour, STANDARD_OUTPUT, wait)
    if shown.verdict is not None and not shown.verdict.valid:
        # A plan the planner found but the rules reject is the planner's (or model's) failure.
        return ExitCode.RUN_FAILED if args.solve else ExitCode.FAILED
    return status


def print_replay(shown: Replay, colour: bool, out: TextSink,
                 wait: Callable[[], bool] | None = None) -> None:
    """Print the header, the frames and the verdict, one block at a time as it is made; `wait`
    (if any) runs between frames and returns False to stop early."""
    text = TerminalText(shown, colour)
    out.write(text.header())
    for frame in shown.frames:
        out.write("\n" + text.frame(frame))
        if wait is not None and frame.index < shown.last_index:
            out.flush()
            if not wait():
                return
    tail = text.summary()
    if tail is not None:
        out.write("\n" + tail)
    out.flush()


def _wait_for_enter() -> bool:
    print("-- Enter: next letter, q: quit --", end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except OSError as error:
        raise InputError(f"--step cannot read Enter: {error.strerror}",
                         Position(STDIN_NAME)) from None
    print(file=sys.stderr)
    # End of input ("") goes on without pausing rather than cutting the replay short.
    return answer.strip().lower() != "q"


def _print_verdict(shown: Replay) -> None:
    if shown.verdict is not None:
        print_out(shown.verdict.summary())


def render_output(shown: Replay, extension: str) -> bytes:
    """The bytes of one output file."""
    if extension == "svg":
        from translator.render.svg import render_svg

        return render_svg(shown).encode("utf-8")
    if extension == "html":
        from translator.render.html import render_html

        return render_html(shown).encode("utf-8")
    # Here, not at the top: Pillow, which only the PNG and GIF outputs need.
    from translator.render.raster import render_gif, render_png

    return render_png(shown) if extension == "png" else render_gif(shown)


def write_replay_files(shown: Replay, outputs: dict[str, str],
                       inputs: tuple[str, ...] = ()) -> None:
    """Every output at once; their paths were checked by `check_outputs` before any work."""
    paths = list(outputs.values())
    write_outputs({path: render_output(shown, extension) for extension, path in outputs.items()},
                  paths[0], inputs)
