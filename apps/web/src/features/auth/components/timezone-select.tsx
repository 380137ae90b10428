import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** A searchable list of IANA time zones, with the browser's own first. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';
  } catch {
    return 'Europe/Madrid';
  }
}

export function TimezoneSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useLingui();
  const data = useMemo(() => {
    const zones = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.(
      'timeZone',
    ) ?? ['Europe/Madrid'];
    return ['UTC', ...zones.filter((z) => z !== 'UTC')];
  }, []);
  return (
    <Select
      label={t`Zona horaria`}
      searchable
      nothingFoundMessage={t`No hay coincidencias`}
      data={data}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
