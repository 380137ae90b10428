import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconSearch, IconTrash, IconUserSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  KEPT_ON_ERASURE,
  PERSONAL_DATA_KINDS,
  type PrivacyPersonSummary,
  privacyPersonSchema,
} from '@taquilla/shared/schemas/privacy';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { downloadPersonalData, lookupPerson, privacyRequestsKey } from '../api.ts';
import { EraseModal } from './erase-modal.tsx';
import { KIND_LABEL } from './labels.ts';

const validate = schemaValidate(privacyPersonSchema);

/** Finds what the account holds about one e-mail, and offers its export and its erasure. */
export function PersonSearch() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<PrivacyPersonSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [erasing, setErasing] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate,
  });

  const search = async (values: { email: string }) => {
    setBusy(true);
    try {
      setSummary(await lookupPerson(values.email));
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    if (!summary) return;
    setDownloading(true);
    try {
      await downloadPersonalData(summary.email);
      await queryClient.invalidateQueries({ queryKey: privacyRequestsKey });
    } catch (error) {
      showSubmitError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack>
        <div>
          <Title order={2} fz="lg">{t`Datos de una persona`}</Title>
          <Text size="sm" c="dimmed">
            {t`Busca por correo todo lo que la cuenta guarda de una persona en sus eventos: para entregárselo (derecho de acceso y portabilidad) o borrarlo (derecho de supresión).`}
          </Text>
        </div>
        <form onSubmit={form.onSubmit(search)} noValidate>
          <Group align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={t`Correo electrónico`}
              type="email"
              placeholder="nombre@ejemplo.com"
              style={{ flex: '1 1 240px' }}
              {...form.getInputProps('email')}
            />
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconSearch size={18} />}
              mt={{ base: 0, xs: 25 }}
            >
              {t`Buscar`}
            </Button>
          </Group>
        </form>
        {summary &&
          (summary.total === 0 ? (
            <Stack align="center" gap="xs" py="md" data-testid="privacy-empty">
              <IconUserSearch size={32} stroke={1.5} />
              <Text c="dimmed" ta="center">
                {t`La cuenta no guarda ningún dato de ${summary.email}.`}
              </Text>
            </Stack>
          ) : (
            <Stack data-testid="privacy-summary">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t`Lo que se guarda de ${summary.email}`}
              </Text>
              <Table>
                <Table.Tbody>
                  {PERSONAL_DATA_KINDS.map((kind) => (
                    <Table.Tr key={kind}>
                      <Table.Td>
                        {i18n._(KIND_LABEL[kind])}
                        {KEPT_ON_ERASURE.includes(kind) && (summary.held[kind] ?? 0) > 0 && (
                          <Badge ml="xs" size="xs" variant="light" color="gray">{t`se conserva`}</Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" w={60}>
                        {summary.held[kind] ?? 0}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="flex-end" wrap="wrap">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={18} />}
                  loading={downloading}
                  onClick={() => void download()}
                >
                  {t`Descargar sus datos (JSON)`}
                </Button>
                <Button color="red" leftSection={<IconTrash size={18} />} onClick={() => setErasing(true)}>
                  {t`Borrar sus datos`}
                </Button>
              </Group>
            </Stack>
          ))}
      </Stack>
      <EraseModal
        summary={erasing ? summary : null}
        onClose={() => setErasing(false)}
        onErased={async () => {
          setErasing(false);
          if (summary) setSummary(await lookupPerson(summary.email));
          await queryClient.invalidateQueries({ queryKey: privacyRequestsKey });
        }}
      />
    </Card>
  );
}
