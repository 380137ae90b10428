import { useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@taquilla/shared';
import { EMAIL_TEMPLATE_KINDS, type EmailTemplateKind } from '@taquilla/shared/schemas/email-templates';
import { useState } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { isLocale, localeOptions } from '../../../lib/locale.ts';
import { type TemplateScope, templatesQuery } from '../api.ts';
import { TemplateForm } from './template-form.tsx';

/** What each kind of e-mail is, as the organizer knows it. */
function useKindLabels(): Record<EmailTemplateKind, string> {
  const { t } = useLingui();
  return {
    CONFIRMATION: t`Confirmación del pedido`,
    TICKET: t`Entrada enviada a cada asistente`,
    OFFLINE_INSTRUCTIONS: t`Pedido pendiente de pago (instrucciones)`,
    REFUND: t`Devolución`,
    CANCELLED: t`Cancelación`,
    WAITLIST_OFFER: t`Lista de espera: entradas libres`,
    WAITLIST_JOINED: t`Lista de espera: inscripción`,
  };
}

/**
 * The organizer's texts of every e-mail kind in every language: pick one, edit its subject, opening text
 * and footer, see the real e-mail as the server renders it. `canEdit`: the user's permissions allow it.
 */
export function TemplateEditor({ scope, canEdit }: { scope: TemplateScope; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const labels = useKindLabels();
  const [kind, setKind] = useState<EmailTemplateKind>('CONFIRMATION');
  const [locale, setLocale] = useState<Locale>(isLocale(i18n.locale) ? i18n.locale : 'es');
  const templates = useQuery(templatesQuery(scope));
  if (templates.error) return <PageError error={templates.error} />;
  if (!templates.data) return <PageLoader />;
  const template = templates.data.find((x) => x.kind === kind && x.locale === locale);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {scope.eventId
          ? t`Lo que escribas aquí sustituye, solo en este evento, a los textos de la cuenta. Los campos vacíos usan el texto de la cuenta o el predeterminado.`
          : t`Lo que escribas aquí se usa en todos los eventos de la cuenta que no tengan su propio texto. Los campos vacíos usan el texto predeterminado.`}
      </Text>
      <Group align="end" wrap="wrap" gap="sm">
        <Select
          label={t`Correo`}
          data={EMAIL_TEMPLATE_KINDS.map((k) => ({ value: k, label: labels[k] }))}
          value={kind}
          onChange={(v) => v && setKind(v as EmailTemplateKind)}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
        />
        <SegmentedControl
          aria-label={t`Idioma del correo`}
          data={localeOptions()}
          value={locale}
          onChange={(v) => isLocale(v) && setLocale(v)}
        />
      </Group>
      {template && (
        <TemplateForm
          key={`${kind}.${locale}.${template.updated_at ?? 'none'}`}
          scope={scope}
          template={template}
          canEdit={canEdit}
        />
      )}
    </Stack>
  );
}
