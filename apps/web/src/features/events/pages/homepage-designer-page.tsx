import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Card,
  ColorInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { contrastRatio, HEX_COLOR as HEX, MIN_TEXT_CONTRAST } from '@taquilla/shared/contrast';
import { eventColorsSchema, type ManageEventDetail } from '@taquilla/shared/schemas/events';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useEvent, useUpdateSettings } from '../api.ts';

/** The product's own colours, shown when the organizer has not chosen any. */
const DEFAULTS = { primary: '#228be6', background: '#f8f9fa', text: '#212529' };
const SWATCHES = [
  '#228be6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#c2255c',
  '#212529',
  '#fff9db',
  '#f8f9fa',
  '#ffffff',
];

const validateColors = schemaValidate(eventColorsSchema);

/** /manage/event/:eventId/homepage-designer — the public page's colours, with a live preview. */
export function HomepageDesignerPage() {
  const { eventId } = useParams();
  const event = useEvent(eventId!);
  if (event.isError) return <PageError error={event.error} />;
  if (!event.data) return <PageLoader />;
  return <Designer key={event.data.updated_at} event={event.data} />;
}

function Designer({ event }: { event: ManageEventDetail }) {
  const { t } = useLingui();
  const save = useUpdateSettings(event.id);
  const form = useForm({
    initialValues: {
      primary: event.settings.colors.primary ?? '',
      background: event.settings.colors.background ?? '',
      text: event.settings.colors.text ?? '',
    },
    validate: validateColors,
  });
  const shown = {
    primary: HEX.test(form.values.primary) ? form.values.primary : DEFAULTS.primary,
    background: HEX.test(form.values.background) ? form.values.background : DEFAULTS.background,
    text: HEX.test(form.values.text) ? form.values.text : DEFAULTS.text,
  };
  const textContrast = contrastRatio(shown.text, shown.background);
  // Only about a colour the organizer chose: the product's own blue is already darkened on the page.
  const buttonContrast = contrastRatio('#ffffff', shown.primary);

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({
        colors: { primary: v.primary || null, background: v.background || null, text: v.text || null },
      });
      notifications.show({ color: 'teal', message: t`Colores guardados` });
    } catch (error) {
      showSubmitError(error, form, { prefix: 'colors.' });
    }
  });
  const picker = (field: 'primary' | 'background' | 'text', label: string, description: string) => (
    <ColorInput
      label={label}
      description={description}
      placeholder={t`Predeterminado (${DEFAULTS[field]})`}
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={9}
      {...form.getInputProps(field)}
    />
  );
  const cover = event.cover?.srcset.find((s) => s.width >= 480)?.url ?? event.cover?.url;

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Diseño de la página</Trans>}
        description={<Trans>Los colores de la página pública del evento, la que ven los compradores.</Trans>}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            {picker('primary', t`Color principal`, t`Botones y enlaces.`)}
            {picker('background', t`Fondo`, t`El fondo de la página.`)}
            {picker('text', t`Texto`, t`El texto sobre el fondo.`)}
            {textContrast < MIN_TEXT_CONTRAST && (
              <Alert color="orange" data-testid="contrast-warning">
                <Trans>
                  El texto se lee mal sobre este fondo (contraste {textContrast.toFixed(1)}:1; se recomienda
                  al menos 4,5:1). La página usará un tono que se lea.
                </Trans>
              </Alert>
            )}
            {HEX.test(form.values.primary) && buttonContrast < MIN_TEXT_CONTRAST && (
              <Alert color="orange" data-testid="button-contrast-warning">
                <Trans>
                  El texto blanco de los botones se lee mal sobre el color principal. La página usará un tono
                  más oscuro.
                </Trans>
              </Alert>
            )}
            <Group justify="space-between">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => form.setValues({ primary: '', background: '', text: '' })}
              >
                <Trans>Volver a los colores predeterminados</Trans>
              </Anchor>
              <Button type="submit" loading={save.isPending}>
                <Trans>Guardar</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            <Trans>Vista previa</Trans>
          </Text>
          <Card
            withBorder
            radius="md"
            p={0}
            data-testid="designer-preview"
            style={{ background: shown.background, color: shown.text }}
          >
            {cover && <Image src={cover} alt="" h={120} fit="cover" />}
            <Stack gap="xs" p="lg">
              <Title order={3} size="h3" c={shown.text}>
                {event.name}
              </Title>
              <Text size="sm">{formatDateRange(event.start_date, event.end_date, event.timezone)}</Text>
              {event.location.venue_name && <Text size="sm">{event.location.venue_name}</Text>}
              <Card withBorder radius="md" padding="sm" mt="xs">
                <Group justify="space-between">
                  <Text size="sm" fw={600} c="dark">
                    <Trans>Entrada general</Trans>
                  </Text>
                  <Text size="sm" c="dark">
                    25,00 €
                  </Text>
                </Group>
              </Card>
              <Button color={shown.primary} fullWidth tabIndex={-1}>
                <Trans>Continuar</Trans>
              </Button>
              <Anchor c={shown.primary} size="sm" component="span">
                <Trans>¿Tienes un código promocional?</Trans>
              </Anchor>
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
