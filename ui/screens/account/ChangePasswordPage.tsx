import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { signOut } from '../../api/session-calls.ts';
import { staleKeyOf } from '../../api/stale-key.ts';
import { invalidCodePath } from '../../routing/public-paths.ts';
import { useSession } from '../../stores/session.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { AccountForm } from './AccountForm.tsx';
import { accountTexts } from './texts.ts';
import { newPasswordFields } from './validators.ts';
import { useFields } from './useFields.ts';
import { PlainTextField } from '../PlainTextField.tsx';

/**
 * /user/changepassword/{token}: a new password with the key of an e-mailed link, or of a sign-in flagged
 * MustChangePassword (which is locked here until done). After a forced change the server keeps this session (the
 * user's only one now) and the user goes straight on to /home; after an e-mailed link every session of the user has
 * ended, so this one ends too, and the user signs in again at /login with the new password.
 */
export default function ChangePasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const forced = useSession((s) => Boolean(s.token && s.mustChangePassword));
  const userName = useSession((s) => s.user?.UserName);
  const form = useFields({
    ...newPasswordFields(),
  });
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[]>([]);

  async function submit() {
    if (!form.validate()) return;
    setPending(true);
    setErrors([]);
    try {
      const answer = await api.post<AccountMessage>('/api/User/ResetForgottenPassword', { ...form.values, Token: token });
      if (forced) {
        // Signed in already: no third password entry. Home's guard fetches the routes the lock held back.
        useSession.getState().passwordChanged();
        notify('success', accountTexts.passwordChanged);
        navigate('/home', { replace: true });
        return;
      }
      // Move first, then end the session: the session layer sees /login and leaves the notice in place. Signed out on
      // the server too: a session of the link's own user is the one the server kept.
      navigate('/login', { replace: true, state: { notice: accountTexts.passwordChanged, userName: answer.UserName ?? userName } });
      if (useSession.getState().token) void signOut();
    } catch (e) {
      const stale = staleKeyOf(e);
      if (stale) {
        navigate(invalidCodePath(stale.reason, stale.staleKey), { replace: true, state: { message: stale.message || accountTexts.keyExpired } });
        return;
      }
      setErrors(form.takeServerErrors(e instanceof ApiError ? e.items : []));
      setPending(false);
    }
  }

  // A user locked here can only leave by signing out.
  const cancel = forced ? () => void signOut().then(() => navigate('/login', { replace: true })) : undefined;

  return (
    <AccountForm
      title="Change Password"
      intro="Choose a new password of at least 8 characters, with at least one letter and one number."
      notice={forced ? { severity: 'info', text: `You must change the password of ${userName ?? 'your account'} before you continue.` } : null}
      errors={errors}
      pending={pending}
      submitLabel="Change Password"
      onSubmit={() => void submit()}
      onCancel={cancel}
    >
      <PlainTextField {...form.field('Password')} type="password" autoComplete="new-password" autoFocus required />
      <PlainTextField {...form.field('ConfirmPassword')} type="password" autoComplete="new-password" required />
    </AccountForm>
  );
}
