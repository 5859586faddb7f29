"""The engine's errors are built in one form: ``Error(message, *, rule=..., path=...)``, the
message first and the rule and the path by name only, so that no call site can swap them."""

import pytest

from stops.cards import CardError
from stops.errors import IllegalMove, LimitError, ReplayError, SetupError, StopsError
from stops.moves import MoveFormatError
from stops.web import WebError

ERRORS = [StopsError, IllegalMove, SetupError, ReplayError, LimitError, WebError, CardError]


@pytest.mark.parametrize("error", ERRORS + [MoveFormatError], ids=lambda cls: cls.__name__)
def test_an_error_takes_its_message_first_and_refuses_a_path_or_rule_given_by_position(error):
    with pytest.raises(TypeError):
        error("the message", "michigan.follow")
    with pytest.raises(TypeError):
        error("the message", "moves[3]", "michigan.follow")


@pytest.mark.parametrize("error", ERRORS, ids=lambda cls: cls.__name__)
def test_an_errors_rule_and_path_given_by_name_land_in_their_fields(error):
    built = error("the message", rule="michigan.follow", path="moves[3]")
    assert (built.message, built.rule, built.path) == ("the message", "michigan.follow", "moves[3]")
    assert built.to_json() == {"message": "the message", "path": "moves[3]", "rule": "michigan.follow"}


def test_an_illegal_move_always_names_its_rule():
    with pytest.raises(TypeError):
        IllegalMove("the message")
    assert str(IllegalMove("A leads now, not B", rule="michigan.first-lead")) == "A leads now, not B (michigan.first-lead)"


def test_a_format_error_names_where_in_the_move():
    built = MoveFormatError("a bid is a whole number of chips", path="bid")
    assert (built.message, built.path, built.rule) == ("a bid is a whole number of chips", "bid", None)
