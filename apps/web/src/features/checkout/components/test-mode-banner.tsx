import { Trans } from '@lingui/react/macro';
import type { PublicEvent } from '@taquilla/shared';
import { isTestModeOnly } from '@taquilla/shared/test-mode';

export function TestModeBanner({ event }: { event: Pick<PublicEvent, 'settings'> }) {
  return isTestModeOnly(event.settings.payment_providers) ? <TestModeNotice /> : null;
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
