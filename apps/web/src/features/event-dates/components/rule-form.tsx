import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Chip,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DateInput, DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  previewRuleInput,
  type RepetitionRuleInput,
  type RuleDatesInput,
  type RuleFrequency,
  ruleDatesInput,
} from '@taquilla/shared/schemas/event-dates';
import { FormActions } from '../../../components/form-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import '../../../lib/dayjs-locales.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useCreateFromRule, useRulePreview } from '../api.ts';
import { parseDay } from '../lib/parse-day.ts';

type Values = {
  frequency: RuleFrequency;
  interval: number | string;
  starts_on: string | null;
  start_time: string;
  duration_minutes: number | string;
  weekdays: string[];
  nth: string;
  weekday: string;
  every_minutes: number | string;
  closes_at: string;
  end_mode: 'count' | 'until';
  ends: { count: number | string; until: string | null };
  exclusions: string[];
  capacity: number | string;
};

/** An empty number field is left out, so the schema calls it missing instead of reading 0. */
const num = (v: number | string) => (v === '' ? undefined : Number(v));

/** The request body the form describes: only the fields its kind of repetition uses. */
function bodyOf(v: Values): RuleDatesInput {
  const rule: Record<string, unknown> = {
    frequency: v.frequency,
    interval: num(v.interval),
    starts_on: v.starts_on ?? '',
    start_time: v.start_time.slice(0, 5),
    duration_minutes: num(v.duration_minutes),
    ends: v.end_mode === 'until' ? { until: v.ends.until ?? '' } : { count: num(v.ends.count) },
    exclusions: v.exclusions,
  };
  if (v.frequency === 'WEEKLY' || (v.frequency === 'SLOTS' && v.weekdays.length))
    rule.weekdays = v.weekdays.map(Number).sort();
  if (v.frequency === 'MONTHLY') Object.assign(rule, { nth: Number(v.nth), weekday: Number(v.weekday) });
  if (v.frequency === 'SLOTS')
    Object.assign(rule, { every_minutes: num(v.every_minutes), closes_at: v.closes_at.slice(0, 5) });
  return { rule: rule as RepetitionRuleInput, capacity: v.capacity === '' ? null : Number(v.capacity) };
}

/** The rule to preview: only once the shared schema accepts it (the server then counts its dates). */
const previewable = (v: Values) => {
  const { rule } = bodyOf(v);
  return previewRuleInput.safeParse({ rule }).success ? rule : null;
};

