/**
 * What staff see (issue "What staff see"): the captcha's box, every menu entry reachable, no screen wider than the
 * window, History's key columns in view, the candle charts' labels.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { sensitiveCall } from '../fixtures/step-up';
import { solveCaptcha, tokenFor, useToken } from '../fixtures/sign-in';

test.use({ serverOptions: { label: 'layout' } });
// Each test reads the demo's data and changes nothing another one reads: they may share out over the workers.
test.describe.configure({ mode: 'parallel' });

async function signIn(page: Page, request: APIRequestContext, server: BackofficeServer, username: string, path = '/') {
  const token = await tokenFor(request, server, username);
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto(path);
}

const menu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

type MenuEntry = { title: string; path: string; group: string };

/** The menu's entries, those of closed groups too, read from its links (the menu must be expanded). */
async function menuEntries(page: Page): Promise<MenuEntry[]> {
  await expect(menu(page).getByRole('link').first()).toBeVisible();
  return menu(page)
    .locator('a')
    .evaluateAll((links) =>
      links.map((a) => ({
        title: a.textContent ?? '',
        path: new URL((a as HTMLAnchorElement).href).pathname,
        group: a.closest('.ant-menu-submenu')?.querySelector('.ant-menu-submenu-title')?.textContent ?? '',
      })),
    );
}

/** An entry's link where one can click it: in the menu, or in the pop-up of its group when the menu is collapsed. */
const entryLink = (page: Page, path: string): Locator =>
  page.locator('nav[aria-label="Main menu"], .ant-menu-submenu-popup').locator(`a[href="${path}"]`).locator('visible=true');

/** Opens an entry's group when its link is not shown (a closed group, or the pop-up of a collapsed menu). */
async function showEntry(page: Page, { path, group }: MenuEntry): Promise<Locator> {
  const link = entryLink(page, path);
  if (group && (await link.count()) === 0) {
    const title = menu(page).locator('.ant-menu-submenu-title').filter({ hasText: group });
    if ((await page.locator('.ant-layout-sider-collapsed').count()) === 0) {
      await title.click();
      return link;
    }
    // A collapsed menu opens a group's pop-up on hover; a hover made while the last pop-up was closing can be lost
    // on a busy machine, so hover again until the link shows.
    await expect(async () => {
      await page.mouse.move(0, 0);
      await title.hover();
      await expect(link).toBeVisible({ timeout: 2_000 });
    }).toPass();
  }
  return link;
}

/** The sidebar's menu shows everything it holds: nothing hides below its fold. */
async function expectNoMenuScroll(page: Page, context: string) {
  const nav = menu(page);
  const spare = await nav.evaluate((el) => el.clientHeight - el.scrollHeight);
  expect(spare, `${context}: the menu needs a scroll`).toBeGreaterThanOrEqual(0);
  for (const item of await nav.locator('li.ant-menu-item, .ant-menu-submenu-title').locator('visible=true').all()) {
    await expect(item, context).toBeInViewport({ ratio: 1 });
  }
}

