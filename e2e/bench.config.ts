import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The web app's figures for bench/ (make bench): not part of `make test`, whose runs assert behaviour, not speed.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  reporter: [['list']],
  timeout: 300_000,
});
