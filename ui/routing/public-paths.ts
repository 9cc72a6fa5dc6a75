import { matchPath } from 'react-router';
import { contactPageUrl } from '../../engine/core/lowcode/public-forms.ts';

/** The public routes (spec 1 section 2): always mounted, reachable without a session. */
export const publicPaths = {
  login: '/login',
  tokenLogin: '/login/:token',
  activate: '/user/activate/:reason/:token',
  activateUpdatePassword: '/user/activateupdatepassword/:reason/:token',
  changePassword: '/user/changepassword/:token',
  passwordRecovery: '/user/passwordrecovery',
  userNameRecovery: '/user/usernamerecovery',
  invalidVerificationCode: '/user/invalidverificationcode/:reason/:token',
  // Issue 32's public pages: reachable signed in or not.
  bulletin: '/bulletin/view/:id',
  contactUs: contactPageUrl,
  scheduleBigPicture: '/scheduleBigPicture',
  /** A built form published to the public (issue 32). */
  publicForm: '/public/form/:key',
} as const;

export function isPublicPath(pathname: string): boolean {
  return Object.values(publicPaths).some((path) => matchPath({ path, end: true }, pathname));
}

/** The page that trades a stale key for a new one; generatenewkey asks for the user name instead. */
export function invalidCodePath(reason: string, token: string): string {
  return `/user/invalidverificationcode/${encodeURIComponent(reason || 'activation')}/${encodeURIComponent(token || 'generatenewkey')}`;
}

export function changePasswordPath(key: string): string {
  return `/user/changepassword/${encodeURIComponent(key)}`;
}
