import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Locale, PublicEvent } from '@taquilla/shared';
import { readableColor } from '@taquilla/shared/contrast';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { EventDatesPicker } from '../components/event-dates-picker.tsx';
import { EventCover, EventFacts } from '../components/event-header.tsx';
import { EventUnavailable } from '../components/event-unavailable.tsx';
import { OrderInProgress } from '../components/order-in-progress.tsx';
import { PromoCodeField } from '../components/promo-code-field.tsx';
import classes from '../components/public.module.css';
import { PublicFooter } from '../components/public-footer.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { TicketSelector } from '../components/ticket-selector.tsx';
import { rememberAffiliate, takeAffiliate } from '../lib/affiliate.ts';
import { eventColorStyle } from '../lib/event-colors.ts';
import { dateHref, datesOf, datesTotal, type EventDateOption, hasDates } from '../lib/event-dates.ts';
import { rememberOrder, useOrderInProgress } from '../lib/order-in-progress.ts';
import { createOrder, errorCode, fetchPublicEvent, type OrderLineInput } from '../lib/public-event-api.ts';
import type { PageLocation } from '../public-event/page-location.ts';

/**
 * The event as the page shows it, and which of its dates that is (null: the event itself): the server's
 * copy first (`undefined` only when the page was not server-rendered and must fetch it), replaced when a
 * promo code or the date changes or the stock moved.
 */
function useEventData(eventId: string, initial: PublicEvent | null | undefined, initialDate: string | null) {
  const [state, setState] = useState({ data: initial, date: initialDate });
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const load = useCallback(
    async (promoCode: string | null, date: string | null = null) => {
      const call = ++latest.current;
      setLoading(true);
      try {
        const next = await fetchPublicEvent(eventId, promoCode, date);
        if (call === latest.current) setState({ data: next, date });
      } finally {
        if (call === latest.current) setLoading(false);
      }
    },
    [eventId],
  );
  return { data: state.data, date: state.date, loading, load };
}

