"""``python -m rtg ...``: the ``rtg`` command line (see :mod:`rtg._cli`)."""

import sys

from ._cli import main

sys.exit(main())
