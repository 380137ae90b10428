import { useLingui } from '@lingui/react';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
// The calendar's month and day names in Spanish (dayjs ships English only).
import '../../../lib/dayjs-locales.ts';

/** A date-time picker in the interface language; values are "YYYY-MM-DD HH:mm:ss" wall-clock strings. */
export function DateTimeField(props: DateTimePickerProps) {
  const { i18n } = useLingui();
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
      <DateTimePicker valueFormat="DD/MM/YYYY HH:mm" clearable={false} {...props} />
    </DatesProvider>
  );
}
