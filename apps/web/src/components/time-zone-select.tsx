import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { TIME_ZONES } from '../lib/time-zones.ts';

/** A searchable time-zone select; a saved zone this browser does not list (an alias) is still shown. */
export function TimeZoneSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useLingui();
  const value = typeof props.value === 'string' ? props.value : undefined;
  const data = value && !TIME_ZONES.includes(value) ? [value, ...TIME_ZONES] : TIME_ZONES;
  return (
    <Select
      label={t`Zona horaria`}
      searchable
      nothingFoundMessage={t`No hay coincidencias`}
      data={data}
      limit={50}
      maxDropdownHeight={260}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
