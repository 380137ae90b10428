import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEyeOff, IconLock, IconPlus } from '@tabler/icons-react';
import type { Question } from '@taquilla/shared/schemas/questions';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteQuestion, useQuestions, useSortQuestions, useTickets } from '../api.ts';
import { QuestionForm } from '../components/question-form.tsx';
import { SortableList } from '../components/sortable-list.tsx';
import { QUESTION_TYPE_LABELS } from '../lib/question-types.ts';

export function QuestionsPage() {
  const canManage = useCan('events:manage');
  const { t, i18n } = useLingui();
  const eventId = useParams().eventId!;
  const questions = useQuestions(eventId);
  const tickets = useTickets(eventId);
  const remove = useDeleteQuestion(eventId);
  const sort = useSortQuestions(eventId);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);

  if (questions.isError || tickets.isError) return <PageError error={questions.error ?? tickets.error} />;
  if (!questions.data || !tickets.data) {
    return <PageLoader />;
  }
  const names = new Map(tickets.data.map((x) => [x.id, x.name]));
  const defaults = questions.data.filter((q) => q.is_default);
  const own = questions.data.filter((q) => !q.is_default);
  const list = own;

  const reorder = async (ids: string[]) => {
    try {
      await sort.mutateAsync(ids);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const del = async (q: Question) => {
    if (!window.confirm(t`¿Eliminar la pregunta «${q.title}»?`)) return;
    try {
      await remove.mutateAsync(q.id);
      notifications.show({ color: 'teal', message: t`Pregunta eliminada` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const scope = (q: Question) =>
    q.belongs_to === 'ORDER'
      ? t`Una vez por pedido`
      : q.ticket_ids.length === 0
        ? t`A cada asistente`
        : t`A cada asistente de: ${q.ticket_ids.map((id) => names.get(id) ?? '—').join(', ')}`;

  const row = (q: Question) => (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="question-card"
      bg={q.is_default ? 'gray.0' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{q.title}</Text>
            {q.required && (
              <Badge size="xs" variant="light" color="red">
                <Trans>Obligatoria</Trans>
              </Badge>
            )}
            {q.is_hidden && (
              <Badge size="xs" variant="light" color="dark" leftSection={<IconEyeOff size={10} />}>
                <Trans>Oculta</Trans>
              </Badge>
            )}
            {q.is_default && (
              <Badge size="xs" variant="outline" color="gray" leftSection={<IconLock size={10} />}>
                <Trans>Predeterminada</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {i18n._(QUESTION_TYPE_LABELS[q.type])} · {scope(q)}
          </Text>
          {q.options.length > 0 && (
            <Text size="xs" c="dimmed" truncate>
              {q.options.join(' · ')}
            </Text>
          )}
        </Stack>
        {q.is_default ? (
          <Tooltip label={t`Las preguntas predeterminadas no se pueden editar`}>
            <IconLock size={18} color="var(--mantine-color-gray-5)" />
          </Tooltip>
        ) : (
          <EditDeleteActions
            permission="events:manage"
            name={q.title}
            onEdit={() => setEditing(q)}
            onDelete={() => del(q)}
          />
        )}
      </Group>
    </Card>
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={<Trans>Preguntas</Trans>}
        description={
          <Trans>
            Lo que se pide al comprar: una vez por pedido o a cada asistente de las entradas que elijas.
          </Trans>
        }
        action={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              <Trans>Nueva pregunta</Trans>
            </Button>
          )
        }
      />
      <Stack gap="sm">
        {defaults.map((q) => (
          <div key={q.id}>{row(q)}</div>
        ))}
      </Stack>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          <Trans>Además del nombre y el correo, puedes pedir tallas, alergias, empresa…</Trans>
        </Text>
      ) : (
        <SortableList
          items={list}
          label={(q) => q.title}
          disabled={sort.isPending || !canManage}
          onReorder={reorder}
          render={row}
        />
      )}
      {editing && (
        <QuestionForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          item={editing === 'new' ? null : editing}
          tickets={tickets.data}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
