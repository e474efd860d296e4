import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { backofficeBin, chromiumPath, isExecutableFile } from './fixtures/paths';

/**
 * Fails the whole run early, with a message a person can act on, when the browser is missing.
 * Never skips: a missing browser is a failure, in CI (CI=true) and locally alike.
 * Makes the folder of the run's demo databases, and removes it at the end.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const chromium = chromiumPath();
  if (!isExecutableFile(chromium)) {
    const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${chromium}` : chromium;
    const how = process.env.CI === 'true'
      ? 'The CI image must provide Debian\'s chromium-headless-shell (apt-get install -y chromium-headless-shell).'
      : 'Install it with `sudo apt-get install -y chromium-headless-shell`, or point CHROMIUM_PATH at a Chromium binary.';
    throw new Error(
      `E2E: no Chromium executable at ${where}. ${how} ` +
        'These tests never download a browser (do not run `npx playwright install`).',
    );
  }
  const bin = backofficeBin();
  const binNote = isExecutableFile(bin)
    ? bin
    : `${bin} (MISSING: run \`make build\` at the repository root, or set BACKOFFICE_BIN; tests that need the server will fail)`;
  process.stdout.write(`E2E: chromium ${chromium}\nE2E: backoffice ${binNote}\n`);

  // The demo databases the workers' servers start from (fixtures/server.ts, demoTemplate): made once per run.
  const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'xapa-e2e-templates-'));
  process.env.E2E_TEMPLATES = templates;
  return async () => fs.rmSync(templates, { recursive: true, force: true });
}
