import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Stack } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/**
 * A list the organizer reorders by dragging the grip (mouse) or with the arrow buttons (touch and
 * keyboard). `onReorder` receives the new order of ids; items with `locked` stay put.
 */
export function SortableList<T extends { id: string }>(props: {
  items: T[];
  render: (item: T) => ReactNode;
  onReorder: (ids: string[]) => void;
  label: (item: T) => string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const ids = props.items.map((i) => i.id);
  const move = (from: number, to: number) => {
    const id = ids[from];
    if (id === undefined || to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    next.splice(from, 1);
    next.splice(to, 0, id);
    props.onReorder(next);
  };

  return (
    <Stack gap="sm">
      {props.items.map((item, index) => (
        <Group
          key={item.id}
          wrap="nowrap"
          align="stretch"
          gap={4}
          onDragOver={(e) => {
            if (!dragged) return;
            e.preventDefault();
            setOver(item.id);
          }}
          onDragLeave={() => setOver((o) => (o === item.id ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            if (dragged) move(ids.indexOf(dragged), index);
            setDragged(null);
            setOver(null);
          }}
          style={{
            opacity: dragged === item.id ? 0.5 : 1,
            outline:
              over === item.id && dragged !== item.id ? '2px dashed var(--mantine-color-blue-4)' : undefined,
            borderRadius: 8,
          }}
        >
          <Stack gap={2} justify="center">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t`Subir ${props.label(item)}`}
              disabled={props.disabled || index === 0}
              onClick={() => move(index, index - 1)}
            >
              <IconArrowUp size={14} />
            </ActionIcon>
            <ActionIcon
              component="div"
              variant="subtle"
              color="gray"
              size="sm"
              draggable={!props.disabled}
              onDragStart={(e: React.DragEvent) => {
                e.dataTransfer.effectAllowed = 'move';
                setDragged(item.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              style={{ cursor: 'grab' }}
              aria-label={t`Arrastrar para ordenar`}
              visibleFrom="sm"
            >
              <IconGripVertical size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t`Bajar ${props.label(item)}`}
              disabled={props.disabled || index === props.items.length - 1}
              onClick={() => move(index, index + 1)}
            >
              <IconArrowDown size={14} />
            </ActionIcon>
          </Stack>
          <div style={{ flex: 1, minWidth: 0 }}>{props.render(item)}</div>
        </Group>
      ))}
    </Stack>
  );
}
