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
                      credits: 1.5,
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
                        credits: 1.5,
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
            'Unknown column "teacher". The columns are programme, branch, semester, subject_code, subject_name, credits, unit_number, unit_title, unit_topics.',
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

  it("reads a subject's credits (halves allowed), refuses a bad value per row, and reads a file without the column", () => {
    const header = "programme,branch,semester,subject_code,subject_name,credits,unit_number,unit_title";
    const good = csvToTree(
      `${header}\nB.Tech,CSE,1,CS-1,Maths,4,1,Limits\nB.Tech,CSE,1,CS-1,Maths,,2,Series\nB.Tech,CSE,1,CS-L,Lab,1.5\n`,
    );
    expect(good.ok && good.tree).toMatchObject({
      programmes: [
        {
          branches: [
            {
              semesters: [
                {
                  subjects: [
                    { code: "CS-1", credits: 4 },
                    { code: "CS-L", credits: 1.5 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const bad = csvToTree(
      `${header}\nB.Tech,CSE,1,CS-1,Maths,31\nB.Tech,CSE,1,CS-2,Physics,1.25\nB.Tech,CSE,1,CS-3,Chem,four\nB.Tech,CSE,1,CS-4,Bio,3\nB.Tech,CSE,1,CS-4,Bio,4,1,Cells\n`,
    );
    expect(bad).toEqual({
      ok: false,
      problems: [
        { at: "Row 2, credits", message: "Credits are a number from 0 to 30, in halves (like 4 or 1.5)." },
        { at: "Row 3, credits", message: "Credits are a number from 0 to 30, in halves (like 4 or 1.5)." },
        { at: "Row 4, credits", message: "Credits are a number from 0 to 30, in halves (like 4 or 1.5)." },
        { at: "Row 6, credits", message: "Subject CS-4 has 3 credits in row 5: a subject has one value." },
      ],
    });
    const old = csvToTree(
      "programme,branch,semester,subject_code,subject_name,unit_number,unit_title\nB.Tech,CSE,1,CS-1,Maths\n",
    );
    expect(old.ok && old.tree).toMatchObject({
      programmes: [{ branches: [{ semesters: [{ subjects: [{ code: "CS-1", name: "Maths" }] }] }] }],
    });
  });
});
