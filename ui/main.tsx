import { sendEarlyCalls } from './boot/early-calls.ts';

/**
 * The page's first script, kept small so that it runs as soon as it arrives: with a stored session it sends the first
 * calls and asks for the signed-in frame's code beside the application's, instead of one after the other.
 */
if (sendEarlyCalls()) {
  void import('./shell/AppShell.tsx');
  if (window.location.pathname === '/home' || window.location.pathname === '/') void import('./screens/HomePage.tsx');
}
void import('./app.tsx');
