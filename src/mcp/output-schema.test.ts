// The output schemas a model reads: cut to two levels of fields, yet still true of every answer.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { testApp } from '../../test/helpers/app.js';
import { compactOutputSchema } from './output-schema.js';

const answer = {
  type: 'object',
  required: ['status', 'city', 'moon', 'results'],
  properties: {
    status: { type: 'string', enum: ['ok'], description: 'always ok' },
    city: { type: 'string', description: 'a city name, as given' },
    value: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'the index' },
    kind: {
      anyOf: [
        { type: 'string', enum: ['model'] },
        { type: 'string', enum: ['station'] },
      ],
    },
    moon: {
      type: 'object',
      required: ['rashi'],
      description: 'the Moon at birth',
      properties: {
        rashi: { type: 'integer', minimum: 1, maximum: 12, description: 'sign, 1 = Mesha … 12 = Meena' },
        yoni: { type: 'string', enum: ['Horse', 'Elephant', 'Sheep', 'Serpent', 'Dog', 'Cat', 'Rat', 'Cow', 'Buffalo'] },
        gana: { type: 'string', enum: ['Deva', 'Manushya', 'Rakshasa'] },
        nakshatra: { type: 'object', additionalProperties: false, properties: { number: { type: 'integer' } } },
      },
    },
    results: {
      type: 'array',
      examples: [[]],
      items: { type: 'object', properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'object' } } } },
    },
  },
};

describe('an output schema for a model', () => {
  it('keeps two levels of fields with their types, descriptions on the top level only, and no repeat of a parameter', () => {
    expect(compactOutputSchema(answer, { city: 'a city name, as given' })).toEqual({
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok'], description: 'always ok' },
        city: { type: 'string' },
        value: { type: ['integer', 'null'], description: 'the index' },
        kind: { type: 'string', enum: ['model', 'station'] },
        moon: {
          type: 'object',
          description: 'the Moon at birth',
          properties: {
            rashi: { type: 'integer' },
            yoni: { type: 'string' },
            gana: { type: 'string', enum: ['Deva', 'Manushya', 'Rakshasa'] },
            // Below the kept levels only the type stays, and a closed object no longer refuses the fields it stopped listing.
            nakshatra: { type: 'object' },
          },
        },
        results: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'object' } } } } },
      },
    });
  });

  describe("accepts every answer the route's full schema accepts (the API document's examples)", () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    beforeAll(async () => {
      t = await testApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('for every tool with an output schema', () => {
      type Doc = { paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, { schema?: object; example?: unknown }> }> } }> };
      const doc = t.app.swagger() as Doc;
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
      let checked = 0;
      for (const tool of t.mcpTools().listed) {
        if (!tool.outputSchema) continue;
        const path = tool.title!.split(': GET ')[1];
        const json = doc.paths[path].get?.responses?.['200']?.content?.['application/json'];
        if (json?.example === undefined) continue;
        const full = ajv.compile(json.schema!);
        const cut = ajv.compile(tool.outputSchema);
        expect(full(json.example), `${tool.name}: the full schema`).toBe(true);
        expect(cut(json.example), `${tool.name}: ${ajv.errorsText(cut.errors)}`).toBe(true);
        checked++;
      }
      expect(checked).toBeGreaterThan(40);
    });
  });
});
