import { env } from "cloudflare:workers";
import { indiaDate } from "#common/india-time.ts";
import { bearer, call, postJson, type TestUser } from "#test/helpers.ts";

// Lost & found in the Worker tests: posting through the API as a member does.

export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

export const today = () => indiaDate(Date.now());
export const daysAgo = (n: number) => indiaDate(Date.now() - n * 86_400_000);

export interface PostView {
  id: string;
  side: string;
  category: string;
  title: string;
  question: string | null;
  answer: string | null;
  cardName: string | null;
  photoCount: number;
  status: string;
  mine: boolean;
  expiresAt: number;
}

export function postForm(fields: Record<string, string>, photos = 1): FormData {
  const form = new FormData();
  const values = {
    side: "found",
    category: "bottle",
    title: "Steel water bottle",
    description: "Left on a bench.",
    placeId: "cit-library-entrance",
    happenedOn: today(),
    timeOfDay: "morning",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  for (let i = 0; i < photos; i += 1) form.append("image", new File([PNG], `p${i}.png`, { type: "image/png" }));
  return form;
}

export const sendPost = (user: TestUser, fields: Record<string, string> = {}, photos = 1) =>
  call("/api/lost-found", { method: "POST", headers: bearer(user.token), body: postForm(fields, photos) });

export async function post(user: TestUser, fields: Record<string, string> = {}, photos = 1): Promise<PostView> {
  const res = await sendPost(user, fields, photos);
  if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: PostView }).data;
}

export const get = (path: string, user: TestUser | null) => call(path, { headers: user ? bearer(user.token) : {} });
export const send = (method: string, path: string, user: TestUser, body?: unknown) =>
  body === undefined
    ? call(path, { method, headers: bearer(user.token) })
    : call(path, {
        method,
        headers: { ...bearer(user.token), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

export const claim = (user: TestUser, postId: string, answer = "It has a blue sticker") =>
  postJson(`/api/lost-found/${postId}/claims`, { answer }, bearer(user.token));

export async function count(query: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(query)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}
