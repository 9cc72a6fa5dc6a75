import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { signIn } from '../../api/session-calls.ts';
import { changePasswordPath } from '../../routing/public-paths.ts';
import { ErrorList } from '../ErrorList.tsx';
import { AccountForm } from './AccountForm.tsx';
import { ActivationChecking, ActivationFailed } from './ActivationStatus.tsx';
import { VerificationLink } from './VerificationLink.tsx';
import { signInFailure, type SignInFailure } from './sign-in-errors.ts';
import { useActivation } from './useActivation.ts';
import { rules } from './validators.ts';
import { useFields } from './useFields.ts';
import { PlainTextField } from '../PlainTextField.tsx';

const title = 'Activate Account';

/** /user/activate/{reason}/{token}: the account is verified by the link; the user name is shown with a sign-in form, then /home. */
export default function ActivatePage() {
  const { reason = '', token = '' } = useParams();
  const activation = useActivation(reason, token);
  if (activation.state === 'loading') return <ActivationChecking title={title} />;
  if (activation.state === 'failed') return <ActivationFailed title={title} errors={activation.errors} />;
  return <ActivatedSignIn message={activation.message} userName={activation.userName} />;
}

function ActivatedSignIn({ message, userName }: { message: string; userName: string }) {
  const navigate = useNavigate();
  const form = useFields({
    UserName: { label: 'User Name', rules: [rules.required('User Name')], initial: userName },
    Password: { label: 'Password', rules: [rules.required('Password')] },
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  async function submit() {
    if (!form.validate()) return;
    setPending(true);
    setFailure(null);
    try {
      const answer = await signIn(form.values.UserName.trim(), form.values.Password);
      navigate(answer.MustChangePassword && answer.VerificationKey ? changePasswordPath(answer.VerificationKey) : '/home', { replace: true });
    } catch (e) {
      setFailure(signInFailure(e));
      setPending(false);
    }
  }

  return (
    <AccountForm
      title={title}
      notice={{ severity: 'success', text: message }}
      errors={[]}
      afterErrors={failure && (
        <>
          <ErrorList title={failure.verification ? undefined : 'Login failed'} items={failure.items} />
          {failure.verification && <VerificationLink reason={failure.verification.reason} staleKey={failure.verification.staleKey} />}
        </>
      )}
      pending={pending}
      submitLabel="LOG IN"
      onSubmit={() => void submit()}
    >
      <PlainTextField {...form.field('UserName')} autoComplete="username" required />
      <PlainTextField {...form.field('Password')} type="password" autoComplete="current-password" autoFocus required />
    </AccountForm>
  );
}
