import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSellingEvent } from '../../test/factories/checkout.ts';

/** The venue's coordinates in the event's details: validated ranges, translated errors, stored as written. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('venue coordinates', () => {
  it('refuses coordinates out of range, not numbers or half given, with translated errors; keeps good ones', async () => {
    const s = await createSellingEvent(t.app);
    const put = (location: Record<string, unknown>, lang = 'en') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/events/${s.event.id}`,
        headers: { ...s.headers, 'accept-language': lang },
        payload: { location: { venue_name: 'Sala Apolo', ...location } },
      });
    const bad: [Record<string, unknown>, Record<string, string>][] = [
      [
        { latitude: '90.5', longitude: '2.17' },
        { 'location.latitude': 'Enter a latitude in decimal degrees between -90 and 90, e.g. 41.3744.' },
      ],
      [
        { latitude: 41.37, longitude: -180.01 },
        { 'location.longitude': 'Enter a longitude in decimal degrees between -180 and 180, e.g. 2.1700.' },
      ],
      [
        { latitude: '41,3744', longitude: 'dos' },
        {
          'location.latitude': 'Enter a latitude in decimal degrees between -90 and 90, e.g. 41.3744.',
          'location.longitude': 'Enter a longitude in decimal degrees between -180 and 180, e.g. 2.1700.',
        },
      ],
      [{ latitude: '41.3744' }, { 'location.longitude': 'Enter both latitude and longitude, or neither.' }],
    ];
    for (const [location, fields] of bad) {
      const res = await put(location);
      expect(res.statusCode, JSON.stringify(location)).toBe(422);
      expect(res.json().error.fields).toEqual(fields);
    }
    const ca = await put({ latitude: '91', longitude: '2' }, 'ca');
    expect(ca.json().error.fields['location.latitude']).toMatch(/^Indica una latitud/);
    const unchanged = await t.app.inject({ url: `/api/events/${s.event.id}`, headers: s.headers });
    expect(unchanged.json().data.location.latitude).toBeUndefined();

    const good = await put({ latitude: ' 41.3744 ', longitude: -3.7038 });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.location).toMatchObject({ latitude: '41.3744', longitude: '-3.7038' });
    const publicPage = await t.app.inject({ url: `/api/public/events/${s.event.id}` });
    expect(publicPage.json().data.location).toMatchObject({ latitude: '41.3744', longitude: '-3.7038' });
  });
});
