import { Trans } from '@lingui/react/macro';
import { Group, Pagination, Text } from '@mantine/core';
import type { ListMeta } from '@taquilla/shared';
import { useEffect } from 'react';
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

/**
 * A page past the last one (an old link, or the last row of the last page archived or filtered away)
 * would read as an empty list: it moves to the last page that has rows.
 */
export function useLastPageClamp(meta: ListMeta | undefined, page: number, goTo: (page: number) => void) {
  useEffect(() => {
    if (meta && meta.total > 0 && page > meta.last_page) goTo(meta.last_page);
  }, [meta, page, goTo]);
}
