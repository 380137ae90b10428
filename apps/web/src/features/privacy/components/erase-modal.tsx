import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type PrivacyPersonSummary, privacyEraseSchema } from '@taquilla/shared/schemas/privacy';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { erasePerson } from '../api.ts';

/** The erasure's confirmation: what goes, what stays, and the address typed again. */
export function EraseModal(props: {
  summary: PrivacyPersonSummary | null;
  onClose: () => void;
  onErased: () => Promise<void>;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const email = props.summary?.email ?? '';
  const form = useForm({
    initialValues: { confirm_email: '' },
    validate: schemaValidate<{ confirm_email: string }>(privacyEraseSchema, {
      toInput: (values) => ({ email, confirm_email: values.confirm_email }),
    }),
  });
  const invoices = props.summary?.held.invoices ?? 0;

  const close = () => {
    form.reset();
    props.onClose();
  };
  const erase = async (values: { confirm_email: string }) => {
    setBusy(true);
    try {
      await erasePerson(email, values.confirm_email);
      notifications.show({ color: 'teal', message: t`Datos de ${email} borrados.` });
      form.reset();
      await props.onErased();
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={props.summary !== null} onClose={close} title={t`Borrar los datos de una persona`}>
      <form onSubmit={form.onSubmit(erase)} noValidate>
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t`Se borrarán en todos los eventos de la cuenta los datos de ${email}:`}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t`nombres y apellidos, que pasan a «Persona eliminada»;`}</List.Item>
            <List.Item>{t`el correo, que se sustituye por una dirección ficticia que no recibe nada;`}</List.Item>
            <List.Item>{t`respuestas a preguntas, teléfonos, direcciones y datos de factura de los pedidos;`}</List.Item>
            <List.Item>{t`inscripciones en listas de espera (salen de la lista) y entregas de mensajes;`}</List.Item>
            <List.Item>{t`las copias de los correos enviados (los pendientes ya no se envían).`}</List.Item>
          </List>
          <Alert color="gray" title={t`Lo que se conserva`}>
            <Text size="sm">
              {invoices > 0
                ? t`Las facturas y rectificativas emitidas (${invoices}) se conservan tal como se emitieron: la ley obliga a guardarlas. También se conservan los importes de los pedidos y los registros de acceso, ya sin nombre.`
                : t`Se conservan los importes de los pedidos y los registros de acceso, ya sin nombre.`}
            </Text>
          </Alert>
          <Text size="sm" fw={600}>{t`No se puede deshacer.`}</Text>
          <TextInput
            label={t`Escribe el correo otra vez para confirmar`}
            type="email"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('confirm_email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t`Volver`}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t`Borrar definitivamente`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
