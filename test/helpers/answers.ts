// Checks a JSON answer against its route's response schema, which does two jobs: it documents
// the answer (/openapi.json), and it drives the serializer (fast-json-stringify), which silently
// drops a field the schema does not declare and coerces a value of the wrong type. So an answer
// is checked both ways: equal to what the handler produced (as JSON.stringify would have sent
// it), and valid against the published schema with no field left undocumented. An answer the
// route sends as text already (RawJson, the /astro chart) skips the serializer: only the second
// check applies to it.

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Errors } from 'typebox/schema';

type Schema = Record<string, unknown>;
type Documented = { content?: Record<string, { schema?: Schema }>; headers?: Record<string, { schema: Schema }> };
type Doc = { paths: Record<string, Record<string, { responses: Record<string, Documented> }>> };

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema with every object that lists its properties closed to others, so an undocumented field fails. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!isSchema(schema)) return schema;
  const out: Schema = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === 'properties' && isSchema(v) ? Object.fromEntries(Object.entries(v).map(([n, s]) => [n, closed(s)])) : closed(v),
    ]),
  );
  if (isSchema(out.properties) && !('additionalProperties' in out) && !('patternProperties' in out)) out.additionalProperties = false;
  return out;
}

/** Why a value does not fit a schema, one line a problem (none when it fits). */
export function problems(schema: unknown, value: unknown): string[] {
  const [, errors] = Errors(schema as never, value);
  return errors.map((e) => `${e.instancePath || '/'}: ${e.message}${e.keyword === 'additionalProperties' ? ` (${JSON.stringify(e.params)})` : ''}`);
}

/** The published 200 answer of GET `path`. */
function documented(doc: Doc, path: string): Documented {
  const ok = doc.paths[path]?.get?.responses['200'];
  if (!ok) throw new Error(`/openapi.json documents no 200 answer of GET ${path}`);
  return ok;
}

/** The published 200 schema of GET `path` for one media type. */
export function documentedSchema(doc: Doc, path: string, mediaType = 'application/json'): unknown {
  const schema = documented(doc, path).content?.[mediaType]?.schema;
  if (!schema) throw new Error(`/openapi.json documents no ${mediaType} 200 answer of GET ${path}`);
  return schema;
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname;

export function documentedAnswers() {
  // What each handler returned, by request URL, as JSON.stringify writes it.
  const produced = new Map<string, unknown>();
  let doc: Doc | undefined;
  const docOf = async (app: FastifyInstance) => (doc ??= (await app.inject('/openapi.json')).json() as Doc);
  return {
    /** testApp's beforeReady: records what every handler returns, before the serializer. */
    record(app: FastifyInstance): void {
      app.addHook('preSerialization', async (req, _reply, payload) => {
        produced.set(req.url, JSON.parse(JSON.stringify(payload)));
        return payload;
      });
    },

    /**
     * GETs `url` (JSON) and expects a 200 (or `status`, for an answer documented as having the
     * 200's shape) that is what the handler produced and fits the published 200 schema with
     * every field documented. Says whether the serializer wrote it.
     */
    async check(app: FastifyInstance, url: string, { status = 200, path = pathOf(url) } = {}): Promise<{ body: unknown; serialized: boolean }> {
      produced.delete(url);
      const res = await app.inject({ url, headers: { accept: 'application/json' } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const body = res.json() as unknown;
      if (produced.has(url)) expect(body, url).toStrictEqual(produced.get(url));
      expect(problems(closed(documentedSchema(await docOf(app), path)), body), url).toEqual([]);
      return { body, serialized: produced.has(url) };
    },

    /**
     * GETs `url` (an image, or any answer not JSON) and expects a 200 whose media type is one
     * the published 200 answer lists, with every header it documents sent and fitting its schema.
     */
    async media(app: FastifyInstance, url: string, { path = pathOf(url) } = {}) {
      const res = await app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      const ok = documented(await docOf(app), path);
      expect(Object.keys(ok.content ?? {}), url).toContain(String(res.headers['content-type']).split(';')[0]!.trim());
      for (const [name, header] of Object.entries(ok.headers ?? {})) {
        expect(res.headers[name], `${url}: header ${name}`).toBeDefined();
        expect(problems(header.schema, res.headers[name]), `${url}: header ${name}`).toEqual([]);
      }
      return res;
    },
  };
}
