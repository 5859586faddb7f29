"""A profile is checked data: its enumerations and its rule names (issue 24).

Every field that takes one of a fixed set of values is an enumeration (:mod:`stops.enums`),
a string of one taken as its member, any other value refused when the profile is made,
naming the game, the field and the values allowed. The kernel's tables keyed by those names
hold exactly the enumeration's members. Every rule name a profile gives (``rule_names``,
``betting.rules``) is one of its rules, and it names each rule its data makes it apply.
(That the registered profile is its defaults configured is in test_conformance.py.)
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from enum import StrEnum
from typing import get_args, get_type_hints

import pytest

from stops.cards import parse_card
from stops.deal import TURN_UP_PLACES
from stops.enums import CardValue, DutyKind, LeadKind, Ranker, Settlement, TurnUp, WonBy
from stops.kernel.claims import card_values
from stops.kernel.leads import DUTIES, LEADS
from stops.kernel.showdown import RANKERS
from stops.phases.betting import SHOWDOWN_EVENTS
from stops.profiles import PROFILES
from stops.profiles.base import RULE_ROLES, Betting, Exchange, Profile, Section, frozen
from stops.session import SETTLEMENTS

GAMES = sorted(PROFILES)


def enumerations(cls) -> dict[str, type[StrEnum]]:
    """The fields of ``cls`` whose annotation names an enumeration, and that enumeration."""
    found = {}
    for name, hint in get_type_hints(cls).items():
        for kind in get_args(hint) or (hint,):
            if isinstance(kind, type) and issubclass(kind, StrEnum):
                found[name] = kind
    return found


# ----- enumerations ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", sorted(enumerations(Profile)))
def test_a_profile_with_a_value_outside_an_enumeration_is_refused_naming_the_game_field_and_values(game, field):
    kind = enumerations(Profile)[field]
    with pytest.raises(TypeError) as refused:
        replace(PROFILES[game], **{field: "no-such-value"})
    assert str(refused.value) == f"{game}: {field} is one of {', '.join(kind)}, not 'no-such-value'"


@pytest.mark.parametrize("cls, where, made", [
    (Section, "section kitty", lambda **kw: Section(**{"id": "kitty", "cards": (), "won_by": WonBy.GOING_OUT} | kw)),
    (Exchange, "exchange", lambda **kw: Exchange(**kw)),
    (Betting, "betting", lambda **kw: Betting(**kw)),
])
def test_a_section_an_exchange_or_a_betting_round_with_a_value_outside_an_enumeration_is_refused(cls, where, made):
    for field, kind in enumerations(cls).items():
        with pytest.raises(TypeError) as refused:
            made(**{field: "no-such-value"})
        assert str(refused.value) == f"{where}: {field} is one of {', '.join(kind)}, not 'no-such-value'"


def test_a_string_of_an_enumeration_is_taken_as_its_member_and_reads_as_that_string():
    michigan = PROFILES["michigan"]
    profile = replace(michigan, sequence="rank", card_value="pips", duty_passes=None, deal_plan=frozen({4: 12}),
                      rules=frozen(michigan.rules | {"lead-any": "Any card."}), first_lead="any-card")
    assert profile.card_value is CardValue.PIPS and profile.first_lead is LeadKind.ANY_CARD
    assert profile.duty_passes is None and profile.deal_plan == {4: 12}  # None and a table stand where allowed
    assert profile.card_value == "pips" and json.dumps([profile.card_value]) == '["pips"]'
    assert replace(michigan, deal_plan="circuit").deal_plan == "circuit"


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_profile_holds_members_of_its_enumerations(game):
    profile = PROFILES[game]
    objects = [(profile, Profile), (profile.exchange, Exchange)] + [(s, Section) for s in profile.sections]
    if profile.betting is not None:
        objects.append((profile.betting, Betting))
    for obj, cls in objects:
        for field, kind in enumerations(cls).items():
            value = getattr(obj, field)
            assert value is None or isinstance(value, kind) or field == "deal_plan" and not isinstance(value, str), (field, value)


# ----- the kernel's tables and the enumerations ----------------------------------------------


def test_the_lead_rules_and_the_duties_are_the_enumerations_of_first_lead_restart_and_duty_passes():
    assert set(LEADS) == set(LeadKind) and all(lead.name == kind for kind, lead in LEADS.items())
    assert set(DUTIES) == set(DutyKind) and all(duty.name == kind for kind, duty in DUTIES.items())


def test_the_showdown_rankers_and_their_events_are_the_enumeration_of_a_betting_ranker():
    assert set(RANKERS) == set(Ranker) == set(SHOWDOWN_EVENTS)
    assert all(ranker.name == kind for kind, ranker in RANKERS.items())


def test_each_turn_up_but_none_has_its_place_and_each_settlement_its_function():
    assert set(TURN_UP_PLACES) == set(TurnUp) - {TurnUp.NONE}
    assert set(SETTLEMENTS) == set(Settlement)


def test_each_card_value_has_its_table():
    assert card_values(CardValue.COUNT) is None
    assert len(card_values(CardValue.PIPS)) == 52
    assert set(CardValue) == {CardValue.COUNT, CardValue.PIPS}


# ----- rule names ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_name_a_registered_profile_gives_is_one_of_its_rules(game):
    profile = PROFILES[game]
    names = profile.rule_names
    given = [getattr(names, role) for role in RULE_ROLES]
    for name in given:
        for one in (name.values() if hasattr(name, "values") else [name]):
            assert one is None or one in profile.rules, one
    if profile.betting is not None:
        assert all(profile.betting.rule_name(role) in profile.rules for role in Betting.ROLES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("role", [role for role in RULE_ROLES if role not in ("pay_by_section", "going_out", "sections")])
def test_a_rule_name_that_is_not_a_rule_of_the_game_is_refused_naming_it(game, role):
    profile = PROFILES[game]
    with pytest.raises(TypeError) as refused:
        replace(profile, rule_names=replace(profile.rule_names, **{role: "no-such-rule"}))
    assert str(refused.value) == f"{game}: rule_names.{role} is 'no-such-rule', which is not a rule of the game"


@pytest.mark.parametrize("role", ["pay_by_section", "going_out", "sections"])
def test_a_rule_name_by_section_that_is_not_a_rule_of_the_game_is_refused_naming_the_section(role):
    michigan = PROFILES["michigan"]
    with pytest.raises(TypeError) as refused:
        replace(michigan, rule_names=replace(michigan.rule_names, **{role: frozen({"kitty": "no-such-rule"})}))
    assert str(refused.value) == f"michigan: rule_names.{role}['kitty'] is 'no-such-rule', which is not a rule of the game"


def test_the_going_out_rule_of_a_section_defaults_to_its_id_and_must_be_a_rule():
    michigan = PROFILES["michigan"]
    assert michigan.rule_names.going_out_rule("kitty") == "kitty"
    with pytest.raises(TypeError, match=r"michigan: rule_names.going_out\['kitty'\] is 'kitty'"):
        replace(michigan, rules=frozen({k: v for k, v in michigan.rules.items() if k != "kitty"}))


def test_a_rule_the_profiles_data_applies_must_be_named():
    """A pay card needs ``pay``; going out unopposed ``unopposed``; a card turned up
    ``turn_up``; a card that excuses its holder ``excuse``; a stop at will ``stop``; a
    stand-in card ``stand_in``."""
    michigan, nain_jaune, pope_joan = PROFILES["michigan"], PROFILES["nain_jaune"], PROFILES["pope_joan"]
    cases = [
        (michigan, {"rule_names": replace(michigan.rule_names, pay=None)}, "pay"),
        (nain_jaune, {"rule_names": replace(nain_jaune.rule_names, unopposed=None)}, "unopposed"),
        (pope_joan, {"rule_names": replace(pope_joan.rule_names, turn_up=None)}, "turn_up"),
        (pope_joan, {"rule_names": replace(pope_joan.rule_names, excuse=None), "excusing_cards": (parse_card("9♦"),)}, "excuse"),
        (nain_jaune, {"rule_names": replace(nain_jaune.rule_names, stop=None), "may_stop": True}, "stop"),
        (pope_joan, {"rule_names": replace(pope_joan.rule_names, stand_in=None), "stand_in": parse_card("9♦")}, "stand_in"),
    ]
    for profile, changes, role in cases:
        with pytest.raises(TypeError) as refused:
            replace(profile, **changes)
        assert str(refused.value) == f"{profile.name}: rule_names.{role} is needed: the game applies that rule"
    # Without what applies it, the name may be left out.
    replace(nain_jaune, unopposed_takes_all=False, rule_names=replace(nain_jaune.rule_names, unopposed=None))


def test_a_lead_rule_whose_rule_the_game_has_not_is_refused():
    with pytest.raises(TypeError, match="michigan: the rule of first_lead any-card is 'lead-any', which is not a rule of the game"):
        replace(PROFILES["michigan"], first_lead=LeadKind.ANY_CARD)


def test_a_betting_round_names_only_its_actions_and_each_must_be_a_rule():
    with pytest.raises(TypeError, match="betting: rules names bluff"):
        Betting(rules={"bluff": "betting"})
    rummoli = PROFILES["rummoli"]
    with pytest.raises(TypeError, match=r"rummoli: betting.rules\['showdown'\] is 'vying-showdown'"):
        replace(rummoli, betting=replace(rummoli.betting, rules=frozen({"showdown": "vying-showdown"})))


def test_a_phase_the_profile_plays_is_one_of_its_phase_table():
    with pytest.raises(TypeError, match="michigan: phases vying are not in the phase table"):
        replace(PROFILES["michigan"], phases=("vying", "stops"))


def test_rule_names_are_the_only_fields_of_their_kind():
    """The rule names live in ``Profile.rule_names``: no field of the profile carries one apart."""
    assert not [f.name for f in fields(Profile) if f.name.endswith(("_rule", "_rules"))]
