/** The specification's number-list builder: 1..n with numbers below 10 padded to two digits. */
export function numberList(n: number): string[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`invalid length: ${n}`);
  return Array.from({ length: n }, (_, i) => String(i + 1).padStart(2, '0'));
}
