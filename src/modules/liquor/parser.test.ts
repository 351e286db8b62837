import { describe, expect, it } from 'vitest';
import { gateFailures } from './gates.js';
import { brandFamilies, categoryOf, key } from './families.js';
import { closest, wordsScore as matchScore } from '../../lib/fuzzy/index.js';
import { keralaImporter, linksOf, pdfLinkOf } from './importers/kerala.js';
import { makeKeralaPdf, printedRows } from './fixtures/make-pdf.js';
import { KSBC_ROWS, NUMBER_NAMED_ROWS, type FixtureRow } from './fixtures/rows.js';
import { readLines, readStream } from './importers/kerala-layout.js';

// Loaded after the module graph (pdfjs stays in its worker either way).
const pdfReadings = async (pdf: Uint8Array) => (await import('../../lib/pdf/index.js')).pdfStreamLines(pdf);
/** What each fixture row must read as. */
const expected = (rows: FixtureRow[]) =>
  rows.map((r, i) => ({
    serial: i + 1,
    code: r.code,
    name: r.name,
    volume_ml: r.ml,
    supplier: r.supplier,
    section: r.section,
    before_tax: r.before,
    tax: r.tax,
    cess: Math.round((r.price - r.before - r.tax) * 100) / 100,
    price: r.price,
  }));

const kerala = keralaImporter('http://127.0.0.1:9');
const parse = async (opts: Parameters<typeof makeKeralaPdf>[0] = {}) => kerala.parse(await makeKeralaPdf(opts));

