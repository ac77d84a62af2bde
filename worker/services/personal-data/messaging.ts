import { asc, desc, eq, or } from "drizzle-orm";
import { conversationReports, conversations, memberBlocks, messages, offers } from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Conversations about listings (docs/decisions/0113-conversations.md). A conversation is two
// students' private exchange: when either deletes their account it goes whole, with its messages,
// offers and reports, rather than staying with half its words anonymised. The export holds the
// student's conversations and what they wrote in them; the other student's words are theirs.

export const MESSAGING_DATA = {
  conversations: placed({
    onDelete: "deleted",
    exports: [
      exportAt("messaging.conversations", ({ db, userId }) =>
        db
          .select({
            id: conversations.id,
            productId: conversations.productId,
            buyerId: conversations.buyerId,
            sellerId: conversations.sellerId,
            createdAt: conversations.createdAt,
            lastMessageAt: conversations.lastMessageAt,
            meetPlaceId: conversations.meetPlaceId,
            meetAt: conversations.meetAt,
            meetAgreedAt: conversations.meetAgreedAt,
          })
          .from(conversations)
          .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
          .orderBy(desc(conversations.lastMessageAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM conversations WHERE (buyer_id = ?1 OR seller_id = ?1) AND ${guard}`),
      ],
    },
  }),
  messages: placed({
    onDelete: "deleted",
    why: "Every message of the student's conversations goes with them; the export holds the ones the student wrote.",
    exports: [
      exportAt("messaging.messagesSent", ({ db, userId }) =>
        db
          .select({
            conversationId: messages.conversationId,
            kind: messages.kind,
            body: messages.body,
            pricePaise: messages.pricePaise,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(eq(messages.senderId, userId))
          .orderBy(asc(messages.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM messages WHERE sender_id = ?1 AND ${guard}`)],
    },
  }),
  offers: placed({
    onDelete: "deleted",
    exports: [
      exportAt("messaging.offers", ({ db, userId }) =>
        db
          .select({
            conversationId: offers.conversationId,
            productId: offers.productId,
            pricePaise: offers.pricePaise,
            status: offers.status,
            createdAt: offers.createdAt,
            decidedAt: offers.decidedAt,
          })
          .from(offers)
          .where(eq(offers.buyerId, userId))
          .orderBy(desc(offers.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM offers WHERE buyer_id = ?1 AND ${guard}`)],
    },
  }),
  member_blocks: placed({
    onDelete: "deleted",
    why: "Both the blocks the student made and those made of them go: the account can no longer message anyone.",
    exports: [
      exportAt("messaging.blocked", ({ db, userId }) =>
        db
          .select({ blockedId: memberBlocks.blockedId, createdAt: memberBlocks.createdAt })
          .from(memberBlocks)
          .where(eq(memberBlocks.blockerId, userId))
          .orderBy(desc(memberBlocks.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM member_blocks WHERE (blocker_id = ?1 OR blocked_id = ?1) AND ${guard}`),
      ],
    },
  }),
  conversation_reports: placed({
    onDelete: "deleted",
    exports: [
      exportAt("messaging.reports", ({ db, userId }) =>
        db
          .select({
            conversationId: conversationReports.conversationId,
            reason: conversationReports.reason,
            note: conversationReports.note,
            createdAt: conversationReports.createdAt,
            resolvedAt: conversationReports.resolvedAt,
          })
          .from(conversationReports)
          .where(eq(conversationReports.reporterId, userId))
          .orderBy(desc(conversationReports.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM conversation_reports WHERE reporter_id = ?1 AND ${guard}`),
      ],
    },
  }),
};
