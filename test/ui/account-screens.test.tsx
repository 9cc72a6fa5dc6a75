import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import PasswordRecoveryPage from '../../ui/screens/account/PasswordRecoveryPage.tsx';
import UserNameRecoveryPage from '../../ui/screens/account/UserNameRecoveryPage.tsx';
import ChangePasswordPage from '../../ui/screens/account/ChangePasswordPage.tsx';
import ChangePasswordRequestPage from '../../ui/screens/account/ChangePasswordRequestPage.tsx';
import ActivatePage from '../../ui/screens/account/ActivatePage.tsx';
import InvalidVerificationCodePage from '../../ui/screens/account/InvalidVerificationCodePage.tsx';
import { useSession } from '../../ui/stores/session.ts';

let reply: (url: string, init: RequestInit) => Response;
const fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(reply(url, init)));
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stale = (ErrorMessage: string, StaleKey: string, Reason = 'activation', ErrorCode = 'StaleKey') =>
  [{ PropertyName: null, ErrorMessage, ErrorCode, StaleKey, Reason }];

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The page under test, plus the pages it may send the user to. */
function at(url: string, path: string, page: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="/user/invalidverificationcode/:reason/:token" element={<InvalidVerificationCodePage />} />
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/home" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const submit = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('account screens: the failure and success messages of spec 1 section 8', () => {
  it('forgot password: a verification message comes with the new-code link', async () => {
    reply = () => json(400, stale('Your account has not been verified. Please use the link in your verification email, or request a new verification code.', 'KEY', 'activation', 'VerificationRequired'));
    at('/user/passwordrecovery', '/user/passwordrecovery', <PasswordRecoveryPage />);
    await userEvent.type(screen.getByLabelText(/^User Name/), 'grace');
    await submit('Send Email');
    const link = await screen.findByRole('link', { name: 'Click here to request a new verification code.' });
    expect(link.getAttribute('href')).toBe('/user/invalidverificationcode/activation/KEY');
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/User/RequestForgottenPasswordByUserName?userName=grace');
  });

  it('forgot password: without a server message, the spec fallback', async () => {
    reply = () => new Response('', { status: 500 });
    at('/user/passwordrecovery', '/user/passwordrecovery', <PasswordRecoveryPage />);
    await userEvent.type(screen.getByLabelText(/^User Name/), 'nobody');
    await submit('Send Email');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The User Name you entered is incorrect.  Please try again.  If you continue to experience problems, please contact your site administrator.',
    );
  });

  it('forgot user name: a failure not about verification reads as the spec fallback; success as the spec says', async () => {
    reply = () => json(400, [{ PropertyName: 'emailAddress', ErrorMessage: 'Must be a valid e-mail address.', ErrorCode: 'format' }]);
    at('/user/usernamerecovery', '/user/usernamerecovery', <UserNameRecoveryPage />);
    await userEvent.type(screen.getByLabelText(/^Email Address/), 'ada@example.org');
    await submit('Send Email');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The email address you entered is incorrect.  Please try again.  If you continue to experience problems, please contact your site administrator.',
    );
    reply = () => json(200, { Message: 'You have successfully recovered your user name.  Please check your email.' });
    await submit('Send Email');
    expect((await screen.findByRole('status')).textContent).toBe('You have successfully recovered your user name.  Please check your email.');
  });

  it('forgot user name: the e-mail pattern is checked before anything is sent', async () => {
    at('/user/usernamerecovery', '/user/usernamerecovery', <UserNameRecoveryPage />);
    await submit('Send Email');
    expect(screen.getByText('Email Address is required.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Email Address/), 'not-an-address');
    await submit('Send Email');
    expect(screen.getByText('Must be a valid e-mail address.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter((c) => c[0] !== '/api/ErrorLog/LogMany')).toEqual([]);
  });

  it('change password: a stale key shows its message on the new-code page', async () => {
    reply = () => json(400, stale('The verification key has expired.', 'OLD', 'passwordreset'));
    at('/user/changepassword/OLD', '/user/changepassword/:token', <ChangePasswordPage />);
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret1234');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Secret1234');
    await submit('Change Password');
    expect(await screen.findByText('The verification key has expired.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Verification Code' })).toBeTruthy();
    const sent = fetchMock.mock.calls.find((c) => c[0] === '/api/User/ResetForgottenPassword')!;
    expect(JSON.parse(String(sent[1].body))).toEqual({ Password: 'Secret1234', ConfirmPassword: 'Secret1234', Token: 'OLD' });
  });

  it('change password at a forced first sign-in: sent with the session, which carries on to /home, no longer locked', async () => {
    useSession.setState({ token: 'tok', session: { SessionId: 'sid', InstanceId: 'iid', StartTime: '2026-01-01T00:00:00Z', UserName: 'clerk1' }, user: { UserId: 7, UserName: 'clerk1' } as never, mustChangePassword: true, verificationKey: 'KEY', routes: [] });
    try {
      reply = () => json(200, { Message: 'Your password has been successfully changed.', UserName: 'clerk1' });
      at('/user/changepassword/KEY', '/user/changepassword/:token', <ChangePasswordPage />);
      expect(screen.getByText('You must change the password of clerk1 before you continue.')).toBeTruthy();
      await userEvent.type(screen.getByLabelText(/^Password/), 'MyOwn-Pass-2024');
      await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'MyOwn-Pass-2024');
      await submit('Change Password');
      expect(await screen.findByText('home page')).toBeTruthy();
      const sent = fetchMock.mock.calls.find((c) => c[0] === '/api/User/ResetForgottenPassword')!;
      expect(new Headers(sent[1].headers).get('authorization')).toBe('Bearer tok');
      // Signed in still (the routes the lock held back are fetched by home's guard), no longer locked.
      expect(useSession.getState()).toMatchObject({ token: 'tok', mustChangePassword: false, verificationKey: null, routes: null });
    } finally {
      useSession.getState().ended();
    }
  });

  it('activation: a link without token or reason is refused without a call', () => {
    at('/user/activate/%20/abc', '/user/activate/:reason/:token', <ActivatePage />);
    expect(screen.getByRole('alert').textContent).toBe('Empty token or reason.');
    expect(fetchMock.mock.calls.filter((c) => c[0] !== '/api/ErrorLog/LogMany')).toEqual([]);
  });

  it('new code: a key already traded asks for the user name (generatenewkey)', async () => {
    reply = () => json(400, stale('The verification key has expired.', 'generatenewkey'));
    at('/user/invalidverificationcode/activation/USED', '/never', null);
    await submit('Generate Verification Code');
    expect(await screen.findByLabelText(/^User Name/)).toBeTruthy();
    await submit('Generate Verification Code');
    expect(screen.getByText('User Name is required.')).toBeTruthy();
    reply = () => json(200, { Message: 'New verification code was created and sent to your email account.' });
    await userEvent.type(screen.getByLabelText(/^User Name/), 'grace');
    await submit('Generate Verification Code');
    expect((await screen.findByRole('status')).textContent).toBe('New verification code was created and sent to your email account.');
    const sent = fetchMock.mock.calls.filter((c) => c[0] === '/api/User/CreateVerificationCode').at(-1)!;
    expect(JSON.parse(String(sent[1].body))).toEqual({ Reason: 'activation', Token: 'generatenewkey', UserName: 'grace' });
  });
});

describe('request password change (signed in)', () => {
  const page = () => render(<MemoryRouter><ChangePasswordRequestPage /></MemoryRouter>);

  it("shows the steps when the server answers 'true'", async () => {
    reply = () => new Response('true', { status: 200, headers: { 'content-type': 'text/plain' } });
    page();
    await submit('Email Me a Link');
    expect((await screen.findByRole('status')).textContent).toMatch(/We have sent you an email with a link to change your password/);
  });

  it("says 'invalid user' for another answer and 'an error has occurred' when the call fails", async () => {
    reply = () => json(200, false);
    page();
    await submit('Email Me a Link');
    expect((await screen.findByRole('alert')).textContent).toBe('invalid user');
    reply = () => json(429, [{ PropertyName: null, ErrorMessage: 'Too many requests.', ErrorCode: 'TooManyAttempts' }]);
    await submit('Email Me a Link');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('an error has occurred'));
  });
});
