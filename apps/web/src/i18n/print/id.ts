/** Indonesian texts of a printed paper's letterhead and signature (loaded with the screens that print). */
export const printId = {
  print: {
    print: 'Cetak',
    logoAlt: 'Logo {{name}}',
    npsn: 'NPSN {{npsn}}',
    phone: 'Telp. {{phone}}',
    email: 'Email {{email}}',
    placeDate: '{{place}}, {{date}}',
    roles: {
      HEADMASTER: 'Kepala Sekolah',
      CHAIR: 'Ketua Yayasan',
      TREASURER: 'Bendahara',
      CASHIER: 'Kasir',
      COUNSELLOR: 'Guru BK',
      TEACHER: 'Guru',
    },
    nip: 'NIP. {{nip}}',
    unsigned: '(nama belum diatur)',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PrintMessages = Widen<typeof printId>;
