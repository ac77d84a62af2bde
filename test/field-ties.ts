/**
 * The problems a page shows under its fields that a screen reader would not find from the field
 * (decision 0127): each `<p id="<x>-error">` must be named by the `aria-describedby` of a control
 * marked `aria-invalid="true"`, and every id a control's `aria-describedby` names must be on the
 * page. Empty when every field and its problem are tied together.
 */
export function untiedProblems(html: string): string[] {
  const controls = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)].map(([tag]) => ({
    describedBy: /\saria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(" ") ?? [],
    invalid: /\saria-invalid="true"/.test(tag),
    id: /\sid="([^"]*)"/.exec(tag)?.[1] ?? "?",
  }));
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map(([, id]) => id));
  const untied: string[] = [];
  for (const [, problem] of html.matchAll(/<p id="([^"]+-error)"/g))
    if (!controls.some((c) => c.invalid && c.describedBy.includes(problem!)))
      untied.push(`${problem} is not tied to an invalid control`);
  for (const control of controls)
    for (const id of control.describedBy)
      if (!ids.has(id)) untied.push(`${control.id} is described by ${id}, which is not on the page`);
  return untied;
}
