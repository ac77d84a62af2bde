import { Hono } from "hono";
import auth from "#server/api/auth.ts";
import campusesApi from "#server/api/campuses.ts";
import dev from "#server/api/dev.ts";
import type { AppEnv } from "#server/api/context.ts";
import google from "#server/api/google.ts";
import productImages from "#server/api/product-images.ts";
import products from "#server/api/products.ts";
import sellers from "#server/api/sellers.ts";
import studyswap from "#server/api/studyswap.ts";
import { moderation, reports } from "#server/api/moderation.ts";
import { admin } from "#server/api/admin.ts";
import { academicsAdmin, academicsPublic } from "#server/api/academics.ts";
import { campusSetup } from "#server/api/campus-setup.ts";
import lostFound from "#server/api/lost-found.ts";
import wanted from "#server/api/wanted.ts";
import { clubsApi, eventsApi } from "#server/api/events.ts";
import { messages, productMessages, reportedMessages } from "#server/api/messages.ts";
import notifications from "#server/api/notifications.ts";
import push from "#server/api/push.ts";
import hostel from "#server/api/hostel.ts";
import hostelOps from "#server/api/hostel-ops.ts";
import { libraryItems } from "#server/api/library.ts";
import libraryFind from "#server/api/library-find.ts";
import { attendance, timetable, timetableSetup } from "#server/api/timetable.ts";
import { exams } from "#server/api/exams.ts";
import { grades, gradingScale } from "#server/api/grades.ts";

// The API for outside clients, mounted in the front door (worker/front-door.ts), which limits each
// route's body as the route declares (`bodyLimit`) and answers every error in the API's shape.
export const api = new Hono<AppEnv>().basePath("/api");

api.get("/health", (c) => c.json({ success: true, status: "ok" }));
api.route("/auth", auth);
api.route("/campuses", campusesApi);
api.route("/campuses", academicsPublic);
api.route("/google", google);
api.route("/product", products);
api.route("/product", productMessages);
api.route("/messages", messages);
api.route("/seller", sellers);
api.route("/wanted", wanted);
api.route("/events", eventsApi);
api.route("/clubs", clubsApi);
api.route("/lost-found", lostFound);
api.route("/files/products", productImages);
api.route("/studyswap", studyswap);
api.route("/hostel", hostel);
api.route("/hostel", hostelOps);
api.route("/library/items", libraryItems);
api.route("/notifications", notifications);
api.route("/push", push);
api.route("/library", libraryFind);
api.route("/timetable", timetable);
api.route("/attendance", attendance);
api.route("/exams", exams);
api.route("/grades", grades);
api.route("/reports", reports);
api.route("/moderation/conversations", reportedMessages);
api.route("/moderation", moderation);
// The set-up's default body limit (campusSetup.use("*")) also matches /admin/campus/academics/*:
// mounted first, so the academics routes' own declarations come after it and win (the entry takes
// the last one), and the import keeps its 256 KB. No set-up pattern answers under /academics.
api.route("/admin/campus", campusSetup);
api.route("/admin/campus", timetableSetup);
api.route("/admin/campus/academics", academicsAdmin);
api.route("/admin/campus/grading-scale", gradingScale);
api.route("/admin", admin);
api.route("/dev", dev);

// An address under /api that no route answers: the API's 404, never a page.
api.all("*", (c) => c.json({ success: false, message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404));
