import '../../i18n/print/index.ts';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { longDate, type AuthUser, type Division, type Letterhead } from '@mms/shared';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/session.ts';
import { useLetterhead } from './letterhead-api.ts';
import classes from './print.module.css';

export { classes as printClasses };

/** The top of a paper: logo, foundation, school name, NPSN, address, phone and email, over a double rule. */
export function LetterheadView({ letterhead }: { letterhead: Letterhead }) {
  const { t } = useTranslation();
  const contact = [
    letterhead.phone && t('print.phone', { phone: letterhead.phone }),
    letterhead.email && t('print.email', { email: letterhead.email }),
  ].filter(Boolean);
  return (
    <header className={classes.letterhead} data-testid="letterhead">
      {letterhead.logoUrl && (
        <img className={classes.logo} src={letterhead.logoUrl} alt={t('print.logoAlt', { name: letterhead.name })} />
      )}
      <div className={classes.letterheadText}>
        {letterhead.kind === 'UNIT' && (
          <Text size="sm" fw={600} data-testid="letterhead-foundation">
            {letterhead.foundationName}
          </Text>
        )}
        <Text fw={700} fz="xl" lh={1.2} data-testid="report-unit">
          {letterhead.name}
        </Text>
        {letterhead.npsn && (
          <Text size="sm" data-testid="letterhead-npsn">
            {t('print.npsn', { npsn: letterhead.npsn })}
          </Text>
        )}
        {letterhead.address && <Text size="sm">{letterhead.address}</Text>}
        {contact.length > 0 && <Text size="sm">{contact.join(' · ')}</Text>}
      </div>
      {letterhead.logoUrl && <span className={classes.logoSpacer} aria-hidden />}
    </header>
  );
}

/**
 * Who signs a paper: the official responsible for it, named by role in the reader's language (Kepala Sekolah,
 * Ketua Yayasan, Bendahara, Kasir, Guru BK, Guru), with the name and the NIP where known.
 */
export type SignerRole = 'HEADMASTER' | 'CHAIR' | 'TREASURER' | 'CASHIER' | 'COUNSELLOR' | 'TEACHER';
export interface PaperSigner {
  role: SignerRole;
  /** null: not known (the paper prints "(nama belum diatur)" on the line) */
  name: string | null;
  nip?: string | null;
}

/** The divisions whose member is the official of a role (the treasurer and cashier: the finance staff). */
const SIGNER_DIVISIONS: Record<SignerRole, readonly Division[]> = {
  HEADMASTER: ['PRINCIPAL'],
  CHAIR: ['YAYASAN'],
  TREASURER: ['TEACHERCASHIER', 'TU'],
  CASHIER: ['TEACHERCASHIER', 'TU'],
  COUNSELLOR: ['BPBK'],
  TEACHER: ['TEACHER', 'TEACHERCASHIER', 'PRINCIPAL', 'WAKAKUR', 'BPBK'],
};

/**
 * The signed-in staff member as the signer of a paper they are responsible for (the treasurer of a cash book,
 * the counsellor of a counselling report), with their NIP; anyone else reading it (the principal, a student
 * with their invoice) leaves the role's line for the official to sign by hand.
 */
export function signedInSigner(user: AuthUser, role: SignerRole): PaperSigner {
  return user.employeeId !== null && SIGNER_DIVISIONS[role].includes(user.division)
    ? { role, name: user.displayName, nip: user.employeeNumber }
    : { role, name: null, nip: null };
}

/** signedInSigner of the signed-in user. */
export function useSignedInSigner(role: SignerRole): PaperSigner {
  return signedInSigner(useCurrentUser(), role);
}

/**
 * The bottom of a paper: "Bogor, 25 November 2026", who signs, name and NIP. The place and the date are the
 * letterhead's; the signer is the paper's own (`signer`) or, by default, the letterhead's (Kepala Sekolah of a
 * unit, Ketua Yayasan of the foundation).
 */
export function SignatureBlock({ letterhead, signer }: { letterhead: Letterhead; signer?: PaperSigner | undefined }) {
  const { t, i18n } = useTranslation();
  // the paper's own signer brings its own NIP (none known: none printed, never the headmaster's)
  const s = signer
    ? { ...letterhead.signature, role: signer.role, name: signer.name, nip: signer.nip ?? null }
    : letterhead.signature;
  const date = longDate(s.date, i18n.language === 'en' ? 'en' : 'id');
  return (
    <section className={classes.signature} data-testid="signature">
      <Text size="sm">{s.place ? t('print.placeDate', { place: s.place, date }) : date}</Text>
      <Text size="sm" data-testid="signature-role">
        {t(`print.roles.${s.role}`)}
      </Text>
      <div className={classes.signatureSpace} />
      <Text size="sm" fw={700} className={classes.signer} data-testid="signature-name">
        {s.name ?? t('print.unsigned')}
      </Text>
      {s.nip && (
        <Text size="sm" data-testid="signature-nip">
          {t('print.nip', { nip: s.nip })}
        </Text>
      )}
    </section>
  );
}

/** The Print button of a paper (window.print; the print CSS leaves out everything but the paper). */
export function PrintButton() {
  const { t } = useTranslation();
  return (
    <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
      {t('print.print')}
    </Button>
  );
}

export interface PrintedPaperProps {
  /** whose letterhead and signature: a unit's, or the foundation's (null, papers about every unit) */
  unitId: number | null;
  title: string;
  /** lines under the title (the period, the class, the moment printed) */
  subtitle?: ReactNode;
  /** the buttons (Print, Excel) above the paper, left off the printout */
  actions?: ReactNode;
  /** the filters under the heading, left off the printout */
  controls?: ReactNode;
  /** false while the paper has nothing to sign yet (loading, empty, nothing chosen) */
  signed?: boolean;
  /** who signs: the official responsible for this paper; without it the letterhead's (the headmaster or chair) */
  signer?: PaperSigner | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * The one printed paper of MMS: the school's letterhead on top, the title, the content, and the signature
 * block at the bottom; on paper it is A4 without the application around it.
 */
export function PrintedPaper(props: PrintedPaperProps) {
  const letterhead = useLetterhead(props.unitId);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" className={`${classes.paper} ${props.className ?? ''}`}>
      {props.actions && (
        <Group className={classes.noPrint} justify="flex-end" gap="xs" mb="sm">
          {props.actions}
        </Group>
      )}
      {letterhead.data ? (
        <LetterheadView letterhead={letterhead.data} />
      ) : (
        letterhead.isPending && <Skeleton height={72} mb="md" />
      )}
      <Stack gap={2} className={classes.heading}>
        <Title order={1} fz="h3">
          {props.title}
        </Title>
        {props.subtitle}
      </Stack>
      {props.controls && <div className={classes.noPrint}>{props.controls}</div>}
      {props.children}
      {props.signed !== false && letterhead.data && (
        <SignatureBlock letterhead={letterhead.data} signer={props.signer} />
      )}
    </Paper>
  );
}
