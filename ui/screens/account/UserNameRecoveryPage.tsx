import { useState } from 'react';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { toErrorList } from '../../../engine/core/error-items.ts';
import { api } from '../../api/api.ts';
import { mentionsVerification, staleKeyOf, type StaleKeyInfo } from '../../api/stale-key.ts';
import { AccountDone, AccountForm } from './AccountForm.tsx';
import { VerificationLink } from './VerificationLink.tsx';
import { accountTexts, failureText } from './texts.ts';
import { rules } from './validators.ts';
import { useFields } from './useFields.ts';
import { PlainTextField } from '../PlainTextField.tsx';

/** /user/usernamerecovery: the account's e-mail address; a message with the user name is sent (spec 1 sections 2 and 8). */
export default function UserNameRecoveryPage() {
  const form = useFields({ EmailAddress: { label: 'Email Address', rules: [rules.required('Email Address'), rules.email(), rules.maxLength(200)] } });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ text: string; stale: StaleKeyInfo | null } | null>(null);
  const [done, setDone] = useState(false);

  async function submit() {
    if (!form.validate()) return;
    setPending(true);
    setError(null);
    try {
      await api.get<AccountMessage>(`/api/users/forgot-user-name?emailAddress=${encodeURIComponent(form.values.EmailAddress.trim())}`);
      setDone(true);
    } catch (e) {
      // Forgot user name: only a message about verification is shown as sent; otherwise the spec's fallback.
      const text = failureText(e, accountTexts.wrongEmail, mentionsVerification);
      setError({ text, stale: mentionsVerification(text) ? staleKeyOf(e) : null });
    } finally {
      setPending(false);
    }
  }

  if (done) return <AccountDone title="Forgot User Name" message={accountTexts.userNameRecovered} />;
  return (
    <AccountForm
      title="Forgot User Name"
      intro="Enter the email address of your account and we will email you your user name."
      errors={error ? toErrorList(error.text) : []}
      afterErrors={error?.stale && <VerificationLink reason={error.stale.reason} staleKey={error.stale.staleKey} />}
      pending={pending}
      submitLabel="Send Email"
      onSubmit={() => void submit()}
    >
      <PlainTextField {...form.field('EmailAddress')} type="email" autoComplete="email" autoFocus required />
    </AccountForm>
  );
}
