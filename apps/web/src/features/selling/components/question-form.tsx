import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUESTION_TYPES, type QuestionType } from '@taquilla/shared';
import {
  CHOICE_QUESTION_TYPES,
  type Question,
  type QuestionInput,
  questionInput,
} from '@taquilla/shared/schemas/questions';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useSaveQuestion } from '../api.ts';
import { QUESTION_TYPE_LABELS } from '../lib/question-types.ts';
import { scrollToFirstError } from '../lib/scroll-to-error.ts';
import { TicketSelect } from './ticket-select.tsx';

type Values = Omit<QuestionInput, 'description' | 'ticket_ids' | 'options'> & {
  description: string;
  ticket_ids: string[];
  options: string[];
};

/** What the form sends: blank options are left out, options only for a choice. */
function questionBody(v: Values): QuestionInput {
  const choice = CHOICE_QUESTION_TYPES.includes(v.type);
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    type: v.type,
    belongs_to: v.belongs_to,
    ticket_ids: v.belongs_to === 'ATTENDEE' ? v.ticket_ids : [],
    options: choice ? v.options.map((o) => o.trim()).filter(Boolean) : [],
    required: v.required,
    is_hidden: v.is_hidden,
    show_at_door: v.belongs_to === 'ATTENDEE' && v.show_at_door,
  };
}
const validateQuestion = schemaValidate<QuestionInput>(questionInput);

/** Errors of the sent options (`options.1`) under the typed option they came from, blanks skipped. */
function underTypedOptions<T>(v: Values, errors: Record<string, T>): Record<string, T> {
  const typed = v.options.flatMap((o, i) => (o.trim() ? [i] : []));
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => {
      const at = /^options\.(\d+)$/.exec(key);
      return [at ? `options.${typed[Number(at[1])]}` : key, message];
    }),
  );
}

export function QuestionForm(props: {
  eventId: string;
  item: Question | null;
  tickets: Ticket[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveQuestion(props.eventId);
  const { item } = props;
  const form = useForm<Values>({
    initialValues: {
      title: item?.title ?? '',
      description: item?.description ?? '',
      type: (item?.type ?? 'SINGLE_LINE_TEXT') as QuestionType,
      belongs_to: item?.belongs_to ?? 'ORDER',
      ticket_ids: item?.ticket_ids ?? [],
      options: item?.options.length ? item.options : ['', ''],
      required: item?.required ?? false,
      is_hidden: item?.is_hidden ?? false,
      show_at_door: item?.show_at_door ?? false,
    },
    validate: (v) => underTypedOptions(v, validateQuestion(questionBody(v))),
  });
  const v = form.values;
  const choice = CHOICE_QUESTION_TYPES.includes(v.type);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id, ...questionBody(values) });
      notifications.show({ color: 'teal', message: t`Pregunta guardada` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, { setErrors: (e) => form.setErrors(underTypedOptions(values, e)) });
      scrollToFirstError();
    }
  }, scrollToFirstError);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={item ? t`Editar pregunta` : t`Nueva pregunta`}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Pregunta`}
            placeholder={t`¿Qué talla de camiseta usas?`}
            required
            {...form.getInputProps('title')}
          />
          <Textarea label={t`Texto de ayuda`} autosize minRows={1} {...form.getInputProps('description')} />
          <Select
            label={t`Tipo de respuesta`}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data={QUESTION_TYPES.map((x) => ({ value: x, label: i18n._(QUESTION_TYPE_LABELS[x]) }))}
            {...form.getInputProps('type')}
          />
          {choice && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                <Trans>Opciones</Trans>
              </Text>
              {v.options.map((_, i) => (
                <Group key={i} gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    placeholder={t`Opción ${i + 1}`}
                    aria-label={t`Opción ${i + 1}`}
                    {...form.getInputProps(`options.${i}`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Quitar opción ${i + 1}`}
                    disabled={v.options.length === 1}
                    onClick={() => form.removeListItem('options', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {typeof form.errors.options === 'string' && (
                <Text c="red" size="sm">
                  {form.errors.options}
                </Text>
              )}
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('options', '')}
                style={{ alignSelf: 'flex-start' }}
              >
                <Trans>Añadir opción</Trans>
              </Button>
            </Stack>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Se pregunta</Trans>
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: 'ORDER', label: t`Una vez por pedido` },
                { value: 'ATTENDEE', label: t`A cada asistente` },
              ]}
              {...form.getInputProps('belongs_to')}
            />
          </Stack>
          {v.belongs_to === 'ATTENDEE' && (
            <TicketSelect
              label={t`Solo para estas entradas`}
              placeholder={v.ticket_ids.length ? undefined : t`Todas las entradas`}
              tickets={props.tickets}
              {...form.getInputProps('ticket_ids')}
            />
          )}
          <Switch label={t`Obligatoria`} {...form.getInputProps('required', { type: 'checkbox' })} />
          <Switch
            label={t`Oculta`}
            description={t`Solo la ve el organizador: útil para notas internas.`}
            {...form.getInputProps('is_hidden', { type: 'checkbox' })}
          />
          {v.belongs_to === 'ATTENDEE' && (
            <Switch
              label={t`Mostrar en la puerta`}
              description={t`El personal de acceso ve la respuesta junto al nombre.`}
              {...form.getInputProps('show_at_door', { type: 'checkbox' })}
            />
          )}
          <FormActions onCancel={props.onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
