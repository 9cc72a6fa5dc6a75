import { useState } from 'react';
import { Button } from '@mui/material';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import { useSession } from '../../stores/session.ts';
import { ExplainAccessDialog } from './ExplainAccessDialog.tsx';

/** 'Why can this user...?' beside a user's form: offered to those who may see roles (the explanation needs module Role). */
export function ExplainAccessButton({ userId, userName }: { userId: number; userName: string }) {
  const [open, setOpen] = useState(false);
  const mayExplain = useSession((s) => s.routes?.some((r) => r.Name === 'roles.list') ?? false);
  if (!mayExplain) return null;
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<HelpOutline />} onClick={() => setOpen(true)} sx={{ flex: 'none', mt: 0.5 }}>
        Why can this user...?
      </Button>
      {open && <ExplainAccessDialog open userId={userId} userName={userName} onClose={() => setOpen(false)} />}
    </>
  );
}
