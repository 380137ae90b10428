import { Trans } from '@lingui/react/macro';
import type { PublicEvent } from '@taquilla/shared';

/** Only simulated payments: nobody pays real money, and every public page of the event says so. */
export function isTestModeOnly(event: Pick<PublicEvent, 'settings'>): boolean {
  const providers = event.settings.payment_providers;
  return providers.length > 0 && providers.every((p) => p === 'test');
}

export function TestModeBanner({ event }: { event: Pick<PublicEvent, 'settings'> }) {
  return isTestModeOnly(event) ? <TestModeNotice /> : null;
}

/** The banner itself, for pages that already know the event only takes simulated payments. */
export function TestModeNotice() {
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      style={{
        background: '#fff3bf',
        color: '#5c3c00',
        borderBottom: '1px solid #f59f00',
        padding: '6px 12px',
        textAlign: 'center',
        fontSize: 14,
        fontWeight: 600,
      }}
    >
      <Trans>Modo de prueba: no se cobra dinero real</Trans>
    </div>
  );
}
