import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { staleKeyOf } from '../../api/stale-key.ts';
import { invalidCodePath } from '../../routing/public-paths.ts';
import { AccountDone, AccountForm } from './AccountForm.tsx';
import { accountTexts } from './texts.ts';
import { rules } from './validators.ts';
import { useFields } from './useFields.ts';
import { PlainTextField } from '../PlainTextField.tsx';

export const generateNewKey = 'generatenewkey';

/**
 * /user/invalidverificationcode/{reason}/{token}: a verification code expired or was used; 'Generate Verification
 * Code' mails a new one. With a stale key the server knows the account; with generatenewkey the user name (or the
 * account's e-mail address) is asked for. A message carried here from the failed page is shown on top.
 */
export default function InvalidVerificationCodePage() {
  const { reason = '', token = '' } = useParams();
  const navigate = useNavigate();
  const carried = (useLocation().state as { message?: string } | null)?.message;
  const asksName = token === generateNewKey;
  const form = useFields({ UserName: { label: 'User Name', rules: asksName ? [rules.required('User Name')] : [] } });
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [done, setDone] = useState(false);

  async function submit() {
    if (!form.validate()) return;
    setPending(true);
    setErrors([]);
    try {
      const body = { Reason: reason, Token: token, ...(asksName ? { UserName: form.values.UserName.trim() } : {}) };
      await api.post<AccountMessage>('/api/User/CreateVerificationCode', body);
      setDone(true);
    } catch (e) {
      const stale = staleKeyOf(e);
      // The key was already traded for a new one: from here the user name is needed.
      if (stale && !asksName) {
        navigate(invalidCodePath(stale.reason || reason, generateNewKey), { replace: true, state: { message: stale.message } });
        return;
      }
      setErrors(form.takeServerErrors(e instanceof ApiError ? e.items : []));
    } finally {
      setPending(false);
    }
  }

  if (done) return <AccountDone title="Verification Code" message={accountTexts.newCodeSent} />;
  return (
    <AccountForm
      title="Verification Code"
      intro={asksName
        ? 'Enter your user name, or the email address of your account, and we will email you a new verification code.'
        : 'Your verification code has expired or has already been used. We can email a new one to the address of your account.'}
      notice={carried ? { severity: 'warning', text: carried } : null}
      errors={errors}
      pending={pending}
      submitLabel="Generate Verification Code"
      onSubmit={() => void submit()}
      focusSubmit={!asksName}
    >
      {asksName
        ? <PlainTextField {...form.field('UserName')} autoComplete="username" autoFocus required />
        : <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>The new code replaces every earlier one.</Typography>}
    </AccountForm>
  );
}
