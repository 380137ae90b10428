import { AccountPage } from '../../team/components/account-page.tsx';
import { TemplateEditor } from '../components/template-editor.tsx';

/** /account/emails («Correos»): the account's texts of every e-mail, for every event (`account:manage`). */
export function AccountEmailsPage() {
  return (
    <AccountPage permission="account:manage" maw={1200}>
      <TemplateEditor scope={{ eventId: null }} canEdit />
    </AccountPage>
  );
}
