import { useLingui } from '@lingui/react/macro';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { parseDay } from '../lib/parse-day.ts';

/**
 * «Desde el día»: the «Fechas» list of an event with many dates starts from the chosen day (in the
 * event's time zone; the server filters); cleared, it starts from the first date again.
 */
export function FromDayPicker(props: { timeZone: string; value: string; onChange: (day: string) => void }) {
  const { t, i18n } = useLingui();
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
      <DateInput
        label={t`Desde el día`}
        description={t`Hora de ${props.timeZone}`}
        valueFormat="DD/MM/YYYY"
        dateParser={parseDay}
        placeholder="DD/MM/AAAA"
        clearable
        w={220}
        value={props.value || null}
        onChange={(v) => props.onChange(v ?? '')}
      />
    </DatesProvider>
  );
}
