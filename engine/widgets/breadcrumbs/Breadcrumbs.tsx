import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { showBreadcrumbs, type Crumb } from './logic.ts';

/** Props of the breadcrumbs: the trail and how to follow a crumb (the app's router). */
export interface BreadcrumbsProps { crumbs: Crumb[]; onNavigate: (url: string) => void }

/** The trail of pages, shown only when there is more than one crumb; the last is the current page. */
export function Breadcrumbs({ crumbs, onNavigate }: BreadcrumbsProps) {
  if (!showBreadcrumbs(crumbs)) return null;
  return (
    <MuiBreadcrumbs aria-label="Breadcrumb">
      {crumbs.map((c, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={c.url} color="text.primary" aria-current="page">{c.label}</Typography>
        ) : (
          <Link key={c.url} href={c.url} underline="hover" onClick={(e) => { e.preventDefault(); onNavigate(c.url); }}>{c.label}</Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
