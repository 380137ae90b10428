import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import type { ManageEventDetail } from '@taquilla/shared/schemas/events';
import { useDeleteImage, useUploadCover } from '../api.ts';
import { showUploadError } from '../lib/upload-error.ts';
import { CoverImage } from './cover-image.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

export function CoverUploader({ event }: { event: ManageEventDetail }) {
  const { t } = useLingui();
  const upload = useUploadCover(event.id);
  const remove = useDeleteImage(event.id);
  const onFile = async (file: File | null) => {
    if (!file) return;
    if (file.size >= MAX_BYTES) {
      notifications.show({ color: 'red', message: t`La imagen debe pesar menos de 5 MB.` });
      return;
    }
    try {
      await upload.mutateAsync(file);
      notifications.show({ color: 'teal', message: t`Portada actualizada` });
    } catch (error) {
      showUploadError(error);
    }
  };
  return (
    <Stack gap="sm">
      <div style={{ maxWidth: 560, borderRadius: 8, overflow: 'hidden' }}>
        <CoverImage cover={event.cover} alt={t`Portada de ${event.name}`} sizes="560px" />
      </div>
      <Text size="sm" c="dimmed">
        <Trans>
          Recomendado: 2160 × 1080 píxeles. JPEG, PNG o WebP, de menos de 5 MB; mínimo 900 × 50 y máximo 4000
          × 4000.
        </Trans>
      </Text>
      <Group gap="xs">
        <FileButton onChange={onFile} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} leftSection={<IconPhotoUp size={18} />} loading={upload.isPending}>
              {event.cover ? <Trans>Cambiar portada</Trans> : <Trans>Subir portada</Trans>}
            </Button>
          )}
        </FileButton>
        {event.cover && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} />}
            loading={remove.isPending}
            onClick={() => event.cover && remove.mutate(event.cover.id)}
          >
            <Trans>Quitar</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
