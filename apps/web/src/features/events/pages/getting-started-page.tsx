import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useEvent } from '../api.ts';
import { PublishButton } from '../components/publish-button.tsx';

/** A checklist computed by the server from the event's real state. */
export function GettingStartedPage() {
  const { t } = useLingui();
  const { eventId } = useParams();
  const event = useEvent(eventId!);
  if (event.isError) return <PageError error={event.error} />;
  if (!event.data) return <PageLoader />;
  const e = event.data;
  const c = e.checklist;
  const base = `/manage/event/${e.id}`;
  const steps: { key: string; done: boolean; title: ReactNode; text: ReactNode; action: ReactNode }[] = [
    {
      key: 'event_details',
      done: c.event_details,
      title: <Trans>Completa los detalles</Trans>,
      text: <Trans>Añade una descripción y el lugar (o el enlace si es en línea).</Trans>,
      action: <Anchor component={Link} to={`${base}/settings#detalles`}>{t`Editar detalles`}</Anchor>,
    },
    {
      key: 'tickets_created',
      done: c.tickets_created,
      title: <Trans>Crea las entradas</Trans>,
      text: <Trans>Define tipos de entrada, precios y cantidades.</Trans>,
      action: <Anchor component={Link} to={`${base}/tickets`}>{t`Ir a entradas`}</Anchor>,
    },
    {
      key: 'payment_set_up',
      done: c.payment_set_up,
      title: <Trans>Configura los pagos</Trans>,
      text: <Trans>Elige cómo pagarán los compradores.</Trans>,
      action: <Anchor component={Link} to={`${base}/settings#pagos`}>{t`Ajustes de pago`}</Anchor>,
    },
    {
      key: 'event_published',
      done: c.event_published,
      title: <Trans>Publica el evento</Trans>,
      text: <Trans>La página pública empieza a vender cuando el evento está publicado.</Trans>,
      action: e.status === 'DRAFT' ? <PublishButton size="xs" event={e} /> : null,
    },
    {
      key: 'first_order',
      done: c.first_order,
      title: <Trans>Consigue el primer pedido</Trans>,
      text: <Trans>Comparte el enlace de la página pública.</Trans>,
      action: (
        <Anchor href={`/event/${e.id}/${e.slug}`} target="_blank" rel="noopener">
          {t`Abrir página pública`}
        </Anchor>
      ),
    },
  ];
  const done = steps.filter((s) => s.done).length;

  return (
    <Stack gap="md" maw={760}>
      <Title order={2} size="h3">
        <Trans>Primeros pasos</Trans>
      </Title>
      <Group gap="sm">
        <Progress value={(done / steps.length) * 100} style={{ flex: 1 }} aria-label={t`Progreso`} />
        <Text size="sm" c="dimmed">
          <Trans>
            {done} de {steps.length}
          </Trans>
        </Text>
      </Group>
      <Stack gap="sm">
        {steps.map((s) => (
          <Card key={s.key} withBorder radius="md" padding="md" data-done={s.done}>
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon
                color={s.done ? 'teal' : 'gray'}
                variant={s.done ? 'filled' : 'light'}
                radius="xl"
                size="lg"
              >
                {s.done ? <IconCheck size={18} /> : <IconCircleDashed size={18} />}
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1 }}>
                <Text fw={600} td={s.done ? 'line-through' : undefined} c={s.done ? 'dimmed' : undefined}>
                  {s.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.text}
                </Text>
                {!s.done && s.action && <div style={{ marginTop: 4 }}>{s.action}</div>}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
