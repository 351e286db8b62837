// The /docs page builder on a small document: every operation from the document, its example
// call built from the parameters' examples, errors shown with their bodies, text escaped.

import { describe, expect, it } from 'vitest';
import { type DocsDocument, docsHtml, exampleRequest } from './docs-page.js';

const doc: DocsDocument = {
  info: { title: 'jankari', version: '9.9.9', description: 'Test <api>.' },
  paths: {
    '/ifsc/{code}': {
      get: {
        operationId: 'getIfscByCode',
        summary: 'A <b>branch</b> by code',
        tags: ['IFSC'],
        parameters: [{ in: 'path', name: 'code', required: true, schema: { type: 'string', pattern: '^[A-Z]{4}0' }, example: 'SBIN0000001' }],
        responses: {
          200: { description: 'Default Response', content: { 'application/json': { example: { status: 'ok' } } } },
          404: {
            description: 'Unknown thing',
            content: {
              'application/json': { examples: { NOT_FOUND: { summary: 'no branch', value: { status: 'error', code: 'NOT_FOUND', message: 'no branch' } } } },
            },
          },
        },
      },
    },
    '/numerology': {
      get: {
        operationId: 'getNumerology',
        tags: ['Numerology'],
        parameters: [{ in: 'query', name: 'name', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 }, example: "O'Brien Ann" }],
        responses: {},
      },
    },
  },
};

describe('the /docs page', () => {
  it('builds the example call from the parameters, and none when a required one has no example', () => {
    expect(exampleRequest('/ifsc/{code}', doc.paths!['/ifsc/{code}']!.get!.parameters!)).toBe('/ifsc/SBIN0000001');
    expect(exampleRequest('/numerology', [{ in: 'query', name: 'name', example: "O'Brien Ann" }])).toBe('/numerology?name=O%27Brien+Ann');
    expect(exampleRequest('/x', [{ in: 'query', name: 'q', required: true }])).toBeUndefined();
  });

  it('lists every operation by its tag, with its call, rules and answers, escaped', () => {
    const html = docsHtml(doc, 'https://api.example.org');
    expect(html).toContain('<a href="#tag-ifsc">IFSC</a>');
    expect(html).toContain('<article class="op" id="getIfscByCode"');
    expect(html).toContain('<article class="op" id="getNumerology"');
    expect(html).toContain('curl &#39;https://api.example.org/ifsc/SBIN0000001&#39;');
    expect(html).toContain('curl &#39;https://api.example.org/numerology?name=O%27Brien+Ann&#39;');
    expect(html).toContain('pattern <code>^[A-Z]{4}0</code>');
    expect(html).toContain('1 to 200 characters');
    expect(html).toContain('A &lt;b&gt;branch&lt;/b&gt; by code');
    expect(html).not.toContain('<b>branch');
    expect(html).toContain('<strong>200 OK</strong> <span class="muted">example answer</span>');
    expect(html).toContain('&quot;code&quot;: &quot;NOT_FOUND&quot;');
    expect(html).not.toMatch(/<script/);
  });
});
