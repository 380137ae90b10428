import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A secret the server answers only once (a webhook's signing secret, an API key): shown with a copy
 * button and a warning, until the user says it is saved.
 */
export function SecretModal(props: {
  title: string;
  secret: string | null;
  description: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={props.secret !== null} onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t`Cópialo ahora y guárdalo en un lugar seguro: no volverás a verlo.`}
        </Alert>
        <Text size="sm">{props.description}</Text>
        <Group wrap="nowrap" gap="xs" align="flex-start">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="secret"
          >
            {props.secret}
          </Code>
          <CopyButton value={props.secret ?? ''}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t`Copiado` : t`Copiar`}>
                <ActionIcon
                  size="lg"
                  variant="light"
                  color={copied ? 'teal' : 'blue'}
                  onClick={copy}
                  aria-label={t`Copiar`}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>{t`Ya lo he guardado`}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
