import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { format } from 'date-fns';
import { layoutTimeline, type TimelineNode } from './logic.ts';

/** Props of the timeline: nodes whose Template is what to show, and an optional "now". */
export interface TimelineProps {
  label: string;
  nodes: TimelineNode<ReactNode>[];
  now?: Date;
}

const gapSpace = { small: 3, medium: 6, large: 10 } as const;

/** A vertical timeline, oldest first; longer gaps between nodes show as more space (gap-small/medium/large). */
export function Timeline({ label, nodes, now }: TimelineProps) {
  const laid = layoutTimeline(nodes, now);
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider' }}>
      {laid.map((node, i) => (
        <Box
          component="li"
          key={i}
          className={node.gap ? `gap-${node.gap}` : undefined}
          aria-current={node.isNow ? 'time' : undefined}
          sx={{ position: 'relative', pl: 2, pt: node.gap ? gapSpace[node.gap] : 1 }}
        >
          <Box sx={{ position: 'absolute', left: -7, top: (node.gap ? gapSpace[node.gap] * 8 : 8) + 4, width: 12, height: 12, borderRadius: '50%', bgcolor: node.isNow ? 'secondary.main' : 'primary.main' }} />
          <Typography variant="caption" color="text.secondary" component="time" dateTime={new Date(node.Date).toISOString()}>
            {node.isNow ? 'Now' : format(new Date(node.Date), 'MM/dd/yyyy')}
          </Typography>
          {node.Template && <Box>{node.Template}</Box>}
        </Box>
      ))}
    </Box>
  );
}
