import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconHourglass, IconSearch, IconSend, IconTrash } from '@tabler/icons-react';
import {
  WAITLIST_OFFER_MINUTES_MAX,
  WAITLIST_OFFER_MINUTES_MIN,
  type WaitlistEntry,
  type WaitlistState,
} from '@taquilla/shared/schemas/waitlist';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateRange, formatDateTime } from '../../../lib/format.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import {
  listPath,
  useOfferEntry,
  useRemoveEntry,
  useSaveSettings,
  useWaitlist,
  useWaitlistSettings,
} from '../api.ts';
import { type SettingsValues, toSettings, validateSettings } from '../lib/settings-values.ts';

const STATE_COLOR: Record<WaitlistState, string> = {
  WAITING: 'blue',
  OFFERED: 'orange',
  PURCHASED: 'teal',
  EXPIRED: 'gray',
  LEFT: 'gray',
};

/** /manage/event/:eventId/waitlist — who waits for sold-out tickets, their offers, and the list's settings. */
export function WaitlistPage() {
  const canManage = useCan('orders:manage');
  const canEditSettings = useCan('events:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [dateId, setDateId] = useState('');
  const event = useManageEvent(eventId);
  const list = useWaitlist(eventId, query, dateId);
  const settings = useWaitlistSettings(eventId);
  const offer = useOfferEntry(eventId);
  const remove = useRemoveEntry(eventId);

  // A list that failed keeps the page around it (header, search) and offers «Reintentar» in place.
  const error = event.error ?? settings.error;
  if (error) return <PageError error={error} />;
  if (!event.data || !settings.data) return <PageLoader />;
  const tz = event.data.timezone;
  const entries = list.data?.data ?? [];
  const stateLabel: Record<WaitlistState, string> = {
    WAITING: t`Esperando`,
    OFFERED: t`Oferta enviada`,
    PURCHASED: t`Compradas`,
    EXPIRED: t`Oferta caducada`,
    LEFT: t`Se ha salido`,
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifications.show({ color: 'teal', message: done });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  const actions = (e: WaitlistEntry) =>
    canManage && (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {e.state === 'WAITING' && (
          <Tooltip label={t`Ofrecer ahora`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`Ofrecer entradas a ${e.email}`}
              loading={offer.isPending && offer.variables === e.id}
              onClick={() => void run(() => offer.mutateAsync(e.id), t`Oferta enviada a ${e.email}`)}
            >
              <IconSend size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t`Quitar de la lista`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`Quitar a ${e.email} de la lista`}
            onClick={() => {
              if (!window.confirm(t`¿Quitar a ${e.email} de la lista de espera?`)) return;
              void run(() => remove.mutateAsync(e.id), t`Quitado de la lista`);
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  const state = (e: WaitlistEntry) => (
    <Badge color={STATE_COLOR[e.state]} variant="light" size="sm" data-testid="waitlist-state">
      {stateLabel[e.state]}
    </Badge>
  );
  const offerText = (e: WaitlistEntry) =>
    e.offer_expires_at && e.state === 'OFFERED' ? t`Caduca ${formatDateTime(e.offer_expires_at, tz)}` : null;
  const ticket = (e: WaitlistEntry) => {
    const name = e.price_label ? `${e.ticket_name} – ${e.price_label}` : e.ticket_name;
    // On an event with dates, each entry waits for one date (#27).
    return e.event_date
      ? `${name} · ${formatDateRange(e.event_date.starts_at, e.event_date.ends_at, tz)}`
      : name;
  };

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Lista de espera</Trans>}
        description={
          <Trans>
            Cuando una entrada con lista de espera se agota, los compradores pueden apuntarse. Las entradas
            que quedan libres se ofrecen por orden de inscripción y se guardan para cada persona durante el
            tiempo de la oferta.
          </Trans>
        }
        action={
          entries.length > 0 ? (
            <ExportButton
              path={`${listPath(eventId)}/export`}
              query={{}}
              filename={`lista-de-espera-${eventId}.csv`}
            />
          ) : undefined
        }
      />
      {canEditSettings && (
        <SettingsCard
          key={`${settings.data.offer_minutes}-${settings.data.auto_offer}`}
          eventId={eventId}
          offerMinutes={settings.data.offer_minutes}
          autoOffer={settings.data.auto_offer}
        />
      )}
      {(entries.length > 0 || query || dateId || list.isError) && (
        <Group gap="xs" wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t`Buscar por nombre o correo`}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={320}
            maw="100%"
          />
          <DateFilter eventId={eventId} value={dateId} onChange={(v) => setDateId(v ?? '')} />
        </Group>
      )}
      {list.isError ? (
        <PageError error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconHourglass size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={query || dateId ? <Trans>Nadie coincide</Trans> : <Trans>Nadie espera todavía</Trans>}
          text={
            <Trans>
              Activa la lista de espera en una entrada (Entradas → editar): cuando se agote, la página del
              evento ofrecerá apuntarse.
            </Trans>
          }
        />
      ) : (
        <>
          <ListTable
            columns={[
              { label: <Trans>Posición</Trans>, align: 'right' },
              { label: <Trans>Persona</Trans> },
              { label: <Trans>Entrada</Trans> },
              { label: <Trans>Cantidad</Trans>, align: 'right' },
              { label: <Trans>Estado</Trans> },
              { label: <Trans>Inscripción</Trans> },
              {},
            ]}
          >
            {entries.map((e) => (
              <Table.Tr key={e.id} data-testid="waitlist-row">
                <Table.Td ta="right">{e.position ?? '–'}</Table.Td>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {e.first_name} {e.last_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {e.email}
                  </Text>
                </Table.Td>
                <Table.Td>{ticket(e)}</Table.Td>
                <Table.Td ta="right">{e.quantity}</Table.Td>
                <Table.Td>
                  {state(e)}
                  {offerText(e) && (
                    <Text size="xs" c="dimmed">
                      {offerText(e)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(e.created_at, tz)}</Table.Td>
                <Table.Td>{actions(e)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Stack gap="sm" hiddenFrom="sm">
            {entries.map((e) => (
              <Card key={e.id} withBorder radius="md" padding="sm" data-testid="waitlist-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      {e.position && <Text fw={700}>#{e.position}</Text>}
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {e.first_name} {e.last_name}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {e.email}
                    </Text>
                    <Text size="sm">
                      {ticket(e)} × {e.quantity}
                    </Text>
                    <Group gap="xs">
                      {state(e)}
                      <Text size="xs" c="dimmed">
                        {offerText(e) ?? formatDateTime(e.created_at, tz)}
                      </Text>
                    </Group>
                  </Stack>
                  {actions(e)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

export function SettingsCard(props: { eventId: string; offerMinutes: number; autoOffer: boolean }) {
  const { t } = useLingui();
  const save = useSaveSettings(props.eventId);
  const form = useForm<SettingsValues>({
    initialValues: { hours: props.offerMinutes / 60, auto_offer: props.autoOffer },
    validate: validateSettings,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toSettings(values));
      notifications.show({ color: 'teal', message: t`Ajustes de la lista de espera guardados` });
    } catch (error) {
      showSubmitError(error, {
        setErrors: ({ offer_minutes, ...rest }) => form.setErrors({ ...rest, hours: offer_minutes }),
      });
    }
  });
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} noValidate>
      <Group align="flex-start" gap="md">
        <NumberInput
          label={t`Duración de cada oferta (horas)`}
          min={WAITLIST_OFFER_MINUTES_MIN / 60}
          max={WAITLIST_OFFER_MINUTES_MAX / 60}
          clampBehavior="none"
          step={1}
          decimalScale={2}
          w={220}
          {...form.getInputProps('hours')}
        />
        <Switch
          label={t`Ofrecer automáticamente las entradas que queden libres`}
          description={t`Si lo desactivas, envías tú las ofertas desde la lista.`}
          maw={360}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('auto_offer', { type: 'checkbox' })}
        />
        <Button type="submit" loading={save.isPending} mt={{ sm: 'xl' }}>
          <Trans>Guardar</Trans>
        </Button>
      </Group>
    </Card>
  );
}
