// A client's code against the types generated from /openapi.json (./api.d.ts, written by
// openapi-client.test.ts before it type-checks this file): if the document described a
// parameter or a field wrongly, this file would not compile. Not part of the service.

import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function callThree(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });

  const num = await client.GET('/numerology', { params: { query: { name: 'Asha Rani', dob: '01-02-1990', gender: 'F' } } });
  const lifePath: number | undefined = num.data?.core.life_path;
  const master: boolean | undefined = num.data?.core.is_master_number;

  const bank = await client.GET('/ifsc/{code}', { params: { path: { code: 'SBIN0000691' } } });
  const bankName: string | undefined = bank.data?.bank;
  const missing: string[] | undefined = bank.data?.missing;

  const ip = await client.GET('/ip', { params: { query: { ip: '8.8.8.8' } } });
  const version: 4 | 6 | undefined = ip.data?.version;
  const countryCode: string | null | undefined = ip.data?.location?.country_code;

  const bad = await client.GET('/numerology', { params: { query: { name: 'Asha Rani', dob: 'yesterday' } } });
  const badParam: string | undefined = bad.error?.param;

  return { lifePath, master, bankName, missing, version, countryCode, badStatus: bad.response.status, badParam };
}

// What the generated types must refuse: each line below is a compile error, or tsc fails on
// the unused directive.
export function refused(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error the name is required
  void client.GET('/numerology', { params: { query: { dob: '01-02-1990' } } });
  // @ts-expect-error no such path
  void client.GET('/numerologyy');
  // @ts-expect-error dob is text, not a number
  void client.GET('/numerology', { params: { query: { name: 'A', dob: 19900201 } } });
  // @ts-expect-error an IFSC code goes in the path, not the query
  void client.GET('/ifsc/{code}', { params: { query: { code: 'SBIN0000691' } } });
}
