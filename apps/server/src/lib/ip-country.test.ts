import { describe, expect, it } from 'vitest';
import { countryOf } from './ip-country.ts';

describe('countryOf', () => {
  it("reads an address's country from the bundled database, IPv4 and IPv6", () => {
    // Telefónica de España and Deutsche Telekom blocks, stable for decades.
    expect(countryOf('80.58.61.250')).toBe('ES');
    expect(countryOf('2003::1')).toBe('DE');
  });

  it('has none for local, private, malformed or missing addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.20', '::1', 'fe80::1', 'no-es-una-ip', '', null]) {
      expect(countryOf(ip), String(ip)).toBeNull();
    }
  });
});
