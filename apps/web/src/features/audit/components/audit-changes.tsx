import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Code, Table, Text } from '@mantine/core';
import { AUDIT_REDACTED, type AuditChange } from '@taquilla/shared/schemas/audit';

/** The fields entries carry, in words; an unknown field shows its name. */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  status: msg`Estado`,
  role: msg`Rol`,
  organizer_ids: msg`Organizadores`,
  email: msg`Correo electrónico`,
  url: msg`Dirección`,
  description: msg`Descripción`,
  event_types: msg`Tipos de aviso`,
  event_ids: msg`Eventos`,
  secret: msg`Secreto`,
  key: msg`Clave`,
  name: msg`Nombre`,
  permission: msg`Permiso`,
  expires_at: msg`Caduca`,
  payment_providers: msg`Métodos de pago`,
  offline_payment_instructions: msg`Instrucciones de pago offline`,
  stripe_account_id: msg`Cuenta de Stripe`,
  amount_cents: msg`Importe (céntimos)`,
  total_cents: msg`Total (céntimos)`,
  amount_paid_cents: msg`Pagado (céntimos)`,
  reason: msg`Motivo`,
  cancel_order: msg`Cancelar el pedido`,
  format: msg`Formato`,
  filters: msg`Filtros`,
  query: msg`Búsqueda`,
  rows: msg`Filas`,
  require_two_factor: msg`Verificación en dos pasos obligatoria`,
  retention_days: msg`Días que se conserva`,
};

function useValueText() {
  const { t } = useLingui();
  return (value: unknown): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (value === AUDIT_REDACTED) return t`(oculto)`;
    if (value === true) return t`Sí`;
    if (value === false) return t`No`;
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ') || '—';
    if (typeof value === 'object') return JSON.stringify(value);
    // Rich text (offline instructions) reads as its words.
    return String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  };
}

/** What an entry changed: field, before, after. */
export function AuditChanges({ changes }: { changes: Record<string, AuditChange> }) {
  const { i18n } = useLingui();
  const text = useValueText();
  const fields = Object.entries(changes);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Sin cambios de campos que mostrar.</Trans>
      </Text>
    );
  }
  const label = (field: string) => {
    const known = Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
    return known ? i18n._(known) : field;
  };
  return (
    <Table withTableBorder withColumnBorders fz="sm" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">
            <Trans>Campo</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Antes</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Después</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map(([field, change]) => (
          <Table.Tr key={field}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{label(field)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {'before' in change ? text(change.before) : <Code>—</Code>}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {'after' in change ? text(change.after) : <Code>—</Code>}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
