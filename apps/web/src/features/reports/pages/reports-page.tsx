import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { NoPermission } from '../../../components/no-permission.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { can, useCurrentUser } from '../../../lib/current-user.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { useReport, useReportRange, useReportScope } from '../api.ts';
import { RangeFilter } from '../components/range-filter.tsx';
import { ReportList } from '../components/report-list.tsx';

/** «Informes» of an event (/manage/event/:eventId/reports) or of the account (/manage/reports). */
export function ReportsPage() {
  const me = useCurrentUser();
  const scope = useReportScope();
  const range = useReportRange();
  const location = useLocation();
  // The revenue report answers first whether the range is acceptable: a refusal is shown on the filter,
  // and the other reports are asked only then.
  const probe = useReport(scope, 'revenue', range.query);
  if (me.data && !can(me.data, 'reports:read')) return <NoPermission />;
  const refused = probe.error instanceof ApiError && probe.error.status === 422 ? probe.error : null;
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Informes</Trans>}
        description={
          scope.eventId ? (
            <Trans>Las cifras de este evento, con los días en su zona horaria.</Trans>
          ) : (
            <Trans>
              Las cifras de todos los eventos de la cuenta, con los días en la zona horaria de la cuenta.
            </Trans>
          )
        }
        action={
          <Button
            component={Link}
            to={`${location.pathname}/print${location.search}`}
            variant="default"
            leftSection={<IconPrinter size={16} />}
          >
            <Trans>Resumen para imprimir</Trans>
          </Button>
        }
      />
      <Group align="flex-start" gap="sm">
        <RangeFilter from={range.from} to={range.to} onChange={range.setRange} errors={refused?.fields} />
        {scope.eventId && (
          <div className="no-print">
            <DateFilter
              eventId={scope.eventId}
              value={range.date}
              onChange={range.setDate}
              labelled
              error={refused?.fields?.event_date_id}
            />
          </div>
        )}
      </Group>
      {refused ? null : probe.isPending ? <PageLoader /> : <ReportList scope={scope} query={range.query} />}
    </Stack>
  );
}
