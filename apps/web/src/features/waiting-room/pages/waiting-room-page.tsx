import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { instantToWallTime, wallTimeToInstant } from '@taquilla/shared/dates';
import {
  PAYMENT_PROVIDER_RATE_PER_SECOND,
  type WaitingRoom,
  type WaitingRoomState,
  waitingRoomSettingsInput,
} from '@taquilla/shared/schemas/waiting-room';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import '../../../lib/dayjs-locales.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { issueMessage } from '../../../lib/schema-form.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { useSaveWaitingRoom, useWaitingRoom } from '../api.ts';

const STATE_COLOR: Record<WaitingRoomState, string> = {
  OFF: 'gray',
  SCHEDULED: 'blue',
  OPEN: 'teal',
  PAUSED: 'orange',
  CLOSED: 'red',
};

/**
 * /manage/event/:eventId/waiting-room — turn the room on, its opening and rate; live figures; pause. On
 * an event with dates, «Fecha» (`?date=`) chooses one date's own room; «Todas las fechas» is the event's.
 */
export function WaitingRoomPage() {
  const eventId = useParams().eventId!;
  const [search, setSearch] = useSearchParams();
  const dateId = search.get('date') ?? '';
  const event = useManageEvent(eventId);
  const room = useWaitingRoom(eventId, dateId);
  const error = room.error ?? event.error;
  if (error) return <PageError error={error} />;
  if (!room.data || !event.data) return <PageLoader />;
  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={<Trans>Sala de espera</Trans>}
        description={
          <Trans>
            Cuando una venta atrae a más gente de la que puede comprar a la vez, la sala de espera la pone en
            cola. Quien llega antes de la apertura entra en una cola previa que se sortea al abrir; quien
            llega después se pone al final, por orden de llegada. Las personas pasan a comprar al ritmo que
            elijas.
          </Trans>
        }
      />
      <DateFilter
        eventId={eventId}
        value={dateId}
        labelled
        onChange={(v) => setSearch(v ? { date: v } : {}, { replace: true })}
      />
      {dateId ? (
        <Text size="sm" c="dimmed">
          <Trans>
            Esta fecha tiene su propia sala: su apertura, su ritmo y sus cifras. Quien compra para otra fecha
            no pasa por ella, y un turno de esta fecha no sirve para comprar otra.
          </Trans>
        </Text>
      ) : null}
      <LiveFigures room={room.data} timeZone={event.data.timezone} />
      <SettingsForm
        key={dateId}
        eventId={eventId}
        dateId={dateId}
        room={room.data}
        timeZone={event.data.timezone}
      />
    </Stack>
  );
}

function Figure(props: { label: React.ReactNode; value: number | string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fz={28} fw={700} data-testid={props.testId}>
        {props.value}
      </Text>
    </Card>
  );
}

