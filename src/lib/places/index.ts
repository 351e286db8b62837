// The places registry: named places any module may resolve (weather, panchang today; aqi, fuel
// and commodity cities as they come). Data with its source in SOURCES.md. Outside the modules,
// so that no module takes places from another.

export { WEATHER_CITIES, WEATHER_CITY_KEYS, isWeatherCity } from './cities.js';
export type { WeatherCity, WeatherCityKey } from './cities.js';
export { resolvePlace, type Place } from './resolve.js';
export { PlaceQuery } from './query.js';
