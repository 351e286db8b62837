// How an upstream file declares the settings it reads. The rows themselves (default, docs, kind)
// stay in src/config.ts, the bottom layer and the one schema; a declaration names them, so a
// typo is a type error, and the upstream is built from just those settings, never the whole
// Config. A module lists its declarations once (`providers/index.ts`); its service and probes
// build from that list (docs/decisions/upstream-settings.md).

import type { Config } from '../../config.js';

export type SettingName = keyof Config;

/** Settings whose value is text (a URL, a key), the kind an upstream is pointed with. */
export type TextSetting = { [K in SettingName]: Config[K] extends string | undefined ? K : never }[SettingName];

export interface Upstream<S, K extends SettingName = SettingName> {
  readonly name: string;
  /** The settings this upstream reads (its base URL, keys), rows in src/config.ts. */
  readonly settings: readonly K[];
  /** Those of them that must be set (a key, an operator's own instance; a switch on) for it to be asked; none = always. */
  readonly needs?: readonly K[];
  /** The upstream, given only its own settings. */
  build(settings: Pick<Config, K>): S;
}

/** Declares an upstream; only infers its setting names. */
export function upstream<S, K extends SettingName>(u: Upstream<S, K>): Upstream<S, K> {
  return u;
}

/** The named settings alone. */
export function settingsFor<K extends SettingName>(config: Config, keys: readonly K[]): Pick<Config, K> {
  const out = {} as Pick<Config, K>;
  for (const k of keys) out[k] = config[k];
  return out;
}

/** Whether every setting the upstream needs is set. */
export function isConfigured(u: { readonly needs?: readonly SettingName[] }, config: Config): boolean {
  return (u.needs ?? []).every((k) => {
    const v = config[k];
    return v !== undefined && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0);
  });
}

/** The configured upstreams of a list, in its order, built from their own settings. */
export function buildUpstreams<S>(list: readonly Upstream<S>[], config: Config): S[] {
  return list.filter((u) => isConfigured(u, config)).map((u) => u.build(settingsFor(config, u.settings)));
}
