import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES_EN } from './messages-en.ts';
import { findMessages } from './message-sources.test-helper.ts';
import { knowsMessage, languageOf, renderMessage, templateShape } from './render.ts';
import { zodMessage } from './zod-messages.ts';
import { ClassGroupInput, StudentInput } from '../contracts/school.ts';

describe('the message catalog', () => {
  it('has English for every message of the contracts and of the server errors', () => {
    const found = findMessages();
    // the scan itself works: it sees messages of both sides
    expect(found.some((m) => m.text === 'NISN harus 10 angka')).toBe(true);
    expect(found.some((m) => m.text === 'Kelas {} sudah ada pada tahun pelajaran ini')).toBe(true);
    const missing = found.filter((m) => !knowsMessage(m.text)).map((m) => `${m.where}: ${m.text}`);
    expect(missing).toEqual([]);
  });

  it('keeps the placeholders of a template in its English text', () => {
    for (const [key, english] of Object.entries(MESSAGES_EN)) {
      const names = (t: string) => [...t.matchAll(/\{(\w*)\}/g)].map((m) => m[1]).sort();
      expect(names(english), key).toEqual(names(key));
    }
  });

  it('names no internal id in a message', () => {
    const withId = findMessages().filter((m) => /\(id\b|\bid \{\}|id akun/i.test(m.text));
    expect(withId).toEqual([]);
  });
});

describe('renderMessage', () => {
  it('translates exact messages and leaves Indonesian as it is', () => {
    expect(renderMessage('NISN harus 10 angka', 'en')).toBe('NISN must be 10 digits');
    expect(renderMessage('NISN harus 10 angka', 'id')).toBe('NISN harus 10 angka');
  });

  it('translates a template and its label parameter', () => {
    expect(renderMessage('Nama kelas wajib diisi', 'en')).toBe('Class name is required');
    expect(renderMessage('Nama kelas maksimal 50 karakter', 'en')).toBe('Class name: at most 50 characters');
    expect(renderMessage('Kelas tidak ditemukan', 'en')).toBe('Class not found');
    expect(renderMessage('Pengajuan izin tidak ditemukan', 'en')).toBe('Leave request not found');
  });

  it('keeps names, renders codes and never shows an ISO date', () => {
    expect(renderMessage('NIS 1234 sudah dipakai oleh Budi Santoso', 'en')).toBe(
      'NIS 1234 is already used by Budi Santoso',
    );
    expect(renderMessage('Tanggal 2026-11-25 tidak berada di semester GENAP jadwal ini', 'en')).toBe(
      "25 November 2026 is not in this lesson's Even semester",
    );
    expect(renderMessage('Tanggal 2026-11-25 tidak berada di semester GENAP jadwal ini', 'id')).toBe(
      'Tanggal 25 November 2026 tidak berada di semester Genap jadwal ini',
    );
    expect(renderMessage('Tanggal 2026-11-28 bukan hari sekolah (Libur semester)', 'en')).toBe(
      '28 November 2026 is not a school day (Libur semester)',
    );
  });

  it('renders messages inside messages (clash lists, "and n more")', () => {
    expect(
      renderMessage(
        'Kelas 7A sudah ada pelajaran IPA (Bu Sari) pada Senin jam ke-3; Pak Budi sudah mengajar IPA di kelas 7B pada Senin jam ke-3',
        'en',
      ),
    ).toBe(
      'Class 7A already has IPA (Bu Sari) on Monday period 3; Pak Budi already teaches IPA in class 7B on Monday period 3',
    );
    expect(renderMessage('Ani sudah terdaftar di kelas 7A tahun ini (dan 2 masalah lain)', 'en')).toBe(
      'Ani is already enrolled in class 7A this year (and 2 more problems)',
    );
  });

  it('shows names as the school typed them, even when a name is also a label', () => {
    expect(renderMessage('Mapel Agama masih dipakai', 'en')).toBe('Subject Agama is still in use');
    expect(renderMessage('Agama wajib diisi', 'en')).toBe('Religion is required');
  });

  it('returns unknown text unchanged', () => {
    expect(renderMessage('Budi Santoso', 'en')).toBe('Budi Santoso');
  });
});

describe('zod issues without a message of their own', () => {
  const first = (r: { success: boolean; error?: z.ZodError }) => r.error!.issues[0]!.message;

  it('say an empty number input is required, not "expected number, received NaN"', () => {
    const message = first(z.object({ gradeLevel: z.number().int() }).safeParse({ gradeLevel: Number.NaN }));
    expect(message).toBe('Wajib diisi');
    expect(renderMessage(message, 'en')).toBe('Required');
  });

  it('do not list codes for an enum', () => {
    const message = first(z.enum(['GANJIL', 'GENAP']).safeParse('X'));
    expect(message).not.toMatch(/GANJIL|GENAP/);
    expect(renderMessage(message, 'en')).toBe('Invalid choice');
  });

  it('give the size limits in words', () => {
    expect(first(z.string().max(5).safeParse('abcdefg'))).toBe('Maksimal 5 karakter');
    expect(renderMessage(first(z.number().min(3).safeParse(1)), 'en')).toBe('At least 3');
  });

  it('every text they can produce has English', () => {
    const samples = [
      zodMessage({ code: 'invalid_type', expected: 'number', input: 'x' } as never),
      zodMessage({ code: 'too_small', origin: 'string', minimum: 3, input: 'a' } as never),
      zodMessage({ code: 'too_big', origin: 'array', maximum: 3, input: [] } as never),
      zodMessage({ code: 'too_small', origin: 'number', minimum: 3, inclusive: false, input: 1 } as never),
      zodMessage({ code: 'invalid_value', values: ['A'], input: 'B' } as never),
      zodMessage({ code: 'invalid_format', format: 'email', input: 'x' } as never),
      zodMessage({ code: 'custom', input: 'x' } as never),
    ];
    for (const s of samples) expect(renderMessage(s, 'en'), s).not.toBe(s);
  });

  it('real contracts: the class form and the student form', () => {
    const cls = ClassGroupInput.safeParse({ name: '', gradeId: Number.NaN });
    const messages = cls.error!.issues.map((i) => renderMessage(i.message, 'en'));
    expect(messages.join(' | ')).not.toMatch(/Invalid input|NaN|wajib/);
    const grade = cls.error!.issues.find((i) => i.path[0] === 'gradeId')!;
    expect(grade.message).toBe('Tingkat wajib diisi');
    expect(renderMessage(grade.message, 'en')).toBe('Grade is required');
    const student = StudentInput.safeParse({ nis: '123', nisn: '12', name: 'A' });
    const nisn = student.error!.issues.find((i) => i.path[0] === 'nisn')!;
    expect(renderMessage(nisn.message, 'en')).toBe('NISN must be 10 digits');
  });
});

describe('languageOf (Accept-Language)', () => {
  it('chooses English only when asked before Indonesian', () => {
    expect(languageOf(undefined)).toBe('id');
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-GB,en;q=0.9')).toBe('en');
    expect(languageOf('id-ID,id;q=0.9,en;q=0.8')).toBe('id');
    expect(languageOf('fr, en;q=0.5')).toBe('en');
    expect(languageOf('fr')).toBe('id');
  });
});

it('templateShape compares a source template with a catalog entry', () => {
  expect(templateShape('{label} wajib diisi')).toBe('{} wajib diisi');
});
