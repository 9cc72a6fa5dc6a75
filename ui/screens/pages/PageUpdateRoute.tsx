import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { FormMode } from '../../../engine/core/forms/types.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import type { Page } from '../../../metadata/types/Page.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { FormRoute } from '../screen/FormRoute.tsx';
import { useScreenPayload } from '../screen/useScreenPayload.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { pageApi } from './page-api.ts';
import { PageFieldsTab } from './PageFieldsTab.tsx';
import { PageMenuInfo } from './PageMenuInfo.tsx';

const tabs = [{ id: 'page', label: 'Page' }, { id: 'fields', label: 'Fields' }] as const;
type TabId = (typeof tabs)[number]['id'];

function TabPanel({ id, active, children }: { id: TabId; active: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`page-tabpanel-${id}`} aria-labelledby={`page-tab-${id}`} hidden={!active} sx={{ pt: 3 }}>
      {children}
    </Box>
  );
}

/**
 * /page/update/{id} and /page/read/{id} (registered as 'PageUpdate'): the page's own values (the generic form) and
 * its fields, on the tabs Page and Fields; the read screen also shows the menu item that links to the page. The tab
 * is in the URL (?tab=), so coming back from a page field lands on the Fields tab again.
 */
export function PageUpdateRoute({ screen, kind, params }: ScreenComponentProps) {
  const mode: FormMode = kind === 'read' ? 'read' : 'update';
  const entry = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.${mode}`);
  const { payload } = useScreenPayload(screen.id);
  const [search, setSearch] = useSearchParams();
  const pageId = Number(params.id);
  const [page, setPage] = useState<Page | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tab: TabId = search.get('tab') === 'fields' ? 'fields' : 'page';

  useEffect(() => {
    if (!(pageId > 0)) return;
    let live = true;
    pageApi.page(pageId).then((loaded) => { if (live) setPage(loaded); }, (error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error'));
    });
    return () => { live = false; };
  }, [pageId]);

  if (!entry) return <NotFoundPage />;
  if (!(pageId > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!payload || !page) return <LoadingScreen />;

  const choose = (next: TabId) => setSearch(next === 'page' ? {} : { tab: next }, { replace: true });
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Tabs value={tab} onChange={(_, next: TabId) => choose(next)} aria-label={`${page.Name}: page and fields`} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((t) => <Tab key={t.id} value={t.id} label={t.label} id={`page-tab-${t.id}`} aria-controls={`page-tabpanel-${t.id}`} />)}
      </Tabs>
      {/* The Page tab stays mounted while hidden: switching tabs keeps what was typed there. */}
      <TabPanel id="page" active={tab === 'page'}>
        <Stack spacing={3}>
          <FormRoute key={entry.Name} entry={entry} mode={mode} screen={screen} entity={payload.Schema} />
          {mode === 'read' && <PageMenuInfo page={page} />}
        </Stack>
      </TabPanel>
      <TabPanel id="fields" active={tab === 'fields'}>
        {tab === 'fields' && (
          <Stack spacing={2}>
            <div>
              <Typography variant="h1">{page.Name}</Typography>
              <Typography color="text.secondary">The fields of this page, in order.</Typography>
            </div>
            <PageFieldsTab pageId={pageId} />
          </Stack>
        )}
      </TabPanel>
    </Box>
  );
}
