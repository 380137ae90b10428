import { useLingui } from '@lingui/react/macro';
import { AppShell, Burger, Center, Group, Loader, Menu, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuilding,
  IconCalendarEvent,
  IconCheck,
  IconChevronDown,
  IconLogout,
  IconReportAnalytics,
  IconSwitchHorizontal,
  IconUser,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { EmailConfirmationBanner } from '../../features/auth/components/email-confirmation-banner.tsx';
import { api, clearToken, DEFAULT_LANDING, setToken } from '../../lib/api-client.ts';
import { can, useCurrentUser } from '../../lib/current-user.ts';
import { showSubmitError } from '../../lib/form-errors.ts';
import type { FeatureRoutes } from '../feature-routes.ts';

/** The /account sections some feature provides, in menu order. */
const featureModules = import.meta.glob<{ routes: FeatureRoutes }>('../../features/*/routes.tsx', {
  eager: true,
});
const accountPaths = new Set(
  Object.values(featureModules).flatMap((m) => (m.routes.account ?? []).map((r) => r.path)),
);

/** The back-office frame of /manage and /account: header, main navigation, user menu. */
export function ManageLayout() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const queryClient = useQueryClient();

  if (!me.data) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  const user = me.data;
  const logout = async () => {
    await api('auth/logout', { method: 'POST' }).catch(() => undefined);
    clearToken();
    // A full load: no mounted query can refetch without a token (a 401 would save this page as
    // previous_url), and nothing of the session stays in memory.
    window.location.assign('/auth/login');
  };
  const accounts = user.accounts ?? [];
  const switchTo = async (accountId: string) => {
    try {
      const res = await api<{ data: { token: string } }>('auth/switch-account', {
        method: 'POST',
        body: { account_id: accountId },
      });
      setToken(res.data.token);
      queryClient.clear();
      window.location.assign(DEFAULT_LANDING);
    } catch (error) {
      showSubmitError(error);
    }
  };
  // Each section is shown to whoever holds the permission that changes what it shows.
  const accountSections = (
    [
      { path: 'settings', label: t`Ajustes`, permission: 'account:manage' },
      { path: 'users', label: t`Usuarios`, permission: 'users:manage' },
      { path: 'taxes-and-fees', label: t`Impuestos y comisiones`, permission: 'taxes:manage' },
      { path: 'event-defaults', label: t`Valores predeterminados`, permission: 'account:manage' },
      { path: 'payment', label: t`Pagos`, permission: 'payments:manage' },
      { path: 'invoicing', label: t`Facturación`, permission: 'invoices:manage' },
      { path: 'activity', label: t`Registro de actividad`, permission: 'audit:read' },
    ] as const
  ).filter((s) => accountPaths.has(s.path) && can(user, s.permission));
  const [firstSection] = accountSections;
  const links = [
    {
      to: '/manage/events',
      label: t`Eventos`,
      icon: IconCalendarEvent,
      active: /^\/manage\/(events|organizer|event\/)/,
    },
    ...(can(user, 'reports:read')
      ? [
          {
            to: '/manage/reports',
            label: t`Informes`,
            icon: IconReportAnalytics,
            active: /^\/manage\/reports/,
          },
        ]
      : []),
    ...(firstSection
      ? [
          {
            to: `/account/${firstSection.path}`,
            label: t`Cuenta`,
            icon: IconBuilding,
            active: /^\/(account|manage\/account)/,
            sections: accountSections,
          },
        ]
      : []),
    { to: '/manage/profile', label: t`Mi perfil`, icon: IconUser, active: /^\/manage\/profile/ },
  ];

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`Abrir menú`} />
            <Text component={Link} to="/manage/events" fw={700} size="lg" c="blue">
              Taquilla
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="xs" truncate>
              {user.account.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton aria-label={t`Menú de usuario`}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" visibleFrom="sm">
                      {user.first_name} {user.last_name}
                    </Text>
                    <IconUser size={18} stroke={1.5} />
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                {accounts.length > 1 && (
                  <>
                    <Menu.Label>
                      <Group gap={4}>
                        <IconSwitchHorizontal size={14} />
                        {t`Cambiar de cuenta`}
                      </Group>
                    </Menu.Label>
                    {accounts.map((account) => (
                      <Menu.Item
                        key={account.id}
                        leftSection={
                          account.id === user.account.id ? (
                            <IconCheck size={16} />
                          ) : (
                            <IconBuilding size={16} />
                          )
                        }
                        disabled={account.id === user.account.id}
                        onClick={() => void switchTo(account.id)}
                      >
                        {account.name}
                      </Menu.Item>
                    ))}
                    <Menu.Divider />
                  </>
                )}
                <Menu.Item component={Link} to="/manage/profile" leftSection={<IconUser size={16} />}>
                  {t`Mi perfil`}
                </Menu.Item>
                <Menu.Item onClick={logout} leftSection={<IconLogout size={16} />} color="red">
                  {t`Cerrar sesión`}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {links.map((link) =>
          link.sections && link.sections.length > 1 ? (
            <NavLink
              key={link.to}
              label={link.label}
              leftSection={<link.icon size={18} stroke={1.5} />}
              defaultOpened={link.active.test(location.pathname)}
              active={link.active.test(location.pathname)}
              variant="subtle"
            >
              {link.sections.map((section) => (
                <NavLink
                  key={section.path}
                  component={Link}
                  to={`/account/${section.path}`}
                  label={section.label}
                  active={location.pathname === `/account/${section.path}`}
                  onClick={close}
                />
              ))}
            </NavLink>
          ) : (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={<link.icon size={18} stroke={1.5} />}
              active={link.active.test(location.pathname)}
              onClick={close}
            />
          ),
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <EmailConfirmationBanner user={user} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
