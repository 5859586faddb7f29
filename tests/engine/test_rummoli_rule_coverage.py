"""Every Rummoli rule id has at least one test that fails when that rule is broken."""

from stops.rules import rule_ids

from test_rule_coverage import covered_rule_ids


def test_every_rummoli_rule_id_has_a_test():
    missing = [rule for rule in rule_ids("rummoli") if rule not in covered_rule_ids()]
    assert not missing, f"rules without a test: {', '.join(missing)}"
