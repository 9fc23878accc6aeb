import type { PrintMessages } from './id.ts';

export const printEn: PrintMessages = {
  print: {
    print: 'Print',
    logoAlt: '{{name}} logo',
    npsn: 'NPSN {{npsn}}',
    phone: 'Phone {{phone}}',
    email: 'Email {{email}}',
    placeDate: '{{place}}, {{date}}',
    roles: {
      HEADMASTER: 'Headmaster',
      CHAIR: 'Chair of the Foundation',
      TREASURER: 'Treasurer',
      CASHIER: 'Cashier',
      COUNSELLOR: 'School counsellor',
      TEACHER: 'Teacher',
    },
    nip: 'NIP {{nip}}',
    unsigned: '(name not set)',
  },
};
