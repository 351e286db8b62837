// The 12 cities /weather answers for by name (README: Weather), also the named places of
// /panchang. Coordinates are GeoNames' (the gazetteer behind Open-Meteo's geocoding); source, date
// and licence in SOURCES.md.

export interface WeatherCity {
  /** Display name as GeoNames spells it. */
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
}

export const WEATHER_CITIES = {
  kolkata: { name: 'Kolkata', lat: 22.56263, lon: 88.36304 },
  mumbai: { name: 'Mumbai', lat: 19.07283, lon: 72.88261 },
  delhi: { name: 'Delhi', lat: 28.65195, lon: 77.23149 },
  chennai: { name: 'Chennai', lat: 13.08784, lon: 80.27847 },
  bangalore: { name: 'Bengaluru', lat: 12.97194, lon: 77.59369 },
  hyderabad: { name: 'Hyderabad', lat: 17.38405, lon: 78.45636 },
  pune: { name: 'Pune', lat: 18.51957, lon: 73.85535 },
  jaipur: { name: 'Jaipur', lat: 26.91962, lon: 75.78781 },
  lucknow: { name: 'Lucknow', lat: 26.83928, lon: 80.92313 },
  ahmedabad: { name: 'Ahmedabad', lat: 23.02579, lon: 72.58727 },
  guwahati: { name: 'Guwahati', lat: 26.1844, lon: 91.7458 },
  bhopal: { name: 'Bhopal', lat: 23.25469, lon: 77.40289 },
} as const satisfies Record<string, WeatherCity>;

export type WeatherCityKey = keyof typeof WEATHER_CITIES;

/** The city keys in their documented order (the order of the object above). */
export const WEATHER_CITY_KEYS = Object.keys(WEATHER_CITIES) as WeatherCityKey[];

export const isWeatherCity = (key: string): key is WeatherCityKey => Object.hasOwn(WEATHER_CITIES, key);
