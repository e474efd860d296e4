import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `make screenshots`: pictures of the main screens for reviewers (e2e/screenshots/), not part of `make test`.
export default defineConfig({
  ...base,
  testDir: './screens',
  testMatch: '*.screens.ts',
  reporter: [['list']],
  timeout: 120_000,
});
