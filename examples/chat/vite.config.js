import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The page's sources are in web/; the build goes to dist/, which the Go
// program embeds.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: '../dist', emptyOutDir: true },
});
