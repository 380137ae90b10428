import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { createOrder, errorCode, type OrderLineInput, usePublicEvent, validatePromoCode } from '../api.ts';
import { EventCover, EventFacts } from '../components/event-header.tsx';
import { EventUnavailable } from '../components/event-unavailable.tsx';
import { PromoCodeField } from '../components/promo-code-field.tsx';
import classes from '../components/public.module.css';
import { PublicFooter } from '../components/public-footer.tsx';
import { TicketSelector } from '../components/ticket-selector.tsx';
import { rememberAffiliate, takeAffiliate } from '../lib/affiliate.ts';

/** /e/:eventId/:eventSlug and /event/:eventId/:eventSlug — the page buyers land on. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const promoParam = search.get('promo_code')?.trim() || null;
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const event = usePublicEvent(eventId, promoParam);
  const promoCheck = useQuery({
    queryKey: ['public-promo', eventId, promoParam],
    queryFn: () => validatePromoCode(eventId, promoParam ?? ''),
    enabled: Boolean(promoParam),
  });
  const [submitting, setSubmitting] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);

  const aff = search.get('aff');
  useEffect(() => {
    if (aff) rememberAffiliate(eventId, aff);
  }, [aff, eventId]);

  const data = event.data;
  useEffect(() => {
    if (data) document.title = data.settings.seo_title || data.name;
  }, [data]);

  if (event.isPending) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (event.isError) {
    return (
      <Center mih="60vh" p="md">
        <Alert color="red" title={t`No se ha podido cargar la página`} maw={480}>
          {errorMessage(event.error)}
        </Alert>
      </Center>
    );
  }
  if (!data) return <EventUnavailable />;

  const promoInvalid =
    Boolean(promoParam) && (promoCheck.data === false || (!promoCheck.isPending && !data.promo_code));
  const applied = promoParam && !promoInvalid && data.promo_code ? data.promo_code.code : null;
  const colors = data.settings.colors ?? {};
  const style = {
    ...(colors.background ? { '--event-bg': colors.background } : {}),
    ...(colors.text ? { '--event-text': colors.text } : {}),
  } as CSSProperties;

  const setPromo = (code: string | null) => {
    const next = new URLSearchParams(search);
    if (code) next.set('promo_code', code);
    else next.delete('promo_code');
    setSearch(next, { replace: true });
  };

  const reserve = async (lines: OrderLineInput[]) => {
    setSubmitting(true);
    setOrderError(null);
    const affiliate = takeAffiliate(eventId);
    try {
      const order = await createOrder(eventId, {
        tickets: lines,
        ...(applied ? { promo_code: applied } : {}),
        ...(affiliate ? { affiliate_code: affiliate } : {}),
      });
      queryClient.setQueryData(['public-order', eventId, order.short_id], order);
      navigate(`/checkout/${eventId}/${order.short_id}/details`);
    } catch (err) {
      setOrderError(errorMessage(err));
      if (errorCode(err) === 'SOLD_OUT' || errorCode(err) === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: ['public-event', eventId] });
      }
      setSubmitting(false);
    }
  };

  return (
    <div className={classes.page} style={style}>
      {data.cover && (
        <div className={classes.coverWrap}>
          <EventCover event={data} />
        </div>
      )}
      <main className={classes.grid}>
        <div className={classes.facts}>
          <EventFacts event={data} />
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
        <aside className={classes.aside} aria-label={t`Entradas`}>
          <Stack gap="sm">
            <Title order={2} size="h3">
              <Trans>Entradas</Trans>
            </Title>
            <PromoCodeField
              applied={applied}
              invalid={promoInvalid}
              checking={Boolean(promoParam) && (promoCheck.isFetching || event.isFetching)}
              onApply={(code) => setPromo(code)}
              onRemove={() => setPromo(null)}
            />
            {orderError && (
              <Alert color="red" role="alert" withCloseButton onClose={() => setOrderError(null)}>
                {orderError}
              </Alert>
            )}
            <TicketSelector
              event={data}
              submitting={submitting}
              accent={colors.primary}
              onSubmit={(lines) => void reserve(lines)}
            />
          </Stack>
        </aside>
      </main>
      <PublicFooter />
    </div>
  );
}
