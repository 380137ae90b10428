import { useLingui } from '@lingui/react';
import { SegmentedControl } from '@mantine/core';
import type { Locale } from '@taquilla/shared';
import { changeLocale } from '../lib/i18n.ts';

/** ES / EN switch; stores the choice in the `locale` cookie. */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      value={i18n.locale}
      onChange={(value) => void changeLocale(value as Locale)}
      data={[
        { value: 'es', label: 'ES' },
        { value: 'en', label: 'EN' },
      ]}
      aria-label="Idioma / Language"
    />
  );
}
