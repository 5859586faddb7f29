import os
import sys

from .cli import main

try:
    sys.exit(main())
except BrokenPipeError:  # the reader went away (e.g. piped into head): stop quietly
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(1)
