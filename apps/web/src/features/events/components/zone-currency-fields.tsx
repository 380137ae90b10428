import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { CURRENCIES } from '../lib/zones-and-currencies.ts';

export function CurrencySelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useLingui();
  const value = typeof props.value === 'string' ? props.value : undefined;
  const data = value && !CURRENCIES.includes(value) ? [value, ...CURRENCIES] : CURRENCIES;
  return <Select label={t`Moneda`} searchable data={data} allowDeselect={false} {...props} />;
}
