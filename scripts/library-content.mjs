// The demo college's library (docs/decisions/0108-library-demo-content.md): short notes for every
// unit, model past papers, book references and video links, written for Campus and licensed CC BY
// 4.0 (Campus contributors). The source is data in scripts/library-content/; this module reads it
// against the academics tree (scripts/seed/demo-academics.json) and turns it into library items,
// each with the document its PDF is rendered from (scripts/library-pdf.mjs). Used by the seed area
// scripts/seed/library.mjs and checked by scripts/library-content.test.mjs.
import { readFileSync, readdirSync } from "node:fs";

const CONTENT_DIR = new URL("./library-content/", import.meta.url);
const ACADEMICS = new URL("./seed/demo-academics.json", import.meta.url);

export const COLLEGE = "Campus Institute of Technology";
/** The hosts a video link may point at (the library's allow-list for the demo). */
export const VIDEO_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "nptel.ac.in",
  "onlinecourses.nptel.ac.in",
  "swayam.gov.in",
  "onlinecourses.swayam2.ac.in",
  "ocw.mit.edu",
  "www.khanacademy.org",
  "khanacademy.org",
];
const EXAM_NAMES = { mid_semester: "Mid-semester", end_semester: "End-semester", supplementary: "Supplementary" };

/** The academics tree of the demo college, flattened: subjects with their semester and units. */
export function loadAcademics() {
  const tree = JSON.parse(readFileSync(ACADEMICS, "utf8"));
  const subjects = new Map();
  for (const programme of tree.programmes)
    for (const branch of programme.branches)
      for (const semester of branch.semesters)
        for (const subject of semester.subjects)
          subjects.set(subject.id, {
            ...subject,
            campusId: tree.campusId,
            programme: programme.name,
            branch: branch.name,
            semester: semester.number,
          });
  return { campusId: tree.campusId, subjects };
}

/**
 * Short notes in scripts/library-content/notes-s<N>.md: `## <unit id>` starts a unit's notes;
 * `### Heading`, `- bullet`, lines indented by four spaces (a formula or a worked step) and
 * paragraphs (consecutive lines) follow. Returns Map<unit id, blocks>.
 */
export function parseNotes(markdown, file = "notes") {
  const notes = new Map();
  let blocks = null;
  let paragraph = null;
  const flush = () => {
    if (paragraph) blocks.push({ type: "paragraph", text: paragraph.join(" ") });
    paragraph = null;
  };
  markdown.split("\n").forEach((raw, i) => {
    const line = raw.replace(/\s+$/, "");
    if (line.startsWith("## ")) {
      if (blocks) flush();
      const unit = line.slice(3).trim();
      if (notes.has(unit)) throw new Error(`${file}:${i + 1}: ${unit} has notes twice`);
      blocks = [];
      notes.set(unit, blocks);
      return;
    }
    if (!blocks) return; // the file's own title and preamble
    if (line === "") return flush();
    if (line.startsWith("### ")) {
      flush();
      blocks.push({ type: "heading", text: line.slice(4).trim() });
    } else if (line.startsWith("- ")) {
      flush();
      blocks.push({ type: "bullet", text: line.slice(2).trim() });
    } else if (line.startsWith("    ")) {
      flush();
      blocks.push({ type: "formula", text: line.trim() });
    } else (paragraph ??= []).push(line.trim());
  });
  if (blocks) flush();
  return notes;
}

export function loadSource() {
  const notes = new Map();
  for (const file of readdirSync(CONTENT_DIR)
    .filter((f) => /^notes-s\d+\.md$/.test(f))
    .sort())
    for (const [unit, blocks] of parseNotes(readFileSync(new URL(file, CONTENT_DIR), "utf8"), file))
      notes.set(unit, blocks);
  const read = (name) => JSON.parse(readFileSync(new URL(name, CONTENT_DIR), "utf8"));
  const { papers } = read("papers.json");
  const { books, videos } = read("references.json");
  return { notes, papers, books, videos };
}

const words = (text) => text.split(/\s+/).filter(Boolean).length;
function summary(text, max = 220) {
  if (text.length <= max) return text;
  return `${text.slice(0, text.lastIndexOf(" ", max - 3))}...`;
}

/**
 * Every library item of the demo college, in a stable order, each { id, kind, subject, units,
 * title, description, ... } and, for a file kind, `doc` (what renderPdf draws).
 */