/** /e/:eventId/:eventSlug and /event/:eventId/:eventSlug — the page buyers land on. */
export function EventPage({
  location,
  initialEvent,
  dateRefused = false,
  onLocale,
}: {
  location: PageLocation;
  initialEvent: PublicEvent | null | undefined;
  /** The address's `?date=` is not an upcoming date of the event: the page says so above the dates. */
  dateRefused?: boolean;
  onLocale: (locale: Locale) => void;
}) {
  const { eventId } = location;
  const { t } = useLingui();
  const [search, setSearch] = useState(() => new URLSearchParams(location.search));
  const promoParam = search.get('promo_code')?.trim() || null;
  const [dateNotice, setDateNotice] = useState(dateRefused);
  const askedDate = dateNotice ? null : search.get('date');
  // The server's copy is for the date asked for when it says so (`date_id`); else the page asks itself.
  const servedDate = askedDate && initialEvent?.date_id === askedDate ? askedDate : null;
  const event = useEventData(eventId, initialEvent, servedDate);
  const [chosen, setChosen] = useState<EventDateOption | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);
  const inProgress = useOrderInProgress(eventId);

  useEffect(() => {
    // Back from checkout, the browser may restore this page as it was left: «Continuar» still spinning.
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const { load } = event;
  const needsFetch = initialEvent === undefined;
  useEffect(() => {
    // Not server-rendered (the dev server), or not for the date asked for: the page asks the API, once.
    if (needsFetch && !askedDate) load(promoParam).catch(setLoadError);
    else if (askedDate && !servedDate) {
      load(promoParam, askedDate).catch(() => {
        setDateNotice(true);
        load(promoParam).catch(setLoadError);
      });
    }
  }, [needsFetch, load]);

  const aff = search.get('aff');
  useEffect(() => {
    if (aff) rememberAffiliate(eventId, aff);
  }, [aff, eventId]);

  const data = event.data;
  useEffect(() => {
    if (data) document.title = data.settings.seo_title || data.name;
  }, [data]);

  if (data === undefined) {
    return loadError ? (
      <Center mih="60vh" p="md">
        <Alert color="red" title={t`No se ha podido cargar la página`} maw={480}>
          {errorMessage(loadError)}
        </Alert>
      </Center>
    ) : (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (!data) return <EventUnavailable />;

  // The server applies a promo code only when it is valid: a code in the address without one is wrong.
  const promoInvalid = Boolean(promoParam) && !event.loading && !data.promo_code;
  const applied = promoParam && !promoInvalid && data.promo_code ? data.promo_code.code : null;
  const colors = data.settings.colors ?? {};
  const style = eventColorStyle(colors) as CSSProperties;
  const multi = hasDates(data);
  // One date on sale needs no choosing: the event came with its tickets.
  const dateId = multi ? (event.date ?? (datesTotal(data) === 1 ? data.date_id : null)) : null;
  const date = dateId
    ? (datesOf(data).find((d) => d.id === dateId) ??
      (data.date?.id === dateId ? data.date : null) ??
      (chosen?.id === dateId ? chosen : null))
    : null;

  const setPromo = (code: string | null) => {
    const next = new URLSearchParams(search);
    if (code) next.set('promo_code', code);
    else next.delete('promo_code');
    location.replaceSearch(next);
    setSearch(next);
    load(code, dateId).catch((err) => setOrderError(errorMessage(err)));
  };

  const chooseDate = (option: EventDateOption) => {
    const next = new URLSearchParams(search);
    next.set('date', option.id);
    location.replaceSearch(next);
    setSearch(next);
    setChosen(option);
    setDateNotice(false);
    setOrderError(null);
    load(promoParam, option.id).catch(() => {
      // The date went off sale since the list was shown: say so, and show the list again.
      setDateNotice(true);
      load(promoParam).catch((err) => setOrderError(errorMessage(err)));
    });
  };

  const reserve = async (lines: OrderLineInput[]) => {
    setSubmitting(true);
    setOrderError(null);
    const affiliate = takeAffiliate(eventId);
    try {
      // A new choice replaces the order left unfinished: its units must not stand in this one's way.
      await inProgress.release().catch(() => undefined);
      const order = await createOrder(eventId, {
        tickets: lines,
        ...(dateId ? { event_date_id: dateId } : {}),
        ...(applied ? { promo_code: applied } : {}),
        ...(affiliate ? { affiliate_code: affiliate } : {}),
      });
      rememberOrder(eventId, order.short_id);
      location.navigate(`/checkout/${encodeURIComponent(eventId)}/${order.short_id}/details`);
    } catch (err) {
      setOrderError(errorMessage(err));
      if (errorCode(err) === 'SOLD_OUT' || errorCode(err) === 'CONFLICT') {
        load(promoParam, dateId).catch(() => undefined);
      }
      setSubmitting(false);
    }
  };

  return (
    <div className={classes.page} style={style}>
      <TestModeBanner event={data} />
      {data.cover && (
        <div className={classes.coverWrap}>
          <EventCover event={data} />
        </div>
      )}
      <main className={classes.grid}>
        <div className={classes.facts}>
          <EventFacts event={data} date={date} />
        </div>
        <Stack gap="lg" className={classes.body}>
          {data.description && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                <Trans>Acerca del evento</Trans>
              </Title>
              <div
                className={classes.description}
                // Sanitized on the server (lib/html.ts) before it reaches the public API.
                dangerouslySetInnerHTML={{ __html: data.description }}
              />
            </Stack>
          )}
          <Paper withBorder p="md" radius="md">
            <Text fw={600} size="sm">
              <Trans>Organizador</Trans>
            </Text>
            <Text>{data.organizer.name}</Text>
            {data.organizer.website && (
              <Anchor href={data.organizer.website} target="_blank" rel="noopener noreferrer" size="sm">
                {data.organizer.website.replace(/^https?:\/\//, '')}
              </Anchor>
            )}
            {(data.settings.support_email || data.organizer.email) && (
              <Text size="sm">
                <Trans>Contacto:</Trans>{' '}
                <Anchor href={`mailto:${data.settings.support_email || data.organizer.email}`} size="sm">
                  {data.settings.support_email || data.organizer.email}
                </Anchor>
              </Text>
            )}
          </Paper>
        </Stack>
        <aside className={multi ? classes.asideFlow : classes.aside} aria-label={t`Entradas`}>
          <Stack gap="sm">
            <Title order={2} size="h3">
              <Trans>Entradas</Trans>
            </Title>
            {dateNotice && multi && (
              <Alert color="orange" role="status" data-testid="date-notice">
                <Trans>Esa fecha ya no está a la venta o no existe. Elige otra de la lista.</Trans>
              </Alert>
            )}
            {multi && (
              <EventDatesPicker
                eventId={eventId}
                timezone={data.timezone}
                dates={datesOf(data)}
                total={datesTotal(data)}
                selectedId={askedDate ?? dateId}
                hrefOf={(id) => dateHref(search.toString(), id)}
                onSelect={chooseDate}
              />
            )}
            <noscript>
              <Alert color="orange" data-testid="noscript-notice">
                <Trans>
                  Para elegir y comprar entradas, activa JavaScript en tu navegador y vuelve a cargar esta
                  página. Si no puedes, escribe al organizador (contacto en esta página).
                </Trans>
              </Alert>
            </noscript>
            <PromoCodeField
              applied={applied}
              invalid={promoInvalid}
              otherDates={data.promo_code_other_dates}
              checking={Boolean(promoParam) && event.loading}
              onApply={(code) => setPromo(code)}
              onRemove={() => setPromo(null)}
            />
            {inProgress.order && (
              <OrderInProgress
                order={inProgress.order}
                checkoutUrl={`/checkout/${encodeURIComponent(eventId)}/${inProgress.order.short_id}/details`}
                onRelease={() => inProgress.release().then(() => load(promoParam, dateId))}
              />
            )}
            {orderError && (
              <Alert
                color="red"
                role="alert"
                withCloseButton
                closeButtonLabel={t`Cerrar`}
                onClose={() => setOrderError(null)}
              >
                {orderError}
              </Alert>
            )}
            {multi && event.loading ? (
              <Center py="md">
                <Loader size="sm" aria-label={t`Cargando entradas`} />
              </Center>
            ) : multi && !dateId ? (
              <Text c="dimmed" data-testid="choose-date">
                <Trans>Elige una fecha para ver sus entradas.</Trans>
              </Text>
            ) : (
              <TicketSelector
                key={dateId ?? ''}
                event={data}
                submitting={submitting}
                accent={colors.primary ? readableColor(colors.primary, '#ffffff') : undefined}
                onSubmit={(lines) => void reserve(lines)}
              />
            )}
          </Stack>
        </aside>
      </main>
      <PublicFooter onLocale={onLocale} eventId={eventId} />
    </div>
  );
}
