import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const TESTS = 'src/**/*.test.{ts,tsx}';

/** Test files that replace a module with vi.mock: they need a fresh module registry of their own. */
function filesMockingModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesMockingModules(file));
    else if (/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes('vi.mock(')) found.push(file);
  }
  return found;
}
const mockingFiles = filesMockingModules('src');

// The Go server listens here during development; override with XAPA_API_URL.
const apiTarget = process.env.XAPA_API_URL ?? 'http://localhost:8080';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias:
      mode === 'production'
        ? [
            // React Router's package points every import at its development build, whose checks and warnings
            // (ENABLE_DEV_WARNINGS) then ship and run; the production build it also ships has them off.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : [],
  },
  server: {
    // The contract (docs/openapi.json) is read by the test of the screens' rules (app/routeRules.test.ts).
    fs: { allow: ['.', '../docs'] },
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
    // happy-dom: the whole run took 64 s against 93 s on jsdom (two cores). The window is the app's smallest
    // supported desktop, so media queries (the side menu's breakpoint) answer as they do at 1280×720.
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { width: 1280, height: 720 } },
    // Screens show UTC whatever the browser's zone: the units run nine hours away from it to catch a local time.
    env: { TZ: 'Asia/Tokyo' },
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The counts reporter writes the suite summary of make test (scripts/suite.sh) when SUITE_COUNTS names a file.
    reporters: ['default', './scripts/counts-reporter.ts'],
    unstubGlobals: true,
    // Catches a hang only, never a budget for work: a test that takes 6 s here takes over 20 s beside two CPU hogs
    // on two cores. Each wait inside a test has its own bound (asyncUtilTimeout in src/test/setup.ts).
    testTimeout: 120_000,
    // One worker per core (Vitest's default leaves one core idle).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Importing Ant Design and React into a fresh registry costs a second or more per file. Files that mock no
    // module share their worker's registry (every render has its own QueryClient and router, and setup.ts clears
    // the DOM and storage after each test); files that vi.mock a module keep one of their own.
    projects: [
      { extends: true, test: { name: 'isolated', include: mockingFiles, isolate: true } },
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: mockingFiles, isolate: false } },
    ],
  },
}));
