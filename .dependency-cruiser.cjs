// The architecture's import rules (docs/README.md "Architecture rules"), checked by
// `npm run check:deps`, a stage of `npm test`. Each rule names the layering it keeps. A known
// exception is one importer → one target in EXCEPTIONS, with why and what removes it: the rule
// itself stays whole for every other file.

/** A server module: `apps/server/src/modules/<name>/`, its sub-folders included; `$1` is its name. */
const MODULE = '^apps/server/src/modules/([^/]+)/';

const RULES = [
  {
    name: 'no-other-modules-repository-or-table',
    comment:
      "A module reaches another module through that module's service or port, never its repository " +
      'or its table: the owner keeps its SQL, its invariants (tenancy, the Trash, the content writer) ' +
      'and the freedom to change its storage.',
    from: { path: MODULE },
    to: { path: '^apps/server/src/modules/[^/]+/.+[.](repository|table)[.]ts$', pathNot: '^apps/server/src/modules/$1/' },
  },
  {
    name: 'files-table-only-in-files',
    comment:
      'Documents are read and written through modules/files/files.port.ts (the live-document ' +
      "condition, the one content writer); another table's foreign key to files.id is " +
      'files.reference.ts (fileIdColumn). Nothing outside modules/files imports files.table.ts, ' +
      'not db/, jobs/ or the tests either.',
    from: { pathNot: '^apps/server/src/modules/files/' },
    to: { path: '^apps/server/src/modules/files/files[.]table[.]ts$' },
  },
  {
    name: 'files-only-through-its-port',
    comment:
      'Other modules reach documents through files.port.ts (and files.reference.ts for a foreign ' +
      "key), never the files module's service, repository or helpers. Only modules are held to it: " +
      'the composition roots (services.ts, app.ts, jobs/, lib/workers/, cli/) and apps/server/test build the files module.',
    from: { path: MODULE, pathNot: '^apps/server/src/modules/files/' },
    to: { path: '^apps/server/src/modules/files/', pathNot: '^apps/server/src/modules/files/files[.](port|reference)[.]ts$' },
  },
  {
    name: 'modules-not-to-jobs',
    comment:
      'jobs/ calls module services and hands a module its queue at start, never the other way: ' +
      'pg-boss and its tables stay inside jobs/, and a module does not depend on the job runner.',
    from: { path: '^apps/server/src/modules/' },
    to: { path: '^apps/server/src/jobs/' },
  },
  {
    name: 'db-knows-no-module',
    comment:
      'db/ opens the database and runs the migrations; it knows no domain. Each module owns its ' +
      'tables: drizzle-kit finds the *.table.ts files by the glob in apps/server/drizzle.config.ts, ' +
      'not through an import.',
    from: { path: '^apps/server/src/db/' },
    to: { path: '^apps/server/src/modules/' },
  },
  {
    name: 'web-not-to-server',
    comment:
      'The web app talks to the server over HTTP only; what both need (schemas, error codes, the ' +
      'editor schema) lives in packages/contracts and packages/editor.',
    from: { path: '^apps/web/' },
    to: { path: '^apps/server/' },
  },
  {
    name: 'packages-not-to-apps',
    comment: 'Packages are shared by the apps and never import one (DESIGN §6).',
    from: { path: '^packages/' },
    to: { path: '^apps/' },
  },
  {
    name: 'editor-without-react',
    comment:
      'packages/editor is the document schema the server loads too: no React and no TipTap React ' + 'bindings (the web app adds its node views itself).',
    from: { path: '^packages/editor/' },
    to: { path: ['(^|/)node_modules/(react|react-dom|@types/react|@types/react-dom|@tiptap/react)/', '^(react|react-dom|@tiptap/react)(/|$)'] },
  },
];

/**
 * Known exceptions, each as narrow as it can be: `from` one importer (a rule using `$1` needs its
 * capture group kept), `to` one target, `typeOnly` when only `import type` is let through.
 */
const EXCEPTIONS = [];

const asList = (value) => (value === undefined ? [] : [value].flat());

/**
 * A rule as dependency-cruiser's forbidden rules: the rule for every importer but its exceptions'
 * and, per exception, the same rule for that importer minus its one target (or only its
 * `import type` of that target).
 */
function withExceptions(rule) {
  const own = EXCEPTIONS.filter((e) => e.rule === rule.name);
  const pathNot = [...asList(rule.from.pathNot), ...own.map((e) => e.from)];
  const base = { ...rule, severity: 'error', from: { ...rule.from, ...(pathNot.length > 0 ? { pathNot } : {}) } };
  const narrowed = own.flatMap((e) => {
    const comment = `${rule.comment} Exception: ${e.why} Remove when ${e.removeWhen}`;
    const from = { path: e.from, ...(rule.from.pathNot ? { pathNot: rule.from.pathNot } : {}) };
    const others = { ...rule, comment, severity: 'error', from, to: { ...rule.to, pathNot: [...asList(rule.to.pathNot), e.to] } };
    const target = { ...rule, comment, severity: 'error', from, to: { ...rule.to, path: e.to, dependencyTypesNot: ['type-only'] } };
    return e.typeOnly ? [others, target] : [others];
  });
  return [base, ...narrowed];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: RULES.flatMap(withExceptions),
  options: {
    // Installed packages are seen as dependencies but not read (excluding them would hide an import
    // of react); build output, reports, the test fakes and the generated migrations are not read.
    doNotFollow: { path: ['(^|/)node_modules/'] },
    exclude: {
      path: ['(^|/)(dist|coverage|tmp|test-results|playwright-report)/', '^apps/server/test/fakes/', '^apps/server/src/db/migrations/'],
    },
    // `import type` counts: a type from another module's table is still a dependency on it.
    tsPreCompilationDeps: true,
    // The workspaces' packages (@bree/contracts, @bree/editor) resolve through node_modules' links
    // to their own folders, so the rules see packages/... paths.
    preserveSymlinks: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
