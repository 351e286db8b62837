// Each module's upstreams are one list, and each upstream names its own settings: the rows in
// src/config.ts and those lists must agree, so a new upstream cannot lose its row and a row
// cannot outlive its upstream (docs/decisions/upstream-settings.md).

import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/config.js';
import { FOREX_UPSTREAMS } from '../src/modules/forex/providers/index.js';
import { ENGINES } from '../src/modules/search/engines/index.js';
import { TRAIN_UPSTREAMS } from '../src/modules/train/providers/index.js';
import { CRYPTO_UPSTREAMS } from '../src/modules/crypto/providers/index.js';
import { AQI_UPSTREAMS } from '../src/modules/aqi/providers/index.js';
import { STOCKS_UPSTREAMS } from '../src/modules/stocks/providers/index.js';
import { GST_UPSTREAMS } from '../src/modules/gst/providers/index.js';
import { FUEL_UPSTREAMS } from '../src/modules/fuel/providers/index.js';
import { METALS_UPSTREAMS } from '../src/modules/commodities/providers/index.js';
import { DOMAIN_UPSTREAMS } from '../src/modules/domain/providers/index.js';
import { MOVING_SETTINGS } from './helpers/fixture-upstream.js';

/** Per module: the settings its upstreams declare, and the prefix of its upstream URL rows. */
const MODULES: { name: string; declared: string[]; urlRows: RegExp }[] = [
  { name: 'forex', declared: FOREX_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^FOREX_.*_URL$/ },
  {
    name: 'search',
    declared: ENGINES.flatMap((e) => [e.urlSetting, ...(e.keySetting ? [e.keySetting] : [])]),
    urlRows: /^(SEARCH_.*_URL|SEARXNG_URL)$/,
  },
  // The station list is a data set the module loads, not an upstream it asks per request.
  { name: 'crypto', declared: CRYPTO_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^CRYPTO_.*_URL$/ },
  { name: 'aqi', declared: AQI_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^AQI_.*_URL$/ },
  { name: 'stocks', declared: STOCKS_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^STOCKS_.*_URL$/ },
  { name: 'gst', declared: GST_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^GST_.*_URL$/ },
  { name: 'fuel', declared: FUEL_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^FUEL_.*_URL$/ },
  { name: 'commodities', declared: Object.values(METALS_UPSTREAMS).flatMap((u) => [...u.settings]), urlRows: /^METALS_.*_URL$/ },
  // The registrar's server is the link a registry answer gives, not a setting.
  { name: 'domain', declared: Object.values(DOMAIN_UPSTREAMS).flatMap((u) => [...u.settings]), urlRows: /^RDAP_.*URL$/ },
  { name: 'train', declared: TRAIN_UPSTREAMS.flatMap((u) => [...u.settings]), urlRows: /^TRAIN_(?!STATIONS_).*_URL$/ },
];

const rows = new Set<string>(SETTINGS.map((s) => s.env));

describe('upstream settings', () => {
  it.each(MODULES)('finds a row in src/config.ts for every setting the $name upstreams declare', ({ declared }) => {
    expect(declared.filter((s) => !rows.has(s))).toEqual([]);
  });

  it.each(MODULES)('claims every $name URL row by exactly one upstream', ({ declared, urlRows }) => {
    const urls = [...rows].filter((r) => urlRows.test(r));
    expect(urls.length).toBeGreaterThan(0);
    for (const r of urls)
      expect(
        declared.filter((s) => s === r),
        r,
      ).toHaveLength(1);
  });

  // A URL setting with no default that an upstream reads without needing it moves an upstream the
  // service asks anyway (RDAP_URL): the helpers that point every upstream somewhere must know it.
  it('lets the test helpers point every default-less URL setting that moves an upstream', () => {
    const lists: readonly { settings: readonly string[]; needs?: readonly string[] }[] = [
      ...FOREX_UPSTREAMS,
      ...CRYPTO_UPSTREAMS,
      ...AQI_UPSTREAMS,
      ...STOCKS_UPSTREAMS,
      ...GST_UPSTREAMS,
      ...FUEL_UPSTREAMS,
      ...Object.values(METALS_UPSTREAMS),
      ...TRAIN_UPSTREAMS,
      ...Object.values(DOMAIN_UPSTREAMS),
    ];
    const noDefault = new Set<string>(SETTINGS.filter((s) => s.kind === 'url' && !('default' in s)).map((s) => s.env));
    const moving = lists.flatMap((u) => u.settings.filter((s) => noDefault.has(s) && !(u.needs ?? []).includes(s)));
    expect([...new Set(moving)].sort()).toEqual(Object.keys(MOVING_SETTINGS).sort());
  });
});
