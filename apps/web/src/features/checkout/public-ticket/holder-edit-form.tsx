import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Input, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { PublicAttendee } from '@taquilla/shared';
import type { TicketChangeActions } from '@taquilla/shared/schemas/ticket-changes';
import classes from '../components/public.module.css';

type EditableQuestion = TicketChangeActions['questions'][number];

/** The edit form sent back with its errors: what was typed, and each field's reason (the server's). */
export interface HolderEditForm {
  values: {
    first_name: string;
    last_name: string;
    answers?: Record<string, unknown>;
    order_answers?: Record<string, unknown>;
  };
  errors: Record<string, string>;
}

const fieldName = (q: EditableQuestion) =>
  `${q.belongs_to === 'ORDER' ? 'order_answers' : 'answers'}.${q.id}`;

/**
 * The holder's name and answers as a plain form (the page runs no script): every input named as the
 * server reads it, filled with the current answers, or with what was just sent when the server refused it.
 */
export function HolderEditFields(props: {
  action: string;
  until: string;
  attendee: PublicAttendee;
  questions: EditableQuestion[];
  sent: HolderEditForm | null;
}) {
  const { t } = useLingui();
  const { sent, attendee } = props;
  const errors = sent?.errors ?? {};
  const shownValue = (q: EditableQuestion) => {
    const group = q.belongs_to === 'ORDER' ? sent?.values.order_answers : sent?.values.answers;
    return sent && group ? group[q.id] : q.value;
  };
  const orderQuestions = props.questions.filter((q) => q.belongs_to === 'ORDER');
  const ticketQuestions = props.questions.filter((q) => q.belongs_to === 'ATTENDEE');
  return (
    <form method="post" action={props.action} noValidate>
      <Stack gap="xs" mt="sm">
        <Text size="sm">
          <Trans>Puedes corregir el nombre y las respuestas hasta el {props.until}.</Trans>
        </Text>
        <TextInput
          name="first_name"
          label={t`Nombre`}
          defaultValue={sent?.values.first_name ?? attendee.first_name}
          error={errors.first_name}
          required
        />
        <TextInput
          name="last_name"
          label={t`Apellidos`}
          defaultValue={sent?.values.last_name ?? attendee.last_name}
          error={errors.last_name}
          required
        />
        {ticketQuestions.map((q) => (
          <AnswerInput key={q.id} question={q} value={shownValue(q)} error={errors[fieldName(q)]} />
        ))}
        {orderQuestions.length > 0 && (
          <Text size="sm" fw={600} mt="xs">
            <Trans>Datos del pedido</Trans>
          </Text>
        )}
        {orderQuestions.map((q) => (
          <AnswerInput key={q.id} question={q} value={shownValue(q)} error={errors[fieldName(q)]} />
        ))}
        <Button type="submit" variant="light">
          <Trans>Guardar los cambios</Trans>
        </Button>
      </Stack>
    </form>
  );
}

/** One question as a native input (no script): text, choices as radios or boxes, a date, a phone. */
function AnswerInput(props: { question: EditableQuestion; value: unknown; error?: string }) {
  const { t } = useLingui();
  const { question: q, value, error } = props;
  const name = fieldName(q);
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as string[]) : [];
  const common = {
    name,
    label: q.title,
    description: q.description ?? undefined,
    required: q.required,
    error,
  };
  switch (q.type) {
    case 'MULTI_LINE_TEXT':
    case 'ADDRESS':
      return (
        <Textarea
          {...common}
          rows={q.type === 'ADDRESS' ? 3 : 2}
          defaultValue={text}
          autoComplete={q.type === 'ADDRESS' ? 'street-address' : undefined}
        />
      );
    case 'DROPDOWN':
      return (
        <NativeSelect
          {...common}
          defaultValue={text}
          data={[
            { value: '', label: t`Elige una opción` },
            ...q.options.map((o) => ({ value: o, label: o })),
          ]}
        />
      );
    case 'DATE':
      return <TextInput {...common} type="date" defaultValue={text} />;
    case 'PHONE':
      return <TextInput {...common} type="tel" autoComplete="tel" defaultValue={text} />;
    case 'CHECKBOX':
      if (q.options.length === 0) {
        return (
          <div>
            <label className={classes.choice}>
              <input type="checkbox" name={name} value="true" defaultChecked={value === true} />
              <span>{q.title}</span>
            </label>
            {q.description && <Input.Description>{q.description}</Input.Description>}
            {error && <Input.Error mt={4}>{error}</Input.Error>}
          </div>
        );
      }
      return <Choices question={q} name={name} chosen={list} error={error} multiple />;
    case 'MULTI_SELECT':
      return <Choices question={q} name={name} chosen={list} error={error} multiple />;
    case 'RADIO':
      return <Choices question={q} name={name} chosen={[text]} error={error} multiple={false} />;
    default:
      return <TextInput {...common} defaultValue={text} />;
  }
}

/**
 * Radios or check boxes sharing one name, in a labelled group: native inputs (the page loads no styles for
 * Mantine's, and needs no script for these).
 */
function Choices(props: {
  question: EditableQuestion;
  name: string;
  chosen: string[];
  error?: string;
  multiple: boolean;
}) {
  const { question: q } = props;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Input.Label required={q.required} component="span">
          {q.title}
        </Input.Label>
      </legend>
      {q.description && <Input.Description>{q.description}</Input.Description>}
      <Stack gap={6} mt={6}>
        {q.options.map((o) => (
          <label key={o} className={classes.choice}>
            <input
              type={props.multiple ? 'checkbox' : 'radio'}
              name={props.name}
              value={o}
              defaultChecked={props.chosen.includes(o)}
            />
            <span>{o}</span>
          </label>
        ))}
      </Stack>
      {props.error && <Input.Error mt={6}>{props.error}</Input.Error>}
    </fieldset>
  );
}
