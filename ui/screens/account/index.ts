/** The public account screens, loaded together on first use so /login stays small. */
export { default as TokenLoginPage } from './TokenLoginPage.tsx';
export { default as ActivatePage } from './ActivatePage.tsx';
export { default as ActivateUpdatePasswordPage } from './ActivateUpdatePasswordPage.tsx';
export { default as ChangePasswordPage } from './ChangePasswordPage.tsx';
export { default as PasswordRecoveryPage } from './PasswordRecoveryPage.tsx';
export { default as UserNameRecoveryPage } from './UserNameRecoveryPage.tsx';
export { default as InvalidVerificationCodePage } from './InvalidVerificationCodePage.tsx';
