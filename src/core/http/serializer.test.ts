import { describe, expect, it } from 'vitest';
import { Type } from '../schema.js';
import { forSerializer, serializerCompiler } from './serializer.js';

const Place = Type.Object({ city: Type.Union([Type.String(), Type.Null()]), lat: Type.Union([Type.Number(), Type.Null()]) });
const Answer = Type.Object({
  version: Type.Union([Type.Literal(4), Type.Literal(6)]),
  kind: Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Null()]),
  place: Type.Union([Place, Type.Null()]),
  places: Type.Array(Place),
  mixed: Type.Union([Type.String(), Type.Number()]),
});

describe('response serialisation', () => {
  it('writes nullable unions as type lists, which need no validation per value', () => {
    const s = forSerializer(Answer) as { properties: Record<string, Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> }> };
    expect(s.properties.place.type).toEqual(['object', 'null']);
    expect(s.properties.place.properties!.city.type).toEqual(['string', 'null']);
    expect((s.properties.places.items as { properties: Record<string, { type: unknown }> }).properties.lat.type).toEqual(['number', 'null']);
    expect(s.properties.version.type).toBe('number');
    expect(s.properties.kind.type).toEqual(['string', 'null']);
    expect(s.properties.mixed.anyOf).toBeDefined(); // not a nullable or literal union: left to fast-json-stringify
    expect('anyOf' in s.properties.place).toBe(false);
  });

  it('leaves the schema it was given untouched (validation and OpenAPI use it)', () => {
    const before = JSON.stringify(Answer);
    forSerializer(Answer);
    expect(JSON.stringify(Answer)).toBe(before);
  });

  it('writes the same JSON as JSON.stringify for values of every branch', () => {
    const write = serializerCompiler({ schema: Answer });
    const values = [
      { version: 4, kind: 'a', place: { city: 'Pune', lat: 18.52 }, places: [{ city: null, lat: null }], mixed: 'x' },
      { version: 6, kind: null, place: null, places: [], mixed: 3 },
    ];
    for (const v of values) expect(JSON.parse(write(v))).toEqual(v);
  });
});
