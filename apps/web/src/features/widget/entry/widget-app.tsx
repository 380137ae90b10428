import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Center, Group, Loader, MantineProvider, Stack, Text } from '@mantine/core';
import type { PublicEvent } from '@taquilla/shared';
import { readableColor } from '@taquilla/shared/contrast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { EventDatesPicker } from '../../checkout/components/event-dates-picker.tsx';
import { PromoCodeField } from '../../checkout/components/promo-code-field.tsx';
import { TestModeBanner } from '../../checkout/components/test-mode-banner.tsx';
import { TicketSelector } from '../../checkout/components/ticket-selector.tsx';
import { dateHref, datesOf, datesTotal, hasDates } from '../../checkout/lib/event-dates.ts';
import { PageFormat, PageFormatContext, usePageFormat } from '../../checkout/lib/page-format.ts';
import {
  createOrder,
  errorCode,
  fetchPublicEvent,
  type OrderLineInput,
} from '../../checkout/lib/public-event-api.ts';
import { publicEventUrl } from '../../checkout/lib/public-event-url.ts';
import { reportFrameHeight } from '../lib/frame-height.ts';
import { rememberWidgetOptions, type WidgetOptions, widgetStyle } from '../lib/options.ts';

/**
 * /widget/{eventId}: the ticket selector, promo code and total of the public event page in a compact
 * frame (no router, no query cache, no back-office code). Reserving continues to the checkout steps in
 * the same frame (`/widget/{eventId}/checkout/...`).
 */
