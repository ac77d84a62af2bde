import { describe, expect, it } from "vitest";
import type { AcademicsTree } from "#common/academics.ts";
import { csvToTree, parseCsv, treeToCsv } from "#server/services/academics/csv.ts";

describe("the academics CSV", () => {
  it("reads quoted values with commas, quotes and line breaks, numbering rows as a spreadsheet does", () => {
    const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n');
    expect(rows).toEqual([
      { cells: ["a", "b"], row: 1 },
      { cells: ["x, y", 'say "hi"'], row: 2 },
      { cells: ["two\nlines", "z"], row: 4 },
    ]);
    expect(parseCsv('a,"open')).toBeNull();
  });

  it("writes what a spreadsheet would run as a formula behind a ', and reads it back as written", () => {
    const tree: AcademicsTree = {
      campusId: "x",
      programmes: [
        {
          id: "p",
          slug: "btech",
          name: "B.Tech",
          branches: [
            {
              id: "b",
              slug: "cse",
              name: "CSE",
              semesters: [
                {
                  id: "s",
                  number: 1,
                  subjects: [
                    {
                      id: "x",
                      code: "CS-1",
                      name: 'Maths, "applied"',
                      units: [{ id: "u", number: 1, title: "=SUM(A1)", topics: "-1 is odd" }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const csv = treeToCsv(tree);
    expect(csv).toContain(`'=SUM(A1),'-1 is odd`);
    const read = csvToTree(csv);
    expect(read).toEqual({
      ok: true,
      tree: {
        programmes: [
          {
            name: "B.Tech",
            branches: [
              {
                name: "CSE",
                semesters: [
                  {
                    number: 1,
                    subjects: [
                      {
                        code: "CS-1",
                        name: 'Maths, "applied"',
                        units: [{ number: 1, title: "=SUM(A1)", topics: "-1 is odd" }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    });
  });

  it("names an unknown column and a row with more values than the header", () => {
    const read = csvToTree(
      "programme,branch,semester,subject_code,subject_name,unit_number,unit_title,teacher\nB.Tech\n",
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        {
          at: "Row 1",
          message:
            'Unknown column "teacher". The columns are programme, branch, semester, subject_code, subject_name, unit_number, unit_title, unit_topics.',
        },
      ],
    });
    const long = csvToTree(
      "programme,branch,semester,subject_code,subject_name,unit_number,unit_title\nB.Tech,CSE,1,A,B,1,C,extra\n",
    );
    expect(long).toEqual({
      ok: false,
      problems: [{ at: "Row 2", message: "The row has 8 values; the header names 7 columns." }],
    });
  });
});
