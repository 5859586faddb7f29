"""Fuzzing: every input to the replay loader, the CLI and every ``stops.web`` operation gets
a valid result or the engine's clean error, within a CPU-time and a memory bound.

The inputs are mutations of every example replay and of play-page session documents,
arguments generated from each operation's signature (operations are discovered from
``stops.web.OPERATIONS``), and documents, texts and bytes drawn by Hypothesis. Each runs in a
worker process (:mod:`harness`) that enforces the bounds; ``make fuzz MINUTES=10`` runs the
same harness for longer. Seeds are fixed, so a failure here reproduces.
"""

from __future__ import annotations

import base64
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import harness
from stops import web

SETTINGS = settings(max_examples=250, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))
EXAMPLES = harness.examples()


@pytest.fixture(scope="module")
def runner():
    with harness.Runner() as runner:
        yield runner


@pytest.fixture(scope="module")
def corpus():
    return harness.Corpus(seed=1)


def assert_bounded_and_clean(runner, case):
    result = runner.run(case)
    assert result["outcome"] in ("ok", "clean"), f"{result['outcome']}: {result['detail']}\ninput: {json.dumps(case)[:1000]}"
    return result["outcome"]


def replay_case(data) -> dict:
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    return {"target": "replay", "bytes": base64.b64encode(data).decode()}


# ----- the harness itself -------------------------------------------------------------


@pytest.mark.parametrize("kind, outcome", [("spin", "hang"), ("allocate", "memory"), ("raise", "crash"), ("die", "crash"), ("none", "ok")])
def test_the_harness_counts_a_hang_a_memory_blowup_and_a_crash_and_recovers(kind, outcome):
    with harness.Runner(cpu_seconds=0.5, memory_mb=128) as runner:
        assert runner.run({"target": "selftest", "kind": kind})["outcome"] == outcome
        assert runner.run({"target": "replay", "bytes": base64.b64encode(b"{}").decode()})["outcome"] == "clean"


# ----- mutations of every example, through every entry point ----------------------------


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=lambda i: f"{harness.EXAMPLES[i].parent.name}/{harness.EXAMPLES[i].stem}")
def test_every_example_mutated_gives_a_result_or_a_clean_error_in_the_loader_cli_and_web(index, runner, corpus):
    rng = random.Random(index)
    example = EXAMPLES[index]
    outcomes = set()
    for trial in range(60):
        doc = harness.mutate_value(example, rng, corpus.pool, rng.choice([1, 1, 2, 3]))
        text = json.dumps(doc, ensure_ascii=trial % 2 == 0)
        data = harness.mutate_text(text, rng) if trial % 5 == 4 else text.encode("utf-8", errors="surrogatepass")
        outcomes.add(assert_bounded_and_clean(runner, replay_case(data)))
        if trial % 4 == 0:
            assert_bounded_and_clean(runner, {"target": "cli", "bytes": base64.b64encode(data).decode(), "args": ["--json"] if trial % 8 else []})
        op = ("walkthrough", "branch")[trial % 2]
        args = [text] if op == "walkthrough" else [text, rng.randrange(4), json.dumps(corpus.move(rng)), "basic", trial]
        assert_bounded_and_clean(runner, {"target": "web", "op": op, "args": json.dumps(args)})
    assert "clean" in outcomes  # the mutations do reach the checks


@pytest.mark.parametrize("op", list(web.OPERATIONS))
def test_every_web_operation_gives_a_result_or_a_clean_error_for_generated_arguments(op, runner, corpus):
    rng = random.Random(op)
    outcomes = [assert_bounded_and_clean(runner, harness.web_case(op, corpus, rng)) for _ in range(200)]
    assert "clean" in outcomes


# ----- Hypothesis ------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=30,
)
FIELDS = sorted({key for doc in EXAMPLES for key in doc})


@SETTINGS
@given(st.dictionaries(st.sampled_from(FIELDS + ["x"]), JSON, max_size=8) | JSON)
def test_any_json_value_as_a_document_is_read_or_refused_cleanly(runner, value):
    text = json.dumps(value)
    assert_bounded_and_clean(runner, replay_case(text))
    assert_bounded_and_clean(runner, {"target": "web", "op": "walkthrough", "args": json.dumps([text])})


@SETTINGS
@given(st.sampled_from(EXAMPLES), st.data())
def test_an_example_with_any_field_replaced_is_read_or_refused_cleanly(runner, example, data):
    doc = json.loads(json.dumps(example))
    nodes = [path for path, _ in harness._nodes(doc) if path]
    path = data.draw(st.sampled_from(nodes))
    doc = harness._set(doc, path, data.draw(JSON | st.sampled_from(harness.SCALARS)))
    assert_bounded_and_clean(runner, replay_case(json.dumps(doc)))


@SETTINGS
@given(st.binary(max_size=300) | st.text(max_size=300).map(lambda t: t.encode("utf-8", errors="surrogatepass")))
def test_any_bytes_are_read_or_refused_cleanly_by_the_loader_and_the_cli(runner, data):
    assert_bounded_and_clean(runner, replay_case(data))
    assert_bounded_and_clean(runner, {"target": "cli", "bytes": base64.b64encode(data).decode(), "args": []})


@SETTINGS
@given(st.sampled_from(list(web.OPERATIONS)), st.lists(JSON, max_size=6) | st.dictionaries(st.text(max_size=12), JSON, max_size=4))
def test_any_arguments_to_any_web_operation_get_a_result_or_a_clean_error(runner, op, args):
    assert_bounded_and_clean(runner, {"target": "web", "op": op, "args": json.dumps(args)})


# ----- the shapes of issue 25 ---------------------------------------------------------------


def test_long_escape_runs_and_unterminated_strings_are_refused_within_the_cpu_bound(runner):
    nine = json.dumps(EXAMPLES[0])
    for tail in ['"' + '\\"' * 400_000, "\\\\" * 400_000, '["' + '", "\\' * 150_000]:
        assert assert_bounded_and_clean(runner, replay_case(nine[: len(nine) // 2] + tail)) == "clean"
        args = json.dumps(["{\"title\": " + tail])
        assert assert_bounded_and_clean(runner, {"target": "web", "op": "walkthrough", "args": args}) == "clean"


def test_finite_stacks_with_fractional_chips_give_results_or_clean_errors_in_the_cli_and_the_loader(runner):
    rng = random.Random(25)
    outcomes = set()
    for example in EXAMPLES:
        data = json.dumps(harness.with_fractional_chips(example, rng), ensure_ascii=False).encode("utf-8")
        for args in ([], ["--json"]):
            outcomes.add(assert_bounded_and_clean(runner, {"target": "cli", "bytes": base64.b64encode(data).decode(), "args": args}))
        outcomes.add(assert_bounded_and_clean(runner, replay_case(data)))
    assert "ok" in outcomes


def test_a_session_that_ends_at_a_deal_is_answered_settled_and_its_document_reloads_so(runner, corpus):
    pope = [doc for doc in corpus.sessions if doc["game"] == "pope_joan"]
    assert pope, "the corpus has the Pope Joan session that ends at its deal"
    for doc in pope:
        op = "next_round" if not doc["rounds"] else "state"
        assert assert_bounded_and_clean(runner, {"target": "web", "op": op, "args": json.dumps([doc, "Ana"])}) == "ok"
