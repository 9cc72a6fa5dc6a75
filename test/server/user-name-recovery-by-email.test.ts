import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { useSmtpCatcher } from './smtp-catcher.ts';
import { addUser } from './account-fixtures.ts';

const recovered = 'You have successfully recovered your user name.  Please check your email.';

describe.each(databases)('user-name recovery by e-mail on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, mailRequestsPerAddress: 1000, accountLookupsPerWindow: 1000 });
  const forgot = (emailAddress: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/forgot-user-name?emailAddress=${encodeURIComponent(emailAddress)}` });

  it('mails the user name to the address', async () => {
    await addUser(t.app, { UserName: 'walter', Password: 'Walter1234', EmailAddress: 'walter@example.org' });
    const res = await forgot('Walter@Example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: recovered });
    const mail = await smtp.take('walter@example.org');
    expect(mail.subject).toBe('Your user name');
    expect(mail.text).toContain('walter');
  });

  it('lists every verified account of a shared address in one mail', async () => {
    await addUser(t.app, { UserName: 'twin1', Password: 'TwinPass12', EmailAddress: 'twins@example.org' });
    await addUser(t.app, { UserName: 'twin2', Password: 'TwinPass12', EmailAddress: 'twins@example.org' });
    await forgot('twins@example.org');
    const mail = await smtp.take('twins@example.org');
    expect(mail.text).toContain('twin1');
    expect(mail.text).toContain('twin2');
    await smtp.expectNone('twins@example.org');
  });

  it('answers an unknown address exactly as a known one, sending nothing', async () => {
    const res = await forgot('nobody@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: recovered });
    await smtp.expectNone('nobody@example.org');
  });

  it('answers an address of unverified accounts exactly as any other, and mails each its activation link, which names it', async () => {
    await addUser(t.app, { UserName: 'pending', Password: 'Pending123', EmailAddress: 'pending@example.org', IsVerified: false });
    const res = await forgot('pending@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: recovered });
    const mail = await smtp.take('pending@example.org');
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toContain('Please verify the account pending');
    await smtp.expectNone('pending@example.org');
  });

  it('requires a valid e-mail address', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/forgot-user-name' });
    expect(missing.json()).toEqual([{ PropertyName: 'emailAddress', ErrorMessage: 'Email Address is required.', ErrorCode: 'required' }]);
    const invalid = await forgot('not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()[0]).toMatchObject({ PropertyName: 'emailAddress', ErrorCode: 'format' });
  });
});
