import { useState } from 'react';
import { Button } from '@mui/material';
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

/**
 * /user/passwordrecovery: the user name; an e-mail with a reset link is sent (spec 1 sections 2 and 8).
 * Instead of a reset link the user may ask for a single-use sign-in link (/login/{token}).
 */
export default function PasswordRecoveryPage() {
  const form = useFields({ UserName: { label: 'User Name', rules: [rules.required('User Name')] } });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ text: string; stale: StaleKeyInfo | null } | null>(null);
  const [done, setDone] = useState(false);

  async function submit(link: 'password' | 'signin' = 'password') {
    if (!form.validate()) return;
    setPending(true);
    setError(null);
    try {
      const call = link === 'signin' ? 'RequestSignInLink' : 'RequestForgottenPasswordByUserName';
      await api.get<AccountMessage>(`/api/User/${call}?userName=${encodeURIComponent(form.values.UserName.trim())}`);
      setDone(true);
    } catch (e) {
      // Forgot password: the server's first message (any), else the spec's fallback.
      const text = failureText(e, accountTexts.wrongUserName, () => true);
      setError({ text, stale: mentionsVerification(text) ? staleKeyOf(e) : null });
    } finally {
      setPending(false);
    }
  }

  if (done) return <AccountDone title="Forgot Password" message={accountTexts.passwordMailSent} />;
  return (
    <AccountForm
      title="Forgot Password"
      intro="Enter your user name and we will email you a link to choose a new password."
      errors={error ? toErrorList(error.text) : []}
      afterErrors={error?.stale && <VerificationLink reason={error.stale.reason} staleKey={error.stale.staleKey} />}
      pending={pending}
      submitLabel="Send Email"
      onSubmit={() => void submit()}
    >
      <PlainTextField {...form.field('UserName')} autoComplete="username" autoFocus required />
      <Button variant="text" disabled={pending} onClick={() => void submit('signin')} sx={{ alignSelf: 'flex-start' }}>
        Email me a sign-in link instead
      </Button>
    </AccountForm>
  );
}
