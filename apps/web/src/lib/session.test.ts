import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './session.ts';

describe('sign-in return path', () => {
  it('returns to app paths only', () => {
    expect(safeReturnPath('/backend/mms/other/profile?x=1')).toBe('/backend/mms/other/profile?x=1');
    expect(safeReturnPath('//evil.example')).toBe('/backend/dashboard');
    expect(safeReturnPath('https://evil.example')).toBe('/backend/dashboard');
    expect(safeReturnPath('/auth/signin')).toBe('/backend/dashboard');
    expect(safeReturnPath(null)).toBe('/backend/dashboard');
    expect(signInPath('/backend/dashboard')).toBe('/auth/signin?next=%2Fbackend%2Fdashboard');
  });
});
