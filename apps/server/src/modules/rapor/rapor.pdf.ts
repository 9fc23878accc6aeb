import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake';
import {
  EXTRACURRICULAR_PREDICATE_LABELS,
  longDate,
  P5_DIMENSION_LABELS,
  P5_GRADE_LABELS,
  RAPOR_LABELS,
  raporScoreText,
  type Lang,
  type P5Dimension,
  type P5Grade,
  type Rapor,
} from '@mms/shared';

/**
 * The rapor as a PDF (pdfmake, on the server): Roboto, which pdfmake ships and which covers Indonesian text,
 * embedded from the package's own files; tables keep each row on one page (`dontBreakRows`); a class is one
 * document, each student starting on a new page.
 */
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
const font = (name: string) => path.join(fontDir, name);
pdfmake.setFonts({
  Roboto: {
    normal: font('Roboto-Regular.ttf'),
    bold: font('Roboto-Medium.ttf'),
    italics: font('Roboto-Italic.ttf'),
    bolditalics: font('Roboto-MediumItalic.ttf'),
  },
});
// only the fonts from disk, nothing from the network (images come as data, never as a path or URL)
pdfmake.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir + path.sep));
pdfmake.setUrlAccessPolicy(() => false);

type Labels = (typeof RAPOR_LABELS)[Lang];

const dash = (t: string | null | undefined) => (t === null || t === undefined || t === '' ? '-' : t);

const grid = (widths: (string | number)[], body: TableCell[][], headerRows = 1): Content => ({
  table: { widths, body, headerRows, dontBreakRows: true },
  margin: [0, 2, 0, 8],
});
const head = (texts: string[]): TableCell[] => texts.map((text) => ({ text, bold: true, fillColor: '#eeeeee' }));
const pairs = (rows: [string, string][]): Content => ({
  table: { widths: [150, '*'], body: rows.map(([k, v]) => [k, v]), dontBreakRows: true },
  layout: 'noBorders',
  margin: [0, 0, 0, 8],
});
const heading = (text: string): Content => ({ text, bold: true, fontSize: 11, margin: [0, 6, 0, 2] });

function letterhead(r: Rapor, logo: Buffer | null): Content {
  const lines: Content = {
    stack: [
      { text: r.school.foundationName, fontSize: 10 },
      { text: r.school.name, bold: true, fontSize: 14 },
      { text: [r.school.address, r.school.phone, r.school.email].filter(Boolean).join(' · '), fontSize: 8 },
    ],
    alignment: 'center',
  };
  return {
    columns: logo
      ? [
          { image: `data:image/png;base64,${logo.toString('base64')}`, fit: [56, 56], width: 60 },
          lines,
          { text: '', width: 60 },
        ]
      : [lines],
    margin: [0, 0, 0, 4],
  };
}

function signatures(r: Rapor, lang: Lang, t: Labels): Content {
  const place = `${r.signatures.place ?? ''}${r.signatures.place ? ', ' : ''}${longDate(r.signatures.date, lang)}`;
  const block = (title: string, name: string | null, extra?: string): Content => ({
    stack: [
      { text: title },
      { text: ' ', margin: [0, 24, 0, 0] },
      { text: dash(name), bold: true },
      ...(extra ? [{ text: extra }] : []),
    ],
    alignment: 'center',
  });
  return {
    unbreakable: true,
    stack: [
      { text: place, alignment: 'right', margin: [0, 10, 0, 4] },
      {
        columns: [
          block(t.parent, '....................'),
          block(t.homeroom, r.signatures.homeroom),
          block(t.principal, r.signatures.principal, `${t.nip} ${dash(r.signatures.principalNip)}`),
        ],
      },
    ],
  };
}

/** The year-end decision (GENAP): "Keputusan: Naik ke kelas 8A" / "Tinggal di kelas 7A" / "Lulus". */
function promotionLine(p: NonNullable<Rapor['promotion']>, t: Labels): Content {
  const text = [t.promotion[p.kind], p.className].filter(Boolean).join(' ');
  return { text: [{ text: `${t.decision}: `, bold: true }, text], margin: [0, 0, 0, 8] };
}

