import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { Permission } from '@taquilla/shared';
import type { ReactNode } from 'react';
import { NoPermission } from '../../../components/no-permission.tsx';
import { can, useCurrentUser } from '../../../lib/current-user.ts';
import { AccountTabs } from './account-tabs.tsx';

/** The «Cuenta» screens' frame: the title, the tabs the user may open, and this screen if `permission` allows. */
export function AccountPage(props: { permission: Permission; maw: number; children: ReactNode }) {
  const me = useCurrentUser();
  if (!me.data) return null;
  return (
    <Stack maw={props.maw} gap={0}>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="sm">
        <Trans>Cuenta</Trans>
      </Title>
      {can(me.data, props.permission) ? (
        <>
          <AccountTabs />
          {props.children}
        </>
      ) : (
        <NoPermission />
      )}
    </Stack>
  );
}
