import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_SUBJECT_MAX,
  type EmailTemplate,
  type EmailTemplateField,
  emailTemplateInput,
} from '@taquilla/shared/schemas/email-templates';
import { useRef, useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { previewQuery, resetTemplate, saveTemplate, sendTest, type TemplateScope } from '../api.ts';

type Values = Record<EmailTemplateField, string>;
const validateTemplate = schemaValidate(emailTemplateInput);

/**
 * One kind and language: subject, opening text and footer, the placeholders as buttons that insert
 * themselves where the cursor was, and the real e-mail rendered by the server as typed (a sandboxed
 * frame: the organizer's text cannot run anything there either).
 */
export function TemplateForm(props: { scope: TemplateScope; template: EmailTemplate; canEdit: boolean }) {
  const { scope, template, canEdit } = props;
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'save' | 'test' | 'reset' | null>(null);
  const form = useForm<Values>({
    initialValues: {
      subject: template.subject ?? '',
      intro: template.intro ?? '',
      footer: template.footer ?? '',
    },
    validate: (values) => validateTemplate({ kind: template.kind, locale: template.locale, ...values }),
  });
  const draft = { kind: template.kind, locale: template.locale, ...form.values };
  const [debounced] = useDebouncedValue(draft, 400);
  const preview = useQuery({ ...previewQuery(scope, debounced), placeholderData: keepPreviousData });

  // Where a placeholder goes: the field last focused, at its cursor.
  const fields = useRef<Partial<Record<EmailTemplateField, HTMLInputElement | HTMLTextAreaElement | null>>>(
    {},
  );
  const lastField = useRef<EmailTemplateField>('intro');
  const insert = (placeholder: string) => {
    const field = lastField.current;
    const element = fields.current[field];
    const value = form.values[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{${placeholder}}`;
    form.setFieldValue(field, value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const track = (field: EmailTemplateField) => ({
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[field] = el;
    },
    onFocus: () => {
      lastField.current = field;
    },
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['email-templates'] });
  const run = async (what: 'save' | 'test' | 'reset', action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(null);
    }
  };
  const save = form.onSubmit((values) =>
    run('save', async () => {
      await saveTemplate(scope, { kind: template.kind, locale: template.locale, ...values });
      notifications.show({ color: 'green', message: t`Texto guardado.` });
      await refresh();
    }),
  );
  const test = () =>
    run('test', async () => {
      const { to } = await sendTest(scope, draft);
      notifications.show({ color: 'green', message: t`Correo de prueba enviado a ${to}.` });
    });
  const reset = () =>
    run('reset', async () => {
      await resetTemplate(scope, { kind: template.kind, locale: template.locale });
      notifications.show({
        message: scope.eventId
          ? t`Se vuelve a usar el texto de la cuenta o el predeterminado.`
          : t`Se vuelve a usar el texto predeterminado.`,
      });
      await refresh();
    });

  const fallback = (field: EmailTemplateField) => template.inherited?.[field] ?? t`Texto predeterminado`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <form onSubmit={save}>
        <Stack gap="sm">
          <TextInput
            label={t`Asunto`}
            placeholder={fallback('subject')}
            readOnly={!canEdit}
            maxLength={EMAIL_SUBJECT_MAX}
            {...form.getInputProps('subject')}
            {...track('subject')}
          />
          <Textarea
            label={t`Texto de apertura`}
            description={t`Sustituye al saludo. Los datos del pedido, las entradas y los enlaces se añaden siempre.`}
            placeholder={fallback('intro')}
            readOnly={!canEdit}
            autosize
            minRows={4}
            maxRows={14}
            {...form.getInputProps('intro')}
            {...track('intro')}
          />
          <Textarea
            label={t`Pie`}
            description={t`Se muestra al final, encima del pie legal de Taquilla.`}
            placeholder={fallback('footer')}
            readOnly={!canEdit}
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps('footer')}
            {...track('footer')}
          />
          {canEdit && (
            <Box>
              <Text size="sm" fw={500} mb={4} id="placeholders-label">
                <Trans>Insertar un dato</Trans>
              </Text>
              <Group gap={6} role="group" aria-labelledby="placeholders-label">
                {template.placeholders.map((p) => (
                  <Button key={p} size="compact-sm" variant="light" radius="xl" onClick={() => insert(p)}>
                    {`{${p}}`}
                  </Button>
                ))}
              </Group>
            </Box>
          )}
          {canEdit && (
            <Group gap="sm" mt="xs">
              <Button type="submit" loading={busy === 'save'}>
                <Trans>Guardar</Trans>
              </Button>
              <Button variant="default" onClick={test} loading={busy === 'test'}>
                <Trans>Enviar prueba</Trans>
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={reset}
                loading={busy === 'reset'}
                disabled={template.updated_at === null}
              >
                <Trans>Restablecer</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <Card withBorder padding="sm" aria-busy={preview.isFetching}>
        <Title order={2} size="h5" mb={4}>
          <Trans>Vista previa</Trans>
        </Title>
        <Text size="sm" mb="xs" data-testid="preview-subject">
          <Trans>Asunto:</Trans> <strong>{preview.data?.subject ?? ''}</strong>
        </Text>
        {preview.error ? (
          <Text c="red" size="sm">
            <Trans>La vista previa no está disponible: revisa los textos.</Trans>
          </Text>
        ) : (
          <iframe
            title={t`Vista previa del correo`}
            sandbox=""
            srcDoc={preview.data?.html ?? ''}
            style={{
              width: '100%',
              height: 560,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 4,
            }}
          />
        )}
      </Card>
    </SimpleGrid>
  );
}