/** The first message of a refused preview: the field's own when there is one. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.fields ? Object.values(error.fields)[0] : errorMessage(error);

/** Adds many dates with a repetition rule, showing the server's preview (first, last, count) as it is typed. */
export function RuleForm(props: { eventId: string; timeZone: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const create = useCreateFromRule(props.eventId);
  const form = useForm<Values>({
    initialValues: {
      frequency: 'WEEKLY',
      interval: 1,
      starts_on: null,
      start_time: '20:00',
      duration_minutes: 120,
      weekdays: ['5', '6'],
      nth: '1',
      weekday: '7',
      every_minutes: 30,
      closes_at: '18:00',
      end_mode: 'count',
      ends: { count: 10, until: null },
      exclusions: [],
      capacity: '',
    },
    validate: schemaValidate<Values>(ruleDatesInput, { toInput: bodyOf, prefix: 'rule.' }),
  });
  const rule = previewable(form.values);
  const [debounced] = useDebouncedValue(rule, 350);
  const preview = useRulePreview(props.eventId, debounced);

  const weekdayName = (iso: number, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.locale, { weekday: style, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, iso)), // 1 January 2024 was a Monday
    );
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: weekdayName(d, 'long') }));
  const f = form.values.frequency;
  const unit = { DAILY: t`días`, SLOTS: t`días`, WEEKLY: t`semanas`, MONTHLY: t`meses`, YEARLY: t`años` }[f];

  const added = (n: number) => plural(n, { one: '# fecha añadida', other: '# fechas añadidas' });
  const submit = form.onSubmit(async (v) => {
    try {
      const { created, skipped } = await create.mutateAsync(bodyOf(v));
      notifications.show({
        color: 'teal',
        message: skipped
          ? `${added(created)} ${plural(skipped, { one: '(# ya existía)', other: '(# ya existían)' })}`
          : added(created),
      });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form, { prefix: 'rule.' });
    }
  });

  const range = (o: { starts_at: string; ends_at: string }) =>
    formatDateRange(o.starts_at, o.ends_at, props.timeZone);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Cerrar` }}
      opened
      onClose={props.onClose}
      title={t`Añadir fechas con una regla`}
      fullScreen={phone}
      size="lg"
    >
      <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              label={t`Se repite`}
              allowDeselect={false}
              data={[
                { value: 'DAILY', label: t`Cada día` },
                { value: 'WEEKLY', label: t`Cada semana, en los días elegidos` },
                { value: 'MONTHLY', label: t`Cada mes, un día de la semana concreto` },
                { value: 'YEARLY', label: t`Cada año, el mismo día` },
                { value: 'SLOTS', label: t`Turnos a lo largo del día` },
              ]}
              {...form.getInputProps('frequency')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DateInput
                label={t`Primer día`}
                valueFormat="DD/MM/YYYY"
                dateParser={parseDay}
                required
                {...form.getInputProps('starts_on')}
              />
              <NumberInput
                label={t`Repetir cada (${unit})`}
                min={1}
                max={99}
                allowDecimal={false}
                {...form.getInputProps('interval')}
              />
              <TimeInput
                label={f === 'SLOTS' ? t`Abre a las` : t`Hora de inicio`}
                required
                {...form.getInputProps('start_time')}
              />
              {f === 'SLOTS' ? (
                <TimeInput label={t`Cierra a las`} required {...form.getInputProps('closes_at')} />
              ) : (
                <NumberInput
                  label={t`Duración (minutos)`}
                  min={1}
                  allowDecimal={false}
                  required
                  {...form.getInputProps('duration_minutes')}
                />
              )}
              {f === 'SLOTS' && (
                <>
                  <NumberInput
                    label={t`Un turno cada (minutos)`}
                    min={5}
                    allowDecimal={false}
                    required
                    {...form.getInputProps('every_minutes')}
                  />
                  <NumberInput
                    label={t`Duración de cada turno (minutos)`}
                    min={1}
                    allowDecimal={false}
                    required
                    {...form.getInputProps('duration_minutes')}
                  />
                </>
              )}
              {f === 'MONTHLY' && (
                <>
                  <Select
                    label={t`Semana del mes`}
                    allowDeselect={false}
                    data={[
                      { value: '1', label: t`Primer` },
                      { value: '2', label: t`Segundo` },
                      { value: '3', label: t`Tercer` },
                      { value: '4', label: t`Cuarto` },
                      { value: '5', label: t`Quinto` },
                      { value: '-1', label: t`Último` },
                    ]}
                    {...form.getInputProps('nth')}
                  />
                  <Select
                    label={t`Día de la semana`}
                    allowDeselect={false}
                    data={weekdays}
                    {...form.getInputProps('weekday')}
                  />
                </>
              )}
            </SimpleGrid>
            {(f === 'WEEKLY' || f === 'SLOTS') && (
              <Stack gap={6} role="group" aria-label={t`Días de la semana`}>
                <Text size="sm" fw={500}>
                  {f === 'WEEKLY' ? (
                    <Trans>Días de la semana</Trans>
                  ) : (
                    <Trans>Días que abre (ninguno: todos)</Trans>
                  )}
                </Text>
                <Chip.Group multiple {...form.getInputProps('weekdays')}>
                  <Group gap={6}>
                    {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                      <Chip key={d} value={String(d)} size="sm" aria-label={weekdayName(d, 'long')}>
                        {weekdayName(d, 'short')}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {form.errors.weekdays && (
                  <Text size="sm" c="red" role="alert">
                    {form.errors.weekdays}
                  </Text>
                )}
              </Stack>
            )}
            <Stack gap={6}>
              <Text size="sm" fw={500} id="rule-ends">
                <Trans>Termina</Trans>
              </Text>
              <SegmentedControl
                aria-labelledby="rule-ends"
                data={[
                  { value: 'count', label: t`Tras un número de fechas` },
                  { value: 'until', label: t`Un día concreto` },
                ]}
                {...form.getInputProps('end_mode')}
              />
              {form.values.end_mode === 'count' ? (
                <NumberInput
                  label={t`Número de fechas`}
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps('ends.count')}
                  error={form.errors['ends.count'] ?? form.errors.ends}
                />
              ) : (
                <DateInput
                  label={t`Último día`}
                  valueFormat="DD/MM/YYYY"
                  dateParser={parseDay}
                  {...form.getInputProps('ends.until')}
                  error={form.errors['ends.until'] ?? form.errors.ends}
                />
              )}
            </Stack>
            <DatePickerInput
              type="multiple"
              label={t`Excepto estos días`}
              valueFormat="DD/MM/YYYY"
              clearable
              {...form.getInputProps('exclusions')}
            />
            <NumberInput
              label={t`Aforo de cada fecha`}
              description={t`Vacío: solo limitan las cantidades de las entradas.`}
              min={1}
              allowDecimal={false}
              {...form.getInputProps('capacity')}
            />
            <div aria-live="polite" data-testid="rule-preview">
              {!rule ? (
                <Text size="sm" c="dimmed">
                  <Trans>Completa el primer día, la hora y el final para ver las fechas.</Trans>
                </Text>
              ) : preview.isError ? (
                <Alert color="red" variant="light">
                  {refusal(preview.error)}
                </Alert>
              ) : preview.data ? (
                <Alert
                  color="blue"
                  variant="light"
                  title={plural(preview.data.count, {
                    one: 'Se creará # fecha',
                    other: 'Se crearán # fechas',
                  })}
                >
                  <Stack gap={2}>
                    <Text size="sm">
                      <Trans>Primera: {range(preview.data.first)}</Trans>
                    </Text>
                    <Text size="sm">
                      <Trans>Última: {range(preview.data.last)}</Trans>
                    </Text>
                  </Stack>
                </Alert>
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>Calculando…</Trans>
                </Text>
              )}
            </div>
            <FormActions
              onCancel={props.onClose}
              loading={create.isPending}
              submitLabel={<Trans>Añadir fechas</Trans>}
            />
          </Stack>
        </form>
      </DatesProvider>
    </Modal>
  );
}
