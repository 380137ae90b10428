import { useLingui } from '@lingui/react/macro';
import { Card, Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListSort } from '../lib/use-list-params.ts';

export interface ListColumn {
  label?: ReactNode;
  align?: 'right';
  /** The list's `sort_by` this column sorts by; the header becomes a button. */
  sortKey?: string;
}

/**
 * A back-office list as a table on wider screens (phones get cards instead): the header from `columns`,
 * the rows as children. With `sort`, a column with a `sortKey` sorts the list when its header is pressed
 * (again: the other direction), and says how it is sorted (`aria-sort`).
 */
export function ListTable({
  columns,
  sort,
  children,
}: {
  columns: ListColumn[];
  sort?: ListSort;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th
                key={i}
                ta={c.align}
                aria-sort={
                  sort && c.sortKey === sort.by
                    ? sort.direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {sort && c.sortKey ? <SortButton column={c} sort={sort} /> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Card>
  );
}

function SortButton({ column, sort }: { column: ListColumn; sort: ListSort }) {
  const { t } = useLingui();
  const key = column.sortKey ?? '';
  const active = sort.by === key;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      onClick={() => sort.set(key, active && sort.direction === 'asc' ? 'desc' : 'asc')}
      fw={700}
      fz="sm"
      title={active && sort.direction === 'asc' ? t`Ordenar de mayor a menor` : t`Ordenar de menor a mayor`}
    >
      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
        {column.label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
