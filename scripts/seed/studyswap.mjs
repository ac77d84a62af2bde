// Study Swap demo data: a few open requests (one with a text attachment in local R2) and a writer at
// Campus Institute of Technology, and two requests and a writer at Riverside College of Engineering
// that only RCE students see (migrations/0012_campus_market.sql).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function budgetValue(text) {
  const match = /(\d[\d,]*(?:\.\d+)?)\s*(k\b)?/i.exec(text ?? "");
  return match ? Number(match[1].replace(/,/g, "")) * (match[2] ? 1000 : 1) : null;
}

export async function seed({ users, sql, now, r2Put }) {
  const [asha, rohan, meera] = users;
  const hour = 3_600_000;
  const requests = [
    {
      owner: asha,
      title: "Operating Systems lab report",
      subject: "Computer Science",
      deadline: "5 days",
      budget: "₹1,500",
      pages: 8,
      contact: "asha@campus.test",
      requirements:
        "Write up the CPU scheduling lab (FCFS, SJF, Round Robin) with Gantt charts and a comparison table.",
      age: 2,
    },
    {
      owner: rohan,
      title: "Marketing case study on a D2C brand",
      subject: "Business Management",
      deadline: "1 week",
      budget: "$40",
      pages: 6,
      contact: "+91 98765 43210",
      requirements: "Analyse the brand's Instagram strategy with the 4P framework and suggest three improvements.",
      age: 20,
    },
    {
      owner: asha,
      title: "Thermodynamics problem set",
      subject: "Applied Physics",
      deadline: "3 days",
      budget: "negotiable",
      pages: 4,
      contact: "asha@campus.test",
      requirements: "Ten numericals on the first law; show every step. The question sheet is attached.",
      age: 30,
      file: true,
    },
    {
      owner: meera,
      title: "Fluid mechanics assignment 3",
      subject: "Civil Engineering",
      deadline: "4 days",
      budget: "₹1,200",
      pages: 5,
      contact: "meera@riverside.test",
      requirements: "Bernoulli and pipe-flow numericals from the Riverside question bank, with neat diagrams.",
      age: 6,
    },
    {
      owner: meera,
      title: "Malayalam to English seminar summary",
      subject: "Humanities",
      deadline: "1 week",
      budget: "₹800",
      pages: 3,
      contact: "+91 94470 12345",
      requirements: "Summarise a recorded seminar on Kerala's backwaters ecology in clear English, about 900 words.",
      age: 26,
    },
  ];
  const statements = [];
  for (const r of requests) {
    const id = crypto.randomUUID();
    let key = null;
    let name = null;
    let size = null;
    if (r.file) {
      const text =
        "Thermodynamics problem set\n\n1. A gas expands from 2 L to 5 L at 1 atm. Find the work done.\n2. ...\n";
      const dir = mkdtempSync(join(tmpdir(), "campus-seed-swap-"));
      const path = join(dir, "questions.txt");
      writeFileSync(path, text);
      key = `requests/${crypto.randomUUID()}`;
      name = "questions.txt";
      size = Buffer.byteLength(text);
      r2Put(key, path, "text/plain; charset=utf-8");
    }
    statements.push(
      `INSERT INTO study_requests (id, owner_id, title, subject, requirements, deadline, budget, budget_value, pages, contact, status, attachment_key, attachment_name, attachment_type, attachment_size, created_at, campus_id) VALUES (${[
        sql(id),
        sql(r.owner.id),
        sql(r.title),
        sql(r.subject),
        sql(r.requirements),
        sql(r.deadline),
        sql(r.budget),
        sql(budgetValue(r.budget)),
        sql(r.pages),
        sql(r.contact),
        sql("open"),
        sql(key),
        sql(name),
        sql(key ? "text/plain; charset=utf-8" : null),
        sql(size),
        sql(now - r.age * hour),
        sql(r.owner.campusId),
      ].join(", ")});`,
    );
  }
  const writers = [
    { user: rohan, expertise: "Economics, statistics and essay editing", rate: 15000 },
    { user: meera, expertise: "Structural analysis, surveying and lab reports", rate: 12000 },
  ];
  for (const w of writers) {
    statements.push(
      `INSERT INTO writers (user_id, name, expertise, rate_paise, contact, created_at, updated_at, campus_id) VALUES (${[sql(w.user.id), sql(w.user.name), sql(w.expertise), sql(w.rate), sql(w.user.email), sql(now), sql(now), sql(w.user.campusId)].join(", ")});`,
    );
  }
  return statements;
}
