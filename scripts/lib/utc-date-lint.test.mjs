import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The restricted-syntax messages ESLint gives a piece of source placed at `file`. */
async function found(code, file = 'apps/web/src/features/x/x.tsx') {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

// issue 39: a sanction proposed at 05:42 WIB read as the day before because its timestamp was cut to its UTC date
describe('the lint rule against UTC and host-local dates of a timestamp', () => {
  it('refuses each way a timestamp was turned into a UTC or local date', async () => {
    const code = [
      'declare const r: { createdAt: string; at: string }; declare const d: Date;',
      'export const a = r.createdAt.slice(0, 10);',
      'export const b = d.toISOString().slice(0, 10);',
      "export const c = d.toISOString().split('T')[0];",
      'export const e = d.toLocaleDateString();',
      'export const f = d.getDate();',
      'export const g = r.at.slice(0, 10);',
      "export const ok = r.createdAt.startsWith('2026');",
    ].join('\n');
    expect(await found(code)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(await found(code, 'apps/server/src/modules/x/x.service.ts')).toHaveLength(6);
    expect(await found(code, 'packages/shared/src/domain/x.ts')).toHaveLength(6);
  });
});
