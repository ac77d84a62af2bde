// The one drizzle schema, one file per feature under schema/; this file is the one import path
// (#server/db/schema.ts), so code imports tables from here and never from the feature files.
//
// The migrations in migrations/ are what the database is; these files mirror them for typed
// queries, and test/schema.test.ts fails on any difference between the two
// (docs/decisions/0100-one-schema-source.md). A table or column: a new migration, then the schema.
export * from "./schema/users.ts";
export * from "./schema/campuses.ts";
export * from "./schema/market.ts";
export * from "./schema/studyswap.ts";
export * from "./schema/hostel.ts";
export * from "./schema/staff.ts";
export * from "./schema/notifications.ts";
export * from "./schema/google.ts";
export * from "./schema/academics.ts";
export * from "./schema/library.ts";
export * from "./schema/timetable.ts";
export * from "./schema/conversations.ts";
