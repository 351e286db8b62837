import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WMO_DESCRIPTIONS, describeWmo } from './wmo.js';

const vectors = JSON.parse(readFileSync(new URL('./fixtures/open-meteo.json', import.meta.url), 'utf8'));

describe('WMO condition descriptions', () => {
  it('describes every code Open-Meteo documents', () => {
    for (const code of Object.keys(vectors.wmo_codes)) expect(WMO_DESCRIPTIONS[Number(code)], `code ${code}`).toBeTruthy();
    expect(Object.keys(WMO_DESCRIPTIONS).sort()).toEqual(Object.keys(vectors.wmo_codes).sort());
  });

  it("keeps the spec's wording for the twelve codes the spec lists", () => {
    const spec: Record<number, string> = {
      0: 'Clear sky',
      1: 'Mainly clear',
      2: 'Partly cloudy',
      3: 'Overcast',
      45: 'Foggy',
      51: 'Light drizzle',
      61: 'Light rain',
      63: 'Rain',
      65: 'Heavy rain',
      80: 'Light showers',
      95: 'Thunderstorm',
      99: 'Thunderstorm + heavy hail',
    };
    for (const [code, text] of Object.entries(spec)) expect(describeWmo(Number(code))).toBe(text);
  });

  it('says a code is unknown instead of guessing', () => {
    expect(describeWmo(42)).toBe('Unknown (WMO code 42)');
  });
});
