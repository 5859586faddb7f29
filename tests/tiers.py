"""The test tiers: how much of each generated test a run plays.

``STOPS_TIER`` (set by the make targets, read once) is one of

- ``check``: the developer's loop (``make check``): pairwise conformance cases, small Hypothesis
  budgets;
- ``full`` (the default, ``make test`` and CI): 3-wise conformance cases with several seeds each,
  the Hypothesis budgets as written;
- ``exhaustive`` (``make test-exhaustive``, before a release): the cartesian product of every
  option's values.

The tier changes how many cases a generator yields, never what a test asserts.
"""

from __future__ import annotations

import os

TIERS = ("check", "full", "exhaustive")
TIER = os.environ.get("STOPS_TIER", "full") or "full"
if TIER not in TIERS:
    raise RuntimeError(f"STOPS_TIER={TIER!r}: expected one of {', '.join(TIERS)}")

# The covering strength of the conformance cases per tier (None: the whole product), and the
# seeds each case is played with.
STRENGTH = {"check": 2, "full": 3, "exhaustive": None}[TIER]
SEEDS = {"check": 1, "full": 3, "exhaustive": 1}[TIER]


def examples(n: int) -> int:
    """A Hypothesis budget written for the full tier, scaled to this one."""
    return max(10, n // 8) if TIER == "check" else n
