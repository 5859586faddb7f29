"""Shared by every test folder: ``tests/`` on the path (for ``tiers`` and ``once``), and the engine."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent / "engine"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

