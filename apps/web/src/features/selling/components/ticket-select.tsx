import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { Ticket } from '@taquilla/shared/schemas/tickets';

/** Chooses tickets of the event by name. */
export function TicketSelect({ tickets, ...props }: { tickets: Ticket[] } & Omit<MultiSelectProps, 'data'>) {
  return (
    <MultiSelect
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      data={tickets.map((t) => ({ value: t.id, label: t.name }))}
      {...props}
    />
  );
}
