// The routes served as resources: their URI templates take the tool's parameters (not the
// sizing ones), and a chart's answer links to the drawing its arguments make.

import { describe, expect, it } from 'vitest';
import { isTemplate, linkTo, ROUTE_RESOURCES, uriTemplateOf } from './resource-routes.js';
import { SIZING_PARAMETERS } from './sizing.js';
import type { RouteTool } from './tools.js';

const tool = (name: string, properties: string[], required: string[] = []): RouteTool => ({
  name,
  group: '',
  description: '',
  path: `/${name}`,
  pathParams: [],
  flags: [],
  aliases: {},
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries([...properties, 'detail', 'cursor'].map((p) => [p, SIZING_PARAMETERS[p] ?? { type: 'string' }])),
    required,
  },
});
const resource = (name: string) => ROUTE_RESOURCES.find((r) => r.tool === name)!;

describe('route resources', () => {
  it('writes a template with its path variables and the other parameters as its query, never detail or cursor', () => {
    const month = tool('panchang_month', ['year', 'month', 'city', 'lang']);
    expect(uriTemplateOf(resource('panchang_month'), month)).toBe('jankari://panchang/month/{year}/{month}{?city,lang}');
    expect(isTemplate(resource('panchang_month'), month)).toBe(true);
  });

  it('gives a list without required parameters a fixed URI', () => {
    const banks = tool('ifsc_banks', ['q']);
    expect(isTemplate(resource('ifsc_banks'), banks)).toBe(false);
  });

  it("links a chart's answer to the drawing of the same arguments, as SVG or as PNG", () => {
    const chart = tool('astro_chart', ['year', 'month', 'name', 'format'], ['year', 'month']);
    expect(linkTo(chart, { year: 1990, month: 5, name: 'Asha Rani', detail: 'full' })).toEqual({
      uri: 'jankari://astro/chart?year=1990&month=5&name=Asha%20Rani',
      name: 'birth-chart',
      mimeType: 'image/svg+xml',
    });
    expect(linkTo(chart, { year: 1990, month: 5, format: 'png' })?.mimeType).toBe('image/png');
    expect(linkTo(tool('panchang_month', ['year']), { year: 2026 })).toBeUndefined();
  });
});
