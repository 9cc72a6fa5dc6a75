import { isHomePath, publicFormPageOf, sendEarlyCalls, sendEarlyPublicFormCall } from './boot/early-calls.ts';

/**
 * The page's first script, kept small so that it runs as soon as it arrives: it sends the first calls of the screen
 * asked for and asks for that screen's code beside the application's, instead of one after the other. A stored
 * session: the session, the route table, the shell (and the home). A public form's page: its definition and the page.
 */
const { pathname } = window.location;
if (sendEarlyCalls()) {
  void import('./shell/AppShell.tsx');
  if (isHomePath(pathname)) void import('./screens/HomePage.tsx');
}
const formPage = publicFormPageOf(pathname);
if (formPage) {
  // The form engine is not asked for here: it is most of the page's bytes, and would slow the frame's own code.
  sendEarlyPublicFormCall(formPage.key);
  void (formPage.contactPage ? import('./screens/public-pages/ContactUsPage.tsx') : import('./screens/public-form/PublicFormPage.tsx'));
}
void import('./app.tsx');
