import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatDay } from '../../../lib/format.ts';
import { useReportRange, useReportScope } from '../api.ts';
import { ReportList } from '../components/report-list.tsx';
import './summary.css';

/**
 * The printable summary of the reports (…/reports/print, same period as the screen): every report's table
 * on plain paper, without the back office's frame, buttons or scrollbars (summary.css).
 */
export function SummaryPage() {
  const { t } = useLingui();
  const scope = useReportScope();
  const range = useReportRange();
  const location = useLocation();
  const back = `${location.pathname.replace(/\/print$/, '')}${location.search}`;
  const period =
    range.from && range.to
      ? t`Del ${formatDay(range.from)} al ${formatDay(range.to)}`
      : t`Desde la primera venta hasta hoy`;
  return (
    <Stack gap="md" p="md" maw={1100} mx="auto" className="report-summary">
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to={back} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            <Trans>Volver a los informes</Trans>
          </Group>
        </Anchor>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          <Trans>Imprimir</Trans>
        </Button>
      </Group>
      <div>
        <Title order={1} size="h2">
          {scope.eventId ? (
            <Trans>Resumen de informes del evento</Trans>
          ) : (
            <Trans>Resumen de informes de la cuenta</Trans>
          )}
        </Title>
        {scope.eventId && <EventName eventId={scope.eventId} />}
        <Text c="dimmed">{period}</Text>
      </div>
      <ReportList scope={scope} query={range.query} />
    </Stack>
  );
}

function EventName({ eventId }: { eventId: string }) {
  const event = useManageEvent(eventId);
  return event.data ? <Text fw={600}>{event.data.name}</Text> : null;
}
