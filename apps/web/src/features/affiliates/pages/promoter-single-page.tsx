import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useAffiliates, usePromoterDetail } from '../api.ts';
import { AffiliateDailyTable, SalesFigures } from '../components/affiliate-sales.tsx';

/**
 * /manage/event/:eventId/dashboardPromoterSingle/:promoterId? — one promoter's (affiliate's) figures,
 * day by day; without an id, a picker of the event's affiliates.
 */
export function PromoterSinglePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { eventId = '', promoterId } = useParams();
  const affiliates = useAffiliates(eventId, '');
  if (affiliates.error) return <PageError error={affiliates.error} />;
  if (!affiliates.data) return <PageLoader />;
  const picker = (
    <Select
      aria-label={t`Afiliado`}
      placeholder={t`Elige un afiliado`}
      data={affiliates.data.map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))}
      value={promoterId ?? null}
      onChange={(id) => id && navigate(`../dashboardPromoterSingle/${id}`, { relative: 'path' })}
      searchable
      maw={360}
    />
  );

  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={<Trans>Ventas de un promotor</Trans>}
        description={
          <Anchor component={Link} to="../dashboardPromoter" size="sm">
            <Trans>Volver al panel de promotores</Trans>
          </Anchor>
        }
        action={affiliates.data.length > 0 ? picker : undefined}
      />
      {affiliates.data.length === 0 ? (
        <EmptyState
          icon={<IconChartBar size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Aún no hay afiliados</Trans>}
          text={<Trans>Crea un afiliado en la sección Afiliados para ver aquí sus ventas.</Trans>}
        />
      ) : promoterId ? (
        <PromoterDetail eventId={eventId} promoterId={promoterId} />
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>Elige un afiliado para ver sus ventas día a día.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function PromoterDetail({ eventId, promoterId }: { eventId: string; promoterId: string }) {
  const stats = usePromoterDetail(eventId, promoterId);
  if (stats.error) return <PageError error={stats.error} />;
  if (!stats.data) return <PageLoader />;
  const { affiliate, daily, currency } = stats.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={700} size="lg">
              {affiliate.name}
            </Text>
            <Badge color={affiliate.status === 'ACTIVE' ? 'teal' : 'gray'} variant="light" size="sm">
              {affiliate.status === 'ACTIVE' ? <Trans>Activo</Trans> : <Trans>Inactivo</Trans>}
            </Badge>
          </Group>
          <Text size="sm" ff="monospace">
            {affiliate.code}
          </Text>
          <SalesFigures sales={affiliate.sales} currency={currency} />
        </Stack>
      </Card>
      {daily.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>Todavía no hay pedidos completados con este enlace.</Trans>
        </Text>
      ) : (
        <AffiliateDailyTable daily={daily} currency={currency} />
      )}
    </Stack>
  );
}
