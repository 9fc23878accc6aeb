import path from 'node:path';

/**
 * Import boundaries between features (a local ESLint rule: it resolves each relative import against
 * the importing file, which a pattern on the import's text cannot do).
 * - Web: a feature (apps/web/src/features/<a>/...) imports another feature only through its public
 *   files, `api.ts`, `routes.ts` and `widgets/`; pieces several features use live in apps/web/src/components.
 * - Server: a module (apps/server/src/modules/<a>/...) imports another module's services (and other
 *   helpers), never its repository (`*.repo.ts`) or its routes (`*.routes.ts`).
 * Test files may reach further (fixtures, a repository's prepared statement).
 */
const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;
const PUBLIC_WEB_FILES = new Set(['api.ts', 'routes.ts']);
/** A feature's widgets (the dashboard shows them) are public too. */
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
      web: "'{{source}}' reaches inside the '{{area}}' feature: import its api.ts or routes.ts, or move the piece to apps/web/src/components",
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
