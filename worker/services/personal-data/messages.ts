import { select, sql } from "#server/db/sql.ts";
import { conversationReports, conversations, memberBlocks, messages, offers } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Conversations about listings (docs/decisions/0113-conversations.md). A conversation is two
// students' private exchange: when either deletes their account it goes whole, with its messages,
// offers and reports, rather than staying with half its words anonymised. The export holds the
// student's conversations and what they wrote in them; the other student's words are theirs.

export const MESSAGES_DATA = {
  conversations: placed({
    onDelete: "deleted",
    exports: [
      exportAt("messaging.conversations", ({ userId }) =>
        select(
          {
            id: conversations.id,
            productId: conversations.product_id,
            buyerId: conversations.buyer_id,
            sellerId: conversations.seller_id,
            createdAt: conversations.created_at,
            lastMessageAt: conversations.last_message_at,
            meetPlaceId: conversations.meet_place_id,
            meetAt: conversations.meet_at,
            meetAgreedAt: conversations.meet_agreed_at,
          },
          sql`FROM ${conversations} WHERE ${conversations.buyer_id} = ${userId} OR ${conversations.seller_id} = ${userId}
            ORDER BY ${conversations.last_message_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement(
          (guard) => sql`DELETE FROM conversations WHERE (buyer_id = ${userId} OR seller_id = ${userId}) AND ${guard}`,
        ),
      ],
    },
  }),
  messages: placed({
    onDelete: "deleted",
    why: "Every message of the student's conversations goes with them; the export holds the ones the student wrote.",
    exports: [
      exportAt("messaging.messagesSent", ({ userId }) =>
        select(
          {
            conversationId: messages.conversation_id,
            kind: messages.kind,
            body: messages.body,
            pricePaise: messages.price_paise,
            createdAt: messages.created_at,
          },
          sql`FROM ${messages} WHERE ${messages.sender_id} = ${userId} ORDER BY ${messages.created_at} ASC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM messages WHERE sender_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  offers: placed({
    onDelete: "deleted",
    exports: [
      exportAt("messaging.offers", ({ userId }) =>
        select(
          {
            conversationId: offers.conversation_id,
            productId: offers.product_id,
            pricePaise: offers.price_paise,
            status: offers.status,
            createdAt: offers.created_at,
            decidedAt: offers.decided_at,
          },
          sql`FROM ${offers} WHERE ${offers.buyer_id} = ${userId} ORDER BY ${offers.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM offers WHERE buyer_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  member_blocks: placed({
    onDelete: "deleted",
    why: "Both the blocks the student made and those made of them go: the account can no longer message anyone.",
    exports: [
      exportAt("messaging.blocked", ({ userId }) =>
        select(
          { blockedId: memberBlocks.blocked_id, createdAt: memberBlocks.created_at },
          sql`FROM ${memberBlocks} WHERE ${memberBlocks.blocker_id} = ${userId} ORDER BY ${memberBlocks.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement(
          (guard) =>
            sql`DELETE FROM member_blocks WHERE (blocker_id = ${userId} OR blocked_id = ${userId}) AND ${guard}`,
        ),
      ],
    },
  }),
  conversation_reports: placed({
    onDelete: "deleted",
    exports: [
      exportAt("messaging.reports", ({ userId }) =>
        select(
          {
            conversationId: conversationReports.conversation_id,
            reason: conversationReports.reason,
            note: conversationReports.note,
            createdAt: conversationReports.created_at,
            resolvedAt: conversationReports.resolved_at,
          },
          sql`FROM ${conversationReports} WHERE ${conversationReports.reporter_id} = ${userId}
            ORDER BY ${conversationReports.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM conversation_reports WHERE reporter_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
