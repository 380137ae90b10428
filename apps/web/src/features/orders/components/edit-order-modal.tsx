import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useEditOrder } from '../api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Corrects the buyer's name and e-mail and the answers to the order's text questions. */
export function EditOrderModal(props: { order: OrganizerOrder; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const edit = useEditOrder(props.order.event_id);
  const { order } = props;
  const textQuestions = order.questions.filter(
    (q) =>
      q.belongs_to === 'ORDER' &&
      ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'PHONE', 'DATE', 'ADDRESS'].includes(q.type),
  );
  const nameRule = (v: string) =>
    v.trim().length >= 1 && v.trim().length <= 50 ? null : t`Debe tener entre 1 y 50 caracteres.`;
  const form = useForm({
    initialValues: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
      answers: Object.fromEntries(textQuestions.map((q) => [q.id, String(order.answers[q.id] ?? '')])),
    },
    validate: {
      first_name: nameRule,
      last_name: nameRule,
      email: (v) => (EMAIL.test(v.trim()) ? null : t`Introduce un correo electrónico válido.`),
    },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await edit.mutateAsync({
        orderId: order.id,
        body: {
          first_name: v.first_name.trim(),
          last_name: v.last_name.trim(),
          email: v.email.trim(),
          answers: { ...(order.answers as Record<string, string>), ...v.answers },
        },
      });
      notifications.show({ color: 'teal', message: t`Pedido actualizado` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={t`Editar pedido`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`Nombre`} required data-autofocus {...form.getInputProps('first_name')} />
          <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
          <TextInput label={t`Correo electrónico`} type="email" required {...form.getInputProps('email')} />
          {textQuestions.map((q) => (
            <TextInput key={q.id} label={q.title} {...form.getInputProps(`answers.${q.id}`)} />
          ))}
          <FormActions onCancel={props.onClose} loading={edit.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