describe('the KSBC price-list parser', () => {
  it('reads every printed row with its section, supplier and shop prices', async () => {
    const list = await parse();
    expect(list.rows).toHaveLength(KSBC_ROWS.length);
    expect(list.rows[0]).toEqual({
      serial: 1,
      code: '11001121W',
      name: 'SOUTHERN CHOICE BRANDY',
      volume_ml: 750,
      supplier: 'UNIBEV JSM, GOA',
      section: 'IMFL',
      before_tax: 430.2,
      tax: 1079.8,
      cess: 40,
      price: 1550,
    });
    const beer = list.rows.find((r) => r.code === '21904425Q')!;
    expect(beer).toMatchObject({ section: 'BEER', volume_ml: 500, before_tax: 41.67, tax: 48.33, cess: 0, price: 90 });
    expect(list.rows.map((r) => r.serial)).toEqual(KSBC_ROWS.map((_, i) => i + 1));
  });

  it('reads the list exactly in content-stream order, where grouping by y puts shop prices on the wrong rows', async () => {
    const pdf = await makeKeralaPdf();
    const list = await kerala.parse(pdf);
    expect(list.rows).toEqual(expected(KSBC_ROWS));
    expect(list.layout).toBe('content stream (grouping by y disagrees; not used)');
    expect(list.problems).toEqual([]);
    // The same file grouped by y alone: triplets beside the wrong row, none beside others, one on a supplier line.
    const { lines } = await pdfReadings(pdf);
    const byY = readLines(lines);
    expect(byY.rows).not.toEqual(expected(KSBC_ROWS));
    expect(byY.rows.length).toBeLessThan(KSBC_ROWS.length);
    expect(byY.problems.join('\n')).toMatch(/line\(s\) grouped by position that are neither a row/);
    expect(lines[0].some((l) => /^IMFL Supplier : 10\d .+ \d+\.\d\d \d+\.\d\d \d+\.\d\d$/.test(l.text))).toBe(true);
  });

  it('says grouping by y agrees when the shop block runs at the rows’ pitch', async () => {
    const list = await parse({ shopPitch: 14 });
    expect(list.layout).toBe('content stream (grouping by y agrees)');
    expect(list.rows).toEqual(expected(KSBC_ROWS));
  });

  it('falls back to grouping by y when the content stream does not follow the rows', async () => {
    const list = await parse({ byColumn: true, shopPitch: 14 });
    expect(list.layout).toBe('grouping by y (the content stream did not read as rows)');
    expect(list.rows).toEqual(expected(KSBC_ROWS));
  });

  it('refuses a file that reads cleanly neither way', async () => {
    const list = await parse({ byColumn: true });
    const out = gateFailures(list, 10);
    expect(out[0]).toMatch(/^the (content stream|grouping by y) left \d+ problem\(s\): \d+ line\(s\)/);
  });

  it('refuses a shop triplet printed on another row of the same cess by the FL-1/warehouse ratio', async () => {
    const list = await parse({ swapShop: ['11001121W', '11001171U'] });
    expect(list.problems).toEqual([
      'serial 1 (11001121W): FL-1 ÷ warehouse price per bottle 1.494 is outside 1.03–1.35 (a shop triplet on the wrong row?)',
      'serial 6 (11001171U): FL-1 ÷ warehouse price per bottle 0.964 is outside 1.03–1.35 (a shop triplet on the wrong row?)',
    ]);
    expect(gateFailures(list, 10)).toEqual([expect.stringMatching(/^the content stream left 2 problem\(s\): serial 1 \(11001121W\)/)]);
  });

  it('reads names that begin with a number and product codes made only of digits', async () => {
    const rows = [...KSBC_ROWS, ...NUMBER_NAMED_ROWS];
    const list = await parse({ rows: printedRows(rows) });
    expect(list.rows).toEqual(expected(rows));
    expect(list.rows.slice(-3).map((r) => [r.code, r.name, r.volume_ml])).toEqual([
      ['13208093X', '999 POWER STAR FINE RUM', 180],
      ['13291041W', '111 OAK WHITE RUM', 750],
      ['131007715', "HERCULES SPECIAL RESERVE 3'X' RUM", 750],
    ]);
    expect(gateFailures(list, 10)).toEqual([]);
  });

  it('accounts for every line in stream order: supplier lines, furniture, footer and the closing block', async () => {
    const { streams } = await pdfReadings(await makeKeralaPdf({ rowsPerPage: 12 }));
    const read = readStream(streams);
    expect(read.problems).toEqual([]);
    expect(new Set(read.rows.map((r) => r.supplier)).size).toBe(7);
    const broken = streams.map((lines) => [...lines, { y: 0, words: [{ text: 'Unexpected', x: 0, y: 0, width: 1 }], text: 'Unexpected' }]);
    expect(readStream(broken).problems[0]).toMatch(/^4 line\(s\) in stream order that are neither/);
  });

  it('reads the title, the effective date and the print date from the page header', async () => {
    const { meta } = await parse();
    expect(meta).toEqual({
      title: 'Price List of IMFL/BEER/WINE for Warehouses and FL-1 Shops (Tender 2026-27 - Quoted Items)',
      effective_dates: ['2026-05-11'],
      printed: '2026-09-23',
    });
  });

  it('gives every row printed without a description the name of the row above it', async () => {
    const blank = printedRows().filter((r) => r.blankName);
    expect(blank.length).toBeGreaterThan(10);
    const list = await parse();
    expect(list.rows.find((r) => r.code === '11001312S')!.name).toBe("NICOL'S BLACK & GOLD FRENCH BRANDY VSOP");
    for (const r of blank) expect(list.rows.find((x) => x.code === r.code)!.name).toBe(r.name);
  });

  it('keeps rows that run across a page break under their supplier', async () => {
    const list = await parse({ rowsPerPage: 5 });
    expect(list.rows).toHaveLength(KSBC_ROWS.length);
    expect(list.rows[6]).toMatchObject({ code: '11001311S', supplier: 'UNIBEV JSM, GOA' });
  });

  it('refuses a file that is not a KSBC list', async () => {
    await expect(kerala.parse(Buffer.from('%PDF-1.4 not really'))).rejects.toThrow(/does not read as a PDF/);
  });
});

