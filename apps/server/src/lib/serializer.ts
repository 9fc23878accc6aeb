import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Response bodies whose every part has been checked against the route's response schema already
 * (copies in the read cache are checked once, when they are loaded, not on every request).
 */
const checked = new WeakSet<object>();

/**
 * Marks a body built only from values that passed the route's response schema, so the serializer
 * writes it without checking each item again. Use it only for such bodies: the check is what keeps
 * stray columns (a password hash, say) out of responses.
 */
export function preChecked<T extends object>(body: T): T {
  checked.add(body);
  return body;
}

const zodSerializer = createSerializerCompiler({});

/** The zod serializer of fastify-type-provider-zod (check, strip unknown keys, JSON) with the pre-checked shortcut. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = zodSerializer(route as Parameters<typeof zodSerializer>[0]);
  return (data) =>
    typeof data === 'object' && data !== null && checked.has(data) ? JSON.stringify(data) : serialize(data);
};
