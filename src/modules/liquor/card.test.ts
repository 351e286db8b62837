// The label card is drawn from a scraped price list's facts: whatever characters a list holds,
// the SVG is one an XML parser (librsvg) reads.

import { describe, expect, it } from 'vitest';
import { sharp } from '../../lib/raster/index.js';
import { xmlTextFault } from '../../lib/xml/index.js';
import { cardSvg, renderCard } from './card.js';

const facts = { name: 'Old Monk XXX Rum', volume: '750 ml', category: 'rum', price: '420', state: 'Kerala', effective: '2026-04-01' };

describe('liquor label card', () => {
  it('writes a fact carrying characters XML refuses (U+FFFE, U+FFFF, controls, a lone surrogate) as U+FFFD, and rasterises', async () => {
    const odd = { ...facts, name: 'Old\ufffe Monk\uffff <XXX> & Rum\u0001', category: 'rum\u0085', state: 'Kerala\ud800' };
    const svg = cardSvg(odd);
    expect(xmlTextFault(svg)).toBeUndefined();
    expect(svg).toContain('Old\ufffd Monk\ufffd');
    expect(svg).toContain('&lt;XXX&gt;</text>');
    expect(svg).toContain('&amp; Rum\ufffd');
    const card = await renderCard(odd);
    expect((await sharp(card.body).metadata()).format).toBe('webp');
  });
});
