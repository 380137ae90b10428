import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Locale } from '@taquilla/shared';
import { formatDateTime, formatTime } from '@taquilla/shared/dates';
import { formatNumber } from '@taquilla/shared/money';
import type { DoorSnapshotAttendee } from '@taquilla/shared/schemas/check-in';
import {
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { localeOptions } from '../../../lib/locale.ts';
import { CameraScanner } from './camera-scanner.tsx';
import type { DoorConflict, DoorEngine, Verdict } from './door-engine.ts';
import { signal, VerdictScreen } from './verdict-screen.tsx';

/**
 * A hardware scanner types a whole code in one burst (a few milliseconds a key) and Enter; a person does
 * not type this many characters this fast. Such a burst in the search field is a scan.
 */
const SCAN_KEY_GAP_MS = 100;
const SCAN_MIN_LENGTH = 12;

/** The door page: status, count, camera, code field (hardware scanners type here) and a local search. */
export function DoorApp(props: { engine: DoorEngine; onLocale: (locale: Locale) => void }) {
  const { engine } = props;
  const { t, i18n } = useLingui();
  const state = useEngineState(engine);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const codeInput = useRef<HTMLInputElement>(null);
  const { revision } = state;
  // Searched again when the query or the local copy (its revision) changes.
  const results = useMemo(
    () => (revision && query.trim() ? engine.search(query) : []),
    [engine, query, revision],
  );

  const check = useCallback(
    async (value: string) => {
      if (!value.trim()) return;
      const v = await engine.scan(value);
      setVerdict(v);
      signal(v.verdict === 'ADMITTED');
    },
    [engine],
  );
  const close = useCallback(() => {
    setVerdict(null);
    codeInput.current?.focus();
  }, []);

  // A hardware scanner types the code and Enter: keystrokes nobody else takes go to the code field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (verdict) setVerdict(null);
      codeInput.current?.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [verdict]);

  const title = state.list ? `${state.list.name} · ${state.list.event.name}` : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  // Staff who searched leave the keyboard in the search field: the next scan lands there. Its burst is
  // taken out of the search and checked, as if typed into the code field.
  const burst = useRef({ text: '', at: 0 });
  const onSearchKey = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    const b = burst.current;
    const fast = e.timeStamp - b.at < SCAN_KEY_GAP_MS;
    if (e.key === 'Enter') {
      const scanned = b.text;
      b.text = '';
      if (!fast || scanned.length < SCAN_MIN_LENGTH) return;
      e.preventDefault();
      setSearch((s) => (s.endsWith(scanned) ? s.slice(0, -scanned.length) : s));
      void check(scanned);
      return;
    }
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
    b.text = fast ? b.text + e.key : e.key;
    b.at = e.timeStamp;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code;
    setCode('');
    void check(value);
  };

  if (state.status === 'unavailable' || (state.status === 'loading' && !state.list)) {
    return (
      <Container component="main" size={480} px="sm" py="xl">
        <Center>
          {state.status === 'loading' ? (
            <Loader aria-label={t`Cargando`} />
          ) : (
            <Title order={1} size="h3" ta="center">
              {state.unavailableMessage}
            </Title>
          )}
        </Center>
      </Container>
    );
  }
  const list = state.list;
  if (!list) return null;
  const tz = list.event.timezone;
  const percent = state.attendeesCount ? (state.insideCount / state.attendeesCount) * 100 : 0;
  const number = (n: number) => formatNumber(n, i18n.locale);
  const clock = (iso: string, seconds = false) => formatTime(iso, tz, i18n.locale, seconds);
  const dateOf = (iso: string) => formatDateTime(iso, tz, i18n.locale);
  // A list of one date says that date; otherwise the event's start.
  const startsAt = dateOf(list.event_date?.starts_at ?? list.event.start_date);

  return (
    <Container component="main" size={560} px="sm" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {list.event.name}
            </Title>
            <Text size="sm" c="dark.6" data-testid="door-list-date">
              {list.name} · {startsAt}
            </Text>
          </Stack>
          <NativeSelect
            size="xs"
            aria-label={t`Idioma`}
            value={i18n.locale}
            onChange={(e) => props.onLocale(e.currentTarget.value as Locale)}
            data={localeOptions()}
          />
        </Group>

        <Group gap="xs" wrap="wrap" data-testid="door-status" role="status">
          <Badge
            size="lg"
            color={state.online ? 'teal.9' : 'red.9'}
            variant="filled"
            data-testid="door-online"
          >
            {state.online ? <Trans>En línea</Trans> : <Trans>Sin conexión</Trans>}
          </Badge>
          <Badge
            size="lg"
            color={state.waiting ? '#a14a00' : 'gray.8'}
            variant="filled"
            data-testid="door-waiting"
          >
            <Trans>{number(state.waiting)} en espera</Trans>
          </Badge>
          <Text size="sm" c="dark.6" data-testid="door-refreshed">
            {state.refreshedAt ? (
              <Trans>Datos de las {clock(state.refreshedAt, true)}</Trans>
            ) : (
              <Trans>Sin datos todavía</Trans>
            )}
          </Text>
        </Group>

        {state.conflicts.length > 0 && (
          <ConflictsAlert
            conflicts={state.conflicts}
            clock={clock}
            onDismiss={() => engine.dismissConflicts()}
          />
        )}

        <Card withBorder radius="md" padding="sm">
          <Group justify="space-between" mb={6}>
            <Text fw={600}>
              <Trans>Dentro</Trans>
            </Text>
            <Text fw={800} size="xl" data-testid="door-count">
              {number(state.insideCount)} / {number(state.attendeesCount)}
            </Text>
          </Group>
          <Progress
            value={percent}
            color="teal.8"
            size="lg"
            radius="xl"
            aria-label={t`Asistentes dentro: ${number(state.insideCount)} de ${number(state.attendeesCount)}`}
          />
        </Card>

        <CameraScanner onCode={(scanned) => void check(scanned)} />

        <form onSubmit={submit}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              ref={codeInput}
              label={t`Código de la entrada`}
              description={t`Escribe el código o usa un lector: se comprueba al pulsar Intro.`}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
              size="md"
              style={{ flex: 1, minWidth: 0 }}
              data-testid="door-code"
              styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
            />
            <Button type="submit" size="md">
              <Trans>Comprobar</Trans>
            </Button>
          </Group>
        </form>

        <TextInput
          size="md"
          label={t`Buscar asistente`}
          placeholder={t`Nombre, correo o código`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={onSearchKey}
          type="search"
        />
        <Stack gap="sm" data-revision={state.revision}>
          {results.length === 0 ? (
            <Text c="dark.6" ta="center" py="md">
              {query.trim() ? (
                <Trans>Nadie coincide con «{query}».</Trans>
              ) : (
                <Trans>Busca por nombre para registrar a alguien sin su código.</Trans>
              )}
            </Text>
          ) : (
            results.map((a) => (
              <AttendeeRow
                key={a.short_id}
                attendee={a}
                clock={clock}
                dateOf={dateOf}
                online={state.online}
                pending={engine.isPending(a.short_id)}
                onCheckIn={() => void check(a.short_id)}
                onUndo={() => void engine.undo(a.short_id)}
              />
            ))
          )}
        </Stack>
      </Stack>
      {verdict && (
        <VerdictScreen
          key={verdict.id}
          verdict={verdict}
          timezone={tz}
          listName={list.name}
          listDate={list.event_date ?? null}
          onClose={close}
        />
      )}
    </Container>
  );
}

