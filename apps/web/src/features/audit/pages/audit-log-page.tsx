import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@taquilla/shared';
import {
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  updateAuditSettingsSchema,
} from '@taquilla/shared/schemas/audit';
import { Fragment, useEffect, useState } from 'react';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPagination, useLastPageClamp } from '../../../components/list-pagination.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { EmptyState } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { AccountPage } from '../../team/components/account-page.tsx';
import {
  type AuditRow,
  auditActionsQuery,
  auditKey,
  auditSettingsQuery,
  eventChoicesQuery,
  memberChoicesQuery,
  saveAuditSettings,
  useAuditLog,
} from '../api.ts';
import { AuditChanges } from '../components/audit-changes.tsx';

/** /account/activity: who changed what, when and from where (admins: `audit:read`). */
export function AuditLogPage() {
  return (
    <AccountPage permission="audit:read" maw={1100}>
      <AuditLog />
    </AccountPage>
  );
}

/** A day (YYYY-MM-DD) in the browser's zone as the instant it starts, or the instant the next one starts. */
const dayStart = (day: string, next = false) => {
  const d = new Date(`${day}T00:00:00`);
  if (next) d.setDate(d.getDate() + 1);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

function AuditLog() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const timeZone = me.data?.account.timezone ?? 'Europe/Madrid';
  // Page and filters live in the address (useListParams).
  const { page, param, setParam, setFilter, setPage } = useListParams();
  const action = param('action');
  const actor = param('actor');
  const event = param('event');
  const from = param('from');
  const to = param('to');
  const filters: ListQuery['filters'] = {
    ...(action ? { action: { eq: action } } : {}),
    ...(actor ? { actor_user_id: { eq: actor } } : {}),
    ...(event ? { event_id: { eq: event } } : {}),
    ...(from || to
      ? {
          created_at: { ...(from ? { gte: dayStart(from) } : {}), ...(to ? { lt: dayStart(to, true) } : {}) },
        }
      : {}),
  };
  const list = useAuditLog({ page, filters });
  const actions = useQuery(auditActionsQuery);
  const members = useQuery(memberChoicesQuery);
  const events = useQuery(eventChoicesQuery);
  const [open, setOpen] = useState<string | null>(null);

  useLastPageClamp(list.data?.meta, page, (last) => setParam({ page: last > 1 ? String(last) : null }));

  // A list that failed keeps the page around it (filters) and offers «Reintentar» in place.
  const rows = list.data?.data ?? [];
  const filtered = Boolean(action || actor || event || from || to);

  const who = (e: AuditRow) =>
    e.actor.type === 'SYSTEM'
      ? t`Sistema`
      : e.actor.type === 'API_KEY'
        ? t`Clave de API «${e.actor.name ?? e.actor.api_key_id}»`
        : (e.actor.name ?? e.actor.email ?? '—');
  const what = (e: AuditRow) => e.target_label ?? e.target_id ?? '';
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const Chevron = ({ id }: { id: string }) =>
    open === id ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />;
  const where = (e: AuditRow) => (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {[e.ip, e.user_agent].filter(Boolean).join(' · ')}
    </Text>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          <Trans>
            Quién cambió qué, cuándo y desde dónde: pagos, equipo, reembolsos, cancelaciones, exportaciones de
            datos personales, publicación de eventos, enlaces de acceso, claves y webhooks. Los secretos nunca
            se guardan.
          </Trans>
        </Text>
        <ExportButton path="audit-log/export" query={{ filters }} filename={t`registro-de-actividad`} />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t`Acción`}
          placeholder={t`Todas`}
          data={(actions.data ?? []).map((a) => ({ value: a.action, label: a.label }))}
          value={action || null}
          onChange={(v) => setFilter('action', v)}
          clearable
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label={t`Quién`}
          placeholder={t`Todos`}
          data={(members.data ?? []).map((m) => ({
            value: m.id,
            label: `${m.first_name} ${m.last_name}`.trim() || m.email,
          }))}
          value={actor || null}
          onChange={(v) => setFilter('actor', v)}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t`Evento`}
          placeholder={t`Todos`}
          data={(events.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          value={event || null}
          onChange={(v) => setFilter('event', v)}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput
          type="date"
          label={t`Desde`}
          value={from}
          onChange={(e) => setFilter('from', e.currentTarget.value)}
          w={{ base: 'calc(50% - 6px)', xs: 160 }}
        />
        <TextInput
          type="date"
          label={t`Hasta`}
          value={to}
          onChange={(e) => setFilter('to', e.currentTarget.value)}
          w={{ base: 'calc(50% - 6px)', xs: 160 }}
        />
      </Group>
      {list.isError ? (
        <PageError error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconHistory size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={filtered ? <Trans>Nada coincide</Trans> : <Trans>Aún no hay actividad registrada</Trans>}
          text={
            filtered ? (
              <Trans>Prueba con otros filtros o con otras fechas.</Trans>
            ) : (
              <Trans>Cuando alguien del equipo cambie algo que se registra, aparecerá aquí.</Trans>
            )
          }
        />
      ) : (
        <>
          <ListTable
            columns={[
              { label: <Trans>Fecha</Trans> },
              { label: <Trans>Acción</Trans> },
              { label: <Trans>Quién</Trans> },
              { label: <Trans>Sobre</Trans> },
              { label: <Trans>Desde</Trans> },
            ]}
          >
            {rows.map((e) => (
              <Fragment key={e.id}>
                <Table.Tr onClick={() => toggle(e.id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <UnstyledButton
                      fz="sm"
                      aria-expanded={open === e.id}
                      onClick={(ev) => {
                        ev.stopPropagation();
                        toggle(e.id);
                      }}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Chevron id={e.id} />
                        {formatDateTime(e.created_at, timeZone)}
                      </Group>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {e.action_label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{who(e)}</Text>
                    {e.actor.type === 'USER' && e.actor.email && (
                      <Text size="xs" c="dimmed">
                        {e.actor.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {what(e)}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={220}>{where(e)}</Table.Td>
                </Table.Tr>
                {open === e.id && (
                  <Table.Tr>
                    <Table.Td colSpan={5} bg="var(--mantine-color-gray-0)">
                      <AuditChanges changes={e.changes} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </ListTable>
          <Stack gap="sm" hiddenFrom="sm">
            {rows.map((e) => (
              <Card key={e.id} withBorder radius="md" p="sm" data-testid="audit-entry">
                <UnstyledButton onClick={() => toggle(e.id)} aria-expanded={open === e.id} w="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {e.action_label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(e.created_at, timeZone)} · {who(e)}
                      </Text>
                      {what(e) && (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {what(e)}
                        </Text>
                      )}
                    </Stack>
                    <Chevron id={e.id} />
                  </Group>
                </UnstyledButton>
                <Collapse expanded={open === e.id}>
                  <Stack gap="xs" mt="sm">
                    {where(e)}
                    <AuditChanges changes={e.changes} />
                  </Stack>
                </Collapse>
              </Card>
            ))}
          </Stack>
          <ListPagination meta={list.data.meta} page={page} onChange={setPage} />
        </>
      )}
      <Retention />
    </Stack>
  );
}

/** How long entries are kept; older ones are deleted every day. */
function Retention() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settings = useQuery(auditSettingsQuery);
  const [days, setDays] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setDays(settings.data.retention_days);
  }, [settings.data]);
  if (!settings.data) return null;
  const save = async () => {
    setError(null);
    const parsed = updateAuditSettingsSchema.safeParse({ retention_days: Number(days) });
    if (!parsed.success) {
      setError(t`Entre ${AUDIT_RETENTION_MIN_DAYS} y ${AUDIT_RETENTION_MAX_DAYS} días.`);
      return;
    }
    setSaving(true);
    try {
      await saveAuditSettings(parsed.data);
      await queryClient.invalidateQueries({ queryKey: auditKey });
      notifications.show({ color: 'green', message: t`Guardado.` });
    } catch (err) {
      showSubmitError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>
            <Trans>Conservación</Trans>
          </Text>
          <Badge variant="light">
            <Plural value={settings.data.retention_days} one="# día" other="# días" />
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Las entradas más antiguas se borran cada día.</Trans>
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t`Días que se conserva el registro`}
            min={AUDIT_RETENTION_MIN_DAYS}
            max={AUDIT_RETENTION_MAX_DAYS}
            allowDecimal={false}
            clampBehavior="none"
            value={days}
            onChange={setDays}
            error={error}
            w={{ base: '100%', xs: 240 }}
          />
          <Button onClick={() => void save()} loading={saving}>
            <Trans>Guardar</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