export function libraryItems(source = loadSource(), academics = loadAcademics()) {
  const { subjects } = academics;
  const subjectOf = (id) => {
    const subject = subjects.get(id);
    if (!subject) throw new Error(`no subject ${id} in demo-academics.json`);
    return subject;
  };
  const unitOf = (subject, number) => {
    const unit = subject.units.find((u) => u.number === number);
    if (!unit) throw new Error(`${subject.id} has no unit ${number}`);
    return unit;
  };
  const slug = (subject) => `${academics.campusId}-lib-${subject.code.toLowerCase()}`;
  const college = (subject) => `${COLLEGE}  |  ${subject.programme} ${subject.branch}, semester ${subject.semester}`;
  const items = [];

  for (const subject of subjects.values())
    for (const unit of subject.units) {
      const blocks = source.notes.get(unit.id);
      if (!blocks) continue;
      const title = `Unit ${unit.number} short notes: ${unit.title}`;
      const first = blocks.find((b) => b.type === "paragraph");
      items.push({
        id: `${slug(subject)}-u${unit.number}-notes`,
        kind: "short_notes",
        subject,
        units: [unit],
        title,
        description: summary(first?.text ?? unit.topics),
        words: blocks.reduce((n, b) => n + words(b.text), 0),
        doc: {
          header: {
            college: college(subject),
            subject: `${subject.code} ${subject.name}`,
            unit: `Unit ${unit.number}: ${unit.title}`,
            kind: "Short notes",
          },
          title,
          subtitle: `Syllabus: ${unit.topics}`,
          blocks,
        },
      });
    }

  for (const paper of source.papers) {
    const subject = subjectOf(paper.subject);
    const exam = EXAM_NAMES[paper.exam];
    if (!exam) throw new Error(`${paper.subject}: unknown exam ${paper.exam}`);
    const units = [...new Set(paper.questions.map((q) => q.unit))].sort().map((n) => unitOf(subject, n));
    const title = `${exam} examination ${paper.year}`;
    items.push({
      id: `${slug(subject)}-${paper.year}-${paper.exam.replace("_semester", "")}-paper`,
      kind: "past_paper",
      subject,
      units,
      title: `${subject.name}: ${exam.toLowerCase()} paper ${paper.year}`,
      description: `A model ${exam.toLowerCase()} paper in the college's pattern (${paper.questions.length} questions, ${paper.maxMarks} marks, ${paper.hours} h), written for Campus: not an official university paper.`,
      year: paper.year,
      exam: paper.exam,
      paper,
      doc: {
        header: {
          college: college(subject),
          subject: `${subject.code} ${subject.name}`,
          unit: `Units ${units.map((u) => u.number).join(", ")}`,
          kind: `Past paper (model), ${exam.toLowerCase()} ${paper.year}`,
        },
        title: `${subject.name} (${subject.code}): ${title}`,
        subtitle: `Time: ${paper.hours} hours. Maximum marks: ${paper.maxMarks}. A model paper written for the Campus demo library in the pattern of the college's examinations; not an official paper.`,
        blocks: [
          { type: "heading", text: "Instructions" },
          ...paper.instructions.map((text) => ({ type: "bullet", text })),
          { type: "heading", text: "Questions" },
          ...paper.questions.map((q, i) => ({
            type: "question",
            number: i + 1,
            marks: q.marks,
            text: q.text,
            tag: `Unit ${q.unit}: ${unitOf(subject, q.unit).title}`,
          })),
        ],
      },
    });
  }

  const counters = new Map();
  const next = (subject, kind) => {
    const key = `${subject.id}/${kind}`;
    counters.set(key, (counters.get(key) ?? 0) + 1);
    return counters.get(key);
  };
  for (const book of source.books) {
    const subject = subjectOf(book.subject);
    items.push({
      id: `${slug(subject)}-book-${next(subject, "book")}`,
      kind: "book",
      subject,
      units: (book.units ?? []).map((n) => unitOf(subject, n)),
      title: book.title,
      description: book.description ?? "",
      author: book.author,
      edition: book.edition,
      isbn: book.isbn || null,
      shelf: book.shelf,
    });
  }
  for (const video of source.videos) {
    const subject = subjectOf(video.subject);
    items.push({
      id: `${slug(subject)}-video-${next(subject, "video")}`,
      kind: "video",
      subject,
      units: (video.units ?? []).map((n) => unitOf(subject, n)),
      title: video.title,
      description: video.description ?? "",
      url: video.url,
    });
  }
  return items;
}
