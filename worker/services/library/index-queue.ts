// The library indexer's queue, as the page-serving Worker sees it (docs/decisions/0117): an upload
// stores its file and a pending item, then queues the item's id; the indexer (backoffice/, a Worker of
// its own, so that pdf.js and pdf-lib are not part of the Worker that serves pages) reads it. This
// module imports nothing heavy: it is what both Workers share.
import { batch, returning, select, sql, update } from "#server/db/sql.ts";
import { libraryItems } from "#server/db/tables.generated.ts";

export interface IndexMessage {
  itemId: string;
}

/**
 * Deliveries an item gets before it is marked as unreadable: each one counts before any work starts,
 * so a file that exhausts the indexer's CPU or memory (its invocation dies mid-work) still reaches
 * the limit, and a poison file never loops. The queue itself retries more often than this.
 */
export const INDEX_MAX_ATTEMPTS = 3;

/** An item waiting this long is queued again by the half-hourly job (a lost message, a dead indexer). */
export const INDEX_STALL_MS = 15 * 60_000;

/** Where photo `index` (from 0) of a photo upload waits until the indexer puts the pages together. */
export function partKey(fileKey: string, index: number): string {
  return `${fileKey}/part-${index + 1}`;
}

/** Every R2 key an item's file may have: the PDF and, for photos, the parts not yet put together. */
export function fileKeys(fileKey: string, parts: number | null): string[] {
  return [fileKey, ...Array.from({ length: parts ?? 0 }, (_, i) => partKey(fileKey, i))];
}

export async function queueIndexing(env: Env, itemId: string): Promise<void> {
  await env.LIBRARY_QUEUE.send({ itemId } satisfies IndexMessage);
}

/** Why an item could not be read, when the indexer gave up on it after INDEX_MAX_ATTEMPTS deliveries. */
export const GAVE_UP = "reading it took too long. Save it again (Print → Save as PDF) and upload that.";

/**
 * The half-hourly job: items still waiting after INDEX_STALL_MS are queued again, and those that had
 * every delivery are marked as unreadable (one conditional UPDATE each way, so a run beside the
 * indexer changes nothing it has decided).
 */
export async function requeueStalled(env: Env, at: number): Promise<{ queued: number; failed: number }> {
  const before = at - INDEX_STALL_MS;
  const i = libraryItems;
  const [failed, waiting] = await batch(env, [
    returning(
      update(
        i,
        { index_state: "failed", index_error: GAVE_UP },
        sql`WHERE index_state = 'pending' AND created_at < ${before} AND index_attempts >= ${INDEX_MAX_ATTEMPTS}`,
      ),
      { id: i.id },
    ),
    select(
      { id: i.id },
      sql`FROM ${i} WHERE index_state = 'pending' AND created_at < ${before} AND index_attempts < ${INDEX_MAX_ATTEMPTS}
        ORDER BY created_at LIMIT 100`,
    ),
  ]);
  const ids = waiting.rows.map((row) => row.id);
  if (ids.length > 0) await env.LIBRARY_QUEUE.sendBatch(ids.map((itemId) => ({ body: { itemId } })));
  return { queued: ids.length, failed: failed.rows.length };
}
