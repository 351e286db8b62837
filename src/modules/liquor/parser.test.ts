import { describe, expect, it } from 'vitest';
import { gateFailures } from './gates.js';
import { brandFamilies, categoryOf, key } from './families.js';
import { closest, wordsScore as matchScore } from '../../lib/fuzzy/index.js';
import { keralaImporter, linksOf, pdfLinkOf } from './importers/kerala.js';
import { longListRows, makeKeralaPdf, printedRows, printedWords, SPLIT_LAYOUT } from './fixtures/make-pdf.js';
import { KSBC_ROWS, NUMBER_NAMED_ROWS, type FixtureRow } from './fixtures/rows.js';
import { readLines } from './importers/kerala-layout.js';
import { readStream, readWords, streamWords } from './importers/kerala-stream.js';
import type { PdfLine } from '../../lib/pdf/index.js';

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
    expect(readStream(broken).problems[0]).toBe(
      '4 stretch(es) of words in stream order that are neither a row, a supplier, page furniture nor the closing block: page 1: "Unexpected", page 2: "Unexpected", page 3: "Unexpected", page 4: "Unexpected"',
    );
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

/** The same words cut into lines of n words (a producer that breaks its lines elsewhere). */
const recut = (pages: PdfLine[][], n: number): PdfLine[][] =>
  streamWords(pages).map((words) => {
    const lines: PdfLine[] = [];
    for (let i = 0; i < words.length; i += n) {
      const ws = words.slice(i, i + n).map((text, k) => ({ text, x: k, y: 0, width: 1 }));
      lines.push({ y: 0, words: ws, text: ws.map((w) => w.text).join(' ') });
    }
    return lines;
  });
const TRIPLET_ALONE = /^\d+\.\d\d \d+\.\d\d \d+\.\d\d$/;

describe('the KSBC list read as a sequence of words', () => {
  const LONG = longListRows(661);
  const long = (opts: Parameters<typeof makeKeralaPdf>[0] = {}) => makeKeralaPdf({ rows: LONG, ...SPLIT_LAYOUT, ...opts });

  it('imports a 661-row list whose shop block (12.7 pt against the rows’ 12 pt) breaks the stream’s lines inside rows, every row exactly', async () => {
    const pdf = await long();
    const { streams } = await pdfReadings(pdf);
    // The file does break its lines inside rows: a triplet alone, the row's left part without it.
    const alone = streams.flat().filter((l) => TRIPLET_ALONE.test(l.text));
    expect(alone.length).toBeGreaterThan(100);
    const list = await kerala.parse(pdf);
    expect(list.problems).toEqual([]);
    expect(list.layout).toMatch(/^content stream/);
    expect(list.rows).toEqual(expected(LONG));
    expect(gateFailures(list, 600)).toEqual([]);
  });

  it('reads the same rows when the warehouse figures are split off with the shop block', async () => {
    const pdf = await long({ blockFrom: 'warehouseTax' });
    const { streams } = await pdfReadings(pdf);
    expect(streams.flat().some((l) => /^\d+\.\d\d \d+\.\d\d \d+\.\d\d \d+\.\d\d \d+\.\d\d$/.test(l.text))).toBe(true);
    const list = await kerala.parse(pdf);
    expect(list.problems).toEqual([]);
    expect(list.rows).toEqual(expected(LONG));
  });

  it('reads the same rows wherever the lines break: every word its own line, a page one line, every n words', async () => {
    const { streams } = await pdfReadings(await long());
    const want = expected(LONG);
    for (const n of [1, 2, 3, 5, 7, 11, 16, 10_000]) {
      const read = readStream(recut(streams, n));
      expect(read.problems, `lines of ${n} words`).toEqual([]);
      expect(read.rows, `lines of ${n} words`).toEqual(want);
    }
  });

  it('gives a blank description at the top of a page the name of the last row of the page before (same supplier)', async () => {
    const perPage = SPLIT_LAYOUT.rowsPerPage;
    const first = LONG[perPage];
    expect(first.blankName).toBe(true);
    expect(LONG[perPage - 1]).toMatchObject({ name: first.name, supplier: first.supplier });
    const { streams } = await pdfReadings(await long());
    // Page 2 prints the row's code followed at once by its size: no description, no supplier line before it.
    const page2 = streamWords(streams)[1];
    expect(page2[page2.indexOf(first.code) + 1]).toBe(String(first.ml));
    expect(page2.slice(0, page2.indexOf(first.code)).join(' ')).not.toMatch(/Supplier/);
    const read = readStream(streams);
    expect(read.rows[perPage]).toMatchObject({ code: first.code, name: first.name, supplier: first.supplier });
  });

  it('refuses a blank description whose row above is of another supplier, across a page break too', () => {
    const rows = printedRows();
    const firstOfNext = rows.findIndex((r, i) => i > 0 && r.supplier !== rows[i - 1].supplier);
    const words = [
      ['101', 'UNIBEV', 'JSM,', 'GOA', 'IMFL', 'Supplier', ':', ...rows.slice(0, firstOfNext).flatMap(printedWords)],
      ['102', ...rows[firstOfNext].supplier.split(' '), 'IMFL', 'Supplier', ':', ...printedWords({ ...rows[firstOfNext], blankName: true })],
    ];
    expect(readWords(words).problems).toEqual([`page 2: row ${rows[firstOfNext].code} has a blank description and no row above it to repeat`]);
  });

  it('takes a supplier printed kind first, its name running to the next row’s code, a nine-letter word in it', () => {
    const beer = printedRows().find((r) => r.section === 'BEER')!;
    const words = ['BEER', 'Supplier', ':', '104', ...beer.supplier.split(' '), ...printedWords({ ...beer, serial: 1 })];
    expect(beer.supplier).toMatch(/\bBREWERIES\b/);
    const read = readWords([words]);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([expect.objectContaining({ code: beer.code, name: beer.name, supplier: beer.supplier, section: 'BEER' })]);
  });

  it('reports a row cut short and still reads the row after it', () => {
    const [a, b] = printedRows().slice(0, 2);
    const words = ['101', 'UNIBEV', 'JSM,', 'GOA', 'IMFL', 'Supplier', ':', ...printedWords(a).slice(0, -1), ...printedWords({ ...b, blankName: false })];
    const read = readWords([words]);
    expect(read.rows.map((r) => r.code)).toEqual([b.code]);
    expect(read.problems).toEqual([
      expect.stringMatching(new RegExp(`^1 stretch\\(es\\) of words in stream order that are neither .*: page 1: "${a.code} SOUTHERN CHOICE BRANDY 750`)),
    ]);
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
