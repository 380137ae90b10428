import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { orderNotesInput } from '@taquilla/shared/schemas/orders';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useOrderNotes } from '../api.ts';

const validate = schemaValidate(orderNotesInput);

/**
 * The organizer's internal notes on the order: kept in the back office only (the buyer never sees them),
 * each saved version a line of the activity log. Read-only for who may not manage orders.
 */
export function OrderNotes({ order }: { order: OrganizerOrder }) {
  const { t } = useLingui();
  const save = useOrderNotes(order.event_id);
  const form = useForm({
    initialValues: { notes: order.organizer_notes },
    validate,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ orderId: order.id, body: values });
      form.setInitialValues({ notes: saved.organizer_notes });
      form.setValues({ notes: saved.organizer_notes });
      notifications.show({ color: 'teal', message: t`Notas guardadas` });
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  if (!order.actions.notes) {
    return order.organizer_notes ? (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-notes">
        {order.organizer_notes}
      </Text>
    ) : (
      <Text size="sm" c="dimmed">
        <Trans>Sin notas.</Trans>
      </Text>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="order-notes">
      <Stack gap="xs">
        <Textarea
          label={t`Notas internas`}
          description={t`Solo las ve tu equipo: nunca aparecen en las páginas ni los correos del comprador.`}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending} disabled={!form.isDirty()}>
            <Trans>Guardar notas</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
