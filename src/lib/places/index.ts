// The places registry: the one place vocabulary of every endpoint that takes a place (weather,
// aqi, panchang and its month and festivals), docs/decisions/places-vocabulary.md. Data with its
// source in SOURCES.md. Outside the modules, so that no module takes places from another.

export { WEATHER_CITIES, WEATHER_CITY_KEYS, isWeatherCity } from './cities.js';
export type { WeatherCity, WeatherCityKey } from './cities.js';
export { TOWNS, GAZETTEER_SOURCE, type Town } from './gazetteer.js';
export { findTown, townLabel } from './find.js';
export { resolvePlace, type Place } from './resolve.js';
export { CITY_DESCRIPTION, PlaceQuery } from './query.js';
export { kmBetween, type Point } from './km.js';
