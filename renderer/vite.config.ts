// Builds the workbench UI into out/renderer; Monaco is bundled from the installed package (no CDN).
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  base: './',
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../out/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
  },
});
