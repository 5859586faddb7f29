// The browser's chip arithmetic under Node, against Python's Fraction: the cases come from
// tests/site/test_fraction_model.py in $STOPS_FRACTION_CASES (a JSON file), each with the
// answers Python's Fraction gives.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as F from "../../site/static/model/fraction.mjs";
import { ledger, format as ledgerFormat } from "../../site/static/model/ledger.mjs";
import { difference } from "../../site/static/model/table.mjs";
import { countOf } from "../../site/static/i18n/messages.mjs";

const cases = JSON.parse(readFileSync(process.env.STOPS_FRACTION_CASES, "utf8"));

test("sums, differences, totals and comparisons are Python's, whatever the denominators", () => {
  assert.ok(cases.length >= 100);
  for (const c of cases) {
    const a = F.fraction(c.a);
    const b = F.fraction(c.b);
    assert.equal(F.format(F.add(a, b)), c.sum, `${c.a} + ${c.b}`);
    assert.equal(F.format(F.sub(a, b)), c.difference, `${c.a} - ${c.b}`);
    assert.equal(F.format(F.sum(c.terms)), c.total, `the sum of ${c.terms}`);
    assert.equal(F.compare(a, b), c.compare, `${c.a} against ${c.b}`);
    assert.equal(F.compare(F.add(a, b), F.add(b, a)), 0, "addition commutes");
    assert.ok(F.isZero(F.add(a, F.neg(a))), "a - a is 0");
    assert.ok(Math.abs(F.toNumber(a) - c.number) <= Math.abs(c.number) * 1e-12 + 1e-12, `${c.a} as a number`);
  }
});

test("the session table's difference is Python's, in the engine's own form", () => {
  for (const c of cases) assert.deepEqual(difference(c.a, c.b), c.difference_json, `${c.a} - ${c.b}`);
});

test("the round's ledger adds transfers exactly: the check line of issue 25 is 0", () => {
  // 1/999999937 + 1/999999929 as JS numbers gave 333333311/166666644333334080.
  const a = "1/999999937";
  const b = "1/999999929";
  const events = [
    { type: "transfer", amount: a, from: { player: "A" }, to: { section: "AH" } },
    { type: "transfer", amount: b, from: { player: "A" }, to: { section: "KC" } },
    { type: "transfer", amount: "2/3", from: { player: "B" }, to: { player: "A" } },
  ];
  const book = ledger(events, ["A", "B"], [{ id: "AH", amount: a }, { id: "KC", amount: b }]);
  assert.equal(ledgerFormat(book.rows[0].paid), "1999999866/999999866000004473");
  assert.equal(ledgerFormat(book.balance), "0");
  for (const c of cases) { // each random amount paid to a section: the players' net and the board add up to 0
    const amount = F.format(F.abs(F.fraction(c.a)));
    const row = ledger([{ type: "transfer", amount, from: { player: "A" }, to: { section: "S" } }], ["A"], [{ id: "S", amount }]);
    assert.equal(ledgerFormat(row.balance), "0");
  }
});

test("the plural count of a fraction is exact whatever its size", () => {
  assert.equal(countOf({ chips: "999999999999999999999/1000000000000000000000" }), 1);
  assert.equal(countOf({ chips: "1000000000000000000001/1000000000000000000000" }), 2);
  assert.equal(countOf({ chips: "-4000000000000000000000/2000000000000000000000" }), 2);
});

test("what is not an amount is refused, a number beyond 2⁵³ too (it would not be exact)", () => {
  for (const bad of ["two", "1/0", "1.5", "", "1/-3", 1.5, 2 ** 60, NaN]) assert.throws(() => F.fraction(bad), RangeError, String(bad));
  assert.deepEqual(F.fraction("−4/6"), [-2n, 3n]);
  assert.deepEqual(F.toJSON(F.fraction("6/3")), 2);
  assert.deepEqual(F.toJSON(F.fraction("90071992547409930")), "90071992547409930");
});