describe('the gates', () => {
  it('pass the list as printed', async () => {
    expect(gateFailures(await parse(), 10)).toEqual([]);
  });

  it('refuse a row whose before tax, tax and cess do not add up to the price', async () => {
    const list = await parse({ rows: printedRows().map((r) => (r.code === '12305021S' ? { ...r, printedPrice: r.price + 10 } : r)) });
    const out = gateFailures(list, 10);
    expect(out).toEqual([
      expect.stringMatching(/^1 row\(s\) where before tax \+ tax \+ cess is not the price after tax: serial 17 \(12305021S: 358.97 \+ 901.03 \+ 40 ≠ 1310\)$/),
    ]);
  });

  it('refuse a gap in the serial numbers', async () => {
    const list = await parse({ rows: printedRows().filter((r) => r.serial !== 12) });
    expect(gateFailures(list, 10)).toEqual([expect.stringMatching(/not contiguous from 1.*missing 12$/)]);
  });

  it('refuse a product code printed twice', async () => {
    const list = await parse({ rows: printedRows().map((r) => (r.serial === 5 ? { ...r, code: '11001121W' } : r)) });
    expect(gateFailures(list, 10)).toEqual(['product codes repeated: 11001121W']);
  });

  it('refuse a zero price', async () => {
    const list = await parse();
    const zero = { ...list, rows: list.rows.map((r) => (r.serial === 3 ? { ...r, before_tax: 0, tax: 0, cess: 0, price: 0 } : r)) };
    expect(gateFailures(zero, 10)).toEqual([expect.stringMatching(/zero or missing price or size: serial 3 \(11001123W\)/)]);
  });

  it('refuse a file whose pages give two effective dates', async () => {
    const list = await parse({ laterPagesEffective: '01-06-2026' });
    expect(gateFailures(list, 10)).toEqual(['the pages give 2 effective dates (2026-05-11, 2026-06-01); a list has one']);
  });

  it('refuse a list shorter than LIQUOR_MIN_ROWS', async () => {
    expect(gateFailures(await parse(), 500)).toEqual([`${KSBC_ROWS.length} rows read, fewer than LIQUOR_MIN_ROWS (500)`]);
  });
});

describe('brand families and categories', () => {
  const family = (name: string, supplier = 'S') => brandFamilies([{ name, supplier }]).get(key({ name, supplier }));

  it('takes the leading words before a kind or variant word, at most two', () => {
    expect(family('ROYAL STAG DELUXE WHISKY')).toBe('royal-stag');
    expect(family('OLD MONK XXX RUM')).toBe('old-monk');
    expect(family("NICOL'S BLACK & GOLD FRENCH BRANDY VSOP")).toBe('nicols');
    expect(family('KINGFISHER PREMIUM LAGER BEER')).toBe('kingfisher');
  });

  it('joins one supplier’s names that share a first word but differ after it', () => {
    const rows = KSBC_ROWS.map((r) => ({ name: r.name, supplier: r.supplier }));
    const f = brandFamilies(rows);
    expect(f.get(key({ name: 'SIRA JACK FRUIT WHITE WINE', supplier: 'S S WINERY (WINE)' }))).toBe('sira');
    expect(f.get(key({ name: 'SOUTHERN CHOICE PREMIUM BRANDY', supplier: 'UNIBEV JSM, GOA' }))).toBe('southern-choice');
  });

  it('takes the category from the name, then from a beer or wine section', () => {
    expect(categoryOf('SOULMATE BLU PREMIUM WHISKY', 'IMFL')).toBe('Whisky');
    expect(categoryOf('RIO RED', 'WINE')).toBe('Wine');
    expect(categoryOf('MYSTERY SPIRIT', 'IMFL')).toBe('Other spirits');
  });
});

describe('fuzzy matching', () => {
  it('matches across spacing, case and a typo', () => {
    expect(matchScore('southernchoice', 'SOUTHERN CHOICE BRANDY')).toBeGreaterThan(1);
    expect(matchScore('soulmat whisky', 'SOULMATE BLU PREMIUM WHISKY')).toBeGreaterThanOrEqual(0.7);
    expect(matchScore('vodka', 'SOUTHERN CHOICE BRANDY')).toBe(0);
  });

  it('suggests the closest brands', () => {
    expect(closest('southern-choise', ['amazing', 'southern-choice', 'sira'])[0]).toBe('southern-choice');
  });
});

describe('finding the list on the corporation’s pages', () => {
  it('takes the PDF link that says price list', () => {
    const links = linksOf('<a href="/a.pdf">Tender</a><a href="files/Price%20List%202026.pdf">Download</a>', 'https://ksbc.example/prices/');
    expect(pdfLinkOf(links)).toBe('https://ksbc.example/prices/files/Price%20List%202026.pdf');
  });
});
