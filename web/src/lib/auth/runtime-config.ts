import { ANALYTICS_ID_PATTERN } from '@core/analytics';

/**
 * The SPA's runtime configuration: GET /config.json, written next to index.html by the deploy (AWS)
 * or served by the local server, so one build runs against any user pool.
 */
export interface RuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Local only: the identity service's endpoint (in AWS the SDK derives it from the region). */
  readonly identityEndpoint?: string;
  readonly graphqlUrl?: string;
  readonly graphqlApiKey?: string;
  /** §7: the GA4 measurement id, where the deploy configures one (never locally by default). */
  readonly analyticsId?: string;
  /**
   * The site shows generated demo data (the local stack): known at boot, so the demo banner
   * paints with the page instead of after the first API answer. AWS leaves it out.
   */
  readonly demoData?: boolean;
}

const RUNTIME_CONFIG_PATH = '/config.json';

const REQUIRED = ['region', 'userPoolId', 'userPoolClientId'] as const;
const OPTIONAL = ['identityEndpoint', 'graphqlUrl', 'graphqlApiKey'] as const;

/** Checks the file's shape by hand: zod stays out of the first bundle. */
export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  if (typeof data !== 'object' || data === null) {
    throw new Error('config.json is not a JSON object');
  }
  const record = data as Record<string, unknown>;
  const config: Record<string, string | boolean> = {};
  for (const key of REQUIRED) {
    const value = record[key];
    if (typeof value !== 'string' || value === '') {
      throw new Error(`config.json lacks "${key}"`);
    }
    config[key] = value;
  }
  for (const key of OPTIONAL) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') config[key] = value;
  }
  // A malformed id is left out (the page then measures to the console) rather than failing the load.
  const analyticsId = record.analyticsId;
  if (typeof analyticsId === 'string' && ANALYTICS_ID_PATTERN.test(analyticsId)) {
    config.analyticsId = analyticsId;
  }
  if (record.demoData === true) config.demoData = true;
  return config as unknown as RuntimeConfig;
}

export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  // No 'no-store': the server answers it with no-cache (revalidated on every load) and index.html
  // preloads it, a preload that a no-store request would not reuse.
  const response = await fetch(RUNTIME_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json could not be loaded (${response.status})`);
  return parseRuntimeConfig(await response.json());
}

let loaded: Promise<RuntimeConfig> | undefined;

/** /config.json, read once per page (a failed read is retried on the next call). */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const loading = (loaded ??= fetchRuntimeConfig());
  loading.catch(() => {
    if (loaded === loading) loaded = undefined;
  });
  return loading;
}

/** Tests only: forget the configuration. */
export function resetRuntimeConfigForTests(): void {
  loaded = undefined;
}

/** The identity service's API: the local endpoint when given, else the region's user-pool API. */
export const identityServiceUrl = (config: RuntimeConfig): string =>
  config.identityEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