function LiveFigures({ room, timeZone }: { room: WaitingRoom; timeZone: string }) {
  const { t } = useLingui();
  const stateLabel: Record<WaitingRoomState, string> = {
    OFF: t`Desactivada`,
    SCHEDULED: t`Programada`,
    OPEN: t`Abierta`,
    PAUSED: t`En pausa`,
    CLOSED: t`Cerrada: agotado`,
  };
  const s = room.stats;
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>Ahora</Trans>
          </Title>
          <Badge color={STATE_COLOR[room.state]} variant="light" size="lg" data-testid="room-state">
            {stateLabel[room.state]}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} aria-live="polite">
          <Figure label={<Trans>En la cola</Trans>} value={s.waiting} testId="stat-waiting" />
          <Figure label={<Trans>Con turno</Trans>} value={s.admitted} testId="stat-admitted" />
          <Figure label={<Trans>Comprando</Trans>} value={s.buying} testId="stat-buying" />
          <Figure label={<Trans>Vendidas</Trans>} value={s.sold} testId="stat-sold" />
          <Figure label={<Trans>Por minuto</Trans>} value={room.rate_per_minute} testId="stat-rate" />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {s.drain_minutes !== null && room.state !== 'PAUSED' ? (
            <Trans>A este ritmo, la última persona de la cola pasará en unos {s.drain_minutes} min.</Trans>
          ) : null}{' '}
          {room.opens_at && room.state === 'SCHEDULED' ? (
            <Trans>Abre el {formatDateTime(room.opens_at, timeZone)}.</Trans>
          ) : null}
        </Text>
        {room.enabled && (
          <Text size="sm">
            <Trans>Enlace de la cola:</Trans>{' '}
            <Anchor href={room.queue_url} target="_blank" style={{ overflowWrap: 'anywhere' }}>
              {room.queue_url}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function SettingsForm({
  eventId,
  dateId,
  room,
  timeZone,
}: {
  eventId: string;
  dateId: string;
  room: WaitingRoom;
  timeZone: string;
}) {
  const { t, i18n } = useLingui();
  const canEdit = useCan('events:manage');
  const save = useSaveWaitingRoom(eventId, dateId);
  const initialOpening = room.opens_at ?? new Date(Date.now() + 3600_000).toISOString();
  const [enabled, setEnabled] = useState(room.enabled);
  const [opensAt, setOpensAt] = useState<string | null>(instantToWallTime(initialOpening, timeZone));
  const [rate, setRate] = useState<number | string>(room.rate_per_minute);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setEnabled(room.enabled);
    setRate(room.rate_per_minute);
    if (room.opens_at) setOpensAt(instantToWallTime(room.opens_at, timeZone));
    // Only when the saved settings change, not on every figure refresh.
  }, [room.enabled, room.rate_per_minute, room.opens_at, timeZone]);

  const submit = async (paused: boolean) => {
    setErrors({});
    // The shared schema refuses what the server would, before anything is sent.
    const parsed = waitingRoomSettingsInput.safeParse({
      enabled,
      opens_at: opensAt ? wallTimeToInstant(opensAt, timeZone) : '',
      rate_per_minute: typeof rate === 'number' ? rate : Number.NaN,
      paused,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), issueMessage(i)])));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: t`Sala de espera guardada` });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };

  const suggested = room.suggested_rate_per_minute;
  const perMinute = PAYMENT_PROVIDER_RATE_PER_SECOND * 60;
  const timeout = room.order_timeout_minutes;
  return (
    <Card withBorder radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(room.paused);
        }}
      >
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              <Trans>Ajustes</Trans>
            </Title>
            <Switch
              label={<Trans>Activar la sala de espera</Trans>}
              checked={enabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
            />
            <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
              <DateTimePicker
                label={<Trans>Apertura de la venta</Trans>}
                description={<Trans>Hora del evento ({timeZone}).</Trans>}
                valueFormat="DD/MM/YYYY HH:mm"
                clearable={false}
                value={opensAt}
                onChange={(v) => setOpensAt(v)}
                error={errors.opens_at}
                maw={320}
              />
            </DatesProvider>
            <NumberInput
              label={<Trans>Personas que pasan a comprar por minuto</Trans>}
              value={rate}
              onChange={setRate}
              min={1}
              clampBehavior="none"
              allowDecimal={false}
              error={errors.rate_per_minute}
              maw={320}
            />
            <Alert color="blue" variant="light" title={<Trans>Ritmo sugerido: {suggested} por minuto</Trans>}>
              <Text size="sm">
                <Trans>
                  Stripe acepta unos {PAYMENT_PROVIDER_RATE_PER_SECOND} pagos por segundo ({perMinute} por
                  minuto). Dejamos la mitad de margen para reintentos y otros eventos, y la repartimos entre
                  los {timeout} minutos que dura una reserva, porque quienes pasan en ese tiempo pueden pagar
                  todos a la vez: {perMinute} ÷ 2 ÷ {timeout} = {suggested} personas por minuto.
                </Trans>
              </Text>
              {rate !== suggested && (
                <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setRate(suggested)}>
                  <Trans>Usar el ritmo sugerido</Trans>
                </Button>
              )}
            </Alert>
            <Group>
              <Button type="submit" loading={save.isPending}>
                <Trans>Guardar</Trans>
              </Button>
              {room.enabled && room.state !== 'CLOSED' && (
                <Button
                  variant="light"
                  color={room.paused ? 'teal' : 'orange'}
                  leftSection={room.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
                  onClick={() => void submit(!room.paused)}
                  loading={save.isPending}
                >
                  {room.paused ? <Trans>Reanudar la entrada</Trans> : <Trans>Pausar la entrada</Trans>}
                </Button>
              )}
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
