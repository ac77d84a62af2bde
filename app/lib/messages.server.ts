import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { CONVERSATION_MESSAGES as M } from "#common/messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  answerOffer,
  answerSchema,
  makeOffer,
  offerIdSchema,
  offerSchema,
  withdrawOffer,
} from "#server/services/messages/offers.ts";
import {
  agreeMeetup,
  meetupSchema,
  proposeMeetup,
  reportConversation,
  reportSchema,
  setBlocked,
  shareContact,
} from "#server/services/messages/safety.ts";
import { conversationIdSchema, messageSchema, sendMessage } from "#server/services/messages/send.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { CONVERSATION_INTENTS as C } from "#app/components/messages/messages-intents.ts";

// The conversation page's forms, translated to the same use-cases as /api/messages: each intent's
// fields through the use-case's own schema (docs/decisions/0113-conversations.md); the intents:
// #app/components/messages/messages-intents.ts.

export async function conversationAction(env: Env, user: SessionUser, rawId: string | undefined, request: Request) {
  const form = await readForm(request);
  const input = formInput(form);
  const run = (intent: string, success: string, work: (id: string) => Promise<unknown>) =>
    attempt(intent, success, () => work(parseWith(conversationIdSchema, rawId)));
  const block = (intent: string, blocked: boolean) =>
    attemptTold(intent, async () => ({
      message: await setBlocked(env, user, parseWith(conversationIdSchema, rawId), blocked),
    }));
  return dispatch(form, C, {
    send: (intent) => run(intent, M.sent, (id) => sendMessage(env, user, id, parseWith(messageSchema, input))),
    offer: (intent) => run(intent, M.offerSent, (id) => makeOffer(env, user, id, parseWith(offerSchema, input))),
    answer: (intent) =>
      attemptTold(intent, async () => {
        const { answer } = parseWith(answerSchema, input);
        await answerOffer(env, user, parseWith(offerIdSchema, form.get("offerId")), { answer });
        return { message: answer === "accept" ? M.offerAccepted : M.offerDeclined };
      }),
    withdraw: (intent) =>
      attempt(intent, M.offerWithdrawn, () => withdrawOffer(env, user, parseWith(offerIdSchema, form.get("offerId")))),
    meetup: (intent) =>
      run(intent, M.meetupProposed, (id) => proposeMeetup(env, user, id, parseWith(meetupSchema, input))),
    agree: (intent) => run(intent, M.meetupAgreed, (id) => agreeMeetup(env, user, id)),
    contact: (intent) => run(intent, M.contactShared, (id) => shareContact(env, user, id)),
    block: (intent) => block(intent, true),
    unblock: (intent) => block(intent, false),
    report: (intent) =>
      attemptTold(intent, async () => ({
        message: await reportConversation(
          env,
          user,
          parseWith(conversationIdSchema, rawId),
          parseWith(reportSchema, input),
        ),
      })),
  });
}
