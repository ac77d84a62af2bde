import { describe, expect, it } from "vitest";
import { untiedProblems } from "#test/field-ties.ts";
import { bearer, call, createUser, postJson, unique, uniqueIp } from "#test/helpers.ts";

// Forms report every invalid field (decision 0103): a 400 of the API carries `fields` (each invalid
// field with its first problem) beside the first problem as its message, and the page that posts
// the same form, with the same schema, shows each problem under its own field. The posts here are
// those of a browser without JavaScript (or a client that skipped the browser's own checks).

const INVISIBLE = "\u200b\u200b";
const VISIBLE_TEXT = (name: string) =>
  `${name} must contain visible text (invisible and control characters are removed).`;
const CONTACT = "Enter a valid e-mail address (like name@example.com) or phone number (like +91 98765 43210).";

interface Refusal {
  success: false;
  message: string;
  field?: string;
  fields?: Record<string, string>;
}

/** Each field's error as the page shows it: the text of every `<p id="<field id>-error">`. */
function fieldErrorsIn(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, id, text] of html.matchAll(/<p id="([\w-]+)-error"[^>]*>([^<]*)<\/p>/g)) found[id!] = text!;
  return found;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

describe("registration", () => {
  const bad = { name: INVISIBLE, email: "not-an-email", password: "short" };
  const expected = {
    name: VISIBLE_TEXT("Your name"),
    email: "Enter a valid e-mail address.",
    password: "Your password must be at least 8 characters.",
  };

  it("the API answers every invalid field, the first as its message", async () => {
    const res = await postJson("/api/auth/register", bad, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body.fields).toEqual(expected);
    expect(body).toMatchObject({ success: false, message: expected.name, field: "name" });
  });

  it("the screen keeps the specification's banner and marks each field", async () => {
    const res = await call("/register", {
      method: "POST",
      headers: { "CF-Connecting-IP": uniqueIp() },
      body: form({ intent: "register", ...bad }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldErrorsIn(html)).toEqual(expected);
    expect(html).toMatch(new RegExp(`role="alert"[\\s\\S]*${expected.name.replace(/[()]/g, "\\$&")}`));
    expect(untiedProblems(html)).toEqual([]);
    expect(html).toMatch(/id="password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-hint password-error"/);
  });

  it("signing in shows the one banner of the specification, nothing under the fields", async () => {
    const res = await call("/login", {
      method: "POST",
      headers: { "CF-Connecting-IP": uniqueIp() },
      body: form({ intent: "signin", email: "not-an-email", password: "" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter a valid e-mail address.");
    expect(fieldErrorsIn(html)).toEqual({});
  });

  it("both doors say the specification's words when they succeed", async () => {
    const email = `${unique("words")}@campus.test`;
    const registered = await postJson(
      "/api/auth/register",
      { name: "Asha", email, password: "long enough pw" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(((await registered.json()) as { message: string }).message).toBe(
      "Registration successful! Welcome to Campus.",
    );
    const signedIn = await postJson(
      "/api/auth/login",
      { email, password: "long enough pw" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(((await signedIn.json()) as { message: string }).message).toBe("Login successful! Redirecting...");
    const screen = await call("/login", {
      method: "POST",
      headers: { "CF-Connecting-IP": uniqueIp() },
      body: form({ intent: "signin", email, password: "long enough pw", via: "script" }),
    });
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain("Login successful! Redirecting...");
  });
});

describe("a Study Swap request", () => {
  const bad = {
    title: INVISIBLE,
    category: " ",
    details: "Ten pages on scheduling.",
    contact: "ask around",
    pages: "0",
  };
  const expected = {
    title: VISIBLE_TEXT("The title"),
    category: "Enter a category or subject.",
    contact: CONTACT,
    pages: "Pages must be at least 1.",
  };

  it("the API answers every invalid field, under the name each came by, from JSON and from multipart", async () => {
    const user = await createUser();
    const json = await postJson("/api/studyswap/requests", bad, bearer(user.token));
    expect(json.status).toBe(400);
    const body = (await json.json()) as Refusal;
    expect(body.fields).toEqual(expected);
    expect(body).toMatchObject({ message: expected.title, field: "title" });

    const multipart = await call("/api/studyswap/requests", {
      method: "POST",
      headers: bearer(user.token),
      body: form(bad),
    });
    expect(multipart.status).toBe(400);
    expect(((await multipart.json()) as Refusal).fields).toEqual(expected);

    // An API client that names the fields subject/requirements is told about those.
    const named = await postJson(
      "/api/studyswap/requests",
      { title: "Fine", subject: INVISIBLE, requirements: "", contact: "a@b.co" },
      bearer(user.token),
    );
    expect(((await named.json()) as Refusal).fields).toEqual({
      subject: VISIBLE_TEXT("The category / subject"),
      requirements: "Describe what you need in the details.",
    });
  });

  it("/find-writer shows each problem under its field, below the specification's red banner", async () => {
    const user = await createUser();
    const res = await call("/find-writer", {
      method: "POST",
      headers: { Cookie: user.cookie },
      body: form({ intent: "post", submissionKey: crypto.randomUUID(), ...bad }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldErrorsIn(html)).toEqual(expected);
    expect(html).toContain(`Failed to post your request. Please try again. ${expected.title}`);
    expect(html).toMatch(/id="contact"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-hint contact-error"/);
    expect(untiedProblems(html)).toEqual([]);
  });
});

describe("a writer profile", () => {
  const bad = { name: "", expertise: " ", rate: "a lot", contact: "nope" };
  const expected = {
    name: "Enter the name students will see.",
    expertise: "Enter your subjects or expertise.",
    rate: "The rate must be an amount in rupees, like 150.",
    contact: CONTACT,
  };

  it("the API answers every invalid field", async () => {
    const user = await createUser();
    const res = await call("/api/studyswap/writers/me", {
      method: "PUT",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: JSON.stringify(bad),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body.fields).toEqual(expected);
    expect(body.message).toBe(expected.name);
  });

  it("/become-writer shows each problem under its field", async () => {
    const user = await createUser();
    const res = await call("/become-writer", {
      method: "POST",
      headers: { Cookie: user.cookie },
      body: form({ intent: "save-writer", ...bad }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldErrorsIn(html)).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, message]) => [`writer-${name}`, message])),
    );
    expect(untiedProblems(html)).toEqual([]);
  });
});

describe("the password change and the password reset", () => {
  it("a password change: both doors report both fields", async () => {
    const user = await createUser();
    const bad = { currentPassword: "x".repeat(201), newPassword: "short" };
    const expected = {
      currentPassword: "Your current password is incorrect.",
      newPassword: "Your new password must be at least 8 characters.",
    };
    const api = await postJson("/api/auth/password", bad, bearer(user.token));
    expect(api.status).toBe(400);
    expect(((await api.json()) as Refusal).fields).toEqual(expected);
    const page = await call("/account", {
      method: "POST",
      headers: { Cookie: user.cookie },
      body: form({ intent: "change-password", ...bad }),
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(fieldErrorsIn(html)).toMatchObject(expected);
    expect(untiedProblems(html)).toEqual([]);
  });

  it("a reset's confirmation: both doors report the address, the code and the password", async () => {
    const bad = { email: "not-an-email", code: "12", password: "short" };
    const api = await postJson("/api/auth/password-reset/confirm", bad, { "CF-Connecting-IP": uniqueIp() });
    expect(api.status).toBe(400);
    const expected = {
      email: "Enter a valid e-mail address.",
      code: "Enter the 6-digit code from the e-mail.",
      password: "Your new password must be at least 8 characters.",
    };
    expect(((await api.json()) as Refusal).fields).toEqual(expected);
    const page = await call("/reset-password", {
      method: "POST",
      headers: { "CF-Connecting-IP": uniqueIp() },
      body: form({ intent: "confirm", ...bad }),
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(fieldErrorsIn(html)).toEqual({
      "reset-email": expected.email,
      "reset-code": expected.code,
      "reset-password": expected.password,
    });
    expect(untiedProblems(html)).toEqual([]);
  });
});
