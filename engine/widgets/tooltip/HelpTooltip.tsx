import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import { RESIZE_THROTTLE_MS, tooltipWidth } from './logic.ts';

/** Props of the help tooltip: its text and the label of its button. */
export interface HelpTooltipProps { title: ReactNode; label: string; contentWidth?: number }

/**
 * A help tooltip on a focusable button (keyboard users reach it with Tab): 90 percent of the
 * content width on narrow layouts, two thirds otherwise, recomputed at most every 200 ms on resize.
 */
export function HelpTooltip({ title, label, contentWidth }: HelpTooltipProps) {
  const [width, setWidth] = useState(() => contentWidth ?? (typeof window === 'undefined' ? 900 : window.innerWidth));
  const last = useRef(0);
  useEffect(() => {
    if (contentWidth !== undefined) return;
    const onResize = () => {
      const now = Date.now();
      if (now - last.current < RESIZE_THROTTLE_MS) return;
      last.current = now;
      setWidth(window.innerWidth);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [contentWidth]);
  return (
    <Tooltip title={title} slotProps={{ tooltip: { sx: { maxWidth: tooltipWidth(contentWidth ?? width) } } }} describeChild>
      <IconButton size="small" aria-label={label}><HelpOutline fontSize="small" /></IconButton>
    </Tooltip>
  );
}
