import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { signIn } from '../../api/session-calls.ts';
import { staleKeyOf } from '../../api/stale-key.ts';
import { invalidCodePath } from '../../routing/public-paths.ts';
import { AccountForm } from './AccountForm.tsx';
import { ActivationChecking, ActivationFailed } from './ActivationStatus.tsx';
import { accountTexts } from './texts.ts';
import { useActivation } from './useActivation.ts';
import { newPasswordFields, rules } from './validators.ts';
import { useFields } from './useFields.ts';
import { PlainTextField } from '../PlainTextField.tsx';

const title = 'Create Password';

/**
 * /user/activateupdatepassword/{reason}/{token}: the link is checked, then the user creates a password (which uses
 * the key up and verifies the account) and is signed in with it.
 */
export default function ActivateUpdatePasswordPage() {
  const { reason = '', token = '' } = useParams();
  const activation = useActivation(reason, token);
  if (activation.state === 'loading') return <ActivationChecking title={title} />;
  if (activation.state === 'failed') return <ActivationFailed title={title} errors={activation.errors} />;
  return <CreatePassword token={token} message={activation.message} userName={activation.userName} />;
}

function CreatePassword({ token, message, userName }: { token: string; message: string; userName: string }) {
  const navigate = useNavigate();
  const form = useFields({
    UserName: { label: 'User Name', rules: [rules.required('User Name')], initial: userName },
    ...newPasswordFields(),
  });
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[]>([]);

  async function submit() {
    if (!form.validate()) return;
    setPending(true);
    setErrors([]);
    const UserName = form.values.UserName.trim();
    try {
      await api.post<AccountMessage>('/api/User/ResetForgottenPassword', { ...form.values, UserName, Token: token });
    } catch (e) {
      const stale = staleKeyOf(e);
      if (stale) {
        navigate(invalidCodePath(stale.reason, stale.staleKey), { replace: true, state: { message: stale.message } });
        return;
      }
      setErrors(form.takeServerErrors(e instanceof ApiError ? e.items : []));
      setPending(false);
      return;
    }
    try {
      await signIn(UserName, form.values.Password);
      navigate('/home', { replace: true });
    } catch {
      // The password is set; whatever kept the sign-in from working (a full role, say) is explained at /login.
      navigate('/login', { replace: true, state: { notice: accountTexts.passwordChanged, userName: UserName } });
    }
  }

  return (
    <AccountForm
      title={title}
      notice={{ severity: 'success', text: message }}
      intro="Choose a password of at least 8 characters, with at least one letter and one number."
      errors={errors}
      pending={pending}
      submitLabel="Create Password"
      onSubmit={() => void submit()}
    >
      <PlainTextField {...form.field('UserName')} autoComplete="username" required />
      <PlainTextField {...form.field('Password')} type="password" autoComplete="new-password" autoFocus required />
      <PlainTextField {...form.field('ConfirmPassword')} type="password" autoComplete="new-password" required />
    </AccountForm>
  );
}
