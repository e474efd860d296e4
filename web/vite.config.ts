import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Go server listens here during development; override with XAPA_API_URL.
const apiTarget = process.env.XAPA_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep every script and style in separate files: the CSP allows no inline code.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: their own long-cached chunk. Everything else
          // (antd included) is split by use, so each route chunk carries only what it needs.
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Screens are lazy chunks: a cold first import (antd included) is slow under jsdom when files run in parallel.
    testTimeout: 20_000,
  },
});
