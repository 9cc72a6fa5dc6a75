import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import { Box, Divider, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppsIcon from '@mui/icons-material/Apps';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { ConfirmDialog } from '../../../engine/react/form/ConfirmDialog.tsx';
import { actionFor, homeUrl, isDisabled, isSafeUrl, menuItemTypes, menuTexts, tierAt, trail, type MenuNode, type MenuPath } from './logic.ts';

export interface MenuPanelProps {
  /** The tree from menu-all; null while it loads. */
  tree: MenuNode[] | null;
  path: MenuPath;
  pinned: boolean;
  onDrill: (index: number) => void;
  onBack: () => void;
  onMainMenu: () => void;
  onPinnedChange: (pinned: boolean) => void;
  /** An entry of this application was chosen (after the router has been told): e.g. close an overlay menu. */
  onNavigate: (url: string) => void;
  /** Opens an address outside the router: a new tab, or this tab for another site. */
  openExternal?: (url: string, newTab: boolean) => void;
}

const entrySx = { borderRadius: 1, mb: 0.25, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } } as const;
const entrySelector = '[data-menu-entry]:not([aria-disabled="true"])';

function defaultOpenExternal(url: string, newTab: boolean): void {
  if (newTab) window.open(url, '_blank', 'noopener,noreferrer');
  else window.location.assign(url);
}

function iconOf(node: MenuNode) {
  if (node.Children.length || node.MenuItemType.Id === menuItemTypes.group) return <FolderIcon />;
  if (node.MenuItemType.Id === menuItemTypes.url) return <OpenInNewIcon />;
  return <ListIcon />;
}

/**
 * The main menu (spec 3 "Main menu"): Home, then the shown tier; below the first tier, Main Menu and Back. An item
 * with children drills down (up to five tiers), an item with a URL navigates, a URL link to another site opens in a
 * new tab after the confirmation, a separator is a divider, and an item the user may not use is shown disabled
 * unless it is always visible. Keyboard: Tab or the arrow keys move between entries, Right drills, Left goes back.
 */
