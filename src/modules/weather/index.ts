// The weather module's public face: the module object, and the 12 cities other modules
// (panchang) may use.

import type { JankariModule } from '../../core/module.js';
import { weatherRoutes } from './routes.js';
import { WeatherService } from './service.js';

export { WEATHER_CITIES, WEATHER_CITY_KEYS, isWeatherCity } from './cities.js';
export type { WeatherCity, WeatherCityKey } from './cities.js';

export const weatherModule: JankariModule = {
  name: 'weather',
  title: 'Weather',
  description: 'Current conditions from Open-Meteo for 12 Indian cities or any coordinates (cached 10 minutes).',
  register(app, ctx) {
    weatherRoutes(app, new WeatherService(ctx));
  },
};
