// `GET /api/campuses`: the colleges a student can join, with their e-mail domains (public).
import { Hono } from "hono";
import type { AppEnv } from "#server/api/context.ts";
import { listCampuses, openSignup } from "#server/services/campus.ts";

const campusesApi = new Hono<AppEnv>();

// The colleges Campus serves and their e-mail domains: public, so a registration form can say which
// addresses are accepted. `openSignup` says whether other addresses may join the Open community.
campusesApi.get("/", async (c) => {
  const list = await listCampuses(c.env);
  c.header("Cache-Control", "public, max-age=300");
  return c.json({
    success: true,
    message: `${list.length} ${list.length === 1 ? "campus" : "campuses"}.`,
    data: {
      campuses: list.map(({ id, name, shortName, city, domains }) => ({ id, name, shortName, city, domains })),
      openSignup: openSignup(c.env),
    },
  });
});

export default campusesApi;
