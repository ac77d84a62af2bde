// The library indexer (docs/decisions/0117-library-indexing-off-the-request.md): a Worker of its own,
// the consumer of the campus-library queue. The page-serving Worker stores an upload and queues the
// item; this reads the file with pdf.js (and puts photos together with pdf-lib), fills search and
// marks the item ready, or failed with a reason. It is its own Worker so that those two libraries,
// over half of what the page-serving Worker would otherwise upload, are not loaded by the Worker
// that serves every page. One JSON log line per item, as `wrangler tail campus-indexer` shows.
import { backgroundScope, closeScope } from "#server/lib/d1-session.ts";
import { logError } from "#server/lib/log.ts";
import type { IndexMessage } from "#server/services/library/index-queue.ts";
import { indexItem } from "#server/services/library/indexing.ts";

/** Seconds before a failed delivery is tried again: storage that failed once may need a moment. */
const RETRY_DELAY_S = 20;

export default {
  async queue(batch: MessageBatch<IndexMessage>, rawEnv: Env): Promise<void> {
    // One item at a time (max_batch_size 1 in the config): each may take seconds of CPU.
    for (const message of batch.messages) {
      const started = Date.now();
      const scope = backgroundScope(rawEnv);
      try {
        const outcome = await indexItem(scope.env, message.body.itemId);
        console.log(
          JSON.stringify({
            ts: new Date().toISOString(),
            level: outcome.state === "failed" ? "warn" : "info",
            msg: "library index",
            itemId: message.body.itemId,
            delivery: message.attempts,
            ms: Date.now() - started,
            ...outcome,
          }),
        );
        await closeScope(scope);
        message.ack();
      } catch (error) {
        logError(`index-${message.id}`, error, { itemId: message.body.itemId, delivery: message.attempts });
        message.retry({ delaySeconds: RETRY_DELAY_S });
      }
    }
  },
} satisfies ExportedHandler<Env, IndexMessage>;
