import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppTheme } from './theme.tsx';
import { AppRoutes } from './routing/AppRoutes.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppTheme>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppTheme>
  </StrictMode>,
);
