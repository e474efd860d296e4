/**
 * A list's filters, page and page size live in the URL (web/src/lib/useListState.ts): on History, User Management,
 * Members and the Exchange Report, a view with filters on page 2 comes back the same after a reload, after another screen
 * and Back, and in a fresh page opened at the copied URL. "The same" is checked on the list call the page makes,
 * the filters it shows and its active page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseOption } from '../fixtures/antd';
import { menuEntry } from '../fixtures/menu';
import { expect, test } from '../fixtures/server';
import type { BackofficeServer } from '../fixtures/server';
import { sensitiveCall } from '../fixtures/step-up';
import { tokenFor, useToken } from '../fixtures/sign-in';

// A server of its own: the Members test adds staff.
test.use({ serverOptions: { label: 'list-url-state' } });

type Query = Record<string, string>;

interface ListScreen {
  path: string;
  /** The list call (its CSV and search calls excepted). */
  list: RegExp;
  /** Sets some filters and goes to page 2. */
  setUp: (page: Page) => Promise<void>;
  /** What the filters show (each screen reads it after `setUp`, then compares). */
  filtersShown: (page: Page) => Promise<string[]>;
}

/** A full token of the demo administrator on `server` (signed in once per worker). */
const adminToken = (request: APIRequestContext, server: BackofficeServer): Promise<string> =>
  tokenFor(request, server, server.creds.username);

async function openSignedIn(page: Page, request: APIRequestContext, server: BackofficeServer, path: string) {
  const token = await adminToken(request, server);
  await page.goto('/admin/login');
  await useToken(page, token);
  await page.goto(path);
}

/** Creates staff members (ROLE_ADMIN) named `<prefix>-NN` through POST /api/admin/users/new. */
async function createMembers(request: APIRequestContext, server: BackofficeServer, prefix: string, count: number) {
  const token = await adminToken(request, server);
  for (let n = 1; n <= count; n++) {
    const name = `${prefix}-${String(n).padStart(2, '0')}`;
    const reply = await sensitiveCall(request, token, server.creds, (headers) =>
      request.post('/api/admin/users/new', {
        headers,
        data: { email: `${name}@example.test`, username: name, full_name: `Member ${n}`, password: 'Member-Passw0rd!', enabled: true, roles: ['ROLE_ADMIN'] },
      }),
    );
    expect(reply.status(), await reply.text()).toBe(201);
  }
}

/** Every list call `page` makes from now on, as its query (the newest last). */
function recordListCalls(page: Page, list: RegExp): Query[] {
  const calls: Query[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (list.test(url) && !/\/(search|CSV)\?/.test(url)) calls.push(Object.fromEntries(new URL(url).searchParams));
  });
  return calls;
}

const pick = (page: Page, name: string, option: string) => chooseOption(page, page.getByRole('combobox', { name }), option);
const pager = (page: Page) => page.getByTestId('list-pager');
const goToPage2 = (page: Page) => pager(page).getByRole('button', { name: 'Page 2', exact: true }).click();
const selectText = (page: Page, name: string) =>
  page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name }) }).innerText();
const dates = (page: Page) => Promise.all([page.getByPlaceholder('From').inputValue(), page.getByPlaceholder('To').inputValue()]);

async function chooseRangePreset(page: Page, preset: string) {
  await page.getByPlaceholder('From').click();
  await page.locator('.ant-picker-presets').getByText(preset, { exact: true }).click();
}

/** The view `page` shows is the one of `call`, with `filters` shown and page 2 active. */
async function expectView(page: Page, calls: Query[], call: Query, screen: ListScreen, filters: string[]) {
  await expect.poll(() => calls.at(-1)).toEqual(call);
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2');
  await expect.poll(() => screen.filtersShown(page)).toEqual(filters);
}

