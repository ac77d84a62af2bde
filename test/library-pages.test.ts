import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { makePdf, makeSubject, uploadPdf } from "#test/library-helpers.ts";

// The library's pages as a browser without JavaScript uses them: the contribute form posted as
// multipart to /library/new, the item page's Helpful and Delete, and /staff's review forms.

const shown = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

function postMultipart(user: TestUser, path: string, form: FormData): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN },
    body: form,
    redirect: "manual",
  });
}

function postFields(user: TestUser, path: string, fields: Record<string, string>): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("/library/new without JavaScript", () => {
  it("pre-fills the subject, unit and kind from the address", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const html = shown(
      await (
        await call(`/library/new?subject=${subject.subjectId}&unit=${subject.unitIds[0]}&kind=past_paper`, {
          headers: { Cookie: student.cookie },
        })
      ).text(),
    );
    expect(html).toMatch(new RegExp(`<option value="${subject.subjectId}" selected`));
    expect(html).toMatch(new RegExp(`name="unitIds" checked="" value="${subject.unitIds[0]}"`));
    expect(html).toMatch(/<option value="past_paper" selected/);
  });

  it("posts a PDF and lands on the new item; a refusal marks every field", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const form = new FormData();
    form.set("kind", "past_paper");
    form.set("title", "");
    form.set("subjectId", subject.subjectId);
    form.append("files", new File([await makePdf()], "paper.pdf", { type: "application/pdf" }));
    const refused = await postMultipart(student, "/library/new", form);
    expect(refused.status).toBe(400);
    const html = shown(await refused.text());
    for (const problem of ["Give it a title.", "Give the year of the paper.", "Choose which exam the paper is from."])
      expect(html).toContain(problem);
    // What was typed comes back (the file cannot).
    expect(html).toMatch(/<option value="past_paper" selected/);
    form.set("title", "End-semester 2024");
    form.set("year", "2024");
    form.set("exam", "end_semester");
    const posted = await postMultipart(student, "/library/new", form);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/library\/[0-9a-f-]{36}\?added=1$/);
  });
});

describe("/library/:id", () => {
  it("Helpful and Delete post to the page; another college's member gets a 404 page", async () => {
    const [uploader, member, moderator] = await Promise.all([createUser(), createUser(), createUser()]);
    await grant(moderator, "moderator");
    const id = await uploadPdf(uploader, await makeSubject(), { title: "Cell biology notes" });
    // The moderator approves on /staff, as the form does.
    const approved = await postFields(moderator, "/staff", { intent: "lib-approve", id });
    expect(approved.status).toBe(200);
    expect(shown(await approved.text())).toContain("Approved: it is in the library now.");
    const page = shown(await (await call(`/library/${id}`, { headers: { Cookie: member.cookie } })).text());
    expect(page).toContain("Cell biology notes");
    expect(page).toMatch(/href="\/api\/library\/items\/[^"]+\/file" target="_blank" rel="noopener"/);
    expect((await postFields(member, `/library/${id}`, { intent: "helpful" })).status).toBe(200);
    const votes = await env.DB.prepare("SELECT helpful_count AS n FROM library_items WHERE id = ?1")
      .bind(id)
      .first<{ n: number }>();
    expect(votes!.n).toBe(1);
    const stranger = await createUser({ email: `s${crypto.randomUUID()}@riverside.test` });
    expect((await call(`/library/${id}`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    const deleted = await postFields(uploader, `/library/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect((await call(`/library/${id}`, { headers: { Cookie: uploader.cookie } })).status).toBe(404);
  });
});
