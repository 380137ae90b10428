import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { type OrderUpdateInput, orderUpdateInput } from '@taquilla/shared/schemas/orders';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { givenAnswers, QuestionField, unansweredErrors } from '../../checkout/components/question-field.tsx';
import { useEditOrder } from '../api.ts';

type Values = { first_name: string; last_name: string; email: string; answers: Record<string, unknown> };

/**
 * What the form sends. Unanswered questions are left out, as checkout leaves them out; answers to
 * questions deleted since the sale are not sent back (the server would refuse them; it keeps them).
 */
const orderBody = (v: Values): OrderUpdateInput => ({
  first_name: v.first_name.trim(),
  last_name: v.last_name.trim(),
  email: v.email.trim(),
  answers: givenAnswers(v.answers),
});
const validateOrder = schemaValidate<Values>(orderUpdateInput, { toInput: orderBody });

/** Corrects the buyer's name and e-mail and the answers to every per-order question, of any type. */
export function EditOrderModal(props: { order: OrganizerOrder; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const edit = useEditOrder(props.order.event_id);
  const { order } = props;
  const questions = order.questions.filter((q) => q.belongs_to === 'ORDER');
  const form = useForm<Values>({
    initialValues: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
      answers: Object.fromEntries(questions.map((q) => [q.id, order.answers[q.id]])),
    },
    validate: (v) => ({ ...validateOrder(v), ...unansweredErrors(questions, v.answers, 'answers') }),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await edit.mutateAsync({ orderId: order.id, body: orderBody(v) });
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
