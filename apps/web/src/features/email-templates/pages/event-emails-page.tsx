import { Trans } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { TemplateEditor } from '../components/template-editor.tsx';

/** /manage/event/:eventId/emails — this event's texts of its e-mails (read: events:read; edit: events:manage). */
export function EventEmailsPage() {
  const eventId = useParams().eventId ?? '';
  const canEdit = useCan('events:manage');
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader
        title={<Trans>Correos</Trans>}
        description={
          <Trans>
            Los correos que reciben compradores y asistentes de este evento, con tus palabras: asunto, texto
            de apertura y pie en cada idioma.
          </Trans>
        }
      />
      <TemplateEditor scope={{ eventId }} canEdit={canEdit} />
    </Stack>
  );
}
