import { useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
// The calendar's month and day names in Spanish (dayjs ships English only).
import 'dayjs/locale/es';
import { useEffect, useState } from 'react';

/**
 * The reports' period: two days (both included) or neither for the whole history. A range goes to the
 * address once both days are chosen (or both cleared); the server checks it and its refusal is shown
 * under the field it concerns.
 */
export function RangeFilter(props: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  errors?: Record<string, string>;
}) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  useEffect(() => {
    setFrom(props.from);
    setTo(props.to);
  }, [props.from, props.to]);
  const apply = (next: { from: string; to: string }) => {
    setFrom(next.from);
    setTo(next.to);
    if (Boolean(next.from) === Boolean(next.to)) props.onChange(next);
  };
  const pending = Boolean(from) !== Boolean(to);
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
      <Group align="flex-start" gap="sm" className="no-print">
        <DatePickerInput
          label={t`Desde`}
          placeholder={t`Sin límite`}
          valueFormat="DD/MM/YYYY"
          value={from || null}
          onChange={(v) => apply({ from: v ?? '', to })}
          clearable
          error={props.errors?.from ?? (pending && !from ? t`Elige también el primer día` : undefined)}
          w={170}
        />
        <DatePickerInput
          label={t`Hasta`}
          placeholder={t`Sin límite`}
          valueFormat="DD/MM/YYYY"
          value={to || null}
          onChange={(v) => apply({ from, to: v ?? '' })}
          clearable
          error={props.errors?.to ?? (pending && !to ? t`Elige también el último día` : undefined)}
          w={170}
        />
        {(from || to) && (
          <Button variant="subtle" mt={25} onClick={() => apply({ from: '', to: '' })}>
            {t`Ver todo`}
          </Button>
        )}
      </Group>
    </DatesProvider>
  );
}
