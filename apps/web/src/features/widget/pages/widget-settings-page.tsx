import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Code,
  ColorInput,
  CopyButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { HEX_COLOR as HEX } from '@taquilla/shared/contrast';
import {
  WIDGET_BUTTON_TEXT_MAX,
  WIDGET_PADDING_MAX,
  type WidgetSettings,
} from '@taquilla/shared/schemas/widget';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { ChangeableWith } from '../../../components/read-only-fieldset.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { localeOptions } from '../../../lib/locale.ts';
import { useSaveWidgetSettings, useWidgetSettings } from '../api.ts';
import { RESIZE_MESSAGE } from '../lib/frame-height.ts';
import {
  type FormValues,
  originEntries,
  toSettings,
  validateWidgetSettings,
} from '../lib/settings-values.ts';
import { embedSnippet, widgetUrl } from '../lib/snippet.ts';

/** /manage/event/:eventId/widget — the embed options, a live preview of the real widget and the snippet. */
export function WidgetSettingsPage() {
  const { eventId = '' } = useParams();
  const settings = useWidgetSettings(eventId);
  if (settings.isError) return <PageError error={settings.error} />;
  if (!settings.data) return <PageLoader />;
  return (
    <ChangeableWith permission="events:manage">
      <WidgetSettingsForm eventId={eventId} initial={settings.data} />
    </ChangeableWith>
  );
}

function WidgetSettingsForm({ eventId, initial }: { eventId: string; initial: WidgetSettings }) {
  const { t } = useLingui();
  const save = useSaveWidgetSettings(eventId);
  const form = useForm<FormValues>({
    initialValues: {
      ...initial,
      locale: initial.locale ?? '',
      allowed_origins: initial.allowed_origins.join('\n'),
    },
    validate: validateWidgetSettings,
  });
  // The server names a wrong site by its place in the list; the organizer sees the line and the text.
  const entries = originEntries(form.values.allowed_origins);
  const originErrors = Object.entries(form.errors)
    .filter(([k]) => k.startsWith('allowed_origins'))
    .map(([k, message]) => {
      const entry = entries[Number(k.split('.')[1])];
      return entry ? t`Línea ${entry.line} («${entry.value}»): ${message}` : String(message);
    });
  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync(toSettings(v));
      form.resetDirty();
      notifications.show({ color: 'teal', message: t`Ajustes del widget guardados` });
    } catch (error) {
      showSubmitError(error, form);
    }
  });

  // The preview shows what the snippet will: only valid colours, a moment after typing stops.
  const [debounced] = useDebouncedValue(form.values, 400);
  const shown = toSettings({
    ...debounced,
    primary_color: HEX.test(debounced.primary_color ?? '') ? debounced.primary_color : null,
    background_color: HEX.test(debounced.background_color ?? '') ? debounced.background_color : null,
    text_color: HEX.test(debounced.text_color ?? '') ? debounced.text_color : null,
  });
  const snippet = embedSnippet(window.location.origin, eventId, toSettings(form.values));

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Widget</Trans>}
        description={
          <Trans>
            Vende entradas desde tu propia web: pega el código en cualquier página y los compradores eligen,
            pagan y reciben sus entradas sin salir de ella.
          </Trans>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Select
                label={t`Idioma`}
                data={[{ value: '', label: t`El del comprador` }, ...localeOptions()]}
                allowDeselect={false}
                {...form.getInputProps('locale')}
              />
              <TextInput
                label={t`Texto del botón`}
                placeholder={t`Continuar`}
                maxLength={WIDGET_BUTTON_TEXT_MAX}
                {...form.getInputProps('button_text')}
                value={form.values.button_text ?? ''}
              />
              {(
                [
                  ['primary_color', t`Color principal`],
                  ['background_color', t`Fondo`],
                  ['text_color', t`Texto`],
                ] as const
              ).map(([field, label]) => (
                <ColorInput
                  key={field}
                  label={label}
                  placeholder={t`El del evento`}
                  format="hex"
                  {...form.getInputProps(field)}
                  value={form.values[field] ?? ''}
                />
              ))}
              <NumberInput
                label={t`Margen interior (px)`}
                min={0}
                max={WIDGET_PADDING_MAX}
                clampBehavior="none"
                allowDecimal={false}
                {...form.getInputProps('padding')}
              />
              <Switch
                label={t`Ajustar la altura al contenido`}
                description={t`Si lo desactivas, el marco mide 600 px (o lo que indique data-height).`}
                {...form.getInputProps('auto_resize', { type: 'checkbox' })}
              />
              <Textarea
                label={t`Sitios que pueden mostrar el widget`}
                description={t`Uno por línea, p. ej. https://misala.es. Vacío: cualquier sitio.`}
                autosize
                minRows={2}
                {...form.getInputProps('allowed_origins')}
                error={
                  originErrors.length > 0 && (
                    <Stack gap={2} component="span">
                      {originErrors.map((e) => (
                        <span key={e}>{e}</span>
                      ))}
                    </Stack>
                  )
                }
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  <Trans>Guardar</Trans>
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>
                  <Trans>Código para tu web</Trans>
                </Text>
                <CopyButton value={snippet}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      onClick={copy}
                    >
                      {copied ? t`Copiado` : t`Copiar el código`}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Code
                block
                data-testid="widget-snippet"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {snippet}
              </Code>
              {form.isDirty() && (
                <Alert color="blue" variant="light">
                  <Trans>Guarda los cambios para que los sitios permitidos se apliquen.</Trans>
                </Alert>
              )}
            </Stack>
          </Card>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            <Trans>Vista previa</Trans>
          </Text>
          <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
            <PreviewFrame src={widgetUrl(eventId, shown)} autoResize={shown.auto_resize} />
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** The real widget in a frame, sized like the snippet sizes it. */
function PreviewFrame({ src, autoResize }: { src: string; autoResize: boolean }) {
  const { t } = useLingui();
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== ref.current?.contentWindow) return;
      if (event.data?.type === RESIZE_MESSAGE && autoResize) setHeight(Number(event.data.height) || 600);
    };
    window.addEventListener('message', onMessage);
    if (!autoResize) setHeight(600);
    return () => window.removeEventListener('message', onMessage);
  }, [autoResize]);
  return (
    <iframe
      ref={ref}
      src={src}
      title={t`Vista previa del widget`}
      data-testid="widget-preview"
      style={{ width: '100%', border: 0, display: 'block', height }}
    />
  );
}
