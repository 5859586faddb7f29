// Exact chip arithmetic: the one place the browser adds, subtracts and compares amounts.
//
// The engine writes an amount as a whole number or an exact fraction "p/q" (stops.chips); a
// fraction's denominator may be large (a document's fractions share one of up to 10⁹, and a
// sum of fractions multiplies them), so JavaScript numbers, exact only to 2⁵³, would round.
// Here an amount is [numerator, denominator]: two BigInts, reduced, the denominator positive.
// Tested under Node against Python's Fraction (tests/site/test_fraction_model.py).

export const ZERO = Object.freeze([0n, 1n]);

function gcd(a, b) {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

function reduced(n, d) {
  if (d === 0n) throw new RangeError("not an amount: a fraction's denominator is not 0");
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
}

const AMOUNT = /^([-−]?\d+)(?:\/(\d+))?$/;

// An amount from the engine: a whole number (a JSON number, exact only as a safe integer),
// a BigInt, the text "7", "-2", "1/3" (also with the minus sign "−"), or an amount already.
export function fraction(value) {
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === "bigint") return reduced(value[0], value[1]);
  if (typeof value === "bigint") return [value, 1n];
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact whole number of chips: ${value}`);
    return [BigInt(value), 1n];
  }
  const match = AMOUNT.exec(String(value).trim());
  if (!match) throw new RangeError(`not an amount of chips: ${JSON.stringify(value)}`);
  return reduced(BigInt(match[1].replace("−", "-")), BigInt(match[2] ?? 1));
}

export const add = (a, b) => reduced(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
export const neg = ([n, d]) => [-n, d];
export const sub = (a, b) => add(a, neg(b));
export const isZero = ([n]) => n === 0n;
export const sign = ([n]) => (n > 0n ? 1 : n < 0n ? -1 : 0);
export const abs = ([n, d]) => [n < 0n ? -n : n, d];
export const isWhole = ([, d]) => d === 1n;

// -1, 0 or 1 as a is below, equal to or above b.
export function compare(a, b) {
  const left = a[0] * b[1];
  const right = b[0] * a[1];
  return left < right ? -1 : left > right ? 1 : 0;
}

export function sum(values) {
  return values.reduce((total, value) => add(total, fraction(value)), ZERO);
}

// "7", "-2", "1/3": the engine's own text of an amount.
export function format([n, d]) {
  return d === 1n ? String(n) : `${n}/${d}`;
}

// The engine's JSON form: a number when whole (and exact as one), else the text "p/q".
export function toJSON(a) {
  const [n, d] = a;
  if (d === 1n && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n);
  return format(a);
}

// The nearest JavaScript number, for what is drawn to scale (a chart), never for a sum.
export function toNumber([n, d]) {
  const whole = n / d; // BigInt division truncates toward zero; the rest keeps the sign of n
  return Number(whole) + Number(n - whole * d) / Number(d);
}
