import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';
import { compileEagerly, firstScreenGroups, preloadFirstScreen } from './first-screen-chunk.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/** The UI build (dist/ui) and the dev server, which proxies the API to the Fastify server. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadFirstScreen(), compileEagerly(/^assets\/(boot|first-screen|rolldown-runtime|shell|FormScreen)-/), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: [firstScreenGroups(here('./main.tsx'), here('./app.tsx'), here('./shell/AppShell.tsx'))] } },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/docs': apiTarget },
  },
});
