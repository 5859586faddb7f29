"""Covering arrays: few rows in which every choice of ``strength`` factors meets every
combination of their values at least once.

A conformance case is one row: a value for each of a profile's options (and the number of
players). The cartesian product of the values is exact but grows with every option (Poch's
alone is 6,144 rows); a pairwise (strength 2) or 3-wise array keeps every interaction of two
or three options at a small fraction of the cost. Faults that need a single option value,
or two or three of them together, are therefore met as surely as by the product.

The construction is the greedy one of AETG/IPO-style tools, made deterministic: each new row
starts from the first tuple not yet covered, and every other factor takes the value that
covers the most uncovered tuples with the factors already set (ties go to the value used
least so far, then the first). No randomness, so a case keeps its index from run to run.
"""

from __future__ import annotations

import itertools


def tuples_of(sizes: list[int], strength: int) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (factors, values) pair that a covering array of this strength must contain."""
    t = min(strength, len(sizes))
    return {
        (columns, values)
        for columns in itertools.combinations(range(len(sizes)), t)
        for values in itertools.product(*(range(sizes[c]) for c in columns))
    }


def covered_by(rows: list[tuple[int, ...]], sizes: list[int], strength: int) -> set:
    t = min(strength, len(sizes))
    return {
        (columns, tuple(row[c] for c in columns))
        for row in rows
        for columns in itertools.combinations(range(len(sizes)), t)
    }


def covering_array(sizes: list[int], strength: int) -> list[tuple[int, ...]]:
    """Rows of value indices (row[i] < sizes[i]) covering every ``strength``-tuple."""
    if not sizes:
        return [()]
    t = min(strength, len(sizes))
    uncovered = tuples_of(sizes, t)
    usage = [[0] * size for size in sizes]
    rows: list[tuple[int, ...]] = []
    while uncovered:
        columns, values = min(uncovered)
        row: list[int | None] = [None] * len(sizes)
        for c, v in zip(columns, values):
            row[c] = v
        for c in range(len(sizes)):
            if row[c] is not None:
                continue
            fixed = [f for f in range(len(sizes)) if row[f] is not None]

            def gain(v: int) -> int:
                count = 0
                for others in itertools.combinations(fixed, t - 1):
                    cols = tuple(sorted((*others, c)))
                    vals = tuple(v if col == c else row[col] for col in cols)
                    count += (cols, vals) in uncovered
                return count

            row[c] = max(range(sizes[c]), key=lambda v: (gain(v), -usage[c][v], -v))
        done = tuple(row)  # type: ignore[arg-type]
        rows.append(done)
        for c, v in enumerate(done):
            usage[c][v] += 1
        uncovered -= covered_by([done], sizes, t)
    return rows
