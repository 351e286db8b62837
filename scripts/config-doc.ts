// npm run config:doc — prints the README's settings table from src/config.ts.
import { settingsTable } from '../src/config.js';

console.log(settingsTable());
