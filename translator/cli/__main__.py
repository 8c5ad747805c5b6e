"""`python -m translator.cli`: the `helltaker` command."""

import sys

from translator.cli.main import main

sys.exit(main())
