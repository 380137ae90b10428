import { useLingui } from '@lingui/react/macro';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { parseDay } from '../lib/parse-day.ts';

/**
 * «Desde el día»: a list of an event's many dates (the «Fechas» page, a «Fecha» filter) starts from the
 * chosen day, in the event's time zone (the server filters); cleared, from the first date again.
 */
export function FromDayPicker(props: {
  timeZone: string;
  value: string;
  onChange: (day: string) => void;
  /** Its label and zone shown above it; false in a row of unlabelled filters (named for screen readers). */
  labelled?: boolean;
}) {
  const labelled = props.labelled ?? true;
  const { t, i18n } = useLingui();
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
      <DateInput
        {...(labelled
          ? { label: t`Desde el día`, description: t`Hora de ${props.timeZone}` }
          : { 'aria-label': t`Desde el día` })}
        valueFormat="DD/MM/YYYY"
        dateParser={parseDay}
        placeholder={labelled ? 'DD/MM/AAAA' : t`Desde el día (DD/MM/AAAA)`}
        clearable
        w={220}
        value={props.value || null}
        onChange={(v) => props.onChange(v ?? '')}
      />
    </DatesProvider>
  );
}
