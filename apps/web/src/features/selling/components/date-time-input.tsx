import { useLingui } from '@lingui/react';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import '../../../lib/dayjs-locales.ts';

/** A clearable date-time picker in the interface language; values are wall-clock "YYYY-MM-DD HH:mm:ss". */
export function DateTimeInput(props: DateTimePickerProps) {
  const { i18n } = useLingui();
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
      <DateTimePicker valueFormat="DD/MM/YYYY HH:mm" clearable {...props} />
    </DatesProvider>
  );
}
