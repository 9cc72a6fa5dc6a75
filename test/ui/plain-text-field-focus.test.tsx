import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PlainTextField } from '../../ui/screens/PlainTextField.tsx';

/** The sign-in page's pair: the user name is focused when empty, the password when the name is known. */
function SignInPair({ initialName = '' }: { initialName?: string }) {
  const [name, setName] = useState(initialName);
  const [password, setPassword] = useState('');
  return (
    <>
      <input aria-label="Elsewhere" />
      <PlainTextField label="User Name" name="UserName" autoFocus={!name} value={name} onChange={(e) => setName(e.target.value)} />
      <PlainTextField label="Password" name="Password" type="password" autoFocus={Boolean(name)} value={password} onChange={(e) => setPassword(e.target.value)} />
    </>
  );
}

describe('a plain text field asked to take the focus', () => {
  it('takes it once drawn, as the autofocus attribute would', async () => {
    render(<SignInPair />);
    expect(document.activeElement).toBe(screen.getByLabelText('User Name'));
  });

  it('leaves the focus where typing put it when the field asked for changes (the name typed makes the password the one)', async () => {
    render(<SignInPair />);
    await userEvent.type(screen.getByLabelText('User Name'), 'ann');
    expect(document.activeElement).toBe(screen.getByLabelText('User Name'));
    expect((screen.getByLabelText('User Name') as HTMLInputElement).value).toBe('ann');
  });

  it('takes the password field when the name is known on arrival', () => {
    render(<SignInPair initialName="ann" />);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('never takes the focus from a field the person is already in', () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    act(() => { render(<SignInPair />); });
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
