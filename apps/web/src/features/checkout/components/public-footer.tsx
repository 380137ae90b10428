import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Locale } from '@taquilla/shared';
import { localeOptions } from '../../../lib/locale.ts';
import classes from './public.module.css';

/**
 * A light footer for buyer pages: language choice without pulling in the back office's switch. The page
 * says how to switch (the checkout reloads its catalogs, the event page its own); pages rendered on the
 * server only (ticket, print) pass nothing and get links (`?lang=`) that work without JavaScript. It links
 * the privacy notice: the event's when the page knows its event.
 */
export function PublicFooter({
  onLocale,
  eventId,
}: {
  onLocale?: (locale: Locale) => void;
  eventId?: string;
}) {
  const { i18n } = useLingui();
  const langs = localeOptions();
  return (
    <footer className={`${classes.footer} ${classes.noPrint}`}>
      <span>
        <Trans>Entradas con Taquilla</Trans>
        {' · '}
        {/* The event's notice names its organizer; without an event, the installation's. */}
        <a href={eventId ? `/privacy/${eventId}` : '/privacy'} className={classes.footerLink}>
          <Trans>Privacidad</Trans>
        </a>
        {eventId && (
          <>
            {' · '}
            <a
              href={`/find-tickets/${encodeURIComponent(eventId)}`}
              className={classes.footerLink}
              data-testid="find-tickets-link"
            >
              <Trans>¿Has perdido tus entradas?</Trans>
            </a>
          </>
        )}
        {' · '}
        <a href="/accessibility" className={classes.footerLink}>
          <Trans>Accesibilidad</Trans>
        </a>
      </span>
      <span>
        {langs.map((l) =>
          onLocale ? (
            <button
              key={l.value}
              type="button"
              className={classes.langButton}
              aria-pressed={i18n.locale === l.value}
              lang={l.value}
              onClick={() => onLocale(l.value)}
            >
              {l.label}
            </button>
          ) : (
            <a
              key={l.value}
              href={`?lang=${l.value}`}
              className={classes.langButton}
              aria-current={i18n.locale === l.value ? 'true' : undefined}
              lang={l.value}
            >
              {l.label}
            </a>
          ),
        )}
      </span>
    </footer>
  );
}
