import { Trans } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Report, ReportKind } from '@taquilla/shared/schemas/reports';
import type { ReactNode } from 'react';
import { ExportButton } from '../../../components/export-button.tsx';
import { PageLoader } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { type ReportScope, reportPath, useReport } from '../api.ts';
import { ReportTable } from './report-table.tsx';

/**
 * One report: its title and export, then its table (and `chart`, given the report) — or a loader, an
 * error with «Reintentar», or `empty` when there is nothing to count.
 */
export function ReportSection(props: {
  scope: ReportScope;
  kind: ReportKind;
  query: Record<string, string>;
  about?: ReactNode;
  empty: ReactNode;
  chart?: (report: Report) => ReactNode;
}) {
  const report = useReport(props.scope, props.kind, props.query);
  const data = report.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`section-${props.kind}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {data?.title ?? '\u00a0'}
          </Title>
          {data && data.rows.length > 0 && (
            <ExportButton
              path={`${reportPath(props.scope, props.kind)}/export`}
              query={props.query}
              filename={props.kind}
            />
          )}
        </Group>
        {props.about && (
          <Text size="sm" c="dimmed">
            {props.about}
          </Text>
        )}
        {report.isError ? (
          <Alert color="red">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(report.error)}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void report.refetch()}
                loading={report.isFetching}
              >
                <Trans>Reintentar</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : !data ? (
          <PageLoader />
        ) : data.rows.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            {props.empty}
          </Text>
        ) : (
          <>
            {props.chart?.(data)}
            <ReportTable report={data} />
          </>
        )}
      </Stack>
    </Card>
  );
}
