import type { z } from 'zod';
import { api } from './api.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `:name` segments of a route path: `/scores/columns/:id` has `id`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query value as a URL carries it (absent values are left out). */
/** An object with no keys: a type with no required key takes it. */
type Nothing = Record<never, never>;

type QueryValue = string | number | boolean | null | undefined;

interface Contract {
  /** the request body's contract (the call takes what the contract takes) */
  body?: z.ZodType;
  /** the query string's contract, a flat object */
  query?: z.ZodType<Record<string, QueryValue>, Record<string, unknown>>;
  /** the answer's contract (the call resolves to its output type); none: the route answers 204 */
  response?: z.ZodType;
}

type ParamsPart<P extends string> = [PathParamNames<P>] extends [never]
  ? unknown
  : { params: Record<PathParamNames<P>, string | number> };
/**
 * What a caller sends for a contract: its input type (a field with a default may be left out), where a field's
 * input is `unknown` (an id that also takes its decimal text, `dbId`) typed as the output says.
 */
export type Sent<S extends z.ZodType> =
  z.input<S> extends Record<string, unknown>
    ? {
        [K in keyof z.input<S>]: unknown extends z.input<S>[K]
          ? K extends keyof z.output<S>
            ? z.output<S>[K]
            : z.input<S>[K]
          : z.input<S>[K];
      }
    : z.input<S>;

type BodyPart<C extends Contract> = C['body'] extends z.ZodType ? { body: Sent<C['body']> } : unknown;
type QueryPart<C extends Contract> = C['query'] extends z.ZodType
  ? Nothing extends Sent<C['query']>
    ? { query?: Sent<C['query']> }
    : { query: Sent<C['query']> }
  : unknown;

/** What a call of an endpoint takes: its path's params, its body and query, as the contracts type them. */
export type EndpointInput<P extends string, C extends Contract> = ParamsPart<P> &
  BodyPart<C> &
  QueryPart<C> & { signal?: AbortSignal; headers?: Record<string, string> };

/** What a call of an endpoint resolves to. */
export type EndpointOutput<C extends Contract> = C['response'] extends z.ZodType ? z.output<C['response']> : void;

/** Nothing to give: the input may be left out. */
type Optional<I> = Nothing extends Omit<I, 'signal' | 'headers'> ? true : false;

export type Endpoint<P extends string, C extends Contract> = (Optional<EndpointInput<P, C>> extends true
  ? (input?: EndpointInput<P, C>) => Promise<EndpointOutput<C>>
  : (input: EndpointInput<P, C>) => Promise<EndpointOutput<C>>) & { method: Method; path: P };

/** The path with its `:params` filled in (each one URL-encoded); a missing one is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`endpoint ${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query as `api` sends it: booleans as `true`/`false`, null and undefined left out. */
function queryOf(query: Record<string, QueryValue> | undefined): Record<string, string | number> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) out[key] = typeof value === 'boolean' ? String(value) : value;
  return out;
}

/**
 * A typed call of one server route, declared with the same shared contracts the route declares: the path's
 * params, the body and the query are typed from them and the answer is the response contract's output type.
 * It goes through `api` (session cookie, CSRF header, language, the one error shape as ApiError).
 *
 *   const saveColumn = endpoint('PUT', '/scores/columns/:id', { body: ScoreColumnUpdate, response: ScoreColumn });
 *   saveColumn({ params: { id: 4 }, body: { title: 'UH 1' } }); // Promise<ScoreColumn>
 *
 * The answer is not parsed again: the server has checked it against the same contract.
 */
export function endpoint<const P extends string, C extends Contract = Nothing>(
  method: Method,
  path: P,
  _contract: C = {} as C,
): Endpoint<P, C> {
  const call = (
    input: Partial<{ params: Record<string, string | number>; body: unknown; query: unknown }> & {
      signal?: AbortSignal;
      headers?: Record<string, string>;
    } = {},
  ) =>
    api(fillPath(path, input.params), {
      method,
      body: input.body,
      query: queryOf(input.query as Record<string, QueryValue> | undefined),
      signal: input.signal,
      headers: input.headers,
    });
  return Object.assign(call, { method, path }) as unknown as Endpoint<P, C>;
}

/**
 * The one "save" of a form that adds or changes: with an id it calls `change` (PUT or PATCH `/things/:id`),
 * without one `create` (POST `/things`).
 */
export function saveBy<BC, BU, RC, RU>(
  create: (input: { body: BC }) => Promise<RC>,
  change: (input: { params: { id: number }; body: BU }) => Promise<RU>,
) {
  return ({ id, body }: { id?: number | null; body: BC | BU }): Promise<RC | RU> =>
    id ? change({ params: { id }, body: body as BU }) : create({ body: body as BC });
}
