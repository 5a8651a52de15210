import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
// zod's core type: answer schemas are the contracts' zod/mini schemas, and classic ones work too.
import { $ZodType } from 'zod/v4/core';

type Projection = (value: unknown) => unknown;

const copy: Projection = (value) => value;
const PRIMITIVES = new Set(['string', 'number', 'boolean', 'literal', 'enum', 'unknown']);

/**
 * Walks a zod answer schema once and returns a function that copies from a value exactly the
 * fields the schema declares, at every depth: what leaves the server is the contract's fields and
 * nothing else, as with the app's zod serializer, without parsing every answer again. The
 * presenters build the values to the contract's types (TypeScript checks them); stored metadata
 * is the one part read from the database as it is, and its undeclared keys are dropped here.
 * Only the shapes answers use are supported; any other throws when the route is built.
 */
export function compileProjection(schema: $ZodType): Projection {
  const def = schema._zod.def as { type: string; shape?: Record<string, $ZodType>; element?: $ZodType; innerType?: $ZodType; options?: $ZodType[] };
  if (def.type === 'object' && def.shape) {
    const fields = Object.entries(def.shape).map(([key, field]) => [key, compileProjection(field)] as const);
    return (value) => {
      if (value === null || typeof value !== 'object') return value;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, project] of fields) {
        if (source[key] !== undefined) out[key] = project(source[key]);
      }
      return out;
    };
  }
  if (def.type === 'array' && def.element) {
    const project = compileProjection(def.element);
    return (value) => (Array.isArray(value) ? value.map(project) : value);
  }
  if ((def.type === 'optional' || def.type === 'nullable') && def.innerType) {
    const project = compileProjection(def.innerType);
    return (value) => (value === null || value === undefined ? value : project(value));
  }
  if (PRIMITIVES.has(def.type)) return copy;
  if (def.type === 'union' && def.options?.every((option) => PRIMITIVES.has((option._zod.def as { type: string }).type))) return copy;
  throw new Error(`An answer schema of type ${def.type} cannot be projected.`);
}

/**
 * A route's serializer compiler for hot reads: the answer projected onto its zod schema
 * (compiled once, when the route is built) and written with JSON.stringify.
 */
export function projectedJsonSerializer<RouteSchema>({ schema, url }: FastifyRouteSchemaDef<RouteSchema>): (data: unknown) => string {
  // Fastify hands over one status code's response schema, though its type names the route's whole schema.
  const answer: unknown = schema;
  if (!(answer instanceof $ZodType)) throw new Error(`The answer schema of ${url} is not a zod schema.`);
  const project = compileProjection(answer);
  return (data) => JSON.stringify(project(data));
}
