import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/dashboard.tsx", { id: "home" }),
  route("dashboard", "routes/dashboard.tsx"),
  route("auth", "routes/auth.tsx", { id: "auth" }),
  route("login", "routes/auth.tsx", { id: "login" }),
  route("register", "routes/auth.tsx", { id: "register" }),
  route("logout", "routes/logout.tsx"),
  route("account", "routes/account.tsx"),
  route("account/export", "routes/account-export.tsx"),
  route("account/deleted", "routes/account-deleted.tsx"),
  route("verify", "routes/verify.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  // Only with DEV_OUTBOX=1 on a loopback host; a 404 otherwise.
  route("dev/outbox", "routes/dev-outbox.tsx"),

  // Marketplace and Night Market (built out by the marketplace issue).
  route("marketplace", "routes/marketplace.tsx"),
  route("hosteller/night-market", "routes/night-market.tsx"),
  route("seller-dashboard", "routes/seller-dashboard.tsx"),
  route("upload", "routes/upload.tsx"),
  route("purchases", "routes/purchases.tsx"),
  route("sells", "routes/sells.tsx", { id: "sells" }),
  route("mysells", "routes/sells.tsx", { id: "mysells" }),
  route("all-products", "routes/all-products.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("seller/:id", "routes/seller.tsx"),
  route("saved", "routes/saved.tsx"),
  route("wanted", "routes/wanted.tsx"),
  // Lost & found (docs/decisions/0128-lost-found-matching.md); "new" and "mine" before ":id".
  route("lost-found", "routes/lost-found.tsx"),
  route("lost-found/new", "routes/lost-found-new.tsx"),
  route("lost-found/mine", "routes/lost-found-mine.tsx"),
  route("lost-found/:id", "routes/lost-found-post.tsx"),
  route("lost-found/:id/edit", "routes/lost-found-edit.tsx"),
  // Conversations with buyers and sellers (docs/decisions/0113-conversations.md).
  route("messages", "routes/messages.tsx"),
  route("messages/:id", "routes/messages-thread.tsx"),

  // Notes.
  route("notes", "routes/notes.tsx"),
  route("notes/:programme", "routes/notes-programme.tsx"),
  // A branch and its semesters, drawn from the college's academics tree: one set of modules mounted
  // twice, for B.Tech's short addresses (the specification's /btech/cse/1) and for every other
  // programme (docs/decisions/0121-notes-routes.md).
  route("btech/:branch", "routes/notes-branch.tsx", { id: "btech-branch" }, [
    index("routes/notes-branch-index.tsx", { id: "btech-branch-index" }),
    route(":semesterId", "routes/notes-semester.tsx", { id: "btech-semester" }),
  ]),
  route("notes/:programme/:branch", "routes/notes-branch.tsx", { id: "notes-branch" }, [
    index("routes/notes-branch-index.tsx", { id: "notes-branch-index" }),
    route(":semesterId", "routes/notes-semester.tsx", { id: "notes-semester" }),
  ]),
  // Finding things in the library; the contributors' side adds library/new and library/:id.
  route("library", "routes/library.tsx"),
  route("library/saved", "routes/library-saved.tsx"),
  route("library/mine", "routes/library-mine.tsx"),

  // The library's contribute-and-trust side: adding an item, and an item's own page.
  route("library/new", "routes/library-new.tsx"),
  route("library/:id", "routes/library-item.tsx"),

  // Google Classroom.
  route("googleclassroom", "routes/googleclassroom.tsx"),
  route("google/callback", "routes/google-callback.tsx"),

  // Study Swap (/StudySwap matches too: routes are case-insensitive).
  route("studyswap", "routes/studyswap.tsx"),
  route("become-writer", "routes/become-writer.tsx"),
  route("find-writer", "routes/find-writer.tsx"),

  // Hostel services (/hostel: the phone's Hostel tab lists them).
  route("hostel", "routes/hostel.tsx"),
  route("hostel-complaints", "routes/hostel-complaints.tsx"),
  route("mess-menu", "routes/mess-menu.tsx"),
  route("roommate-finder", "routes/roommate-finder.tsx"),
  route("laundry-service", "routes/laundry-service.tsx"),

  // Class timetable and attendance.
  route("timetable", "routes/timetable.tsx"),
  route("timetable/class/:id", "routes/timetable-class.tsx"),
  route("timetable/class/:id/edit", "routes/timetable-class-edit.tsx"),
  route("attendance", "routes/attendance.tsx"),
  // Exams: a student's datesheet, and a class's as its keepers edit it.
  route("exams", "routes/exams.tsx"),
  route("exams/class/:id/edit", "routes/exams-class-edit.tsx"),
  // SGPA and CGPA (docs/decisions/0133-grades.md).
  route("grades", "routes/grades.tsx"),

  // Staff console and the students' inbox.
  route("staff", "routes/staff.tsx"),
  route("staff/conversations/:id", "routes/staff-conversations.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/setup", "routes/admin-setup.tsx"),
  route("admin/setup/college", "routes/admin-setup-college.tsx"),
  route("admin/setup/blocks", "routes/admin-setup-blocks.tsx"),
  route("admin/setup/mess", "routes/admin-setup-mess.tsx"),
  route("admin/setup/laundry", "routes/admin-setup-laundry.tsx"),
  route("admin/setup/meetup-places", "routes/admin-setup-meetup-places.tsx"),
  route("admin/setup/academics", "routes/admin-setup-academics.tsx"),
  route("admin/setup/timetable", "routes/admin-setup-timetable.tsx"),
  // Events and clubs (docs/decisions/0130-the-waiting-list.md).
  route("events", "routes/events.tsx"),
  route("events/new", "routes/event-new.tsx"),
  route("events/:id", "routes/event.tsx"),
  route("events/:id/edit", "routes/event-edit.tsx"),
  route("clubs", "routes/clubs.tsx"),
  route("clubs/:id", "routes/club.tsx"),
  route("admin/setup/clubs", "routes/admin-setup-clubs.tsx"),
  route("admin/setup/grades", "routes/admin-setup-grades.tsx"),
  route("notifications", "routes/notifications.tsx"),
  // A student's private calendar feed (a resource route: an .ics file, no page).
  route("calendar/:file", "routes/calendar-feed.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