async function checkListState(page: Page, request: APIRequestContext, server: BackofficeServer, screen: ListScreen) {
  const calls = recordListCalls(page, screen.list);
  await openSignedIn(page, request, server, screen.path);
  await screen.setUp(page);
  await expect.poll(() => calls.at(-1)?.page).toBe('2');
  const call = calls.at(-1)!;
  const filters = await screen.filtersShown(page);
  const url = page.url();
  expect(url, 'a readable query').not.toMatch(/%3A/i);

  calls.length = 0;
  await page.reload();
  await expectView(page, calls, call, screen, filters);
  expect(page.url()).toBe(url);

  await (await menuEntry(page, 'Security')).click();
  await expect(page).toHaveURL(/\/security$/);
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expectView(page, calls, call, screen, filters);

  const fresh = await page.context().newPage();
  const freshCalls = recordListCalls(fresh, screen.list);
  await fresh.goto(url);
  await expectView(fresh, freshCalls, call, screen, filters);
  await fresh.close();
}

test.describe('list state in the URL', () => {
  test('History: type, dates and page 2', async ({ page, request, server }) => {
    await checkListState(page, request, server, {
      path: '/history',
      list: /\/api\/admin\/transactions\/history\?/,
      setUp: async (p) => {
        await pick(p, 'Type', 'Received');
        await chooseRangePreset(p, 'Yearly');
        await goToPage2(p);
        await expect(p).toHaveURL(/[?&]type=received&/);
      },
      filtersShown: async (p) => [await selectText(p, 'Type'), await selectText(p, 'Network'), ...(await dates(p))],
    });
  });

  test('User Management: search, page size and page 2', async ({ page, request, server }) => {
    await checkListState(page, request, server, {
      path: '/usermanagement',
      list: /\/api\/admin\/users\?/,
      setUp: async (p) => {
        await p.getByRole('searchbox', { name: 'Search users' }).fill('example');
        await expect(p).toHaveURL(/[?&]q=example$/);
        await pick(p, 'Page size', 'View 50 Per Page');
        await goToPage2(p);
        await expect(p).toHaveURL(/\?q=example&maxPerPage=50&page=2$/);
      },
      filtersShown: async (p) => [await p.getByRole('searchbox', { name: 'Search users' }).inputValue(), await selectText(p, 'Page size')],
    });
  });

  test('Members: search and page 2', async ({ page, request, server }) => {
    // 27 matching members: two pages of 25.
    await createMembers(request, server, 'pagedmember', 27);
    await checkListState(page, request, server, {
      path: '/members',
      list: /\/api\/admin\/users\?/,
      setUp: async (p) => {
        await p.getByRole('searchbox', { name: 'Search members' }).fill('pagedmember');
        await expect(p).toHaveURL(/[?&]q=pagedmember$/);
        await goToPage2(p);
        await expect(p).toHaveURL(/\?q=pagedmember&page=2$/);
      },
      filtersShown: async (p) => [await p.getByRole('searchbox', { name: 'Search members' }).inputValue(), await selectText(p, 'Page size')],
    });
  });

  test('Exchange Report: user, dates, page size and page 2', async ({ page, request, server }) => {
    await checkListState(page, request, server, {
      path: '/exchangereport',
      list: /\/api\/admin\/exchange\/history\?/,
      setUp: async (p) => {
        await chooseRangePreset(p, 'Yearly');
        await p.getByRole('searchbox', { name: 'User Email' }).fill('example');
        await expect(p).toHaveURL(/[?&]user=example$/);
        await pick(p, 'Page size', 'View 50 Per Page');
        await goToPage2(p);
        await expect(p).toHaveURL(/\?minDate=\d{4}-\d{2}-\d{2}&maxDate=\d{4}-\d{2}-\d{2}&user=example&maxPerPage=50&page=2$/);
      },
      filtersShown: async (p) => [
        await p.getByRole('searchbox', { name: 'User Email' }).inputValue(),
        await selectText(p, 'Page size'),
        ...(await dates(p)),
      ],
    });
  });
});
