import { Hono } from "hono";
import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { type AppEnv, validateQuery } from "#server/api/context.ts";
import { outboxReadable, readOutbox } from "#server/services/mail.ts";

// The development outbox (docs/decisions/0074-mail-providers.md). Only with DEV_OUTBOX=1 and on a
// loopback host; otherwise the path answers as any unknown path does.
const dev = new Hono<AppEnv>();

dev.get(
  "/outbox",
  async (c, next) => {
    if (!outboxReadable(c.env)) return c.notFound();
    await next();
  },
  validateQuery(z.object({ to: z.string().trim().max(254, AUTH_MESSAGES.emailTooLong).optional() })),
  async (c) => {
    const { to } = c.req.valid("query");
    c.header("Cache-Control", "no-store");
    return c.json({ success: true, data: await readOutbox(c.env, to || undefined) });
  },
);

export default dev;
