/**
 * What staff see (issue "What staff see"): the captcha's box, every menu entry reachable, no screen wider than the
 * window, History's key columns in view, the candle charts' labels.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { sensitiveCall } from '../fixtures/step-up';
import { signInByApi, solveCaptcha, useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'layout' } });

const tokens = new Map<string, string>();

async function signIn(page: Page, request: APIRequestContext, server: BackofficeServer, username: string, path = '/') {
  const key = `${server.baseURL} ${username}`;
  if (!tokens.has(key)) tokens.set(key, await signInByApi(request, server.login(username)));
  await page.goto('/admin/login');
  await useToken(page, tokens.get(key)!);
  await page.goto(path);
}

const menu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

/** The menu's entries as [title, path], read from its links. */
async function menuEntries(page: Page): Promise<[string, string][]> {
  await expect(menu(page).getByRole('link').first()).toBeVisible();
  return menu(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname]));
}

test.describe('the captcha', () => {
  test('its box is visible before solving, and shows a tick after', async ({ page }) => {
    await page.goto('/admin/login');
    const box = page.getByTestId('captcha').locator('input[type="checkbox"]');
    await expect(box).toBeVisible();
    const unticked = await box.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { borderWidth: parseFloat(cs.borderTopWidth), border: cs.borderTopColor, background: cs.backgroundColor };
    });
    expect(unticked.borderWidth, 'the box has a border').toBeGreaterThanOrEqual(1);
    expect(unticked.border).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(unticked.background, 'the box has a background of its own').not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(unticked.border).not.toBe(unticked.background);

    await solveCaptcha(page);
    const tick = box.locator('xpath=following-sibling::*[local-name()="svg"][1]');
    // The widget fades the tick in (its own transition): wait until it is whole.
    await expect.poll(() => tick.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const ticked = await box.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      tick: getComputedStyle(el.nextElementSibling!).color,
    }));
    expect(ticked.background, 'a solved box is filled').not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(ticked.tick, 'the tick stands out from the fill').not.toBe(ticked.background);
  });
});

test.describe('the side menu', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    for (const collapsed of [false, true]) {
      test(`every entry opens its screen by mouse at ${viewport.width}×${viewport.height}, ${collapsed ? 'collapsed' : 'expanded'}`, async ({
        page,
        request,
        server,
      }) => {
        await page.setViewportSize(viewport);
        await signIn(page, request, server, 'demo');
        const entries = await menuEntries(page);
        expect(entries.length, 'the demo user holds every key: every entry').toBeGreaterThanOrEqual(15);
        if (collapsed) await page.locator('.ant-layout-sider-trigger').click();
        for (const [title, path] of entries) {
          // A click lands only on what is on top: an entry under the collapse button fails here.
          await menu(page).locator(`a[href="${path}"]`).click();
          await expect(page, `menu entry ${title}`).toHaveURL(new RegExp(`${path}$`));
        }
      });
    }
  }

  for (const collapsed of [false, true]) {
    test(`the last entry is reached with the keyboard at 1280×720, ${collapsed ? 'collapsed' : 'expanded'}`, async ({
      page,
      request,
      server,
    }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await signIn(page, request, server, 'demo');
      const entries = await menuEntries(page);
      if (collapsed) await page.locator('.ant-layout-sider-trigger').click();
      const [lastTitle, lastPath] = entries[entries.length - 1]!;
      const last = menu(page).locator(`a[href="${lastPath}"]`);
      await page.locator('body').focus();
      for (let i = 0; i < 60; i += 1) {
        await page.keyboard.press('Tab');
        if (await last.evaluate((el) => el === document.activeElement || el.closest('li') === document.activeElement)) break;
      }
      await expect(last.locator('xpath=ancestor-or-self::*[self::a or self::li][1]')).toBeFocused();
      // Its menu item is on screen (collapsed, the item shows the icon and the link's text is hidden).
      await expect(last.locator('xpath=ancestor::li[1]')).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page, `menu entry ${lastTitle}`).toHaveURL(new RegExp(`${lastPath}$`));
    });
  }
});

