import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds the texts a person can read in the sources: the messages of the contracts (zod messages and the
 * labels their helpers build messages from) and of the server's errors. A template literal becomes a
 * pattern with `{}` for each `${...}`; the catalog must have an entry of that shape.
 */
export interface FoundMessage {
  text: string;
  where: string;
}

const ROOT = join(import.meta.dirname, '../../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.ts$/.test(name) && !/\.test(-helper)?\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The text of a literal, with `{}` for each substitution; null for anything else. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  return null;
}

/** A text a person reads has a letter; codes (`NOT_FOUND`), single words of identifiers and keys do not count. */
const isProse = (text: string) =>
  /[a-z]/i.test(text.replaceAll('{}', '')) &&
  !/^[A-Z0-9_]+$/.test(text) &&
  // identifiers, keys and file names: `school.class.create`, `classGroupId`, `retry-after`, `student`
  !/^([a-z][\w.-]*|[\w]+[._-][\w.-]+)$/.test(text);

/** Every literal inside a node, nested templates included (each separately). */
function literalsIn(node: ts.Node, out: ts.Node[] = []): ts.Node[] {
  if (literalText(node) !== null) out.push(node);
  // Keys and computed parts that are not shown: `fields` keys are property names, never literals here.
  ts.forEachChild(node, (child) => {
    // `x.join(', ')`, `.padStart(2, '0')`: arguments of string helpers are not messages.
    if (ts.isCallExpression(child) && ts.isPropertyAccessExpression(child.expression)) {
      const name = child.expression.name.text;
      if (['join', 'padStart', 'padEnd', 'replace', 'replaceAll', 'split', 'format', 'toLocaleString'].includes(name)) {
        literalsIn(child.expression, out);
        return;
      }
    }
    literalsIn(child, out);
  });
  return out;
}

const ERROR_CALLS = new Set([
  'badRequest',
  'conflict',
  'notFound',
  'forbidden',
  'AppError',
  'guarded',
  'mapDbError',
  'dbErrorToApp',
]);
/** Zod methods whose string arguments are data, not messages. */
const ZOD_DATA = new Set([
  'meta',
  'literal',
  'default',
  'describe',
  'catch',
  'prefault',
  'startsWith',
  'endsWith',
  'includes',
]);
/** Indonesian words that only a message has: catches messages kept in variables before they are thrown. */
const MESSAGE_WORDS =
  /\b(tidak|wajib|harus|sudah|belum|masih|bukan|terlalu|maksimal|minimal|paling|pakai|berstatus|yang|dan|atau|ini|di|ke|dari)\b/i;

function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

function scanFile(path: string, kind: 'contract' | 'server', found: FoundMessage[]): void {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node) =>
    `${relative(ROOT, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const add = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== null && isProse(text)) found.push({ text, where: where(node) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (kind === 'server') {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ERROR_CALLS.has(calleeName(node) ?? '')) {
        for (const arg of node.arguments ?? []) literalsIn(arg).forEach(add);
      } else if (
        literalText(node) !== null &&
        MESSAGE_WORDS.test(literalText(node)!) &&
        !/\.routes\.ts$/.test(path) && // routes: OpenAPI summaries and export columns, not messages
        !ts.isTaggedTemplateExpression(node.parent) // SQL
      ) {
        add(node);
      }
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const isHelper = ts.isIdentifier(node.expression); // text('Nama unit'), dbId('Kelas'): labels
      if (name && !ZOD_DATA.has(name) && (isHelper || name !== 'enum' || node.arguments.length > 1)) {
        node.arguments.forEach((arg, i) => {
          if (name === 'enum' && i === 0) return;
          if (literalText(arg) !== null) add(arg);
          else if (ts.isObjectLiteralExpression(arg)) {
            for (const p of arg.properties)
              // a text, or a function choosing one
              if (ts.isPropertyAssignment(p) && ['message', 'error'].includes(p.name.getText()))
                literalsIn(p.initializer).forEach(add);
          } else if (ts.isConditionalExpression(arg)) literalsIn(arg).forEach(add);
        });
      }
    } else if (
      ts.isPropertyAssignment(node) &&
      ['message', 'error'].includes(node.name.getText()) &&
      literalText(node.initializer) !== null
    ) {
      add(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** The texts of the contracts and of the server's errors, with where each is. */
export function findMessages(): FoundMessage[] {
  const found: FoundMessage[] = [];
  for (const f of filesUnder(join(ROOT, 'packages/shared/src/contracts'))) scanFile(f, 'contract', found);
  // the command-line tools, configuration and database start-up speak to the operator, not to users; a
  // template's content (`*-template.ts`) is a fixed Indonesian document in the import format, not a message;
  // backup and restore run from the command line (`npm run backup`, `npm run restore`)
  const operator = /apps\/server\/src\/(cli|seed|db|backup)\/|apps\/server\/src\/config\.ts$|-template\.ts$/;
  for (const f of filesUnder(join(ROOT, 'apps/server/src'))) if (!operator.test(f)) scanFile(f, 'server', found);
  return found;
}
