import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { Box } from '@mui/material';
import { Breadcrumbs } from '../../engine/widgets/breadcrumbs/Breadcrumbs.tsx';
import { useBreadcrumbs, visitPage } from '../stores/breadcrumbs.ts';

/** The trail of pages above the page (shown when there is more than one crumb), each crumb a way back. */
export function AppBreadcrumbs({ title }: { title: string | undefined }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const crumbs = useBreadcrumbs((s) => s.crumbs);

  useEffect(() => {
    if (!title) return;
    visitPage({ label: title, url: `${pathname}${search}` }, pathname === '/home', navigationType === 'REPLACE');
  }, [pathname, search, title, navigationType]);

  if (crumbs.length < 2) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Breadcrumbs crumbs={crumbs} onNavigate={(url) => navigate(url)} />
    </Box>
  );
}
