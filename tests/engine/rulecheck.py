"""Marks which rule ids a test checks, so a test can prove every rule id is covered."""

from __future__ import annotations


def covers(*rule_ids: str):
    """Decorator: this test fails when one of these rules is broken."""

    def mark(test):
        test.rule_ids = getattr(test, "rule_ids", ()) + rule_ids
        return test

    return mark
