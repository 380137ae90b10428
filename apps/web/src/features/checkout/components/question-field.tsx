import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { PublicQuestion } from '@taquilla/shared';

/** One checkout question rendered by type; values are strings, string lists (multi) or booleans. */
export function QuestionField(props: {
  question: Pick<PublicQuestion, 'title' | 'description' | 'type' | 'options' | 'required'>;
  value: unknown;
  error?: React.ReactNode;
  onChange: (value: unknown) => void;
}) {
  const { question: q, value, error, onChange } = props;
  const { t } = useLingui();
  const common = {
    label: q.title,
    description: q.description ?? undefined,
    required: q.required,
    error,
  };
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as string[]) : [];

  switch (q.type) {
    case 'MULTI_LINE_TEXT':
    case 'ADDRESS':
      return (
        <Textarea
          {...common}
          autosize
          minRows={q.type === 'ADDRESS' ? 3 : 2}
          value={text}
          autoComplete={q.type === 'ADDRESS' ? 'street-address' : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'CHECKBOX':
      if (q.options.length === 0) {
        return (
          <Checkbox
            label={q.title}
            description={q.description ?? undefined}
            error={error}
            checked={value === true}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
        );
      }
      return (
        <Checkbox.Group {...common} value={list} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'MULTI_SELECT':
      return (
        <Checkbox.Group {...common} value={list} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'DROPDOWN':
      return (
        <NativeSelect
          {...common}
          value={text}
          data={[
            { value: '', label: t`Elige una opción` },
            ...q.options.map((o) => ({ value: o, label: o })),
          ]}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATE':
      return (
        <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type="tel"
          autoComplete="tel"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** True when a required question has no answer. */
/**
 * The asked questions that are required and still unanswered, under `{prefix}.{question id}` as the server
 * names them (it checks every answer again, its type and options too).
 */
export function unansweredErrors(
  questions: readonly { id: string; required: boolean }[],
  answers: Record<string, unknown>,
  prefix: string,
): Record<string, string> {
  return Object.fromEntries(
    questions
      .filter((q) => q.required && isUnanswered(answers[q.id]))
      .map((q) => [`${prefix}.${q.id}`, i18n._(msg`Esta pregunta es obligatoria.`)]),
  );
}

/** The answers worth sending: unanswered questions are left out, as checkout leaves them out. */
export const givenAnswers = (answers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(answers).filter(([, a]) => !isUnanswered(a))) as Record<
    string,
    string | boolean | string[]
  >;

export function isUnanswered(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