test.describe('the side menu', () => {
  test('at 1280×720 every entry and group is in view without scrolling the sidebar, the current group open', async ({
    page,
    request,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await signIn(page, request, server, 'demo');
    const entries = await menuEntries(page);
    expect(entries.length, 'the demo user holds every key: every entry').toBeGreaterThanOrEqual(19);
    const groups = [...new Set(entries.map((e) => e.group).filter(Boolean))];
    expect(groups).toEqual(['Wallet', 'Settings', 'Report']);
    await expectNoMenuScroll(page, 'on the dashboard');
    for (const group of groups) {
      const inGroup = entries.filter((e) => e.group === group);
      // The last entry of the group: its page opens with the group open and its entries shown.
      await page.goto(inGroup[inGroup.length - 1]!.path);
      await expect(page.locator('#page-title')).toBeVisible();
      for (const entry of inGroup) await expect(entryLink(page, entry.path), `${group}: ${entry.title}`).toBeVisible();
      for (const other of entries.filter((e) => e.group && e.group !== group)) {
        await expect(entryLink(page, other.path), `${other.title} stays in its closed group`).toHaveCount(0);
      }
      await expectNoMenuScroll(page, `with ${group} open`);
    }
  });

  test('at 390×844 the menu is a drawer opened from the top bar, and the page keeps the width', async ({ page, request, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, server, 'demo', '/history');
    await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
    await expect(page.locator('.ant-layout-sider'), 'no sidebar, not even a rail').toHaveCount(0);
    await expect(menu(page)).toHaveCount(0);
    const main = (await page.locator('.app-shell__main').boundingBox())!;
    expect(main.x, 'the page starts at the screen edge (content padding only)').toBeLessThanOrEqual(20);

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'History', exact: true })).toBeVisible();
    await menu(page).locator('.ant-menu-submenu-title').filter({ hasText: 'Report' }).click();
    await menu(page).getByRole('link', { name: 'Bonus Report' }).click();
    await expect(page).toHaveURL(/\/bonusreport$/);
    await expect(page.getByRole('heading', { name: 'Bonus Report', level: 1 })).toBeVisible();
    await expect(menu(page), 'the drawer closes after a choice').toBeHidden();
  });

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
        expect(entries.length, 'the demo user holds every key: every entry').toBeGreaterThanOrEqual(19);
        if (collapsed) await page.locator('.ant-layout-sider-trigger').click();
        for (const entry of entries) {
          // A click lands only on what is on top: an entry under the collapse button fails here.
          await (await showEntry(page, entry)).click();
          await expect(page, `menu entry ${entry.title}`).toHaveURL(new RegExp(`${entry.path}$`));
        }
      });
    }
  }

  test('the last entry is reached with the keyboard at 1280×720', async ({ page, request, server }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await signIn(page, request, server, 'demo');
    const entries = await menuEntries(page);
    const last = entries[entries.length - 1]!;
    const title = menu(page).locator('.ant-menu-submenu-title').filter({ hasText: last.group });
    const link = menu(page).locator(`a[href="${last.path}"]`);
    // The menu is one tab stop; the arrow keys move inside it, Enter opens a group.
    const within = () => menu(page).evaluate((nav) => nav.contains(document.activeElement));
    await page.locator('body').focus();
    for (let i = 0; i < 30 && !(await within()); i += 1) await page.keyboard.press('Tab');
    for (let i = 0; i < 30 && !(await title.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowDown');
    await expect(title).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(link).toBeVisible();
    const item = link.locator('xpath=ancestor::li[1]');
    const holdsFocus = () => item.evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 30 && !(await holdsFocus()); i += 1) await page.keyboard.press('ArrowDown');
    expect(await holdsFocus(), 'the arrow keys reach the entry').toBe(true);
    await expect(item).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page, `menu entry ${last.title}`).toHaveURL(new RegExp(`${last.path}$`));
  });
});

/** How far the page is wider than the window (0 or less: it fits). */
const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const KEY_COLUMNS = ['Date (UTC)', 'User', 'Coin', 'Amount', 'Status', 'Hash'];
const ALL_COLUMNS = ['Date (UTC)', 'User', 'Coin', 'Type', 'Amount', 'Network Fee', 'Fee', 'Status', 'Hash', 'Address', 'Wallet'];

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
    await expect(columns).toHaveText(hidden.length ? `Columns: ${ALL_COLUMNS.length - hidden.length} of ${ALL_COLUMNS.length}` : 'Columns');
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
    const token = await tokenFor(request, server, 'demo');
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
    const token = await tokenFor(request, server, 'demo');
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

