/**
 * The import rules of src/, checked by `npm run lint` (dependency-cruiser). The layers, lowest first:
 *   lib/         → nothing of the app's own code
 *   components/  → lib
 *   features/X/  → lib, components, features/session (the signed-in user and permissions, shared by every
 *                  feature) and the features FEATURE_DEPENDENCIES names for X; never app/
 *   app/         → anything (the router, the shell and the route table put the features together)
 * No import circle anywhere, tests included. Tests and test data may reach across features (never into a circle).
 */

/** Tests, their helpers and the test data files, which ship in no bundle. */
const TEST_CODE = ['\\.test\\.tsx?$', '^src/test/', '(TestData|Fixtures|/testData)\\.ts$'];

/** Which other features a feature may import, besides session: the layering among features (keep it a tree). */
const FEATURE_DEPENDENCIES = {
  auth: ['health'],
  dashboard: ['history'],
  members: ['roles'],
  // The preview pages show the dashboard's prices, from its call and cache.
  placeholders: ['dashboard'],
  profile: ['history'],
};

const layer = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST_CODE },
  to: { path: to },
});

/** A feature (the first capture group of `from`) importing another one than itself, session and `allowed`. */
const crossFeature = (from, allowed) => ({
  name: 'feature-imports-feature',
  comment: 'A feature imports another feature: move the shared code to lib/ or components/, pass it in, or '
    + 'declare the dependency in FEATURE_DEPENDENCIES (.dependency-cruiser.mjs) if it runs down the layers.',
  severity: 'error',
  from: { path: `^src/features/(${from})/`, pathNot: TEST_CODE },
  to: {
    path: '^src/features/',
    pathNot: ['^src/features/$1/', ...['session', ...allowed].map((feature) => `^src/features/${feature}/`)],
  },
});

const listed = Object.keys(FEATURE_DEPENDENCIES).join('|');

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: break it by moving the shared part to a lower layer or passing it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('lib-imports-up', 'lib/ is the lowest layer: it imports no components, features or app code.',
      '^src/lib/', '^src/(components|features|app)/'),
    layer('components-import-up', 'components/ are shared by the features: they import no feature or app code.',
      '^src/components/', '^src/(features|app)/'),
    layer('feature-imports-app', 'A feature imports nothing of app/: the app passes what a feature needs as props.',
      '^src/features/', '^src/app/'),
    layer('shipped-imports-test', 'Code that ships imports no test helper or test data.', '^src/', TEST_CODE.join('|')),
    ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, allowed]) => crossFeature(feature, allowed)),
    crossFeature(`(?!(?:${listed})/)[^/]+`, []),
  ],
  options: {
    includeOnly: '^src/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
