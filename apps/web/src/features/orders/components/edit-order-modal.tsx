import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { isEmail, isPersonName } from '../../../lib/person-rules.ts';
import { isUnanswered, QuestionField } from '../../checkout/components/question-field.tsx';
import { useEditOrder } from '../api.ts';

/** Corrects the buyer's name and e-mail and the answers to every per-order question, of any type. */
export function EditOrderModal(props: { order: OrganizerOrder; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const edit = useEditOrder(props.order.event_id);
  const { order } = props;
  const questions = order.questions.filter((q) => q.belongs_to === 'ORDER');
  const nameRule = (v: string) => (isPersonName(v) ? null : t`Debe tener entre 1 y 50 caracteres.`);
  const form = useForm({
    initialValues: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
      answers: Object.fromEntries(questions.map((q) => [q.id, order.answers[q.id]])) as Record<
        string,
        unknown
      >,
    },
    validate: {
      answers: Object.fromEntries(
        questions.map((q) => [
          q.id,
          (v: unknown) => (q.required && isUnanswered(v) ? t`Esta pregunta es obligatoria.` : null),
        ]),
      ),
      first_name: nameRule,
      last_name: nameRule,
      email: (v) => (isEmail(v) ? null : t`Introduce un correo electrónico válido.`),
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
          // Unanswered questions are left out, as checkout leaves them out; answers to questions deleted
          // since the sale are not sent back (the server would refuse them; it keeps them as they were).
          answers: Object.fromEntries(
            Object.entries(v.answers).filter(([, a]) => !isUnanswered(a)),
          ) as Record<string, string | boolean | string[]>,
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
          {questions.map((q) => (
            <QuestionField
              key={q.id}
              question={q}
              value={form.values.answers[q.id]}
              error={form.errors[`answers.${q.id}`]}
              onChange={(value) => form.setFieldValue(`answers.${q.id}`, value)}
            />
          ))}
          <FormActions onCancel={props.onClose} loading={edit.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
