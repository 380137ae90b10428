import { Stack } from '@mantine/core';
import { AccountPage } from '../../team/components/account-page.tsx';
import { PersonSearch } from '../components/person-search.tsx';
import { RequestLog } from '../components/request-log.tsx';
import { RetentionForm } from '../components/retention-form.tsx';

/** /account/privacy: one person's data (find, export, erase), the retention of past events' data, the log. */
export function PrivacyPage() {
  return (
    <AccountPage permission="privacy:manage" maw={900}>
      <Stack>
        <PersonSearch />
        <RetentionForm />
        <RequestLog />
      </Stack>
    </AccountPage>
  );
}
