import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Flex,
  Group,
  Menu,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDots, IconMailForward, IconPencil, IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@taquilla/shared';
import type { AccountMember } from '@taquilla/shared/schemas/users';
import { useState } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { organizerChoicesQuery, resendInvitation, revokeInvitation, usersQuery } from '../api.ts';
import { AccountPage } from '../components/account-page.tsx';
import { ROLE_LABELS, STATUS_COLORS, STATUS_LABELS } from '../components/member-labels.ts';
import { EditMemberModal, InviteModal } from '../components/member-modals.tsx';
import { TwoFactorPolicy } from '../components/two-factor-policy.tsx';

/** /account/users: the account's team; invite, edit role and status, resend or revoke invitations. */
export function UsersPage() {
  const me = useCurrentUser();
  if (!me.data) return null;
  return (
    <AccountPage permission="users:manage" maw={1000}>
      <Stack gap="lg">
        <TwoFactorPolicy />
        <Team selfId={me.data.id} />
      </Stack>
    </AccountPage>
  );
}

function Team({ selfId }: { selfId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [inviting, invite] = useDisclosure(false);
  const [editing, setEditing] = useState<AccountMember | null>(null);
  const query: ListQuery = {
    page,
    per_page: 20,
    query: debounced || undefined,
    sort_by: 'created_at',
    sort_direction: 'asc',
    filters: status ? { status: { eq: status } } : undefined,
  };
  const list = useQuery(usersQuery(query));
  const organizers = useQuery(organizerChoicesQuery).data ?? [];
  const organizerName = (id: string) => organizers.find((o) => o.id === id)?.name;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] });

  const resend = async (member: AccountMember) => {
    try {
      await resendInvitation(member.id);
      notifications.show({ color: 'teal', message: t`Invitación reenviada a ${member.email}.` });
    } catch (error) {
      showSubmitError(error);
    }
  };
  const [revoking, setRevoking] = useState<AccountMember | null>(null);
  const revoke = (member: AccountMember) => setRevoking(member);
  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeInvitation(revoking.id);
      notifications.show({ color: 'teal', message: t`Invitación cancelada.` });
      setRevoking(null);
      await refresh();
    } catch (error) {
      showSubmitError(error);
    }
  };

  const actions = (member: AccountMember) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Acciones de ${member.first_name} ${member.last_name}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(member)}>
          {t`Editar`}
        </Menu.Item>
        {member.status === 'INVITED' && (
          <>
            <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => void resend(member)}>
              {t`Reenviar invitación`}
            </Menu.Item>
            <Menu.Item leftSection={<IconX size={16} />} color="red" onClick={() => revoke(member)}>
              {t`Cancelar invitación`}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
  const badges = (member: AccountMember) => (
    <Group gap={4}>
      <Badge variant="light" color={member.role === 'ADMIN' ? 'blue' : 'grape'}>
        {i18n._(ROLE_LABELS[member.role])}
      </Badge>
      <Badge variant="dot" color={STATUS_COLORS[member.status]}>
        {i18n._(STATUS_LABELS[member.status])}
      </Badge>
      {member.is_owner && (
        <Badge variant="outline" color="yellow">
          {t`Propietario`}
        </Badge>
      )}
      {member.organizer_ids && (
        <Badge
          variant="outline"
          color="gray"
          tt="none"
          title={member.organizer_ids.map(organizerName).join(', ')}
        >
          {member.organizer_ids.length === 1
            ? t`Solo ${organizerName(member.organizer_ids[0] ?? '') ?? ''}`
            : plural(member.organizer_ids.length, {
                one: 'Solo # organizador',
                other: 'Solo # organizadores',
              })}
        </Badge>
      )}
    </Group>
  );
  const name = (member: AccountMember) => (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" truncate>
        {member.first_name} {member.last_name}
        {member.id === selfId ? ` (${t`tú`})` : ''}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {member.email}
      </Text>
    </div>
  );

  const rows = list.data?.data ?? [];
  return (
    <Stack>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm">
        <TextInput
          placeholder={t`Buscar por nombre o correo`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1 }}
          aria-label={t`Buscar`}
        />
        <Select
          placeholder={t`Todos los estados`}
          clearable
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          data={(['ACTIVE', 'INVITED', 'INACTIVE'] as const).map((s) => ({
            value: s,
            label: i18n._(STATUS_LABELS[s]),
          }))}
          w={{ base: '100%', sm: 180 }}
          aria-label={t`Estado`}
        />
        <Button leftSection={<IconUserPlus size={18} />} onClick={invite.open}>
          {t`Invitar usuario`}
        </Button>
      </Flex>

      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <PageError error={list.error} />
      ) : rows.length === 0 ? (
        <Card withBorder py="xl">
          <Text ta="center" c="dimmed">
            {t`Ningún usuario coincide con la búsqueda.`}
          </Text>
        </Card>
      ) : (
        <>
          <Card withBorder p={0} visibleFrom="sm">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Usuario`}</Table.Th>
                  <Table.Th>{t`Rol y estado`}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((member) => (
                  <Table.Tr key={member.id} data-testid="member-row">
                    <Table.Td maw={360}>{name(member)}</Table.Td>
                    <Table.Td>{badges(member)}</Table.Td>
                    <Table.Td>{actions(member)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Stack gap="xs" hiddenFrom="sm">
            {rows.map((member) => (
              <Card key={member.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={6} style={{ minWidth: 0 }}>
                    {name(member)}
                    {badges(member)}
                  </Stack>
                  {actions(member)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {list.data && list.data.meta.last_page > 1 && (
        <Group justify="center">
          <Pagination total={list.data.meta.last_page} value={page} onChange={setPage} />
        </Group>
      )}
      <InviteModal opened={inviting} onClose={invite.close} onDone={() => void refresh()} />
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title={t`Cancelar invitación`}>
        <Stack>
          <Text size="sm">{t`El enlace enviado a ${revoking?.email ?? ''} dejará de funcionar.`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t`Volver`}
            </Button>
            <Button color="red" onClick={() => void confirmRevoke()}>
              {t`Cancelar invitación`}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {editing && (
        <EditMemberModal member={editing} onClose={() => setEditing(null)} onDone={() => void refresh()} />
      )}
    </Stack>
  );
}
