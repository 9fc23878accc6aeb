import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The payment gateway boundary (issue 15): a provider creates a charge (a virtual account number or a QRIS
 * payload and its own reference), signs its callbacks, and says what a callback means. MMS ships only the
 * `local` provider, for tests and the demo: nothing here calls the internet. A real provider (Midtrans, Xendit,
 * a bank's VA host) is another object with the same shape, registered in `gatewayOf`.
 */
export interface ChargeRequest {
  /** MMS's charge id */
  chargeId: number;
  studentId: number;
  amount: number;
}
export interface ChargeCreated {
  providerRef: string;
  vaNumber: string | null;
  qris: string | null;
}
export interface CallbackEvent {
  reference: string;
  /** the integer rupiah that arrived */
  amount: number;
  status: 'PAID' | 'FAILED';
}
export interface PaymentGateway {
  readonly name: string;
  createCharge(request: ChargeRequest): ChargeCreated;
  /** true when the callback's signature is the provider's */
  verify(headers: Record<string, string | string[] | undefined>, body: unknown): boolean;
  /** the callback's meaning (after `verify`) */
  parse(body: unknown): CallbackEvent;
}

/** The local provider's dev secret: set `MMS_GATEWAY_LOCAL_SECRET` anywhere the demo is reachable by others. */
export const DEV_GATEWAY_SECRET = 'mms-local-gateway-dev-secret';
export const localSecret = () => process.env.MMS_GATEWAY_LOCAL_SECRET || DEV_GATEWAY_SECRET;

/** The string the local provider signs: `reference|amount|status`. */
export const localSigningString = (e: CallbackEvent) => `${e.reference}|${e.amount}|${e.status}`;

/** Hex HMAC-SHA256 of the event with the secret: what the `x-signature` header carries. */
export const signLocal = (e: CallbackEvent, secret = localSecret()) =>
  createHmac('sha256', secret).update(localSigningString(e)).digest('hex');

function isEvent(body: unknown): body is CallbackEvent {
  const b = body as Partial<CallbackEvent> | null;
  return (
    !!b &&
    typeof b.reference === 'string' &&
    Number.isSafeInteger(b.amount) &&
    (b.status === 'PAID' || b.status === 'FAILED')
  );
}

export const localGateway: PaymentGateway = {
  name: 'local',
  createCharge({ chargeId, studentId, amount }) {
    const providerRef = `LOC-${chargeId}-${randomBytes(4).toString('hex')}`;
    // 8808: the demo bank's VA prefix; then the student and the charge, so a VA is never reused.
    const vaNumber = `8808${String(studentId).padStart(6, '0')}${String(chargeId).padStart(6, '0')}`;
    return { providerRef, vaNumber, qris: `MMSQRIS|${providerRef}|${amount}` };
  },
  verify(headers, body) {
    const given = headers['x-signature'];
    if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given) || !isEvent(body)) return false;
    const expected = Buffer.from(signLocal(body), 'hex');
    return timingSafeEqual(expected, Buffer.from(given, 'hex'));
  },
  parse(body) {
    if (!isEvent(body)) throw new Error('not a local gateway event');
    return { reference: body.reference, amount: body.amount, status: body.status };
  },
};

// A Map, not an object literal: the name comes from the URL, and `constructor` or `__proto__` must not find
// Object.prototype's members.
const GATEWAYS: ReadonlyMap<string, PaymentGateway> = new Map([[localGateway.name, localGateway]]);

/** The provider by name (the callback route's `:provider`); undefined for an unknown one. */
export const gatewayOf = (name: string): PaymentGateway | undefined => GATEWAYS.get(name);
/** The provider new charges go to: `MMS_PAYMENT_GATEWAY` (default `local`). */
export const activeGateway = (): PaymentGateway =>
  gatewayOf(process.env.MMS_PAYMENT_GATEWAY ?? 'local') ?? localGateway;

/**
 * How long a charge can be paid: `MMS_GATEWAY_CHARGE_HOURS` (default 24, like a Midtrans virtual account),
 * a whole number of hours from 1 to 720; anything else falls back to 24.
 */
export function chargeLifetimeHours(value = process.env.MMS_GATEWAY_CHARGE_HOURS): number {
  const hours = value === undefined || !/^\d{1,3}$/.test(value.trim()) ? NaN : Number(value.trim());
  return Number.isInteger(hours) && hours >= 1 && hours <= 720 ? hours : 24;
}