test('Tokens at 1280×720: the Edit column is in view, and each contract has its whole on hover and a copy button', async ({
  page,
  request,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, request, server, 'demo', '/tokens');
  const rows = page.locator('.ant-table-tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  const edit = rows.first().getByRole('button', { name: /^Edit / });
  await expect(edit).toBeInViewport({ ratio: 1 });
  const main = rows.first().locator('td.token-table__contract').first();
  const cut = ((await main.locator('.copyable-address').textContent()) ?? '').replace(/\.\.\.$/, '');
  await main.locator('.copyable-address').hover();
  const whole = page.getByRole('tooltip').filter({ hasText: cut });
  await expect(whole, 'the whole address on hover').toBeVisible();
  expect(((await whole.textContent()) ?? '').length, 'more than what the cell shows').toBeGreaterThan(cut.length);
  await expect(main.getByRole('button', { name: 'Copy the main contract' })).toBeVisible();
  const box = (await main.boundingBox())!;
  const text = (await main.locator('.copyable-address').boundingBox())!;
  expect(text.x + text.width, 'the address stays inside its cell').toBeLessThanOrEqual(box.x + box.width + 1);
});

/**
 * Table cells holding a number (an amount, a count, a price, a date) that are cut by their cell or wrap onto a
 * second line. A number with its unit counts as one: "713.24 USDT" must not lose "USDT" either.
 */
async function cutOrWrappedNumbers(page: Page): Promise<string[]> {
  return page.locator('.ant-table tbody tr[data-row-key] > td').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = (cell.textContent ?? '').trim();
      if (!/^[-+≈$]?\s?\d[\d,.:\s-]*(%|\s?[A-Za-z]{2,8})?$/.test(text)) return [];
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      const cut = cell.scrollWidth > cell.clientWidth + 1;
      return tops.size > 1 || cut ? [`${text}${cut ? ' (cut)' : ' (wrapped)'}`] : [];
    }),
  );
}

/** The windows every screen is looked at in; below 1280 px only the page's width is checked. */
const WINDOWS = [
  { width: 1440, height: 900, tables: true },
  { width: 1280, height: 720, tables: true },
  { width: 1024, height: 768, tables: false },
] as const;

/** What is wrong with the screen's layout in the window as it is now. */
async function layoutProblems(page: Page, tables: boolean): Promise<string[]> {
  const wider = await overflow(page);
  const problems = wider > 0 ? [`wider than the window by ${wider} px`] : [];
  if (!tables) return problems;
  const sideways = await page
    .locator('.ant-table-content, .ant-table-body')
    .evaluateAll((boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).length);
  if (sideways > 0) problems.push(`${sideways} table(s) scroll sideways`);
  return [...problems, ...(await cutOrWrappedNumbers(page))];
}

/** The problems left once the screen has been laid out again for the window (what was found last fails it). */
async function settledLayoutProblems(page: Page, tables: boolean): Promise<string[]> {
  let found: string[] = [];
  await expect(async () => {
    found = await layoutProblems(page, tables);
    expect(found).toEqual([]);
  })
    .toPass()
    .catch(() => undefined);
  return found;
}

// Each screen is loaded once and looked at in each window: a resize lays it out again as a load in that window does.
test('every screen at 1440×900 and 1280×720: no wider than the window, no table scrolls sideways, no number cut or wrapped; at 1024×768 no wider', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize(WINDOWS[0]);
  await signIn(page, request, server, 'demo');
  const screens = (await menuEntries(page)).map(({ title, path }) => ({ title, path }));
  const token = await tokenFor(request, server, 'demo');
  const users = await request.get('/api/admin/users?page=1&maxPerPage=1', { headers: { Authorization: `Bearer ${token}` } });
  const [customer] = ((await users.json()) as { users: { id: number }[] }).users;
  screens.push({ title: 'Customer profile', path: `/userprofile/${customer!.id}` });
  const problems: string[] = [];
  for (const { title, path } of screens) {
    await page.setViewportSize(WINDOWS[0]);
    await page.goto(path);
    await expect(page.locator('#page-title')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    for (const { width, height, tables } of WINDOWS) {
      await page.setViewportSize({ width, height });
      const found = await settledLayoutProblems(page, tables);
      problems.push(...found.map((p) => `${title} (${path}) at ${width}×${height}: ${p}`));
    }
  }
  expect(problems).toEqual([]);
});