export function MenuPanel({ tree, path, pinned, onDrill, onBack, onMainMenu, onPinnedChange, onNavigate, openExternal = defaultOpenExternal }: MenuPanelProps) {
  const [asking, setAsking] = useState<MenuNode | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const moved = useRef(false);
  const nodes = tierAt(tree ?? [], path);
  const passed = trail(tree ?? [], path);
  const depth = passed.length;
  const group = passed.at(-1);

  // After drilling or going back from inside the menu, the focus goes to the first entry of the tier now shown.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const first = listRef.current?.querySelectorAll<HTMLElement>(`[data-menu-tier] ${entrySelector}`)[0]
      ?? listRef.current?.querySelector<HTMLElement>(entrySelector);
    first?.focus();
  }, [path]);

  const move = (step: () => void) => {
    moved.current = true;
    step();
  };

  function choose(node: MenuNode, index: number) {
    const action = actionFor(node);
    if (action.kind === 'drill') move(() => onDrill(index));
    else if (action.kind === 'external') {
      if (!isSafeUrl(action.url)) return;
      if (action.newTab) setAsking(node);
      else openExternal(action.url, false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const entries = [...(listRef.current?.querySelectorAll<HTMLElement>(entrySelector) ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at < 0 ? 0 : (at + (event.key === 'ArrowDown' ? 1 : entries.length - 1)) % entries.length;
      entries[next]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      entries[event.key === 'Home' ? 0 : entries.length - 1]?.focus();
    } else if (event.key === 'ArrowRight') {
      const index = Number((document.activeElement as HTMLElement | null)?.dataset.menuIndex ?? -1);
      if (index >= 0 && nodes[index]?.Children.length && !isDisabled(nodes[index])) {
        event.preventDefault();
        move(() => onDrill(index));
      }
    } else if (event.key === 'ArrowLeft' && depth > 0) {
      event.preventDefault();
      move(onBack);
    }
  }

  return (
    <Box component="nav" aria-label="Main menu" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
        <Typography variant="overline" color="text.secondary" sx={{ flexGrow: 1 }}>Menu</Typography>
        <Tooltip title={pinned ? 'Unpin: open the menu only when needed' : 'Pin: keep the menu open'}>
          <IconButton size="small" aria-label="Keep the menu open" aria-pressed={pinned} onClick={() => onPinnedChange(!pinned)}>
            {pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      {/* A list holds list items only (axe 'list'): every entry and divider sits in its own <li>. */}
      <List ref={listRef} onKeyDown={onKeyDown} sx={{ px: 1 }} dense={false}>
        <ListItem disablePadding>
          <ListItemButton data-menu-entry component={NavLink} to={homeUrl} end onClick={() => onNavigate(homeUrl)} sx={entrySx}>
            <ListItemIcon sx={{ minWidth: 36 }}><HomeIcon /></ListItemIcon>
            <ListItemText primary={menuTexts.home} />
          </ListItemButton>
        </ListItem>
        {depth > 0 && (
          <ListItem disablePadding>
            <ListItemButton data-menu-entry onClick={() => move(onMainMenu)} sx={entrySx}>
              <ListItemIcon sx={{ minWidth: 36 }}><AppsIcon /></ListItemIcon>
              <ListItemText primary={menuTexts.mainMenu} />
            </ListItemButton>
          </ListItem>
        )}
        {depth > 1 && (
          <ListItem disablePadding>
            <ListItemButton data-menu-entry onClick={() => move(onBack)} aria-label={`${menuTexts.back} to ${passed[depth - 2].LinkText}`} sx={entrySx}>
              <ListItemIcon sx={{ minWidth: 36 }}><ArrowBackIcon /></ListItemIcon>
              <ListItemText primary={menuTexts.back} secondary={passed[depth - 2].LinkText} />
            </ListItemButton>
          </ListItem>
        )}
        <li><Divider sx={{ my: 1 }} /></li>
        <li data-menu-tier>
          <List disablePadding aria-label={group ? group.LinkText : 'Main Menu'}
            subheader={group ? <ListSubheader disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>{group.LinkText}</ListSubheader> : undefined}>
            {tree === null && <ListItem><ListItemText sx={{ px: 1, color: 'text.secondary' }} primary="Loading, please wait..." /></ListItem>}
            {nodes.map((node, index) => (
              <ListItem key={`${index}-${node.MenuItemId ?? node.URL}`} disablePadding>
                <Entry node={node} index={index} onChoose={choose} onNavigate={onNavigate} />
              </ListItem>
            ))}
          </List>
        </li>
      </List>
      <ConfirmDialog
        open={asking !== null}
        title="Open link"
        text={menuTexts.newTab}
        confirmLabel="Continue"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking?.URL) openExternal(asking.URL, true);
          setAsking(null);
        }}
      />
    </Box>
  );
}

/** One item of the shown tier: a divider, a drill-down button, a link, or a disabled entry. */
function Entry({ node, index, onChoose, onNavigate }: { node: MenuNode; index: number; onChoose: (node: MenuNode, index: number) => void; onNavigate: (url: string) => void }) {
  const action = actionFor(node);
  if (action.kind === 'divider') return <Divider sx={{ my: 0.5, width: '100%' }} />;
  const icon = <ListItemIcon sx={{ minWidth: 36 }}>{iconOf(node)}</ListItemIcon>;
  if (action.kind === 'navigate') {
    return (
      <ListItemButton data-menu-entry data-menu-index={index} component={NavLink} to={action.url} onClick={() => onNavigate(action.url)} sx={entrySx}>
        {icon}
        <ListItemText primary={node.LinkText} />
      </ListItemButton>
    );
  }
  if (action.kind === 'external') {
    return (
      <ListItemButton data-menu-entry data-menu-index={index} component="a" href={isSafeUrl(action.url) ? action.url : undefined} target={action.newTab ? '_blank' : undefined} rel="noopener noreferrer"
        onClick={(e: React.MouseEvent) => { e.preventDefault(); onChoose(node, index); }} sx={entrySx}>
        {icon}
        <ListItemText primary={node.LinkText} />
      </ListItemButton>
    );
  }
  const drills = action.kind === 'drill';
  return (
    <ListItemButton data-menu-entry data-menu-index={index} disabled={action.kind === 'none'} aria-disabled={action.kind === 'none' || undefined}
      onClick={() => onChoose(node, index)} sx={entrySx}>
      {icon}
      <ListItemText primary={node.LinkText} />
      {(drills || node.Children.length > 0) && <ChevronRightIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
    </ListItemButton>
  );
}
