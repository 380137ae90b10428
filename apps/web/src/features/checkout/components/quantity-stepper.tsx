import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Text } from '@mantine/core';

/** − n + with large touch targets; the parent decides the bounds (min per order, max, stock). */
export function QuantityStepper(props: {
  value: number;
  canDecrement: boolean;
  canIncrement: boolean;
  onDecrement: () => void;
  onIncrement: () => void;
  label: string;
}) {
  const { t } = useLingui();
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={props.label}>
      <ActionIcon
        size={40}
        variant="default"
        radius="xl"
        disabled={!props.canDecrement}
        onClick={props.onDecrement}
        aria-label={t`Quitar una: ${props.label}`}
      >
        <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <Text fw={700} w={28} ta="center" aria-live="polite" data-testid="quantity">
        {props.value}
      </Text>
      <ActionIcon
        size={40}
        variant="filled"
        radius="xl"
        disabled={!props.canIncrement}
        onClick={props.onIncrement}
        aria-label={t`Añadir una: ${props.label}`}
      >
        <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}
