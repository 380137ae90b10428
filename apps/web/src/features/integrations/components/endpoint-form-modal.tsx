import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  type CreateWebhookInput,
  createWebhookSchema,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@taquilla/shared/schemas/webhooks';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { createWebhook, eventChoicesQuery, updateWebhook } from '../api.ts';
import { EVENT_TYPE_GROUPS } from './labels.ts';

const validate = schemaValidate(createWebhookSchema);

/**
 * Creates an endpoint (then `onCreated` gets its secret, answered only now) or edits one: the address,
 * the event types as grouped checkboxes, and optionally the events it is limited to.
 */
export function EndpointFormModal(props: {
  opened: boolean;
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onSaved: (created?: WebhookEndpointWithSecret) => void;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const events = useQuery({ ...eventChoicesQuery, enabled: props.opened });
  const form = useForm<Required<CreateWebhookInput>>({
    initialValues: {
      url: props.endpoint?.url ?? '',
      description: props.endpoint?.description ?? '',
      event_types: props.endpoint?.event_types ?? [],
      event_ids: props.endpoint?.event_ids ?? [],
    },
    validate,
  });

  const submit = async (values: Required<CreateWebhookInput>) => {
    setBusy(true);
    try {
      const body = { ...values, url: values.url.trim(), description: values.description.trim() };
      if (props.endpoint) {
        await updateWebhook(props.endpoint.id, body);
        props.onSaved();
      } else {
        props.onSaved(await createWebhook(body));
        form.reset();
      }
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.endpoint ? t`Editar webhook` : t`Añadir webhook`}
      size="xl"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t`URL del destino`}
            placeholder="https://example.com/webhooks/taquilla"
            required
            type="url"
            {...form.getInputProps('url')}
          />
          <TextInput
            label={t`Descripción`}
            description={t`Para reconocerlo, p. ej. «Contabilidad».`}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group
            label={t`Tipos de evento`}
            description={t`Se enviará un mensaje cada vez que ocurra uno de los elegidos.`}
            required
            {...form.getInputProps('event_types')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {EVENT_TYPE_GROUPS.map((group) => (
                <Fieldset key={group.types[0]?.[0]} legend={i18n._(group.label)} variant="filled" p="sm">
                  <Stack gap={6}>
                    {group.types.map(([type, label]) => (
                      <Checkbox key={type} value={type} label={i18n._(label)} description={type} />
                    ))}
                  </Stack>
                </Fieldset>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <MultiSelect
            label={t`Limitar a estos eventos`}
            description={t`Sin elegir ninguno: todos los eventos de la cuenta.`}
            placeholder={form.values.event_ids.length ? undefined : t`Todos los eventos`}
            searchable
            clearable
            nothingFoundMessage={t`Ningún evento coincide.`}
            data={(events.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            {...form.getInputProps('event_ids')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t`Cancelar`}
            </Button>
            <Button type="submit" loading={busy}>
              {props.endpoint ? t`Guardar` : t`Añadir webhook`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
