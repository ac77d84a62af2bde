// Lost & found demo data (docs/decisions/0128-lost-found-matching.md): at Campus Institute of
// Technology, Rohan lost a calculator at the library entrance and Asha found one there (with a
// photo and a question only its owner can answer), a likely match of each other; at Riverside
// College of Engineering, Meera lost her hostel keys.

const DAY = 86_400_000;
const indiaDate = (ms) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

export async function seed({ users, sql, now, r2Put }) {
  const [asha, rohan, meera] = users;
  const lostId = crypto.randomUUID();
  const foundId = crypto.randomUUID();
  const photoKey = `lostfound/${crypto.randomUUID()}`;
  // The marketplace's demo picture of a calculator.
  r2Put(photoKey, "scripts/seed/images/calculator.png", "image/png");
  const posts = [
    {
      id: lostId,
      user: rohan,
      side: "lost",
      category: "electronics",
      title: "Casio fx-991 calculator",
      description: "Grey, with my initials scratched on the back. Left it after the maths test.",
      placeId: "cit-library-entrance",
      placeText: null,
      day: indiaDate(now - DAY),
      time: "afternoon",
      question: null,
      answer: null,
      photos: [],
      terms: [
        "casio",
        "fx",
        "991",
        "calculator",
        "grey",
        "initials",
        "scratched",
        "back",
        "left",
        "after",
        "maths",
        "test",
      ],
      age: DAY,
    },
    {
      id: foundId,
      user: asha,
      side: "found",
      category: "electronics",
      title: "Scientific calculator (Casio)",
      description: "Found on the bench by the library entrance.",
      placeId: "cit-library-entrance",
      placeText: null,
      day: indiaDate(now - DAY),
      time: "evening",
      question: "What is scratched on the back?",
      answer: "R.K.",
      photos: [{ key: photoKey, type: "image/png", w: 0, h: 0, thumb: null }],
      terms: ["scientific", "calculator", "casio", "bench", "library", "entrance"],
      age: DAY / 2,
    },
    {
      id: crypto.randomUUID(),
      user: meera,
      side: "lost",
      category: "keys",
      title: "Hostel keys on a red tag",
      description: "Two keys and a small torch.",
      placeId: "rce-main-gate",
      placeText: null,
      day: indiaDate(now - 2 * DAY),
      time: "morning",
      question: null,
      answer: null,
      photos: [],
      terms: ["hostel", "keys", "red", "tag", "two", "small", "torch"],
      age: 2 * DAY,
    },
  ];
  const statements = posts.map(
    (p) =>
      `INSERT INTO lost_found_posts (id, campus_id, user_id, side, category, title, description, place_id, place_text, happened_on, time_of_day, question, answer, photos, terms, status, created_at, updated_at, expires_at) VALUES (${[
        sql(p.id),
        sql(p.user.campusId),
        sql(p.user.id),
        sql(p.side),
        sql(p.category),
        sql(p.title),
        sql(p.description),
        sql(p.placeId),
        sql(p.placeText),
        sql(p.day),
        sql(p.time),
        sql(p.question),
        sql(p.answer),
        sql(JSON.stringify(p.photos)),
        sql(JSON.stringify(p.terms)),
        sql("open"),
        sql(now - p.age),
        sql(now - p.age),
        sql(now - p.age + 30 * DAY),
      ].join(", ")});`,
  );
  statements.push(
    `INSERT INTO lost_found_matches (lost_id, found_id, score, created_at) VALUES (${[sql(lostId), sql(foundId), sql(7), sql(now - DAY / 2)].join(", ")});`,
  );
  return statements;
}
