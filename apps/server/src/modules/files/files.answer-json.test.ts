import { describe, expect, it } from 'vitest';
import { contentUpdateAnswerSchema, listPagedAnswerSchema } from '@bree/contracts';
import { z } from 'zod';
import { compileProjection } from './files.answer-json';

describe('compileProjection', () => {
  const schema = z.object({
    id: z.string(),
    tags: z.array(z.object({ name: z.string() })),
    owner: z.object({ name: z.string() }).nullable(),
    note: z.string().optional(),
    when: z.union([z.string(), z.number()]),
  });

  it('copies the declared fields at every depth and drops the others', () => {
    const project = compileProjection(schema);
    const value = { id: 'a', secret: 1, tags: [{ name: 't', hidden: true }], owner: { name: 'o', token: 'x' }, when: 3, extra: { deep: 1 } };
    expect(project(value)).toEqual({ id: 'a', tags: [{ name: 't' }], owner: { name: 'o' }, when: 3 });
    expect(project({ id: 'b', tags: [], owner: null, note: 'n', when: 'now' })).toEqual({ id: 'b', tags: [], owner: null, note: 'n', when: 'now' });
  });

  it('refuses, when the route is built, a schema it cannot whitelist', () => {
    expect(() => compileProjection(z.object({ map: z.record(z.string(), z.unknown()) }))).toThrow(/record/);
    expect(() => compileProjection(z.union([z.object({ a: z.string() }), z.string()]))).toThrow(/union/);
  });

  it('compiles the answers of the routes that use it: the paged list and the content save', () => {
    expect(() => compileProjection(listPagedAnswerSchema)).not.toThrow();
    const save = compileProjection(contentUpdateAnswerSchema);
    const named = { name: 'Plan.txt', displayName: 'Plan', filePath: 'Plan.txt' };
    const remembered = { success: true, saved: true, contentSize: 10, operationId: 'op-1', revision: 2, lastModified: 'now', named, tenantId: 't' };
    expect(save(remembered)).toEqual({ success: true, saved: true, contentSize: 10, operationId: 'op-1', revision: 2, lastModified: 'now', named });
  });
});
