import type { DocJSON } from '@bree/editor';

/** Node and mark types used anywhere in a tree (tests use it to check a conversion's structure). */
export function typesIn(doc: DocJSON): { nodes: Set<string>; marks: Set<string> } {
  const nodes = new Set<string>();
  const marks = new Set<string>();
  const walk = (n: DocJSON) => {
    nodes.add(n.type);
    for (const m of n.marks ?? []) marks.add(m.type);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return { nodes, marks };
}
