import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconEyeOff, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { useCan } from '../../../lib/current-user.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { TicketStatusBadge } from './status-badge.tsx';

export function TicketCard(props: {
  ticket: Ticket;
  currency: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const canManage = useCan('events:manage');
  const { ticket, currency } = props;
  const typeLabel = {
    PAID: t`De pago`,
    FREE: t`Gratuita`,
    DONATION: t`Donación`,
    TIERED: t`Por tramos`,
  }[ticket.type];
  const price = (cents: number) =>
    ticket.type === 'FREE'
      ? t`Gratis`
      : ticket.type === 'DONATION'
        ? t`Desde ${formatMoney(cents, currency)}`
        : formatMoney(cents, currency);
  const left = (n: number | null) => (n === null ? t`Ilimitadas` : formatNumber(n));
  const hasSales = ticket.quantity_sold + ticket.quantity_reserved > 0;

  return (
    <Card withBorder radius="md" padding="md" data-testid="ticket-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} truncate>
                {ticket.name}
              </Text>
              <TicketStatusBadge status={ticket.status} />
            </Group>
            <Group gap={6}>
              <Badge variant="outline" color="gray" size="xs">
                {typeLabel}
              </Badge>
              {ticket.hidden_unless_promo_code && (
                <Badge variant="outline" color="grape" size="xs" leftSection={<IconLock size={10} />}>
                  <Trans>Con código</Trans>
                </Badge>
              )}
              {ticket.is_hidden && (
                <Badge variant="outline" color="dark" size="xs" leftSection={<IconEyeOff size={10} />}>
                  <Trans>Oculta</Trans>
                </Badge>
              )}
            </Group>
          </Stack>
          {canManage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t`Acciones de ${ticket.name}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={props.onEdit}>
                  <Trans>Editar</Trans>
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconTrash size={16} />}
                  color="red"
                  disabled={hasSales}
                  onClick={props.onDelete}
                >
                  {hasSales ? <Trans>Tiene ventas: ocúltala en su lugar</Trans> : <Trans>Eliminar</Trans>}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Stack gap={6} hiddenFrom="sm">
          {ticket.prices.map((p) => (
            <Stack key={p.id} gap={0} pt={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500}>
                  {ticket.type === 'TIERED' ? `${p.label} · ${price(p.price_cents)}` : price(p.price_cents)}
                </Text>
                {ticket.type === 'TIERED' && <TicketStatusBadge status={p.status} size="xs" />}
              </Group>
              <Text size="xs" c="dimmed">
                <Trans>
                  Vendidas {formatNumber(p.quantity_sold)} · Reservadas {formatNumber(p.quantity_reserved)} ·
                  Disponibles {left(p.quantity_remaining)}
                </Trans>
              </Text>
            </Stack>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={420} visibleFrom="sm">
          <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {ticket.type === 'TIERED' && (
                  <Table.Th>
                    <Trans>Tramo</Trans>
                  </Table.Th>
                )}
                <Table.Th>
                  <Trans>Precio</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Vendidas</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Reservadas</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Disponibles</Trans>
                </Table.Th>
                {ticket.type === 'TIERED' && (
                  <Table.Th>
                    <Trans>Estado</Trans>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ticket.prices.map((p) => (
                <Table.Tr key={p.id}>
                  {ticket.type === 'TIERED' && (
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {p.label}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>{price(p.price_cents)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(p.quantity_sold)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(p.quantity_reserved)}</Table.Td>
                  <Table.Td ta="right">{left(p.quantity_remaining)}</Table.Td>
                  {ticket.type === 'TIERED' && (
                    <Table.Td>
                      <TicketStatusBadge status={p.status} size="xs" />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
