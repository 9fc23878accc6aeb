/** Integer rupiah as the school writes it: Rp 1.250.000 */
export function formatRupiah(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`rupiah must be an integer: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const digits = Math.abs(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}Rp ${digits}`;
}
