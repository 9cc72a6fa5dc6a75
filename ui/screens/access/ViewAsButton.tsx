import { Button } from '@mui/material';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useNavigate } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { useViewAs } from '../../stores/view-as.ts';

/** 'View as this user': lists, records and forms as the user would see them (offered to those who may see roles). */
export function ViewAsButton({ userId, name }: { userId: number; name: string }) {
  const mayView = useSession((s) => s.routes?.some((r) => r.Name === 'roles.list') ?? false);
  const me = useSession((s) => s.user?.UserId);
  const start = useViewAs((s) => s.start);
  const navigate = useNavigate();
  if (!mayView || userId === me) return null;
  return (
    <Button variant="outlined" size="small" startIcon={<VisibilityOutlined />} sx={{ flex: 'none', mt: 0.5 }}
      onClick={() => { start({ UserId: userId, Name: name }); navigate('/home'); }}>
      View as this user
    </Button>
  );
}
