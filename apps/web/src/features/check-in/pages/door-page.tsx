import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import type { DoorAttendee } from '@taquilla/shared/schemas/check-in';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useCheckIn, useDoorAttendees, useDoorList, useUndoCheckIn } from '../api.ts';
import { DoorAttendeeCard } from '../components/door-attendee.tsx';
import { QrScanner } from '../components/qr-scanner.tsx';

type Feedback = { ok: boolean; text: string } | null;

/** /check-in/:checkInListShortId — the door staff's phone page: scan or type a code, or search by name. */
export function DoorPage() {
  const { t } = useLingui();
  const shortId = useParams().checkInListShortId!;
  const list = useDoorList(shortId);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const attendees = useDoorAttendees(shortId, query, Boolean(list.data));
  const checkIn = useCheckIn(shortId);
  const undo = useUndoCheckIn(shortId);
  const [code, setCode] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const admit = async (value: string, busyKey = value) => {
    if (!value.trim()) return;
    setBusy(busyKey);
    try {
      const a = await checkIn.mutateAsync(value.trim());
      setFeedback({ ok: true, text: t`Entrada registrada: ${name(a)} · ${a.ticket_name}` });
      setCode('');
      navigator.vibrate?.(80);
    } catch (err) {
      setFeedback({ ok: false, text: errorMessage(err) });
      navigator.vibrate?.([60, 60, 60]);
    } finally {
      setBusy(null);
    }
  };
  const revert = async (a: DoorAttendee) => {
    setBusy(a.short_id);
    try {
      await undo.mutateAsync(a.short_id);
      setFeedback({ ok: true, text: t`Entrada deshecha: ${name(a)}` });
    } catch (err) {
      setFeedback({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    void admit(code);
  };

  if (list.error) {
    return (
      <Container size={480} px="sm" py="xl">
        <Stack align="center" ta="center">
          <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" />
          <Text fw={600} size="lg">
            {errorMessage(list.error)}
          </Text>
          <LanguageSwitch />
        </Stack>
      </Container>
    );
  }
  if (!list.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const l = list.data;
  const tz = l.event.timezone;
  const percent = l.attendees_count ? (l.checked_in_count / l.attendees_count) * 100 : 0;
  const checked = formatNumber(l.checked_in_count);
  const total = formatNumber(l.attendees_count);

  return (
    <Container size={560} px="sm" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {l.event.name}
            </Title>
            <Text size="sm" c="dimmed">
              {l.name} · {formatDateTime(l.event.start_date, tz)}
            </Text>
          </Stack>
          <LanguageSwitch />
        </Group>

        <Card withBorder radius="md" padding="sm">
          <Group justify="space-between" mb={6}>
            <Text fw={600}>
              <Trans>Dentro</Trans>
            </Text>
            <Text fw={800} size="xl" data-testid="door-count">
              {checked} / {total}
            </Text>
          </Group>
          <Progress value={percent} color="teal" size="lg" radius="xl" />
        </Card>

        {feedback && (
          <Alert
            role="status"
            color={feedback.ok ? 'teal' : 'red'}
            variant="filled"
            radius="md"
            icon={feedback.ok ? <IconCircleCheck /> : <IconAlertTriangle />}
            withCloseButton
            onClose={() => setFeedback(null)}
            data-testid="door-feedback"
          >
            <Text fw={600}>{feedback.text}</Text>
          </Alert>
        )}

        <QrScanner onCode={(scanned) => void admit(scanned)} />

        <form onSubmit={submitCode}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t`Código de la entrada`}
              placeholder={t`Código QR o a_…`}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              size="md"
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" size="md" loading={busy === code.trim() && checkIn.isPending}>
              <Trans>Registrar</Trans>
            </Button>
          </Group>
        </form>

        <TextInput
          size="lg"
          leftSection={<IconSearch />}
          placeholder={t`Buscar por nombre, correo o código`}
          aria-label={t`Buscar asistente`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
        />
        <Box>
          {attendees.error ? (
            <Alert color="red">{errorMessage(attendees.error)}</Alert>
          ) : !attendees.data ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : attendees.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {query ? <Trans>Nadie coincide con «{query}».</Trans> : <Trans>Aún no hay asistentes.</Trans>}
            </Text>
          ) : (
            <Stack gap="sm">
              {attendees.data.data.map((a) => (
                <DoorAttendeeCard
                  key={a.short_id}
                  attendee={a}
                  timezone={tz}
                  busy={busy === a.short_id}
                  onCheckIn={() => void admit(a.short_id)}
                  onUndo={() => void revert(a)}
                />
              ))}
              {attendees.data.meta.total > attendees.data.data.length && (
                <Text size="sm" c="dimmed" ta="center">
                  <Trans>
                    {formatNumber(attendees.data.meta.total - attendees.data.data.length)} más: afina la
                    búsqueda.
                  </Trans>
                </Text>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </Container>
  );
}

const name = (a: DoorAttendee) => `${a.first_name} ${a.last_name}`;