export function WidgetApp(props: {
  i18n: I18n;
  eventId: string;
  event: PublicEvent | null | undefined;
  options: WidgetOptions;
  search: string;
}) {
  return (
    <I18nProvider i18n={props.i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <PageFormatContext value={new PageFormat(props.i18n.locale)}>
          <Widget {...props} />
        </PageFormatContext>
      </MantineProvider>
    </I18nProvider>
  );
}

function Widget({ eventId, event: initial, options, search }: Omit<Parameters<typeof WidgetApp>[0], 'i18n'>) {
  const { t } = useLingui();
  const format = usePageFormat();
  const root = useRef<HTMLDivElement>(null);
  const [event, setEvent] = useState(initial);
  const [promo, setPromo] = useState<string | null>(null);
  // The date whose tickets show (the snippet's data-date, or the one chosen in the list).
  const [dateId, setDateId] = useState<string | null>(options.date ?? null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback(
    async (code: string | null, date: string | null) => {
      setChecking(true);
      try {
        setEvent(await fetchPublicEvent(eventId, code, date));
      } catch (err) {
        if (!date) return setError(errorMessage(err));
        // A date no longer on sale: the list of the others instead.
        setDateId(null);
        setError(t`Esa fecha ya no está a la venta o no existe. Elige otra de la lista.`);
        setEvent(await fetchPublicEvent(eventId, code).catch(() => null));
      } finally {
        setChecking(false);
      }
    },
    [eventId, t],
  );
  const firstDate = useRef(options.date ?? null);
  useEffect(() => {
    // The server inlines the event itself: a date asked for by the snippet is loaded here.
    if (initial === undefined || (firstDate.current && initial?.date_id !== firstDate.current)) {
      void load(null, firstDate.current);
    }
  }, [initial, load]);
  useEffect(() => (root.current ? reportFrameHeight(root.current) : undefined), []);
  useEffect(() => {
    // From here on taps are handled: browser tests wait for it.
    document.documentElement.dataset.pageReady = 'true';
  }, []);

  const applyPromo = (code: string | null) => {
    setPromo(code);
    void load(code, dateId);
  };
  const chooseDate = (id: string | null) => {
    setDateId(id);
    setError(null);
    if (id) void load(promo, id);
  };

  const reserve = async (lines: OrderLineInput[]) => {
    if (!event) return;
    setSubmitting(true);
    setError(null);
    try {
      const order = await createOrder(eventId, {
        tickets: lines,
        ...(dateId ? { event_date_id: dateId } : {}),
        ...(event.promo_code ? { promo_code: event.promo_code.code } : {}),
      });
      rememberWidgetOptions(eventId, search);
      window.location.assign(
        `/widget/${encodeURIComponent(eventId)}/checkout/${order.short_id}/details${search}`,
      );
    } catch (err) {
      setError(errorMessage(err));
      if (errorCode(err) === 'SOLD_OUT' || errorCode(err) === 'CONFLICT') void load(promo, dateId);
      setSubmitting(false);
    }
  };

  const body = () => {
    if (event === undefined) {
      return (
        <Center py="xl">
          <Loader />
        </Center>
      );
    }
    if (event === null) {
      return (
        <Stack gap={4} py="md" ta="center">
          <Text fw={700}>
            <Trans>Evento no disponible</Trans>
          </Text>
          <Text c="dimmed" size="sm">
            <Trans>Este evento no existe o ya no está a la venta.</Trans>
          </Text>
        </Stack>
      );
    }
    const promoInvalid = Boolean(promo) && !checking && !event.promo_code;
    const accent = options.primary ?? event.settings.colors?.primary;
    const multi = hasDates(event);
    const shownDate = multi && dateId && event.date_id === dateId ? dateId : null;
    const date = datesOf(event).find((d) => d.id === shownDate);
    return (
      <Stack gap="sm">
        <div>
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {event.name}
          </Text>
          {(!multi || date) && (
            <Text size="sm" c="dimmed" data-testid="widget-date">
              {date
                ? format.eventDates(date.starts_at, date.ends_at, event.timezone)
                : format.eventDates(event.start_date, event.end_date, event.timezone)}
            </Text>
          )}
          {multi && shownDate && (
            <Button variant="subtle" size="compact-sm" px={0} onClick={() => chooseDate(null)}>
              <Trans>Cambiar de fecha</Trans>
            </Button>
          )}
        </div>
        {multi && !shownDate && !checking && (
          <EventDatesPicker
            eventId={eventId}
            timezone={event.timezone}
            dates={datesOf(event)}
            total={datesTotal(event)}
            selectedId={null}
            hrefOf={(id) => dateHref(search, id)}
            onSelect={(d) => chooseDate(d.id)}
          />
        )}
        <PromoCodeField
          applied={event.promo_code?.code ?? null}
          invalid={promoInvalid}
          otherDates={event.promo_code_other_dates}
          checking={checking}
          onApply={(code) => applyPromo(code)}
          onRemove={() => applyPromo(null)}
        />
        {error && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel={t`Cerrar`}
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        {multi && checking ? (
          <Center py="md">
            <Loader size="sm" aria-label={t`Cargando entradas`} />
          </Center>
        ) : (
          (!multi || shownDate) && (
            <TicketSelector
              key={shownDate ?? ''}
              event={event}
              submitting={submitting}
              accent={accent ? readableColor(accent, '#ffffff') : undefined}
              submitLabel={options.buttonText}
              onSubmit={(lines) => void reserve(lines)}
            />
          )
        )}
        {/* The link beside the text, not inside it: it needs no colour contrast with it. */}
        <Group gap={4} justify="center">
          <Text size="xs" c="dimmed">
            <Trans>Entradas con Taquilla</Trans> ·
          </Text>
          <Anchor href={publicEventUrl(event)} target="_blank" rel="noopener" size="xs">
            {t`Ver la página del evento`}
          </Anchor>
          <Text size="xs" c="dimmed">
            ·
          </Text>
          <Anchor href={`/privacy/${event.id}`} target="_blank" rel="noopener" size="xs">
            {t`Privacidad`}
          </Anchor>
        </Group>
      </Stack>
    );
  };

  return (
    <div ref={root} style={widgetStyle(event?.settings.colors ?? {}, options)}>
      {event && <TestModeBanner event={event} />}
      <main style={{ paddingTop: 8 }}>{body()}</main>
    </div>
  );
}
