import { count, eq } from 'drizzle-orm';
import type { Division } from '@mms/shared';
import type { Database } from '../db/client.ts';
import { appMeta, employees, students, units, users } from '../db/schema/index.ts';
import { audit } from '../lib/audit.ts';
import { hashPassword } from '../lib/passwords.ts';

export const DEMO_PASSWORD = 'demo-mms-2026';

interface DemoAccount {
  division: Division;
  displayName: string;
  unit: 'SD' | 'SMP' | null;
  nip?: string;
  nis?: string;
  nisn?: string;
}

/** One demo account per division; username = the division in lower case. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { division: 'ADMIN', displayName: 'Administrator Sistem', unit: null, nip: '198001012005011001' },
  { division: 'TEACHER', displayName: 'Ustadz Ahmad Fauzi, S.Pd.', unit: 'SMP', nip: '198503142010011002' },
  { division: 'TEACHERCASHIER', displayName: 'Ustadzah Siti Rahmawati, S.E.', unit: 'SMP', nip: '198707222011012003' },
  { division: 'PRINCIPAL', displayName: 'Drs. H. Muhammad Yusuf, M.Pd.', unit: 'SMP', nip: '197204101998031004' },
  { division: 'WAKAKUR', displayName: 'Hj. Nurul Hidayah, S.Pd.I.', unit: 'SMP', nip: '197911052003122005' },
  { division: 'YAYASAN', displayName: 'KH. Abdullah Mansur', unit: null, nip: '196508171990031006' },
  { division: 'BPBK', displayName: 'Dewi Lestari, S.Psi.', unit: 'SMP', nip: '199002282015032007' },
  { division: 'TU', displayName: 'Rudi Hartono', unit: 'SMP', nip: '198812302012011008' },
  { division: 'STUDENT', displayName: 'Muhammad Rizki Ramadhan', unit: 'SMP', nis: '2526070001', nisn: '0123456789' },
];

export const DEMO_UNITS = [
  { code: 'SD', name: 'SD Islam Terpadu Al-Amin' },
  { code: 'SMP', name: 'SMP Islam Terpadu Al-Amin' },
];

const SEEDED_KEY = 'demo_seeded';

/**
 * On the first start of an empty installation, creates the demo units and one account per
 * division. Does nothing once any user exists or the demo was seeded before.
 */
export async function seedDemoIfFirstStart(db: Database): Promise<boolean> {
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  const [userCount] = await db.select({ n: count() }).from(users);
  if (seeded || (userCount?.n ?? 0) > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    const unitRows = await tx.insert(units).values(DEMO_UNITS).returning();
    const unitId = (code: string | null) => unitRows.find((u) => u.code === code)?.id ?? null;
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          username: account.division.toLowerCase(),
          displayName: account.displayName,
          passwordHash: hashes[i]!,
          division: account.division,
          unitId: unitId(account.unit),
        })
        .returning({ id: users.id });
      if (account.nip) {
        await tx
          .insert(employees)
          .values({ unitId: unitId(account.unit), userId: user!.id, nip: account.nip, name: account.displayName });
      }
      if (account.nis) {
        await tx.insert(students).values({
          unitId: unitId(account.unit)!,
          userId: user!.id,
          nis: account.nis,
          nisn: account.nisn ?? null,
          name: account.displayName,
        });
      }
    }
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } });
    await audit(
      tx,
      { userId: null, username: 'system', ip: null, requestId: null },
      {
        action: 'system.demo.seed',
        after: { accounts: DEMO_ACCOUNTS.length, units: DEMO_UNITS.length },
      },
    );
  });
  return true;
}
