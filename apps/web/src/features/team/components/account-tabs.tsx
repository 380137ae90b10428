import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { can, useCurrentUser } from '../../../lib/current-user.ts';

/** The account screens this feature owns that the user's permissions open, in the tabs' order. */
export function useAccountTabs() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const tabs = (
    [
      { value: '/account/settings', label: t`Ajustes de la cuenta`, permission: 'account:manage' },
      { value: '/account/users', label: t`Usuarios`, permission: 'users:manage' },
      { value: '/account/invoicing', label: t`Facturación`, permission: 'invoices:manage' },
      { value: '/account/emails', label: t`Correos`, permission: 'account:manage' },
      { value: '/account/webhooks', label: t`Webhooks`, permission: 'account:manage' },
      { value: '/account/api-keys', label: t`Claves de API`, permission: 'account:manage' },
      { value: '/account/privacy', label: t`Privacidad`, permission: 'privacy:manage' },
      { value: '/account/activity', label: t`Registro de actividad`, permission: 'audit:read' },
    ] as const
  ).filter((tab) => can(me.data, tab.permission));
  return { tabs, loaded: Boolean(me.data) };
}

/** Switches between the account screens the user may open. */
export function AccountTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tabs } = useAccountTabs();
  // A screen under a tab (a webhook's log) keeps its tab selected.
  const value =
    tabs.find((tab) => pathname === tab.value || pathname.startsWith(`${tab.value}/`))?.value ??
    '/account/settings';
  return (
    <Tabs value={value} onChange={(v) => v && navigate(v)} mb="md">
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
