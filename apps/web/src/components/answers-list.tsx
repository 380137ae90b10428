import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { AnsweredQuestion } from '@taquilla/shared/schemas/orders';

/** A question's answer as text: lists joined, yes/no for checkboxes. */
export function useAnswerText() {
  const { t } = useLingui();
  return (value: unknown): string => {
    if (Array.isArray(value)) return value.join(', ');
    if (typeof value === 'boolean') return value ? t`Sí` : t`No`;
    return value === null || value === undefined ? '' : String(value);
  };
}

/** The answers given, under each question's title (questions left unanswered are not shown). */
export function AnswersList(props: { questions: AnsweredQuestion[]; answers: Record<string, unknown> }) {
  const text = useAnswerText();
  const answered = props.questions.filter((q) => text(props.answers[q.id]) !== '');
  if (answered.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Sin respuestas.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {answered.map((q) => (
        <div key={q.id}>
          <Text size="xs" c="dimmed">
            {q.title}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {text(props.answers[q.id])}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
