"""The checks that run before the limits apply read their input in linear time.

Until a document is parsed and within the limits of :mod:`stops.limits`, nothing bounds it
but its size (1 MB), so every check that reads it before then must cost time in proportion
to its length, whatever it holds: a check that is quadratic on some shape of text is a
request that stalls the worker for hours (issue 25: the nesting check took 51 s of CPU on
80 kB of escaped quotes without a closing quote).

Costs are compared as ratios of CPU time (``time.process_time``, which a busy neighbour does
not advance) between inputs of 10 kB, 100 kB and 1 MB of the same shape, never as a timed
bound; each size is timed as the best of a few measures. A quadratic check costs 100 times
more for 10 times the text; a linear one 10 times. An alarm stops a run that is far beyond
what linear growth allows, so a regression fails in seconds instead of running for hours.
"""

from __future__ import annotations

import json
import signal
import time

import pytest

from stops import editor, limits, web
from stops.cards import parse_card
from stops.errors import StopsError

SIZES = (10_000, 100_000, 1_000_000)
# A tenfold longer input may cost at most this many times more (linear: 10, quadratic: 100).
TENFOLD = 40
# From 10 kB to 1 MB (linear: 100, quadratic: 10,000).
HUNDREDFOLD = 1_000


def _escaped_quotes(n):  # the shape of issue 25: every quote escaped, no closing quote
    return '{"title": "' + '\\"' * (n // 2)


def _closed_escapes(n):
    return '{"title": "' + "\\\\" * (n // 2) + '"}'


def _lone_backslash_at_the_end(n):
    return '"' + "a" * n + "\\"


def _quotes(n):
    return '"' * n


def _brackets(n):
    return "[" * n


def _keys(n):
    return '{"a":' * (n // 5)


def _long_number(n):
    return '{"seed": ' + "7" * n + "}"


def _long_fraction(n):
    return '{"seed": 1.' + "5" * n + "e" + "9" * 10 + "}"


def _unterminated_strings(n):
    return '["' + '", "\\' * (n // 5)


SHAPES = [_escaped_quotes, _closed_escapes, _lone_backslash_at_the_end, _quotes, _brackets, _keys,
          _long_number, _long_fraction, _unterminated_strings]


def _amount_digits_then_spaces(n):
    return "1" * (n // 2) + " " * (n // 2) + "x"


def _amount_spaces_around_a_slash(n):
    return "1" + " " * (n // 2) + "/" + " " * (n // 2) + "x"


def _amount_digits_over_digits(n):
    return "9" * (n // 2) + "/" + "9" * (n // 2)


def _fences(n):
    return "`" * n


def _fence_then_spaces(n):
    return "```" + " " * n + "stops-exampl"


def _fenced_block_unclosed(n):
    return "```stops-example\n" + "~" * n


# Every check that runs before the limits apply, with the shapes of input that are its worst.
CHECKS = {
    "nesting_depth": (limits.nesting_depth, SHAPES),
    # the API's entry point: the size, the text, the nesting, then the JSON reader (limits.loads)
    "web.call arguments": (lambda text: web.call("walkthrough", text), SHAPES),
    "parse_amount": (limits.parse_amount, [_amount_digits_then_spaces, _amount_spaces_around_a_slash,
                                           _amount_digits_over_digits]),
    "read_example_block": (editor.read_example_block, [_fences, _fence_then_spaces, _fenced_block_unclosed,
                                                       _escaped_quotes]),
    "parse_card": (parse_card, [_quotes, lambda n: " " * n + "9♦" + " " * n, lambda n: "\ufe0f" * n + "9D"]),
}
CASES = [pytest.param(check, shape, id=f"{name}-{shape.__name__.strip('_') if shape.__name__ != '<lambda>' else index}")
         for name, (check, shapes) in CHECKS.items() for index, shape in enumerate(shapes)]


class _Superlinear(BaseException):
    pass


def _alarm(signum, frame):
    raise _Superlinear()


def _run(check, text):
    try:
        check(text)
    except (StopsError, ValueError):
        pass


# Each measure repeats the check until it has used this much CPU, so that a fast check on a
# short input is not lost in the clock's grain.
MEASURE = 0.02


def cost(check, text: str, measures: int, budget: float) -> float:
    """CPU seconds per run of ``check`` on ``text``, the least of ``measures`` measures; fails
    when one run takes more than ``budget`` seconds of wall-clock time (an alarm, so that a
    superlinear check is stopped instead of waited for)."""
    best = float("inf")
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for _ in range(measures):
            runs, started = 0, time.process_time()
            while True:
                signal.setitimer(signal.ITIMER_REAL, budget)
                try:
                    _run(check, text)
                except _Superlinear:
                    pytest.fail(f"{len(text):,} characters took over {budget:.1f}s: far beyond linear growth")
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                runs += 1
                used = time.process_time() - started
                if used >= MEASURE:
                    break
            best = min(best, used / runs)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return best


@pytest.mark.parametrize("check, shape", CASES)
def test_every_check_before_the_limits_costs_time_linear_in_its_input(check, shape):
    small, middle, large = (shape(n) for n in SIZES)
    base = cost(check, small, measures=3, budget=10.0)
    # A run that costs twice what the test allows is stopped (after at least some seconds of
    # a loaded machine): a superlinear check fails within a minute instead of taking hours.
    at_middle = cost(check, middle, measures=3, budget=max(5.0, 2 * base * TENFOLD))
    at_large = cost(check, large, measures=2, budget=max(10.0, 2 * at_middle * TENFOLD))
    assert at_large / at_middle < TENFOLD, (base, at_middle, at_large)
    assert at_large / base < HUNDREDFOLD, (base, at_middle, at_large)


# ----- the checks' answers ------------------------------------------------------------


def test_a_string_of_escaped_quotes_without_its_closing_quote_is_an_invalid_document_not_a_stall():
    text = _escaped_quotes(1_000_000 - 100)
    started = time.process_time()
    with pytest.raises(StopsError) as error:
        limits.loads(text)
    assert "not valid JSON: Unterminated string" in error.value.message
    assert time.process_time() - started < 30  # hours before issue 25; a fraction of a second now


@pytest.mark.parametrize("text, depth", [('"[[["', 0), ('["\\"[", [1]]', 2), ('"\\', 0), ('["a\\\\"]', 1),
                                         ('{"a": "\\"}"}', 1), ('[[' + '"' + '\\"' * 10, 2)])
def test_brackets_inside_strings_do_not_count_towards_the_depth_even_in_an_unterminated_string(text, depth):
    assert limits.nesting_depth(text) == depth


def test_the_json_readers_message_says_at_line_once():
    with pytest.raises(StopsError) as error:
        limits.loads('{"title": "no end')
    assert error.value.message == "not valid JSON: Unterminated string starting at line 1 column 11"
    with pytest.raises(StopsError) as error:
        limits.loads('{"title": }')
    assert error.value.message == "not valid JSON: Expecting value at line 1 column 11"


def test_a_limit_message_reads_whatever_the_input_is_called():
    answer = json.loads(web.call("walkthrough", " " * (limits.MAX_DOCUMENT + 1)))
    message = answer["error"]["message"]
    assert message == f"the arguments: {limits.MAX_DOCUMENT + 1:,} characters; the limit is {limits.MAX_DOCUMENT}"
    deep = json.loads(web.call("walkthrough", "[" * 40 + "]" * 40))["error"]["message"]
    assert deep == f"the arguments: lists and objects nest 40 deep; the limit is {limits.MAX_DEPTH}"
