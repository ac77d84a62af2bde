import type { SignupChoices } from "#server/services/campus.ts";

/** Colleges named inline on a phone; more than this and the rest are behind "See all". */
const INLINE = 3;

/**
 * Under the register screen's e-mail field: which colleges' addresses are accepted, and what becomes
 * of any other (the Open community, or a refusal), before the account is made (decision 0123). The
 * sentences come from the loader (common/auth-messages.ts), so this page's script carries only the layout.
 */
export function WhoMayJoin({ choices }: { choices: SignupChoices }) {
  const { colleges, lead, otherwise } = choices;
  const inline = colleges.slice(0, INLINE);
  return (
    <div id="email-hint" className="mt-2 space-y-2 text-xs text-slate-600 dark:text-slate-400">
      {lead && (
        <p>
          {`${lead} `}
          {inline.map((college, i) => (
            <span key={college.shortName}>
              {i > 0 && ", "}
              <abbr title={college.name} className="font-semibold no-underline">
                {college.shortName}
              </abbr>
              {` (${college.domains.join(", ")})`}
            </span>
          ))}
          {colleges.length > INLINE && "..."}
        </p>
      )}
      {colleges.length > INLINE && (
        <details>
          <summary className="cursor-pointer font-semibold text-indigo-700 dark:text-indigo-300">
            See all {colleges.length} colleges
          </summary>
          <ul className="mt-1 space-y-0.5">
            {colleges.map((college) => (
              <li key={college.shortName}>
                {college.name}: {college.domains.join(", ")}
              </li>
            ))}
          </ul>
        </details>
      )}
      <p>{otherwise}</p>
    </div>
  );
}
