const DIGITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
const SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun', 'kuadriliun'];

/** 0..999 in words; `se-` forms (sepuluh, sebelas, seratus) as Indonesian says them. */
function hundreds(n: number): string {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h === 1) words.push('seratus');
  else if (h > 1) words.push(`${DIGITS[h]} ratus`);
  if (rest === 10) words.push('sepuluh');
  else if (rest === 11) words.push('sebelas');
  else if (rest > 11 && rest < 20) words.push(`${DIGITS[rest - 10]} belas`);
  else if (rest >= 20) {
    words.push(`${DIGITS[Math.floor(rest / 10)]} puluh`);
    if (rest % 10) words.push(DIGITS[rest % 10]!);
  } else if (rest > 0) words.push(DIGITS[rest]!);
  return words.join(' ');
}

/**
 * An integer amount in Indonesian words, as a voucher writes it: 1250000 -> "satu juta dua ratus lima puluh ribu".
 * 1000 is "seribu" (never "satu ribu"); 0 is "nol"; a negative amount starts with "minus".
 */
export function terbilang(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`terbilang needs an integer: ${amount}`);
  if (amount === 0) return 'nol';
  if (amount < 0) return `minus ${terbilang(-amount)}`;
  const groups: string[] = [];
  let rest = amount;
  for (let scale = 0; rest > 0; scale++) {
    const group = rest % 1000;
    rest = Math.floor(rest / 1000);
    if (group === 0) continue;
    if (scale >= SCALES.length) throw new RangeError(`terbilang: amount too large: ${amount}`);
    if (scale === 1 && group === 1) groups.unshift('seribu');
    else groups.unshift(scale === 0 ? hundreds(group) : `${hundreds(group)} ${SCALES[scale]}`);
  }
  return groups.join(' ');
}

/** The words a voucher prints under its amount: "Satu juta dua ratus lima puluh ribu rupiah". */
export function terbilangRupiah(amount: number): string {
  const words = `${terbilang(amount)} rupiah`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
