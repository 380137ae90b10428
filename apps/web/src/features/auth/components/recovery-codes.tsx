import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';

/** The recovery codes, shown once after enrolment: copy them or download them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'taquilla-codigos-de-recuperacion.txt',
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Stack>
      <Alert color="teal" variant="light" icon={<IconShieldCheck size={20} />}>
        <Trans>La verificación en dos pasos está activada.</Trans>
      </Alert>
      <Text size="sm">
        <Trans>
          Guarda estos códigos de recuperación en un lugar seguro. Si pierdes el móvil, cada código te deja
          entrar una sola vez. No volveremos a mostrarlos.
        </Trans>
      </Text>
      <SimpleGrid cols={2} spacing="xs" aria-label={t`Códigos de recuperación`} role="list">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? t`Copiados` : t`Copiar`}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={download}>
          {t`Descargar`}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t`He guardado los códigos`}</Button>
      </Group>
    </Stack>
  );
}
