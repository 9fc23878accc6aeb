import path from 'node:path';

/**
 * Import boundaries between features (a local ESLint rule: it resolves each relative import against
 * the importing file, which a pattern on the import's text cannot do).
 * - Web: a feature (apps/web/src/features/<a>/...) imports another feature only through its public
 *   files, `api.ts`, `routes.ts` and `widgets/` (the pieces of its screens others show: the dashboard's
 *   cards, the avatar editor, the question form); pieces several features use live in apps/web/src/components
 *   (UI) or apps/web/src/lib (the rest: the route names, `lazyScreens`, the API client).
 * - Web: apps/web/src/app is the shell (the router, the layouts, the providers): features, components and
 *   lib do not import it, so a shared piece cannot hide in it and a screen cannot pull the shell in.
 * - Web: a feature's `api.ts` is its API (queries, mutations, fetch functions): it imports no component
 *   (`.tsx`), so no component is reached through it; another feature takes a component from `widgets/`.
 * - Server: a module (apps/server/src/modules/<a>/...) imports another module's services (and other
 *   helpers), never its repository (`*.repo.ts`) or its routes (`*.routes.ts`).
 * Test files may reach further (fixtures, a repository's prepared statement).
 */
const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const SHELL = `${WEB_SRC}app${path.sep}`;
const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;
const PUBLIC_WEB_FILES = new Set(['api.ts', 'routes.ts']);
/** A feature's widgets (the pieces of its screens other features show: the dashboard's cards ...) are public too. */
const isPublicWeb = (inner) => PUBLIC_WEB_FILES.has(inner) || inner.startsWith('widgets/');

/** The feature or module a file belongs to under `root`, and its path inside it. */
function areaOf(file, root) {
  const at = file.indexOf(root);
  if (at < 0) return null;
  const [area, ...rest] = file.slice(at + root.length).split(path.sep);
  return { area, inner: rest.join('/') };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'imports between features go through their public files' },
    schema: [],
    messages: {
      web: "'{{source}}' reaches inside the '{{area}}' feature: import its api.ts, routes.ts or widgets/, or move the piece to apps/web/src/components",
      shell:
        "'{{source}}' is the app shell (apps/web/src/app: router, layouts, providers): take the piece from apps/web/src/components or apps/web/src/lib, moving it there if it is shared",
      apiComponent:
        "'{{source}}' is a component: a feature's api.ts holds its API only; another feature imports the component from the feature's widgets/",
      server:
        "'{{source}}' is the '{{area}}' module's {{kind}}: import its service instead (one definition of each rule, used by every path)",
    },
  },
  create(context) {
    const file = context.filename;
    if (/\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (file.includes(WEB_SRC) && !file.includes(SHELL) && `${target}${path.sep}`.includes(SHELL)) {
        context.report({ node: node.source, messageId: 'shell', data: { source } });
      }
      const own = areaOf(file, WEB);
      if (own?.inner === 'api.ts' && /\.tsx$/.test(target)) {
        context.report({ node: node.source, messageId: 'apiComponent', data: { source } });
      }
      for (const [root, kind] of [
        [WEB, 'web'],
        [SERVER, 'server'],
      ]) {
        const from = areaOf(file, root);
        const to = areaOf(target, root);
        if (!from || !to || from.area === to.area) continue;
        if (kind === 'web' && !isPublicWeb(to.inner)) {
          context.report({ node: node.source, messageId: 'web', data: { source, area: to.area } });
        }
        if (kind === 'server' && /\.(repo|routes)\.ts$/.test(to.inner)) {
          const what = to.inner.endsWith('.repo.ts') ? 'repository' : 'routes';
          context.report({ node: node.source, messageId: 'server', data: { source, area: to.area, kind: what } });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
