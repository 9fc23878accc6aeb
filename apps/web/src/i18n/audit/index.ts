import i18next from 'i18next';
import { auditLabelsEn } from './en.ts';
import { auditLabelsId } from './id.ts';

/** Adds the audit trail's labels to both languages; they ship with the screens that show audit entries. */
export function registerAuditLabels(): void {
  if (!i18next.isInitialized || i18next.getResource('id', 'translation', 'auditLabels.verbs.create')) return;
  i18next.addResourceBundle('id', 'translation', auditLabelsId, true, false);
  i18next.addResourceBundle('en', 'translation', auditLabelsEn, true, false);
}

registerAuditLabels();

const keyOf = (code: string) => code.replace(/\./g, '_');
/** A code no label names yet, still read as words ("exam.sheet" -> "Exam sheet"), never as a key. */
const words = (code: string) => {
  const text = code
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const label = (key: string) => (i18next.exists(key) ? i18next.t(key) : null);

/**
 * An audit action as a person reads it: its own label ("Masuk berhasil") or "<subject>: <verb>" ("Siswa:
 * diubah"), in the chosen language; a code without labels reads as words.
 */
export function auditActionText(code: string): string {
  registerAuditLabels();
  const own = label(`auditLabels.actions.${keyOf(code)}`);
  if (own) return own;
  const dot = code.lastIndexOf('.');
  if (dot < 0) return label(`auditLabels.subjects.${keyOf(code)}`) ?? words(code);
  const subject = code.slice(0, dot);
  const verb = code.slice(dot + 1);
  return `${label(`auditLabels.subjects.${keyOf(subject)}`) ?? words(subject)}: ${label(`auditLabels.verbs.${verb}`) ?? words(verb).toLowerCase()}`;
}

/** The kind of record an audit entry is about ("Siswa", "Pembayaran"), in the chosen language. */
export function auditEntityText(type: string | null | undefined): string {
  if (!type) return '–';
  registerAuditLabels();
  return label(`auditLabels.entities.${keyOf(type)}`) ?? words(type);
}
