import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataSource, fileFetch } from './file-fetch.js';

async function tempFile(content: string) {
  const dir = await mkdtemp(join(tmpdir(), 'jankari-file-fetch-'));
  const path = join(dir, 'data.json');
  await writeFile(path, content);
  return { dir, path };
}

describe('fileFetch', () => {
  it('answers any request with the file, as JSON and as text, under its file: URL', async () => {
    const { path } = await tempFile('{"services":[]}');
    const res = await fileFetch(path)('iana-rdap', { url: 'https://data.iana.org/rdap/dns.json' });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`file://${path}`);
    expect(res.json()).toEqual({ services: [] });
  });

  it('refuses a file larger than the request may read, as a download over its cap would be', async () => {
    const { path } = await tempFile('x'.repeat(100));
    await expect(fileFetch(path)('x', { url: 'https://example.org/', maxBytes: 10 })).rejects.toThrow(/100 bytes, more than the 10/);
  });

  it('copies the file where a streaming import asks for it', async () => {
    const { dir, path } = await tempFile('a,b\n1,2\n');
    const toFile = join(dir, 'copy.csv');
    const res = await fileFetch(path)('x', { url: 'https://example.org/', toFile });
    expect(res.body.length).toBe(0);
    expect(await readFile(toFile, 'utf8')).toBe('a,b\n1,2\n');
  });
});

describe('dataSource', () => {
  it('names the configured URL without a file, and the file otherwise', async () => {
    const fetch = fileFetch('/nonexistent');
    expect(dataSource(fetch, 'https://example.org/list.json')).toEqual({ fetch, url: 'https://example.org/list.json' });
    expect(dataSource(fetch, 'https://example.org/list.json', '/tmp/list.json').url).toBe('file:///tmp/list.json');
  });
});
