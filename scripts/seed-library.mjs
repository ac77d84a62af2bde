// A library at size for the benchmarks and the speed guard (docs/decisions/0107-library-finding.md):
// N approved items in CIT's library, each with a search row carrying ~120 words of "PDF text", the
// same N items on every run (a deterministic generator). scripts/bench-library-search.mjs times the
// search over them; scripts/check-lighthouse.mjs measures /library with 2,000 of them.
import { readFileSync } from "node:fs";
import { sql } from "./d1-cli.mjs";

const WORDS = (
  "entropy enthalpy carnot engine refrigerator interference diffraction grating laser fibre optics " +
  "relativity quantum tunnelling semiconductor diode transistor amplifier oscillator matrix eigenvalue " +
  "determinant integral derivative laplace fourier series convergence probability distribution variance " +
  "regression hypothesis algorithm recursion pointer structure linked list stack queue tree graph " +
  "traversal sorting hashing compiler parser grammar automata turing process thread deadlock semaphore " +
  "scheduling memory paging segmentation cache pipeline instruction register database normalisation " +
  "transaction index query relational schema network protocol routing socket encryption signature"
).split(" ");
const KINDS = ["lecture_notes", "lecture_notes", "short_notes", "important_questions", "past_paper", "practical"];

/**
 * The subjects items are filed under: the demo tree's (the seed's source), or with `semester` only
 * those of B.Tech CSE semester N (the heaviest semester page); `except` leaves that semester's out.
 */
export function demoSubjects(semester = 0, { except = false } = {}) {
  const tree = JSON.parse(readFileSync("scripts/seed/demo-academics.json", "utf8"));
  const subjects = [];
  for (const programme of tree.programmes)
    for (const branch of programme.branches)
      for (const each of branch.semesters)
        if (!semester || (branch.slug === "cse" && each.number === semester) !== except)
          for (const subject of each.subjects) subjects.push(subject);
  if (subjects.length === 0) throw new Error("no subjects to file items under");
  return subjects;
}

/**
 * The statements that add `items` items under `subjects`. A PDF's text is mostly ordinary words
 * (4,000 of them, the common ones far more often, as in real text) and a few topic words, so a topic
 * word is in a few per cent of the items, as in a real library. The titles all say "Notes" or
 * "paper": the worst case, a word in nearly every item. One item's PDF alone has "ferrofluid".
 */
export function librarySeed(items, subjects, now = Date.now()) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = (list) => list[Math.floor(random() * list.length)];
  const common = Array.from({ length: 4000 }, (_, i) => `w${i.toString(36)}x`);
  const zipf = () => common[Math.min(common.length - 1, Math.floor(Math.exp(random() * Math.log(common.length))) - 1)];
  const text = (n) => Array.from({ length: n }, (_, i) => (i % 40 === 0 ? pick(WORDS) : zipf())).join(" ");
  const lines = [];
  for (let i = 0; i < items; i += 1) {
    const subject = subjects[i % subjects.length];
    const kind = pick(KINDS);
    const id = `bench-item-${i}`;
    const paper = kind === "past_paper";
    const title = `${paper ? "End-semester paper" : "Notes"} on ${pick(WORDS)} and ${pick(WORDS)} ${i}`;
    const values = [
      id,
      "cit",
      subject.id,
      kind,
      title,
      paper ? 2015 + (i % 10) : null,
      paper ? "end_semester" : null,
      `library/${id}`,
      200_000 + (i % 50) * 10_000,
      4 + (i % 20),
      "pdf",
      `sha-${id}`,
      i % 7 === 0 ? 0 : 1, // a seventh private: a visitor does not see them
      "approved",
      Math.floor(random() * 40),
      now - i * 60_000,
      now - i * 60_000,
    ];
    lines.push(
      `INSERT INTO library_items (id, campus_id, subject_id, kind, title, year, exam, file_key, file_bytes, file_pages, file_source, file_sha256, public, status, helpful_count, created_at, updated_at) VALUES (${values.map(sql).join(", ")});`,
    );
    if (subject.units.length > 0)
      lines.push(
        `INSERT INTO library_item_units (item_id, unit_id) VALUES (${sql(id)}, ${sql(pick(subject.units).id)});`,
      );
    lines.push(
      `INSERT INTO library_search (item_id, campus_id, title, subject, body) VALUES (${[id, "cit", title, subject.name, text(120)].map(sql).join(", ")});`,
    );
  }
  lines.push(
    `UPDATE library_search SET body = body || ' ferrofluid' WHERE item_id = ${sql(`bench-item-${Math.floor(items / 2)}`)};`,
  );
  return lines;
}
