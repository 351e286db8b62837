// Digit reduction, the one arithmetic step every numerology number is built from.
// Two flavours: keep the master numbers 11, 22 and 33 (core numbers, pinnacles), or
// always go down to one digit (personal year/month/day, challenges, Kua).

/** True for the master numbers 11, 22 and 33, which the core numbers do not reduce. */
export const isMaster = (n: number): boolean => n === 11 || n === 22 || n === 33;

/** Sum of the decimal digits of a non-negative integer. */
export function digitSum(n: number): number {
  let s = 0;
  while (n > 0) {
    s += n % 10;
    n = (n - (n % 10)) / 10;
  }
  return s;
}

/** Reduces to one digit, stopping at 11, 22 or 33 (e.g. 29 → 11, 38 → 11, 1939 → 22). */
export function reduceKeepMasters(n: number): number {
  while (n > 9 && !isMaster(n)) n = digitSum(n);
  return n;
}

/** Reduces to one digit whatever passes on the way (29 → 11 → 2). 0 stays 0. */
export function reduceToDigit(n: number): number {
  while (n > 9) n = digitSum(n);
  return n;
}
