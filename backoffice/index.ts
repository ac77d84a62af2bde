// The back office (docs/decisions/0117-library-indexing-off-the-request.md): a Worker of its own for
// the work the page-serving Worker must not carry, because the libraries it needs are most of a
// Worker's size and almost no request needs them:
//   - the library indexer, the consumer of the campus-library queue: the page-serving Worker stores an
//     upload and queues the item; this reads the file with pdf.js (and puts photos together with
//     pdf-lib), fills search and marks the item ready, or failed with a reason. One JSON log line per
//     item, as `wrangler tail campus-backoffice` shows;
//   - the college domain rules (decision 0119), which need the Public Suffix List and the public mail
//     services' list: the app asks them over a service binding (BACKOFFICE) when an admin adds a domain.
import { WorkerEntrypoint } from "cloudflare:workers";
import {
  domainRuleProblem,
  type DomainRuleProblem,
  type HeldDomain,
} from "#server/services/campus-setup/domain-rules.ts";
import { webmailDomains } from "#server/services/campus-setup/webmail.ts";
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

/** The college domain rules, for the app's Worker over the BACKOFFICE service binding (wrangler.toml). */
export class DomainRules extends WorkerEntrypoint<Env> {
  /** The first rule `domain` breaks, or null (worker/services/campus-setup/domain-rules.ts). */
  async problem(domain: string, held: HeldDomain[]): Promise<DomainRuleProblem | null> {
    return domainRuleProblem(domain, await webmailDomains(), held);
  }
}
