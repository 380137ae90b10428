import { Card, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListColumn {
  label?: ReactNode;
  align?: 'right';
}

/**
 * A back-office list as a table on wider screens (phones get cards instead): the header from `columns`,
 * the rows as children.
 */
export function ListTable({ columns, children }: { columns: ListColumn[]; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={i} ta={c.align}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Card>
  );
}
