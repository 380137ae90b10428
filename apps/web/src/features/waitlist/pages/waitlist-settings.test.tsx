// fetch is the web's outside boundary here: it answers as the server does (the 422 body of
// apps/server/src/lib/error-handler.ts). The real server behind the same form: e2e and the server tests.
import { i18n } from '@lingui/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as shell } from '../../../locales/es.po';
import { click, fieldError, render, type } from '../../../test/render.tsx';
import { messages as waitlist } from '../locales/es.po';
import { SettingsCard } from './waitlist-page.tsx';

const fetchMock = vi.fn();
beforeAll(() => {
  i18n.loadAndActivate({ locale: 'es', messages: { ...shell, ...waitlist } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  document.body.innerHTML = '';
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function card() {
  const root = await render(<SettingsCard eventId="ev_1" offerMinutes={1440} autoOffer />);
  const hours = root.querySelector('input') as HTMLInputElement;
  const save = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Guardar') as HTMLElement;
  return { hours, save };
}

describe('waiting-list settings form (issue #24)', () => {
  it('refuses 99999 hours under the field, in the words of the key map, and sends nothing', async () => {
    const { hours, save } = await card();
    await type(hours, '99999');
    await click(save);
    expect(fieldError(hours)).toBe('Una oferta dura entre 15 minutos y 14 días (336 horas).');
    expect(hours.value).toBe('99999');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s 422 field error under the field that caused it', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Revisa los campos marcados.',
          fields: { offer_minutes: 'La oferta no puede durar tanto para este evento.' },
        },
      }),
    );
    const { hours, save } = await card();
    await type(hours, '48');
    await click(save);
    await vi.waitFor(() =>
      expect(fieldError(hours)).toBe('La oferta no puede durar tanto para este evento.'),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('/api/events/ev_1/waitlist/settings');
    expect(JSON.parse(String(init.body))).toEqual({ offer_minutes: 2880, auto_offer: true });
  });
});
