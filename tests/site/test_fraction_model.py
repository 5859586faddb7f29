"""The browser's chip arithmetic (site/static/model/fraction.mjs) under Node, against Python's
Fraction on random amounts: whole numbers, thirds, and fractions whose denominators are
primes near 10⁹ and their products (a sum of such fractions passes 2⁵³ at once), in every
form the engine writes. Every model that adds chips (model/ledger.mjs, model/table.mjs)
adds through it, and the ledger's and the session table's results are checked here too."""

import json
import random
from fractions import Fraction
from pathlib import Path

from node_tests import run_node_tests

from stops.chips import format_amount

PRIMES = [999_999_937, 999_999_929, 999_999_893, 999_999_883, 999_999_797, 2, 3, 7]


def random_amount(rng: random.Random) -> Fraction:
    kind = rng.random()
    if kind < 0.2:
        return Fraction(rng.randint(-10**15, 10**15))
    if kind < 0.35:
        return Fraction(rng.randint(-50, 50), 3)
    denominator = 1
    for _ in range(rng.choice([1, 1, 2, 3])):
        denominator *= rng.choice(PRIMES)
    return Fraction(rng.randint(-10**24, 10**24), denominator)


def written(amount: Fraction, rng: random.Random):
    """The engine's JSON form, sometimes with the minus sign the page shows (−)."""
    value = format_amount(amount)
    if isinstance(value, int) and (abs(value) > 2**53 or rng.random() < 0.3):
        value = str(value)
    if isinstance(value, str) and rng.random() < 0.1:
        value = value.replace("-", "−")
    return value


def cases(seed: int = 25, count: int = 400) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        a, b = random_amount(rng), random_amount(rng)
        terms = [random_amount(rng) for _ in range(rng.randrange(1, 8))]
        difference = a - b
        out.append({
            "a": written(a, rng), "b": written(b, rng), "terms": [written(t, rng) for t in terms],
            "sum": format_amount(a + b) if isinstance(format_amount(a + b), str) else str(a + b),
            "difference_json": format_amount(difference) if difference.denominator != 1 or abs(difference) <= 2**53 - 1
            else str(difference),
            "difference": str(difference.numerator) if difference.denominator == 1 else str(difference),
            "total": str(sum(terms, Fraction(0))),
            "compare": (a > b) - (a < b),
            "number": float(a),
        })
    return out


def test_the_browsers_fractions_agree_with_pythons_on_random_amounts_and_huge_denominators(tmp_path):
    data = tmp_path / "fractions.json"
    data.write_text(json.dumps(cases(), ensure_ascii=False), encoding="utf-8")
    run_node_tests(Path(__file__).with_name("fraction_model.test.mjs"), {"STOPS_FRACTION_CASES": str(data)})
