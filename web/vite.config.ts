import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPublicPages } from './vite-prerender.ts';

/**
 * The local stack serves Vite in middleware mode on the API's port, so no dev proxy is
 * needed; runtime settings come from /config.json, never from build-time variables.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), prerenderPublicPages()],
  // ES module workers keep their dynamic imports as chunks: libheif stays its own file (decision 120).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
