import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { PublicAttendee } from '@taquilla/shared';
import { formatDateTime } from '@taquilla/shared/dates';
import type { TicketChangeActions } from '@taquilla/shared/schemas/ticket-changes';
import { localeOptions } from '../../../lib/locale.ts';
import classes from '../components/public.module.css';
import { HolderEditFields, type HolderEditForm } from './holder-edit-form.tsx';

/** A line the server wrote after a form was sent: what was done, or why not (translated there). */
export interface PageNotice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The holder's changes on the ticket page, as plain forms (the page runs no script): fix the name and the
 * answers, pass
 * the ticket on. The server says what is allowed now and until when; each form posts to the page's own
 * address and the server answers with the page again.
 */
export function TicketChanges(props: {
  base: string;
  timezone: string;
  attendee: PublicAttendee;
  changes: TicketChangeActions;
  /** The edit form just refused: shown open, with what was typed and each field's reason. */
  edit?: HolderEditForm | null;
}) {
  const { t, i18n } = useLingui();
  const { changes, attendee } = props;
  const until = (iso: string) => formatDateTime(iso, props.timezone, i18n.locale);
  const editUntil = changes.edit_until;
  const transferUntil = changes.transfer_until;
  if (!changes.can_edit && !changes.can_transfer && !changes.transfer_blocked_reason) return null;
  return (
    <Stack gap="sm" data-testid="ticket-changes">
      {changes.can_edit && editUntil && (
        <Paper withBorder p="md" radius="md">
          <details open={Boolean(props.edit)}>
            <summary className={classes.noticeTitle}>
              <Trans>Cambiar el nombre o las respuestas</Trans>
            </summary>
            <HolderEditFields
              action={`${props.base}/holder`}
              until={until(editUntil)}
              attendee={attendee}
              questions={changes.questions}
              sent={props.edit ?? null}
            />
          </details>
        </Paper>
      )}
      {changes.can_transfer && transferUntil ? (
        <Paper withBorder p="md" radius="md">
          <details>
            <summary className={classes.noticeTitle}>
              <Trans>Transferir la entrada</Trans>
            </summary>
            <form method="post" action={`${props.base}/transfer`}>
              <Stack gap="xs" mt="sm">
                <Text size="sm">
                  <Trans>
                    La entrada pasará a otra persona con un código nuevo; este dejará de servir para entrar.
                    Puedes hacerlo hasta el {until(transferUntil)}.
                  </Trans>
                </Text>
                <TextInput name="first_name" label={t`Nombre de la otra persona`} required />
                <TextInput name="last_name" label={t`Apellidos`} required />
                <TextInput name="email" type="email" label={t`Su correo electrónico`} required />
                <NativeSelect
                  name="locale"
                  label={t`Idioma de su correo`}
                  defaultValue={i18n.locale}
                  data={localeOptions()}
                />
                <Button type="submit" color="red" variant="light">
                  <Trans>Transferir</Trans>
                </Button>
              </Stack>
            </form>
          </details>
        </Paper>
      ) : (
        changes.transfer_blocked_reason && (
          <Text size="sm" c="dimmed" data-testid="transfer-blocked">
            {changes.transfer_blocked_reason}
          </Text>
        )
      )}
    </Stack>
  );
}

export function Notice({ notice }: { notice: PageNotice }) {
  return (
    <Alert color={notice.tone === 'success' ? 'teal' : 'red'} role="status" data-testid="page-notice">
      {notice.text}
    </Alert>
  );
}
