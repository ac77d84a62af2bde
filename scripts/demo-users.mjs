// The demo accounts the seed makes (scripts/seed.mjs), listed in the README (scripts/readme.test.mjs
// holds the two to each other).
// Verified students of the two demo colleges (scripts/seed/demo-colleges.sql): Asha and Rohan at
// Campus Institute of Technology (campus.test), Meera at Riverside College of Engineering
// (riverside.test), so that what one campus sees and the other does not is visible locally.
export const DEMO_USERS = [
  { name: "Asha Verma", email: "asha@campus.test", password: "campus-demo-1", campusId: "cit" },
  { name: "Rohan Mehta", email: "rohan@campus.test", password: "campus-demo-2", campusId: "cit" },
  { name: "Meera Nair", email: "meera@riverside.test", password: "campus-demo-3", campusId: "rce" },
  // Staff of Campus Institute of Technology, one account per role (scripts/seed/staff.mjs grants them).
  {
    name: "Kavita Rao",
    email: "warden@campus.test",
    password: "campus-staff-1",
    campusId: "cit",
    role: "warden of blocks A and B",
  },
  { name: "Suresh Pillai", email: "mess@campus.test", password: "campus-staff-2", campusId: "cit", role: "mess staff" },
  {
    name: "Lakshmi Iyer",
    email: "laundry@campus.test",
    password: "campus-staff-3",
    campusId: "cit",
    role: "laundry staff",
  },
  { name: "Arjun Das", email: "moderator@campus.test", password: "campus-staff-4", campusId: "cit", role: "moderator" },
  { name: "Farah Khan", email: "admin@campus.test", password: "campus-staff-5", campusId: "cit", role: "campus admin" },
];
