import { Trans, useLingui } from '@lingui/react/macro';
import {
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import {
  type Organizer,
  type UpdateOrganizerInput,
  updateOrganizerSchema,
} from '@taquilla/shared/schemas/organizers';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useOrganizerLogo, useUpdateOrganizer } from '../api.ts';
import { showUploadError } from '../lib/upload-error.ts';

type Values = { name: string; email: string; website: string; description: string };

const organizerBody = (v: Values): UpdateOrganizerInput => ({
  name: v.name.trim(),
  email: v.email.trim(),
  website: v.website.trim(),
  description: v.description.trim() || null,
});
const validateOrganizer = schemaValidate<Values>(updateOrganizerSchema, { toInput: organizerBody });

/** The organizer's public details, editable in place on its events page. */
export function OrganizerDetails({ organizer }: { organizer: Organizer }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const update = useUpdateOrganizer(organizer.id);
  const logo = useOrganizerLogo(organizer.id);
  const form = useForm<Values>({
    initialValues: {
      name: organizer.name,
      email: organizer.email ?? '',
      website: organizer.website ?? '',
      description: organizer.description ?? '',
    },
    validate: validateOrganizer,
  });
  const save = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(organizerBody(values));
      notifications.show({ color: 'teal', message: t`Organizador guardado` });
      setEditing(false);
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  const changeLogo = async (file: File | null) => {
    try {
      await logo.mutateAsync(file);
    } catch (error) {
      showUploadError(error);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} align="center">
          <Avatar src={organizer.logo_url} size={72} radius="md" color="blue">
            {organizer.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <FileButton onChange={changeLogo} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button
                {...props}
                size="compact-xs"
                variant="subtle"
                leftSection={<IconUpload size={12} />}
                loading={logo.isPending}
              >
                <Trans>Logo</Trans>
              </Button>
            )}
          </FileButton>
        </Stack>
        {editing ? (
          <form onSubmit={save} style={{ flex: 1 }} noValidate>
            <Stack gap="xs">
              <TextInput label={t`Nombre`} required {...form.getInputProps('name')} />
              <Group grow wrap="wrap">
                <TextInput
                  label={t`Correo electrónico`}
                  type="email"
                  miw={200}
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label={t`Sitio web`}
                  placeholder="https://"
                  miw={200}
                  {...form.getInputProps('website')}
                />
              </Group>
              <Textarea label={t`Descripción`} autosize minRows={2} {...form.getInputProps('description')} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  <Trans>Cancelar</Trans>
                </Button>
                <Button type="submit" loading={update.isPending}>
                  <Trans>Guardar</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h3">
                {organizer.name}
              </Title>
              <Button variant="light" size="xs" onClick={() => setEditing(true)}>
                <Trans>Editar</Trans>
              </Button>
            </Group>
            {(organizer.email || organizer.website) && (
              <Text size="sm" c="dimmed" truncate>
                {[organizer.email, organizer.website].filter(Boolean).join(' · ')}
              </Text>
            )}
            {organizer.description && (
              <Text size="sm" lineClamp={3}>
                {organizer.description}
              </Text>
            )}
          </Stack>
        )}
      </Group>
    </Card>
  );
}
