import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader(props: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} style={{ flex: '1 1 260px' }}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.description && (
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        )}
      </Stack>
      {props.action}
    </Group>
  );
}

/** The empty state of a section: an icon, what the section is for, and the first action. */
export function EmptyState(props: {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack
      align="center"
      gap="xs"
      py="xl"
      px="md"
      ta="center"
      style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 12 }}
    >
      {props.icon}
      <Text fw={600}>{props.title}</Text>
      <Text c="dimmed" size="sm" maw={420}>
        {props.text}
      </Text>
      {props.action}
    </Stack>
  );
}
