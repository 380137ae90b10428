import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type AttendeeUpdateInput,
  attendeeUpdateInput,
  type ManageAttendee,
  type ManageAttendeeDetail,
} from '@taquilla/shared/schemas/attendees';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { givenAnswers, QuestionField, unansweredErrors } from '../../checkout/components/question-field.tsx';
import { useAttendee, useUpdateAttendee } from '../api.ts';

type Question = ManageAttendeeDetail['questions'][number];
type Values = { first_name: string; last_name: string; email: string; answers: Record<string, unknown> };

/** What the form sends; the answers only when the event asks the holder anything. */
const attendeeBody = (v: Values, questions: Question[]): AttendeeUpdateInput => ({
  first_name: v.first_name.trim(),
  last_name: v.last_name.trim(),
  email: v.email.trim(),
  ...(questions.length ? { answers: givenAnswers(v.answers) } : {}),
});
const validateAttendee = schemaValidate<AttendeeUpdateInput>(attendeeUpdateInput);

/**
 * Corrects who holds a ticket and their answers to the questions checkout asked for it (checked again by
 * the server as checkout checks them); the ticket and its QR code stay the same.
 */
export function AttendeeForm(props: { eventId: string; attendee: ManageAttendee; onClose: () => void }) {
  const detail = useAttendee(props.eventId, props.attendee.id);
  const questions = detail.data?.questions.filter((q) => q.belongs_to === 'ATTENDEE');
  // The form waits for the questions so their answers start from what is stored.
  return questions ? <HolderForm {...props} questions={questions} /> : null;
}

function HolderForm(props: {
  eventId: string;
  attendee: ManageAttendee;
  questions: Question[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const update = useUpdateAttendee(props.eventId);
  const a = props.attendee;
  const { questions } = props;
  const form = useForm<Values>({
    initialValues: {
      first_name: a.first_name,
      last_name: a.last_name,
      email: a.email,
      answers: Object.fromEntries(questions.map((q) => [q.id, a.answers[q.id]])),
    },
    validate: (v) => ({
      ...validateAttendee(attendeeBody(v, questions)),
      ...unansweredErrors(questions, v.answers, 'answers'),
    }),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await update.mutateAsync({ id: a.id, ...attendeeBody(v, questions) });
      notifications.show({ color: 'teal', message: t`Asistente actualizado` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={t`Editar asistente`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>
              Entrada {a.ticket_name} · {a.short_id}. El código QR no cambia.
            </Trans>
          </Text>
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
          <FormActions onCancel={props.onClose} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