test.describe('no sideways scrolling', () => {
  for (const width of [1024, 1280, 1440]) {
    test(`no screen of the menu is wider than a ${width} px window`, async ({ page, request, server }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, request, server, 'demo');
      for (const [title, path] of await menuEntries(page)) {
        await page.goto(path);
        await expect(page.locator('#page-title')).toBeVisible();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${title} (${path}) is wider than the window by ${overflow} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});

const KEY_COLUMNS = ['Date (UTC)', 'User', 'Coin', 'Amount', 'Status', 'Hash'];
const ALL_COLUMNS = ['Date (UTC)', 'User', 'Coin', 'Type', 'Amount', 'Network Fee', 'Fee', 'Status', 'Hash', 'Wallet'];

/** Cells whose text overflows their box (cut or spilling over a neighbour), or that wrap a number onto two lines. */
async function badNumberCells(table: Locator): Promise<string[]> {
  return table.locator('tbody .amount').evaluateAll((amounts) =>
    amounts.flatMap((el) => {
      const cell = el.closest('td')!;
      const [a, c] = [el.getBoundingClientRect(), cell.getBoundingClientRect()];
      const style = getComputedStyle(cell);
      const inner = c.right - parseFloat(style.paddingRight) + 1;
      const lines = Math.round(a.height / parseFloat(getComputedStyle(el).lineHeight));
      return a.right > inner || a.left < c.left || lines > 1 ? [el.textContent ?? ''] : [];
    }),
  );
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
  [1024, 768],
] as const) {
  test(`History at ${width}×${height}: key columns in view, no column hidden silently, numbers whole`, async ({
    page,
    request,
    server,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, request, server, 'demo', '/history');
    if (width < 1200) await expect(page.locator('.ant-layout-sider-collapsed'), 'the menu collapses').toHaveCount(1);
    const table = page.locator('.ant-table').first();
    await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
    const overflow = await table.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the table scrolls sideways').toBeLessThanOrEqual(0);
    const box = (await table.boundingBox())!;
    for (const title of KEY_COLUMNS) {
      const header = (await table.getByRole('columnheader', { name: title, exact: true }).boundingBox())!;
      expect(header.x + header.width, `${title} ends inside the table`).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    expect(await badNumberCells(table), 'amounts cut or wrapped').toEqual([]);
    const firstRow = table.locator('tbody tr[data-row-key]').first();
    await expect(firstRow.getByRole('button', { name: /copy/i })).toBeVisible();

    // What does not fit is named by the Columns button, never dropped without a word.
    const shown = await table.getByRole('columnheader').allInnerTexts();
    const hidden = ALL_COLUMNS.filter((title) => !shown.includes(title));
    const columns = page.getByRole('button', { name: /^Columns/ });
    await expect(columns).toHaveText(hidden.length ? `Columns: ${10 - hidden.length} of 10` : 'Columns');
    await columns.click();
    const chooser = page.getByRole('group', { name: 'Columns to show' });
    for (const title of ALL_COLUMNS) {
      await expect(chooser.getByRole('checkbox', { name: title, exact: true })).toBeChecked({ checked: !hidden.includes(title) });
    }
    // Showing them all: every column, the table scrolling inside itself; remembered after a reload.
    for (const title of hidden) await chooser.getByRole('checkbox', { name: title, exact: true }).check();
    await expect(table.getByRole('columnheader')).toHaveText(ALL_COLUMNS);
    await page.reload();
    await expect(page.locator('.ant-table').first().getByRole('columnheader')).toHaveText(ALL_COLUMNS);
    expect(await badNumberCells(page.locator('.ant-table').first()), 'amounts cut or wrapped').toEqual([]);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Fit to the window' }).click();
    await expect(page.locator('.ant-table').first().getByRole('columnheader')).toHaveText(shown);
  });
}

test('each candle card labels every one of its seven days, and cuts no price label', async ({ page, request, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, request, server, 'demo');
  const days = page.getByTestId('candle-days');
  await expect(days).toHaveCount(4);
  for (const row of await days.all()) {
    const labels = row.locator('span');
    await expect(labels).toHaveCount(7);
    const boxes = await labels.evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
  }
  // The price scale is a canvas of its own: a label cut at the top or bottom edge leaves ink in the edge rows.
  const charts = page.getByTestId('candle-chart');
  await expect(charts).toHaveCount(4);
  for (const chart of await charts.all()) {
    const inkAtEdges = await chart.evaluate((el) => {
      const canvases = Array.from(el.querySelectorAll('canvas'));
      // The price axis: the canvas right of the plot, as tall as it.
      const plot = canvases.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
      const axis = canvases.find((c) => c !== plot && c.height === plot.height && c.getBoundingClientRect().x > plot.getBoundingClientRect().x);
      if (!axis) return -1;
      const ctx = axis.getContext('2d')!;
      const rows = [0, 1, axis.height - 2, axis.height - 1];
      let ink = 0;
      for (const y of rows) {
        const data = ctx.getImageData(0, y, axis.width, 1).data;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 40) ink += 1;
      }
      return ink;
    });
    expect(inkAtEdges, 'pixels of a label in the price axis edge rows').toBe(0);
  }
});

test.describe('small things', () => {
  test('a failed transaction is a red tag of its own', async ({ page, request, server }) => {
    await signIn(page, request, server, 'demo', '/history');
    const token = tokens.get(`${server.baseURL} demo`)!;
    // A failed transaction of the demo data, found through the API and opened by its hash.
    let failed: { hash: string } | undefined;
    for (let p = 1; p <= 40 && !failed; p += 1) {
      const reply = await request.get(`/api/admin/transactions/history?page=${p}&maxPerPage=100`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { transactionHistory } = (await reply.json()) as { transactionHistory: { hash: string; status: string }[] };
      failed = transactionHistory.find((t) => t.status === 'failed');
    }
    expect(failed, 'the demo data holds a failed transaction').toBeDefined();
    await page.getByRole('searchbox', { name: 'Transaction hash' }).fill(failed!.hash);
    await page.getByRole('searchbox', { name: 'Transaction hash' }).press('Enter');
    const tag = page.locator('.tx-status[data-status="failed"]');
    await expect(tag).toHaveText('Failed');
    const colour = await tag.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = colour.match(/\d+/g)!.map(Number);
    expect(r, `Failed is red (${colour})`).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(b! + 60);
  });

  test('Force Update "Yes" is not painted as an error', async ({ page, request, server }) => {
    await signIn(page, request, server, 'demo', '/changelog');
    const yes = page.locator('.ant-tag', { hasText: /^Yes$/ }).first();
    await expect(yes).toBeVisible();
    await expect(yes).not.toHaveClass(/ant-tag-(red|error|volcano)/);
  });

  test('Promotion says to choose a coin before it shows an equivalent', async ({ page, request, server }) => {
    await signIn(page, request, server, 'demo', '/promotion');
    const amount = page.locator('#promotion-minimum-amount');
    await expect(amount).toBeVisible();
    await expect(amount).toHaveAccessibleDescription('Choose a coin to see the amount in it.');
    await expect(page.getByText(/≈ 0\.0+\s*$/)).toHaveCount(0);
  });

  test('a restricted dashboard fills its row, and Access Denied shows no breadcrumb of the denied page', async ({
    page,
    request,
    server,
  }) => {
    // The Compliance role keeps one dashboard key only.
    const token = tokens.get(`${server.baseURL} demo`) ?? (await signInByApi(request, server.login('demo')));
    tokens.set(`${server.baseURL} demo`, token);
    const headers = { Authorization: `Bearer ${token}` };
    const { roles } = (await (await request.get('/api/admin/roles?page=1&maxPerPage=100', { headers })).json()) as {
      roles: { id: number; role: string; description: string }[];
    };
    const compliance = roles.find((r) => r.role === 'Compliance')!;
    const edited = await sensitiveCall(request, token, server.creds, (stepUpHeaders) =>
      request.post(`/api/admin/roles/${compliance.id}/edit`, {
        headers: stepUpHeaders,
        data: { role: 'Compliance', description: compliance.description, permissions: ['ADMIN_TOTAL_ONLINE_USER'] },
      }),
    );
    expect(edited.status(), await edited.text()).toBe(200);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, request, server, 'compliance');
    const card = page.locator('.ant-card').filter({ hasText: 'Online users' });
    await expect(card).toBeVisible();
    const main = (await page.locator('.app-shell__main').boundingBox())!;
    const box = (await card.boundingBox())!;
    expect(box.width, 'the only card spans its row').toBeGreaterThan(main.width * 0.9);

    await page.goto('/roles');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  });
});
