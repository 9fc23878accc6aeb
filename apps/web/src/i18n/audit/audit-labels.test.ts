import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/render.tsx';
import { auditLabelsEn } from './en.ts';
import { auditLabelsId } from './id.ts';
import { auditActionText, auditEntityText } from './index.ts';

const server = path.resolve(import.meta.dirname, '../../../../server/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !file.includes(`${path.sep}test${path.sep}`)
      ? [file]
      : [];
  });
}

/** Every audit action code the server writes as a literal (`action: 'users.create'`), and every entity type. */
const written = (() => {
  const actions = new Set<string>();
  const entities = new Set<string>();
  for (const file of sources(server)) {
    const text = readFileSync(file, 'utf8');
    if (!/audit/i.test(text)) continue;
    for (const m of text.matchAll(/\baction: '([a-z][\w]*(?:\.[\w]+)+)'/g)) actions.add(m[1]!);
    for (const m of text.matchAll(/\bentityType: '([a-z][\w.]*)'/g)) entities.add(m[1]!);
  }
  return { actions: [...actions].sort(), entities: [...entities].sort() };
})();

type Labels = typeof auditLabelsId.auditLabels;
const key = (code: string) => code.replace(/\./g, '_');
function named(labels: Labels, code: string): boolean {
  if (key(code) in labels.actions) return true;
  const dot = code.lastIndexOf('.');
  return key(code.slice(0, dot)) in labels.subjects && code.slice(dot + 1) in labels.verbs;
}

beforeAll(() => initTestI18n());

describe('the audit trail in words (i18n/audit)', () => {
  it('reads an action and a record kind in the chosen language, never as a code', async () => {
    expect(auditActionText('auth.login.success')).toBe('Masuk berhasil');
    expect(auditActionText('payment.update')).toBe(
      `${auditLabelsId.auditLabels.subjects.payment}: ${auditLabelsId.auditLabels.verbs.update}`,
    );
    expect(auditEntityText('user')).toBe(auditLabelsId.auditLabels.entities.user);
    // a code no label names yet still reads as words
    expect(auditActionText('zeta.thing.frob')).toBe('Zeta thing: frob');
    await i18next.changeLanguage('en');
    expect(auditActionText('auth.login.success')).toBe(auditLabelsEn.auditLabels.actions.auth_login_success);
    expect(auditEntityText('user')).toBe(auditLabelsEn.auditLabels.entities.user);
    await i18next.changeLanguage('id');
  });

  it('has a label for every action code and record kind the server writes, in both languages', () => {
    expect(written.actions.length).toBeGreaterThan(100);
    for (const labels of [auditLabelsId.auditLabels, auditLabelsEn.auditLabels]) {
      expect(written.actions.filter((code) => !named(labels as Labels, code))).toEqual([]);
      expect(written.entities.filter((type) => !(key(type) in labels.entities))).toEqual([]);
    }
  });
});