/**
 * The engine's state, updated as a transition: a refresh that brings thousands of rows re-renders in
 * slices the browser can interrupt, so scanning and typing never wait for it.
 */
function useEngineState(engine: DoorEngine) {
  const [state, setState] = useState(engine.state);
  useEffect(() => {
    const update = () => startTransition(() => setState(engine.state));
    update();
    return engine.subscribe(update);
  }, [engine]);
  return state;
}

function AttendeeRow(props: {
  attendee: DoorSnapshotAttendee;
  clock: (iso: string) => string;
  dateOf: (iso: string) => string;
  online: boolean;
  pending: boolean;
  onCheckIn: () => void;
  onUndo: () => void;
}) {
  const { attendee: a } = props;
  const refused = a.status !== 'ACTIVE';
  return (
    <Card withBorder radius="md" padding="sm" data-testid="door-attendee">
      <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {a.first_name} {a.last_name}
          </Text>
          <Text size="sm">
            {a.ticket_name}
            {a.event_date && ` · ${props.dateOf(a.event_date.starts_at)}`}
          </Text>
          <Text size="xs" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
            {a.email} · {a.short_id}
          </Text>
          {a.checked_in_at && (
            <Text size="sm" c="teal.9" fw={600}>
              <Trans>Dentro desde las {props.clock(a.checked_in_at)}</Trans>
            </Text>
          )}
          {refused && (
            <Text size="sm" c="red.9" fw={600}>
              {a.status === 'CANCELLED' ? <Trans>Cancelada</Trans> : <Trans>Sin pagar</Trans>}
            </Text>
          )}
          {a.checked_in_at && (!props.online || props.pending) && (
            <Text size="xs" c="dark.6" data-testid="door-undo-unavailable">
              {props.online ? (
                <Trans>
                  Deshacer estará disponible cuando esta entrada se haya enviado (se envía sola en cuanto hay
                  conexión).
                </Trans>
              ) : (
                <Trans>
                  Deshacer no está disponible sin conexión: las demás puertas ya pueden haberla contado.
                  Vuelve a intentarlo cuando haya conexión.
                </Trans>
              )}
            </Text>
          )}
        </Stack>
        {a.checked_in_at
          ? props.online &&
            !props.pending && (
              <Button variant="default" onClick={props.onUndo} style={{ flexShrink: 0 }}>
                <Trans>Deshacer</Trans>
              </Button>
            )
          : !refused && (
              <Button color="teal.9" onClick={props.onCheckIn} style={{ flexShrink: 0 }}>
                <Trans>Registrar</Trans>
              </Button>
            )}
      </Group>
    </Card>
  );
}

/** After an upload: people this device let in offline who had already entered elsewhere, until read. */
function ConflictsAlert(props: {
  conflicts: DoorConflict[];
  clock: (iso: string) => string;
  onDismiss: () => void;
}) {
  const count = props.conflicts.length;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      role="alert"
      data-testid="door-conflicts"
      bg="orange.0"
      style={{ borderColor: 'var(--mantine-color-orange-9)', borderWidth: 2 }}
    >
      <Stack gap="xs">
        <Text fw={800} c="dark.9">
          <Plural
            value={count}
            one="# entrada admitida sin conexión ya se había usado"
            other="# entradas admitidas sin conexión ya se habían usado"
          />
        </Text>
        {props.conflicts.map((c) => (
          <Stack gap={0} key={c.client_id} data-testid="door-conflict">
            <Text fw={700} size="sm" c="dark.9">
              {c.name}
              {c.ticket_name ? ` · ${c.ticket_name}` : ''}
            </Text>
            <Text size="sm" c="dark.9">
              <Trans>Admitida aquí a las {props.clock(c.scanned_at)}.</Trans> {c.message}
            </Text>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="default" size="sm" onClick={props.onDismiss}>
            <Trans>Entendido</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
