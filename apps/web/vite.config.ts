import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/ecare/',
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/ecare/version.json': { target: apiTarget },
    },
  },
  build: {
    // The bench reads the manifest to sum the login route's first download.
    manifest: true,
    target: 'es2022',
  },
});
