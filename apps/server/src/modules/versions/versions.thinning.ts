const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface DatedVersion {
  id: string;
  fileId: string;
  createdAt: Date;
  /** A named version (docs/PRODUCT.md#versions) is never thinned, nor does it take its hour's or day's place. */
  name?: string | null;
}

/**
 * Which versions thinning removes: everything from the last 24 h stays; from 24 h to 30
 * days the newest version of each hour stays; older than that, the newest of each day. Named
 * versions always stay, and the newest unnamed one of their hour or day stays beside them.
 */
export function versionsToThin(versions: DatedVersion[], now: Date): string[] {
  const kept = new Set<string>();
  const doomed: string[] = [];
  const newestFirst = [...versions].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  for (const v of newestFirst) {
    const age = now.getTime() - v.createdAt.getTime();
    if (age < DAY || v.name) continue;
    const bucketSize = age < 30 * DAY ? HOUR : DAY;
    const bucket = `${v.fileId}:${bucketSize}:${Math.floor(v.createdAt.getTime() / bucketSize)}`;
    if (kept.has(bucket)) doomed.push(v.id);
    else kept.add(bucket);
  }
  return doomed;
}
