import { attempt, attemptTold, refused } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { CONVERSATION_MESSAGES as M } from "#common/conversations.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  answerOffer,
  answerSchema,
  makeOffer,
  offerIdSchema,
  offerSchema,
  withdrawOffer,
} from "#server/services/conversations/offers.ts";
import {
  agreeMeetup,
  meetupSchema,
  proposeMeetup,
  reportConversation,
  reportSchema,
  setBlocked,
  shareContact,
} from "#server/services/conversations/safety.ts";
import { conversationIdSchema, messageSchema, sendMessage } from "#server/services/conversations/send.ts";
import type { SessionUser } from "#server/services/session-user.ts";

// The conversation page's forms, translated to the same use-cases as /api/messages: each intent's
// fields through the use-case's own schema (docs/decisions/0113-conversations.md).

export async function conversationAction(env: Env, user: SessionUser, rawId: string | undefined, request: Request) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const input = formInput(form);
  const run = (success: string, work: (id: string) => Promise<unknown>) =>
    attempt(intent, success, () => work(parseWith(conversationIdSchema, rawId)));
  switch (intent) {
    case "send":
      return run(M.sent, (id) => sendMessage(env, user, id, parseWith(messageSchema, input)));
    case "offer":
      return run(M.offerSent, (id) => makeOffer(env, user, id, parseWith(offerSchema, input)));
    case "answer":
      return attemptTold(intent, async () => {
        const { answer } = parseWith(answerSchema, input);
        await answerOffer(env, user, parseWith(offerIdSchema, form.get("offerId")), { answer });
        return { message: answer === "accept" ? M.offerAccepted : M.offerDeclined };
      });
    case "withdraw":
      return attempt(intent, M.offerWithdrawn, () =>
        withdrawOffer(env, user, parseWith(offerIdSchema, form.get("offerId"))),
      );
    case "meetup":
      return run(M.meetupProposed, (id) => proposeMeetup(env, user, id, parseWith(meetupSchema, input)));
    case "agree":
      return run(M.meetupAgreed, (id) => agreeMeetup(env, user, id));
    case "contact":
      return run(M.contactShared, (id) => shareContact(env, user, id));
    case "block":
    case "unblock":
      return attemptTold(intent, async () => ({
        message: await setBlocked(env, user, parseWith(conversationIdSchema, rawId), intent === "block"),
      }));
    case "report":
      return attemptTold(intent, async () => ({
        message: await reportConversation(
          env,
          user,
          parseWith(conversationIdSchema, rawId),
          parseWith(reportSchema, input),
        ),
      }));
    default:
      return refused(intent, new ApiError(400, "Unknown action."));
  }
}