/** One student's pages: the ministry's rapor, then the pesantren page. */
export function raporContent(r: Rapor, lang: Lang, logo: Buffer | null, first: boolean): Content[] {
  const t = RAPOR_LABELS[lang];
  // whole numbers unless the unit chose decimals; the decimal comma in Indonesian (issue 40 §2)
  const score = (n: number | null) => raporScoreText(n, r.raporDecimals, lang);
  const rule: Content = {
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1 }],
    margin: [0, 0, 0, 6],
  };
  const identity = pairs([
    [t.name, r.student.name],
    [t.nisn, `${r.student.nis} / ${dash(r.student.nisn)}`],
    [t.school, r.school.name],
    [t.cls, r.classGroup.name],
    [t.fase, r.fase],
    [t.semester, t[r.semester]],
    [t.year, r.schoolYear],
  ]);
  const subjects: Content = r.subjects.length
    ? grid(
        [24, 150, 50, '*'],
        [
          head([t.no, t.subject, t.final, t.description]),
          ...r.subjects.map((s, i) => [
            String(i + 1),
            s.name,
            { text: score(s.final), alignment: 'center' as const },
            s.description,
          ]),
        ],
      )
    : { text: t.noScores, italics: true, margin: [0, 0, 0, 8] };
  const extra: Content = r.extracurriculars.length
    ? grid(
        ['*', 60, '*'],
        [
          head([t.extra, t.grade, t.description]),
          ...r.extracurriculars.map((e) => [
            e.name,
            EXTRACURRICULAR_PREDICATE_LABELS[e.predicate]?.[lang] ?? e.predicate,
            dash(e.note),
          ]),
        ],
      )
    : { text: t.noExtra, italics: true, margin: [0, 0, 0, 8] };
  const p5: Content[] = r.p5.length
    ? r.p5.map((p) =>
        grid(
          ['*', 120],
          [
            [{ text: `${p.theme}: ${p.title}`, bold: true, colSpan: 2, fillColor: '#eeeeee' }, {}],
            head([t.dimension, t.grade]),
            ...Object.entries(p.grades).map(([d, g]) => [
              P5_DIMENSION_LABELS[d as P5Dimension]?.[lang] ?? d,
              g ? `${g} (${P5_GRADE_LABELS[g as P5Grade]?.[lang] ?? g})` : '-',
            ]),
            ...(p.note ? [[{ text: p.note, italics: true, colSpan: 2 }, {}]] : []),
          ],
          2,
        ),
      )
    : [{ text: t.noP5, italics: true, margin: [0, 0, 0, 8] }];
  const a = r.attendance;
  const attendance = grid(
    [150, '*'],
    [
      [t.sick, `${a.sick} ${t.days}`],
      [t.permitted, `${a.permitted} ${t.days}`],
      [t.absent, `${a.absent} ${t.days}`],
      [t.schoolDays, `${a.schoolDays} ${t.days}`],
    ],
    0,
  );
  const p = r.pesantren;
  const btq = pairs([
    [t.method, dash(p.btq.method)],
    [t.level, dash(p.btq.level)],
    [t.group, `${dash(p.btq.group)} / ${dash(p.btq.teacher)}`],
    [t.entries, String(p.btq.entries)],
    [t.lastEntry, p.btq.lastEntryDate ? `${p.btq.lastEntry ?? '-'} (${longDate(p.btq.lastEntryDate, lang)})` : '-'],
  ]);
  const tahfidz: Content = p.tahfidz
    ? pairs([
        [
          t.surah,
          `${p.tahfidz.juz === null ? '' : `Juz ${p.tahfidz.juz}, `}QS ${dash(p.tahfidz.surah?.toString())}:${dash(p.tahfidz.ayat?.toString())}`,
        ],
      ])
    : { text: t.noTahfidz, italics: true, margin: [0, 0, 0, 8] };
  const prayer = pairs([
    [t.rate, p.prayer.rate === null ? '-' : `${score(p.prayer.rate)}%`],
    [t.congregation, String(p.prayer.congregation)],
    [t.late, String(p.prayer.late)],
    [t.excused, String(p.prayer.excused)],
    [t.missed, String(p.prayer.missed)],
  ]);
  const discipline = pairs([
    [t.balance, String(p.discipline.balance)],
    [t.violations, String(p.discipline.violations)],
    [t.achievements, String(p.discipline.achievements)],
    [t.sanctions, String(p.discipline.openSanctions)],
  ]);
  return [
    { stack: [letterhead(r, logo)], ...(first ? {} : { pageBreak: 'before' as const }) },
    rule,
    { text: t.title, bold: true, fontSize: 12, alignment: 'center', margin: [0, 0, 0, 8] },
    identity,
    subjects,
    heading(t.extra),
    extra,
    heading(t.p5),
    ...p5,
    heading(t.attendance),
    attendance,
    heading(t.note),
    { text: dash(r.homeroomNote), margin: [0, 0, 0, 8] },
    ...(r.promotion ? [promotionLine(r.promotion, t)] : []),
    signatures(r, lang, t),
    { text: t.pesantren, bold: true, fontSize: 12, alignment: 'center', pageBreak: 'before', margin: [0, 0, 0, 8] },
    pairs([
      [t.name, r.student.name],
      [t.cls, r.classGroup.name],
    ]),
    heading(t.btq),
    btq,
    heading(t.tahfidz),
    tahfidz,
    heading(t.prayer),
    prayer,
    heading(t.discipline),
    discipline,
    heading(t.akhlak),
    { text: dash(p.akhlakNote), margin: [0, 0, 0, 8] },
  ];
}

/**
 * The PDF of some rapors as a stream (one student, or a class in order); the caller pipes it into the reply, so
 * the document's bytes are never held whole.
 */
export async function raporPdf(
  rapors: AsyncIterable<Rapor> | Rapor[],
  lang: Lang,
  logo: Buffer | null,
): Promise<Readable> {
  const content: Content[] = [];
  let first = true;
  for await (const r of rapors) {
    content.push(...raporContent(r, lang, logo, first));
    first = false;
  }
  const doc = pdfmake.createPdf({
    pageSize: 'A4',
    pageMargins: [40, 36, 40, 40],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    info: { title: 'Rapor', creator: 'MMS' },
    content: content.length ? content : [{ text: '-' }],
  });
  const stream = (await doc.getStream()) as unknown as Readable & { end(): void };
  stream.end();
  return stream;
}
