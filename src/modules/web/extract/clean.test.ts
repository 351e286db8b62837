import { describe, expect, it } from 'vitest';
import { extract } from './index.js';

const para = (n: number) => `<p>Paragraph ${n} of the guide tells the reader something worth knowing about tents, stakes and the wind on an open ridge.</p>`;
const guide = [1, 2, 3, 4, 5].map(para).join('');
const read = (body: string) => extract(`<html><body>${body}</body></html>`, 'https://example.com/g', { format: 'text', main: true }).content;

describe('hidden text when cleaning', () => {
  it("keeps a collapsed accordion panel that a button's aria-controls opens", () => {
    const panel =
      '<h3><button aria-controls="p1" aria-expanded="false">How to choose a tent</button></h3>' +
      '<div id="p1" aria-hidden="true" style="max-height:0"><p>Pick a tent rated for the coldest night you expect and a floor area that fits two sleeping pads side by side.</p></div>';
    const out = read(`<main><h1>Tents</h1>${guide}${panel}</main>`);
    expect(out).toContain('Paragraph 5');
    expect(out).toContain('coldest night you expect');
  });

  it('keeps a collapsed panel whose hidden wrapper (a collapse animation) holds only the panel aria-controls names', () => {
    const panel =
      '<button aria-controls="p2" aria-expanded="false">Description</button>' +
      '<div class="collapse" style="overflow:hidden;display:none;height:0px"><div role="region" id="p2"><p>Stainless steel, twenty-four inches across, with a removable ash pan for easy cleaning.</p></div></div>';
    const out = read(`<main><h1>Fire pit</h1>${guide}${panel}</main>`);
    expect(out).toContain('removable ash pan');
  });

  it('still drops a hidden wrapper that holds more than the panel a control opens', () => {
    const panel =
      '<button aria-controls="p3">Details</button>' +
      '<div style="display:none"><div id="p3"><p>The panel a button opens.</p></div><p>Hidden text beside it that no control ever shows to a reader.</p></div>';
    const out = read(`<main><h1>Fire pit</h1>${guide}${panel}</main>`);
    expect(out).not.toContain('no control ever shows');
  });

  it('still drops a hidden block that no control opens', () => {
    const out = read(`<main><h1>Tents</h1>${guide}<div aria-hidden="true"><p>Tracking text that no reader ever sees on this page at all.</p></div></main>`);
    expect(out).toContain('Paragraph 5');
    expect(out).not.toContain('Tracking text');
  });
});
