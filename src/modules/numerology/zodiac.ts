// Western (tropical) sun sign by birth date, with the usual civil-calendar boundaries
// (cusp days vary by a day between sources; these are the most common ones).

// [sign, month, first day]: the sign that starts on that day, in calendar order.
const STARTS: ReadonlyArray<readonly [string, number, number]> = [
  ['Capricorn', 1, 1],
  ['Aquarius', 1, 20],
  ['Pisces', 2, 19],
  ['Aries', 3, 21],
  ['Taurus', 4, 20],
  ['Gemini', 5, 21],
  ['Cancer', 6, 21],
  ['Leo', 7, 23],
  ['Virgo', 8, 23],
  ['Libra', 9, 23],
  ['Scorpio', 10, 23],
  ['Sagittarius', 11, 22],
  ['Capricorn', 12, 22],
];

export function zodiacSign(month: number, day: number): string {
  let sign = STARTS[0][0];
  for (const [name, m, d] of STARTS) {
    if (month > m || (month === m && day >= d)) sign = name;
    else break;
  }
  return sign;
}
