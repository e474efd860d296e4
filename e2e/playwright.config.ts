import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { NAVIGATION_BOUND_MS, STEP_BOUND_MS, TEST_BOUND_MS } from './fixtures/bounds';
import { chromiumPath } from './fixtures/paths';

// This suite drives Debian's chromium-headless-shell (fixtures/paths.ts); it never downloads a browser.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const isCI = process.env.CI === 'true';

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(__dirname, 'test-results'),
  globalSetup: require.resolve('./global-setup'),
  fullyParallel: false,
  forbidOnly: isCI,
  retries: 0,
  // Two workers, one per core. A worker's server is its file's (serverOptions.label), so files share no data; a file
  // whose tests are independent says so (describe.configure parallel) and shares out over both.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Bounds that catch a hang, never a budget for work (fixtures/bounds.ts); tests wait for conditions, never for time.
  timeout: TEST_BOUND_MS,
  expect: { timeout: STEP_BOUND_MS, toPass: { timeout: STEP_BOUND_MS } },
  reporter: [['list'], [path.join(__dirname, 'reporters', 'summary.ts')]],
  use: {
    headless: true,
    actionTimeout: STEP_BOUND_MS,
    navigationTimeout: NAVIGATION_BOUND_MS,
    screenshot: 'only-on-failure',
    // Here a failed test keeps its trace (actions, DOM snapshots, network) and its screenshot. The trace's screencast is
    // left out: recording it for every test cost about a third of the suite's CPU (measured on two spec files). CI
    // keeps only its log, where a trace cannot be opened, so there nothing records one: recording took a fifth of the
    // time of three spec files (120 s against 101 s). E2E_TRACE=1 records them under CI=true too.
    trace:
      isCI && process.env.E2E_TRACE !== '1'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    video: 'off',
    // The app honours prefers-reduced-motion (no Ant Design animations): clicks never wait for a transition.
    reducedMotion: 'reduce',
    // Nine hours from UTC: screens show UTC whatever the browser's zone, so a local time shows up as a failure.
    timezoneId: 'Asia/Tokyo',
    // The page's CSP must be enforced: tests check that it holds.
    bypassCSP: false,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
});
