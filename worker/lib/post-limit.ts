import { ApiError } from "#server/lib/errors.ts";

// Posting is rate limited per signed-in user (Workers Rate Limiting, POST_LIMITER in wrangler.toml):
// a product, a Study Swap request or a complaint counts one. Only a post that passed validation
// counts, so a person correcting a form is never locked out by their own mistakes.
export async function limitPosting(env: Env, userId: string): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `post:${userId}` });
  if (!success) throw new ApiError(429, "You are posting too fast. Please wait a minute and try again.");
}
