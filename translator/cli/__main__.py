"""`python -m translator.cli`: the `helltaker` command."""

from translator.cli import run

run()
