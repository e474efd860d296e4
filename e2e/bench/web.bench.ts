/**
 * The web app's figures for bench/results.md: gzipped JavaScript loaded by the sign-in page and by the dashboard,
 * and the time from sign-in (the code submitted) to a fully rendered dashboard. Prints Markdown; asserts nothing
 * about speed (budgets are read off the figures, not enforced by a test). WEB_BENCH_PROFILE=1 adds where the main
 * thread's time went (a CPU profile of each run); WEB_BENCH_TRACE=1 prints each run's requests.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import { signInByApi, solveCaptcha, submitCredentials, TOKEN_STORAGE_KEY } from '../fixtures/sign-in';
import { freshTotp } from '../fixtures/totp';

const WIDGETS = [
  'BTC candles', 'ETH candles', 'TRX candles', 'BNB candles', 'Registered users', 'Verified users', 'Online users',
  'Customer balance', 'Company balance', 'Total balances', 'Revenue by send', 'Revenue by exchange', 'Recent transactions',
];
// Each sign-in needs a code of a new 30 s step (codes are single use), so a run takes up to 30 s.
const RUNS = Number(process.env.WEB_BENCH_RUNS) || 3;

interface Script {
  url: string;
  raw: number;
  sent: number; // the body as it travelled: gzipped by the server
}

/** Records every script the page loads (workers included): its size, and its size on the wire. */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('requestfinished', async (req) => {
    const url = req.url();
    if (req.resourceType() !== 'script' && !url.endsWith('.js')) return;
    const res = await req.response();
    const body = (await res?.body().catch(() => null)) ?? Buffer.alloc(0);
    const sizes = await req.sizes().catch(() => ({ responseBodySize: body.length }));
    scripts.push({ url: new URL(url).pathname, raw: body.length, sent: sizes.responseBodySize });
    if (res?.headers()['content-encoding'] !== 'gzip') console.warn(`not gzipped: ${url}`);
  });
  return scripts;
}

/** Waits until no script has arrived for a second (load states do not wait for later, dynamic imports). */
async function settled(scripts: Script[]): Promise<void> {
  for (let seen = -1; seen !== scripts.length; ) {
    seen = scripts.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = (list: Script[], key: 'raw' | 'sent') => list.reduce((sum, s) => sum + s[key], 0);

/**
 * In the page: true once every widget holds its data, else null, with what is still missing in
 * `window.__pending` (a function passed whole: the page's CSP forbids evaluating strings).
 */
function rendered(names: string[]): true | null {
  const w = window as unknown as { __pending: string };
  const regions = names.map((n) => document.querySelector(`[role="region"][aria-label="${n}"]`));
  const missing = names.filter((_, i) => !regions[i]);
  const loading = document.querySelector('[role="status"][aria-label^="Loading"], .ant-spin-spinning');
  const blank = names.slice(0, 4).filter((_, i) => regions[i] && !regions[i].querySelector('canvas'));
  if (missing.length) w.__pending = `missing ${missing.join(', ')} at ${location.pathname}`;
  else if (loading) w.__pending = `loading: ${loading.getAttribute('aria-label') ?? loading.className}`;
  else if (blank.length) w.__pending = `no chart in ${blank.join(', ')}`;
  else if (regions[12]!.querySelectorAll('tbody tr').length < 2) w.__pending = 'no transaction rows';
  else return true;
  return null;
}

/** In the page: starts counting long tasks (50 ms or more of the main thread) from now. */
function startLongTasks(): void {
  const w = window as unknown as { __longTasks: number };
  w.__longTasks = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks += entry.duration;
  }).observe({ type: 'longtask' });
}

/** In the page: the long tasks' milliseconds since startLongTasks. */
function longTasksSoFar(): number {
  return Math.round((window as unknown as { __longTasks: number }).__longTasks);
}

/** A V8 CPU profile of the page (CDP Profiler.stop). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The main thread's time in a profile, by where it went: `(program)` is the browser's own work (style, layout,
 * paint, parsing), `(idle)` waiting, `(garbage collector)` V8's; the rest is JavaScript, by the script it ran in.
 */
