import { Trans } from '@lingui/react/macro';
import { Group, Pagination, Text } from '@mantine/core';
import type { ListMeta } from '@taquilla/shared';
import { formatNumber } from '../lib/format.ts';

/** Pages of a back-office list, with "N results · page x of y"; nothing when it fits in one page. */
export function ListPagination(props: { meta: ListMeta; page: number; onChange: (page: number) => void }) {
  const { meta } = props;
  if (meta.last_page <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        <Trans>
          {formatNumber(meta.total)} resultados · página {meta.current_page} de {meta.last_page}
        </Trans>
      </Text>
      <Pagination total={meta.last_page} value={props.page} onChange={props.onChange} size="sm" />
    </Group>
  );
}
