import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** Switches between the account screens this feature owns. */
export function AccountTabs() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.endsWith('/users') ? '/account/users' : '/account/settings';
  return (
    <Tabs value={value} onChange={(v) => v && navigate(v)} mb="md">
      <Tabs.List>
        <Tabs.Tab value="/account/settings">{t`Ajustes de la cuenta`}</Tabs.Tab>
        <Tabs.Tab value="/account/users">{t`Usuarios`}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