function mainThreadTime(profile: CpuProfile): Map<string, number> {
  const where = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const ms = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = where.get(id);
    const file = frame?.url ? `JS ${new URL(frame.url).pathname.replace(/-[\w-]{8}\.js$/, '.js')}` : '';
    const key = file || (frame?.functionName.startsWith('(') ? frame.functionName : 'JS calls into the browser (DOM, layout reads, fetch)');
    ms.set(key, (ms.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return ms;
}

/** Resolves when every widget holds its data: no spinner left, candles drawn, transactions listed. */
async function dashboardRendered(page: Page): Promise<void> {
  try {
    await page.waitForFunction(rendered, WIDGETS, { polling: 'raf', timeout: 30_000 });
  } catch (err) {
    const why = await page.evaluate(() => (window as unknown as { __pending: string }).__pending).catch(() => '?');
    throw new Error(`dashboard not rendered: ${why}`, { cause: err });
  }
}

test('web app: JavaScript sizes and sign-in to dashboard', async ({ page, server, request, browser }) => {
  const demo = server.login('demo');

  // 1. The sign-in page, fresh, up to its Login button (the captcha solved, so its worker counted); then what
  // the code step fetches ahead for the dashboard (app/prefetch.ts).
  const signInScripts = recordScripts(page);
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Username').fill(demo.username);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await solveCaptcha(page);
  await settled(signInScripts);
  const signInPage = [...signInScripts];
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
  await settled(signInScripts);
  const prefetched = signInScripts.slice(signInPage.length);

  // 2. The dashboard opened fresh with a stored token (what it loads by itself).
  const token = await signInByApi(request, demo);
  const ctx = await browser.newContext();
  await ctx.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token] as const);
  const dash = await ctx.newPage();
  const dashScripts = recordScripts(dash);
  await dash.goto('/', { waitUntil: 'networkidle' });
  await dashboardRendered(dash);
  await ctx.close();

  // 3. Sign-in to rendered dashboard: from the code's submission (the last step) to every widget drawn.
  const times: number[] = [];
  const busy: number[] = [];
  const profiled = new Map<string, number[]>(); // WEB_BENCH_PROFILE: each run's main-thread ms, by where it went
  for (let i = 0; i < RUNS; i += 1) {
    const c = await browser.newContext();
    const p = await c.newPage();
    const runScripts = recordScripts(p);
    await p.goto('/admin/login', { waitUntil: 'networkidle' });
    await submitCredentials(p, demo);
    const code = await freshTotp(demo.totpSecret);
    // A person takes seconds to type the code; the code step's prefetch has at least finished by then.
    await settled(runScripts);
    const start = Date.now();
    const log: string[] = [];
    if (process.env.WEB_BENCH_TRACE) {
      p.on('request', (r) => log.push(`${Date.now() - start} ms → ${r.method()} ${new URL(r.url()).pathname}`));
      p.on('requestfinished', (r) => {
        const t = r.timing();
        log.push(`${Date.now() - start} ms ← ${new URL(r.url()).pathname} (queued ${t.requestStart.toFixed(0)}, ` +
          `first byte ${t.responseStart.toFixed(0)}, end ${t.responseEnd.toFixed(0)} ms after start)`);
      });
    }
    await p.evaluate(startLongTasks);
    const cdp = process.env.WEB_BENCH_PROFILE ? await c.newCDPSession(p) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await p.getByLabel('Code', { exact: true }).fill(code); // six digits submit the form
    await dashboardRendered(p);
    times.push(Date.now() - start);
    busy.push(await p.evaluate(longTasksSoFar));
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      for (const [key, ms] of mainThreadTime(profile)) profiled.set(key, [...(profiled.get(key) ?? []), ms]);
    }
    if (log.length) console.log(log.join('\n'));
    await c.close();
  }
  times.sort((a, b) => a - b);
  busy.sort((a, b) => a - b);

  const lines = [
    '**Web app** (headless Chromium on localhost; JavaScript as the server sends it, gzipped):',
    '',
    `- sign-in page: ${signInPage.length} scripts, ${kb(total(signInPage, 'sent'))} gzipped (${kb(total(signInPage, 'raw'))} raw)`,
    `- fetched ahead at the code step (shell, dashboard, chart): ${prefetched.length} scripts, ${kb(total(prefetched, 'sent'))} gzipped`,
    `- dashboard opened directly: ${dashScripts.length} scripts, ${kb(total(dashScripts, 'sent'))} gzipped (${kb(total(dashScripts, 'raw'))} raw)`,
    `- sign-in (code submitted) to fully rendered dashboard, ${RUNS} runs: median ${times[Math.floor(RUNS / 2)]} ms, ` +
      `min ${times[0]} ms, max ${times[RUNS - 1]} ms`,
    `- of it, the page's main thread in tasks of 50 ms or more (long tasks: script, style, layout, paint): median ` +
      `${busy[Math.floor(RUNS / 2)]} ms, min ${busy[0]} ms, max ${busy[RUNS - 1]} ms`,
  ];
  if (profiled.size) {
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const rows = [...profiled].map(([key, list]) => [key, median(list)] as const).sort((a, b) => b[1] - a[1]);
    lines.push(`- the main thread from the code's submission to the rendered dashboard (a V8 CPU profile of each run; ` +
      `median ms): ${rows.filter(([, ms]) => ms >= 5).map(([key, ms]) => `${key} ${ms.toFixed(0)}`).join(', ')}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
  expect(signInPage.length).toBeGreaterThan(0);
});
