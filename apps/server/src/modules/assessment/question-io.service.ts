import {
  DIFFICULTIES,
  COGNITIVE_LEVELS,
  QUESTION_TYPE_CODES,
  questionFieldKey,
  type AuthUser,
  type QuestionImportQuery,
  type QuestionInput,
  type QuestionsQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { writeDocx, type DocxParagraph } from '../../lib/docx.ts';
import {
  importTemplate,
  readImportSheet,
  runImportRows,
  type ExcelImport,
  type ParsedRow,
  type SheetRow,
} from '../../lib/excel-import.ts';
import { AppError } from '../../lib/errors.ts';
import { assertSupported, fileStore, normalise, sniffMime } from '../../lib/uploads.ts';
import { collectAll } from '../../lib/xlsx.ts';
import { PENDING_IMAGE, readQuestionDocx, type DocxImage } from './question-docx.ts';
import { parseQuestionRow, QUESTION_COLUMNS, questionRow, type QuestionColumnKey } from './question-format.ts';
import { DOCX_TEMPLATE_BODY, EXAMPLE, FORMAT_NOTES } from './question-template.ts';
import type { QuestionService } from './question.service.ts';

/** The most questions one file may hold. */
export const QUESTION_IMPORT_MAX = 500;

const TEXT_COLUMNS: QuestionColumnKey[] = [
  'stem',
  'optionA',
  'optionB',
  'optionC',
  'optionD',
  'optionE',
  'parts',
  'key',
];
const LISTS = {
  type: Object.values(QUESTION_TYPE_CODES),
  partial: ['SEBAGIAN', 'SEMUA'],
  difficulty: DIFFICULTIES,
  cognitiveLevel: COGNITIVE_LEVELS,
};

/**
 * Import and export of the question bank (issue 12) through the one import mechanism (`runImportRows`):
 * the Excel template, a Word document in the same format, their templates, and the export of the list's
 * questions as a workbook that imports again. Access: the caller writes for the chosen subject and grade
 * (`writablePair`, the rule of `create`); the export lists what `list` shows them.
 */
export function createQuestionIoService(db: Database, dataDir: string, questions: QuestionService) {
  const images = fileStore(dataDir, 'questions');

  function spec(
    user: AuthUser,
    pair: QuestionImportQuery,
    pictures: DocxImage[] = [],
  ): ExcelImport<QuestionColumnKey, QuestionInput> {
    let target: Awaited<ReturnType<QuestionService['writablePair']>>;
    return {
      columns: QUESTION_COLUMNS,
      limit: { rows: QUESTION_IMPORT_MAX, message: `Paling banyak ${QUESTION_IMPORT_MAX} soal per berkas` },
      messages: { template: 'Pakai template impor soal', empty: 'Berkas tidak berisi soal' },
      fieldKey: questionFieldKey,
      parseRow(raw, row) {
        for (const [key, value] of Object.entries(raw) as [QuestionColumnKey, string][]) {
          for (const m of value.matchAll(PENDING_IMAGE)) {
            const error = pictures[Number(m[1])]?.error;
            if (error) row.fail(key, error);
          }
        }
        return parseQuestionRow(raw, row, pair);
      },
      // the pictures are stored only now that every question is good (the files of a later failure stay unused)
      async prepare(rows) {
        const stored = new Map<number, string>();
        for (const r of rows) {
          let json = JSON.stringify(r.input);
          for (const m of [...json.matchAll(PENDING_IMAGE)]) {
            const n = Number(m[1]);
            if (!stored.has(n))
              stored.set(n, await images.save(pictures[n]!.data!, { uploadedBy: user.id, purpose: 'question-image' }));
          }
          json = json.replace(PENDING_IMAGE, (_, n: string) => `/api/v1/questions/images/${stored.get(Number(n))}`);
          r.input = JSON.parse(json) as QuestionInput;
        }
      },
      async check(tx) {
        target = await questions.writablePair(tx, user, pair);
      },
      async write(tx, rows: ParsedRow<QuestionInput>[]) {
        const ids: number[] = [];
        for (const r of rows) ids.push((await questions.insertNew(tx, user, target, r.input)).id);
        return {
          action: 'question.import',
          entityType: 'question',
          after: { subjectId: target.subjectId, gradeId: target.gradeId, count: ids.length, ids },
        };
      },
    };
  }

  async function importXlsx(user: AuthUser, pair: QuestionImportQuery, file: Buffer, actor: AuditActor) {
    // refused before the file is read (and before any picture is stored); checked again where it is written
    await questions.writablePair(db, user, pair);
    const sheet = await readImportSheet(file, QUESTION_COLUMNS, 'Pakai template impor soal');
    // a question's number is its place in the sheet: row 2 is question 1
    const rows = sheet.rows.map((r) => ({ row: r.row - 1, raw: r.raw }));
    return runImportRows(db, { rows, hasColumn: sheet.hasColumn }, actor, spec(user, pair));
  }

  async function importDocx(user: AuthUser, pair: QuestionImportQuery, file: Buffer, actor: AuditActor) {
    await questions.writablePair(db, user, pair);
    const doc = await readQuestionDocx(file);
    const rows: SheetRow<QuestionColumnKey>[] = doc.rows;
    return runImportRows(db, { rows, hasColumn: () => true }, actor, spec(user, pair, doc.images));
  }

  const xlsxTemplate = () =>
    importTemplate('Soal', QUESTION_COLUMNS, TEXT_COLUMNS, FORMAT_NOTES, { example: EXAMPLE, lists: LISTS });

  /** The list's questions (its filters and access) as the template's workbook: it imports again unchanged. */
  async function exportXlsx(user: AuthUser, query: QuestionsQuery) {
    const rows = await collectAll((page, pageSize) => questions.list(user, { ...query, page, pageSize }));
    return importTemplate('Soal', QUESTION_COLUMNS, TEXT_COLUMNS, FORMAT_NOTES, {
      lists: LISTS,
      rows: rows.map(questionRow),
    });
  }

  function docxTemplate() {
    const b = (s: string) => ({ bold: s });
    const paragraphs: DocxParagraph[] = [b('Template impor soal MMS'), ...FORMAT_NOTES, ...DOCX_TEMPLATE_BODY];
    return writeDocx(paragraphs);
  }

  /** A stored picture of a question, with its type sniffed from its bytes. */
  async function image(name: string) {
    const data = await images.read(name);
    return { data, mime: sniffMime(data) ?? 'application/octet-stream' };
  }

  /**
   * A picture uploaded from the editor, kept like the Word import's pictures: sniffed by its bytes (JPG or PNG
   * only), re-encoded (metadata and anything appended dropped) and stored under a random name.
   */
  async function saveImage(data: Buffer, uploadedBy: number | null = null): Promise<{ url: string }> {
    const mime = assertSupported(data);
    if (mime === 'application/pdf') {
      throw new AppError('VALIDATION_FAILED', 'Gambar harus JPG atau PNG', { file: 'Hanya JPG atau PNG' });
    }
    const name = await images.save(await normalise(data, mime), { uploadedBy, purpose: 'question-image' });
    return { url: `/api/v1/questions/images/${name}` };
  }

  return { importXlsx, importDocx, xlsxTemplate, exportXlsx, docxTemplate, image, saveImage };
}
