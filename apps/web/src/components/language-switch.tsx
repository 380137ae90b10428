import { useLingui } from '@lingui/react';
import { SegmentedControl } from '@mantine/core';
import { type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import { changeLocale } from '../lib/i18n.ts';

/** ES / EN / … switch (one segment per supported language); stores the choice in the `locale` cookie. */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      value={i18n.locale}
      onChange={(value) => void changeLocale(value as Locale)}
      data={SUPPORTED_LOCALES.map((value) => ({ value, label: value.toUpperCase() }))}
      aria-label="Idioma / Language"
    />
  );
}
