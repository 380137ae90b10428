import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, List, Loader, Text } from '@mantine/core';
import type { CheckInConflict, CheckInList } from '@taquilla/shared/schemas/check-in';
import { useState } from 'react';
import { PageError } from '../../../components/page-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCheckInConflicts } from '../api.ts';

/**
 * Scans doors made offline that the server could not keep (the same ticket let in twice, or a ticket
 * cancelled or unpaid meanwhile): shown to the organizer on the list's card, nothing silently dropped.
 */
export function CheckInConflicts(props: { eventId: string; list: CheckInList; timezone: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const conflicts = useCheckInConflicts(props.eventId, props.list.id, open);
  if (!props.list.conflicts_count) return null;
  const reason: Record<CheckInConflict['reason'], string> = {
    ALREADY_CHECKED_IN: t`ya había entrado`,
    CANCELLED: t`entrada cancelada`,
    AWAITING_PAYMENT: t`entrada sin pagar`,
    NOT_COVERED: t`entrada no válida en esta lista`,
    TRANSFERRED: t`código anulado: la entrada se transfirió`,
    WRONG_DATE: t`entrada de otra fecha`,
  };
  const when = (iso: string) => formatDateTime(iso, props.timezone);
  return (
    <Alert
      color="orange"
      variant="light"
      data-testid="check-in-conflicts"
      title={t`Lecturas sin conexión en conflicto`}
    >
      <Text size="sm">
        <Plural
          value={props.list.conflicts_count}
          one="Una lectura hecha sin conexión no se pudo aceptar. Revísala: la persona pudo entrar."
          other="# lecturas hechas sin conexión no se pudieron aceptar. Revísalas: la persona pudo entrar."
        />
      </Text>
      {!open ? (
        <Button size="xs" variant="subtle" color="orange.9" px={0} onClick={() => setOpen(true)}>
          <Trans>Ver conflictos</Trans>
        </Button>
      ) : conflicts.error ? (
        <PageError error={conflicts.error} />
      ) : !conflicts.data ? (
        <Loader size="xs" />
      ) : (
        <List size="sm" mt="xs" spacing={4}>
          {conflicts.data.map((c) => (
            <List.Item key={c.id}>
              {c.attendee.first_name} {c.attendee.last_name} ({c.attendee.ticket_name}):{' '}
              {c.reason === 'WRONG_DATE' && c.attendee.date_starts_at
                ? t`entrada del ${when(c.attendee.date_starts_at)}`
                : reason[c.reason]}{' '}
              · <Trans>leída {when(c.scanned_at)}</Trans>
              {c.kept_scanned_at && (
                <>
                  {' · '}
                  <Trans>se mantiene la lectura de {when(c.kept_scanned_at)}</Trans>
                </>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
