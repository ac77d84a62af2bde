import { data, redirect, type Params } from "react-router";
import { getUser, type LoaderContext, envOf } from "#app/lib/session.server.ts";
import {
  branchFullName,
  programmeFullName,
  semesterNumber,
  SHORT_ADDRESS_PROGRAMME,
  type NotesPlace,
} from "#app/lib/notes.ts";
import {
  readNotesPage,
  type NotesBranch,
  type NotesPage,
  type NotesProgramme,
} from "#server/services/library/semester.ts";

// The notes pages' one read per request (decision 0121): a branch's layout, its index and a semester
// page are loaders of one request that all need the college's tree, and the semester page its
// semester too. The first to ask reads both in one D1 batch (or from the edge, for a visitor); the
// others get the same answer. These pages have no actions, so nothing is written in between.

const pages = new WeakMap<LoaderContext, Promise<NotesPage>>();

/** The college asked for in the address (?college=), if any. */
export function collegeAsked(request: Request): string | null {
  return new URL(request.url).searchParams.get("college") || null;
}

/** The page's read: the tree, and the semester the address names (its `semesterId`), once per request. */
export function notesPage(context: LoaderContext, request: Request, params: Params): Promise<NotesPage> {
  let page = pages.get(context);
  if (!page) {
    page = getUser(context).then((user) =>
      readNotesPage(envOf(context), user, {
        college: collegeAsked(request),
        programme: programmeOf(params),
        branch: params.branch,
        semester: semesterNumber(params.semesterId),
      }),
    );
    pages.set(context, page);
  }
  return page;
}

/** /btech/{branch} has no programme in its address: it is B.Tech's (SHORT_ADDRESS_PROGRAMME). */
function programmeOf(params: Params): string | undefined {
  return params.programme ?? (params.branch ? SHORT_ADDRESS_PROGRAMME : undefined);
}

export interface Named {
  slug: string;
  name: string;
  /** A well-known programme's or branch's full name, else its name again. */
  fullName: string;
}

/** The programme the address names, as the college has it, or a 404 page. */
export async function programmeOfPage(
  context: LoaderContext,
  request: Request,
  params: Params,
): Promise<{ page: NotesPage; programme: NotesProgramme & Named }> {
  const page = await notesPage(context, request, params);
  const found = page.tree.programmes.find((p) => p.slug === programmeOf(params));
  if (!found) throw data(null, { status: 404 });
  return { page, programme: { ...found, fullName: programmeFullName(found.slug) ?? found.name } };
}

/**
 * The branch the address names, as the college has it, or a 404 page. B.Tech's branches are at their
 * short address only: /notes/btech/cse[/n] redirects there.
 */
export async function branchOfPage(
  context: LoaderContext,
  request: Request,
  params: Params,
): Promise<{ page: NotesPage; programme: NotesProgramme & Named; branch: NotesBranch & Named; place: NotesPlace }> {
  if (params.programme === SHORT_ADDRESS_PROGRAMME) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname.replace(/^\/notes/i, "")}${url.search}`, 301);
  }
  const { page, programme } = await programmeOfPage(context, request, params);
  const found = programme.branches.find((b) => b.slug === params.branch);
  if (!found) throw data(null, { status: 404 });
  return {
    page,
    programme,
    branch: { ...found, fullName: branchFullName(found.slug) ?? found.name },
    place: { programme: programme.slug, branch: found.slug, college: collegeAsked(request) },
  };
}
