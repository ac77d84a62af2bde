import { z } from "zod";
import { EXAM_IMPORT_MAX_BYTES, EXAM_KINDS, EXAM_MESSAGES as M, EXAM_SUBJECT_REASONS } from "#common/exams.ts";
import { isCalendarDate } from "#common/india-time.ts";
import { cleanText, clockTime } from "#server/lib/validate.ts";

// The inputs of the datesheet's use-cases (docs/decisions/0135-datesheet.md), one schema each, for
// the API (validateJson/validateParam) and the pages (parseWith) alike.

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const time = clockTime(M.timeInvalid);

export const examDate = z
  .string({ error: M.dateInvalid })
  .trim()
  .refine((value) => isCalendarDate(value), M.dateInvalid);

export const examRoom = z.preprocess(
  (v) => (v === undefined || v === null ? "" : v),
  z
    .string({ error: M.roomTooLong })
    .transform((value) => cleanText(value))
    .pipe(z.string().max(40, M.roomTooLong)),
);

const examFields = {
  subjectId: id(M.noSuchSubject),
  kind: z.enum(EXAM_KINDS, { error: M.kindInvalid }),
  date: examDate,
  startsAt: time,
  endsAt: time,
  room: examRoom,
};
const endsAfterStart = { message: M.endsBeforeStart, path: ["endsAt"] };

/** `POST /api/exams`: one exam of a class. */
export const newExamSchema = z
  .object({ classId: id("There is no such class at your college."), ...examFields })
  .refine((e) => e.endsAt > e.startsAt, endsAfterStart);
export type NewExamInput = z.output<typeof newExamSchema>;

/** `PATCH /api/exams/:id`: the exam whole, as the edit form sends it. */
export const examSchema = z.object(examFields).refine((e) => e.endsAt > e.startsAt, endsAfterStart);
export type ExamInput = z.output<typeof examSchema>;

/** `POST /api/exams/import`: a class and its datesheet as CSV text. */
export const examImportSchema = z.object({
  classId: id("There is no such class at your college."),
  csv: z.string({ error: M.importEmpty }).max(EXAM_IMPORT_MAX_BYTES, M.importTooLarge),
});
export type ExamImportInput = z.output<typeof examImportSchema>;

/** `:id` of an exam; `:subjectId` of a subject of the student's own. */
export const examIdSchema = z.object({ id: id(M.noSuchExam) });
export const examSubjectParamSchema = z.object({ subjectId: id(M.noSuchTreeSubject) });

/** `PUT /api/exams/subjects/:subjectId`: why the student sits it. */
export const examSubjectSchema = z.object({ reason: z.enum(EXAM_SUBJECT_REASONS, { error: M.reasonInvalid }) });
export type ExamSubjectInput = z.output<typeof examSubjectSchema>;
