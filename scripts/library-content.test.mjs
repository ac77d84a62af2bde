// The demo library's source (scripts/library-content/) and the PDFs made from it: every unit with
// topics has notes, every question is tagged to a unit of its subject, videos stay on the allow-list,
// and a PDF is the same bytes every time and carries its source text as real text.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { inflateSync } from "node:zlib";
import { libraryItems, loadAcademics, loadSource, VIDEO_HOSTS } from "./library-content.mjs";
import { LICENSE_LINE, plainText, renderPdf } from "./library-pdf.mjs";
import { seed } from "./seed/library.mjs";

const academics = loadAcademics();
const source = loadSource();
const items = libraryItems(source, academics);
const fileItems = items.filter((item) => item.doc);
const words = (text) => text.split(/\s+/).filter(Boolean).length;

/** The strings a PDF shows, in drawing order: pdf-lib writes standard-font text as <hex> Tj in Flate streams. */
function shownStrings(bytes) {
  const pdf = Buffer.from(bytes);
  const strings = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream\n", at);
    if (start < 0) break;
    const end = pdf.indexOf("\nendstream", start);
    const dict = pdf.subarray(pdf.lastIndexOf("<<", start), start).toString("latin1");
    const body = pdf.subarray(start + "stream\n".length, end);
    const text = (dict.includes("/FlateDecode") ? inflateSync(body) : body).toString("latin1");
    for (const [, hex] of text.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      strings.push(Buffer.from(hex, "hex").toString("latin1"));
    at = end + "\nendstream".length;
  }
  return strings;
}
const squash = (text) => text.replace(/\s+/g, " ").trim();

test("every unit with topics has short notes that teach it", () => {
  const units = [...academics.subjects.values()].flatMap((s) => s.units);
  const known = new Set(units.map((u) => u.id));
  for (const unit of units.filter((u) => u.topics.trim())) {
    const blocks = source.notes.get(unit.id);
    assert.ok(blocks, `${unit.id} (${unit.title}) has no notes`);
    const count = blocks.reduce((n, b) => n + words(b.text), 0);
    assert.ok(count >= 140 && count <= 300, `${unit.id}: ${count} words`);
    const points = blocks.findIndex((b) => b.type === "heading" && b.text === "Key points");
    assert.ok(points > 0, `${unit.id} has no key points`);
    const bullets = blocks.slice(points + 1).filter((b) => b.type === "bullet").length;
    assert.ok(bullets >= 3 && bullets <= 5, `${unit.id}: ${bullets} key points`);
  }
  for (const unit of source.notes.keys()) assert.ok(known.has(unit), `notes for an unknown unit ${unit}`);
});

test("every past-paper question is tagged to a unit of its subject, and the marks add up", () => {
  const papers = items.filter((item) => item.kind === "past_paper");
  const ends = new Set(papers.filter((p) => p.exam === "end_semester").map((p) => p.subject.id));
  const semesters = new Set(papers.filter((p) => p.exam === "end_semester").map((p) => p.subject.semester));
  assert.ok(ends.size >= 6, `end-semester papers for ${ends.size} subjects`);
  assert.ok(semesters.size >= 3, "end-semester papers across semesters");
  assert.ok(papers.filter((p) => p.exam === "mid_semester").length >= 2);
  for (const { paper, subject } of papers) {
    const units = new Set(subject.units.map((u) => u.number));
    if (paper.exam === "end_semester") assert.ok(paper.questions.length >= 8 && paper.questions.length <= 10);
    for (const q of paper.questions) {
      assert.ok(units.has(q.unit), `${subject.code} ${paper.year}: a question on unit ${q.unit}, which it lacks`);
      assert.ok(Number.isInteger(q.marks) && q.marks > 0);
    }
    const total = paper.questions.reduce((n, q) => n + q.marks, 0);
    assert.ok(total >= paper.maxMarks, `${subject.code} ${paper.year}: ${total} marks offered for ${paper.maxMarks}`);
  }
});

test("video links are https on the allow-list; books are complete, ISBNs valid", () => {
  for (const video of items.filter((item) => item.kind === "video")) {
    const url = new URL(video.url);
    assert.equal(url.protocol, "https:", video.url);
    assert.ok(VIDEO_HOSTS.includes(url.hostname), `${video.url} is not on the allow-list`);
  }
  const books = items.filter((item) => item.kind === "book");
  for (const subject of [...academics.subjects.values()].filter((s) => s.semester <= 2))
    assert.ok(
      books.some((b) => b.subject.id === subject.id),
      `${subject.code} ${subject.name} has no book`,
    );
  for (const book of books) {
    assert.ok(book.title && book.author && book.shelf, book.id);
    if (book.isbn) {
      assert.match(book.isbn, /^97[89]\d{10}$/);
      const sum = [...book.isbn].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
      assert.equal(sum % 10, 0, `${book.isbn} fails its check digit`);
    }
  }
  assert.equal(new Set(items.map((item) => item.id)).size, items.length, "item ids are unique");
});

test("the PDFs are deterministic, distinct, and carry their source as text", async () => {
  const hashes = new Set();
  for (const item of fileItems) {
    const { bytes, pages } = await renderPdf(item.doc);
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), "%PDF-");
    assert.ok(pages >= 1);
    hashes.add(createHash("sha256").update(bytes).digest("hex"));
    // Header, footer and markers are drawn apart from the body; leave them out and join the rest.
    const chrome = new Set([LICENSE_LINE, "-", item.doc.header.kind, item.doc.header.college]);
    const shown = shownStrings(bytes);
    assert.ok(shown.includes(LICENSE_LINE), `${item.id}: no licence line`);
    const body = squash(
      shown
        .filter((s) => !chrome.has(s) && !/^Page \d+ of \d+$/.test(s) && !s.startsWith(item.doc.header.subject))
        .join(" "),
    );
    assert.ok(body.includes(squash(item.doc.title)), `${item.id}: title`);
    for (const block of item.doc.blocks) assert.ok(body.includes(squash(block.text)), `${item.id}: "${block.text}"`);
    assert.ok(plainText(item.doc).includes(item.doc.blocks.at(-1).text));
  }
  assert.equal(hashes.size, fileItems.length, "no two PDFs are the same bytes");
  const [first] = fileItems;
  const again = await renderPdf(first.doc);
  const once = await renderPdf(first.doc);
  assert.deepEqual(Buffer.from(again.bytes), Buffer.from(once.bytes));
});

test("the seed area writes one row per item, its units and search text, and a PDF per file", async () => {
  const users = ["asha@campus.test", "rohan@campus.test", "moderator@campus.test"].map((email, i) => ({
    id: `u${i}`,
    email,
    campusId: "cit",
  }));
  const puts = [];
  const sql = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
  const statements = await seed({ users, sql, now: 1_800_000_000_000, r2Put: (...args) => puts.push(args) });
  const inserts = (table) => statements.filter((s) => s.startsWith(`INSERT INTO ${table} `)).length;
  assert.equal(inserts("library_items"), items.length);
  assert.equal(inserts("library_search"), items.length);
  assert.equal(
    inserts("library_item_units"),
    items.reduce((n, item) => n + item.units.length, 0),
  );
  assert.deepEqual(
    puts.map(([key]) => key),
    fileItems.map((item) => `library/${item.id}.pdf`),
  );
  assert.ok(puts.every(([, bytes, type]) => bytes instanceof Uint8Array && type === "application/pdf"));
});
