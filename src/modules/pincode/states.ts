// Today's state and union-territory names for the older names in the offline data set. The
// package's rows predate Ladakh (2019) and the merger of Dadra and Nagar Haveli with Daman and
// Diu (2020), and spell some names the old way. Recorded in docs/decisions/pincode-data.md.

/** Old name in the data set → today's name. Names not listed are already current. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};

/** Districts that moved to a new union territory: district → its state or UT today. */
export const DISTRICT_STATES: Readonly<Record<string, string>> = {
  Leh: 'Ladakh',
  Kargil: 'Ladakh',
};

export function currentState(state: string, district: string | null): string {
  return (district && DISTRICT_STATES[district]) ?? STATE_NAMES[state] ?? state;
}
