import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The web app's figures for bench/ (make bench): not part of `make test`, whose runs assert behaviour, not speed.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  reporter: [['list']],
  timeout: 300_000,
  // No Playwright trace: its recorder snapshots the page's DOM around every action, on the page's own main thread
  // (about 40 ms of the sign-in's), which a person's browser does not do.
  use: { ...base.use, trace: 'off' },
});
