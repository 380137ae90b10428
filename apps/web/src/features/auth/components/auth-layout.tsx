import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The frame of the auth screens: brand, a card with the form, language switch. Fits a 360 px phone. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  width = 420,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }} px="sm">
      <Center>
        <Stack w="100%" maw={width} gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never">
              <Group gap={6} wrap="nowrap">
                <IconTicket size={28} stroke={1.6} color="var(--mantine-color-blue-6)" />
                <Text fw={700} fz={22} c="blue.7">
                  Taquilla
                </Text>
              </Group>
            </Anchor>
            <LanguageSwitch />
          </Group>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer && (
            <Text ta="center" size="sm">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
