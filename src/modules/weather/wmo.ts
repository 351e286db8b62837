// WMO weather interpretation codes (WMO Manual on Codes, table 4677, the subset Open-Meteo
// reports as `weather_code`; listed in Open-Meteo's API docs under "WMO Weather interpretation
// codes"). Twelve codes have the wording this API first documented; those rows keep that text
// and the other codes are worded the same way (light / plain / heavy), so no code the
// upstream can send goes undescribed. See docs/decisions/weather-wmo-descriptions.md.

export const WMO_DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'Clear sky', // spec
  1: 'Mainly clear', // spec
  2: 'Partly cloudy', // spec
  3: 'Overcast', // spec
  45: 'Foggy', // spec
  48: 'Depositing rime fog',
  51: 'Light drizzle', // spec
  53: 'Drizzle',
  55: 'Dense drizzle',
  56: 'Light freezing drizzle',
  57: 'Dense freezing drizzle',
  61: 'Light rain', // spec
  63: 'Rain', // spec
  65: 'Heavy rain', // spec
  66: 'Light freezing rain',
  67: 'Heavy freezing rain',
  71: 'Light snow',
  73: 'Snow',
  75: 'Heavy snow',
  77: 'Snow grains',
  80: 'Light showers', // spec
  81: 'Showers',
  82: 'Violent showers',
  85: 'Light snow showers',
  86: 'Heavy snow showers',
  95: 'Thunderstorm', // spec
  96: 'Thunderstorm + light hail',
  99: 'Thunderstorm + heavy hail', // spec
};

/** The description of a WMO code; a code outside the table says so rather than guessing. */
export function describeWmo(code: number): string {
  return WMO_DESCRIPTIONS[code] ?? `Unknown (WMO code ${code})`;
}
