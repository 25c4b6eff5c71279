"""The ``rtg`` console command the wheel installs: the same command line as the Rust binary
(``rtg simulate aggro midrange``, ``rtg check``, ...), run by the package's native module."""

import signal
import sys
from typing import List, Optional

from . import _rtg


def main(argv: Optional[List[str]] = None) -> int:
    """Runs ``rtg`` with ``argv`` (default: this process's arguments) and returns its exit
    status: 0 success, 1 invalid input, 2 a usage error."""
    args = sys.argv[1:] if argv is None else list(argv)
    # The command runs without the GIL, where Python's own SIGINT handler would only set a flag:
    # Ctrl-C must stop a long batch as it stops the binary.
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    # What Python buffered must come out before what the command prints.
    sys.stdout.flush()
    sys.stderr.flush()
    return _rtg.cli_main(["rtg", *args])


if __name__ == "__main__":
    sys.exit(main())
