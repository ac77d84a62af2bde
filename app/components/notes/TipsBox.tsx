import { CheckIcon } from "#app/components/icons/check.tsx";

const tones = {
  amber: {
    box: "border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/40",
    title: "text-amber-900 dark:text-amber-200",
    text: "text-amber-950 dark:text-amber-100",
    icon: "text-amber-700 dark:text-amber-300",
  },
  sky: {
    box: "border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950/40",
    title: "text-sky-900 dark:text-sky-200",
    text: "text-sky-950 dark:text-sky-100",
    icon: "text-sky-700 dark:text-sky-300",
  },
} as const;

/** A titled list of tips. */
export function TipsBox({ title, tips, tone }: { title: string; tips: readonly string[]; tone: keyof typeof tones }) {
  const t = tones[tone];
  return (
    <section aria-label={title} className={`mt-6 rounded-xl border p-4 sm:p-5 ${t.box}`}>
      <h4 className={`font-semibold ${t.title}`}>{title}</h4>
      <ul className={`mt-3 space-y-2 text-sm ${t.text}`}>
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <CheckIcon className={`mt-0.5 h-4 w-4 shrink-0 ${t.icon}`} />
            <span>{tip}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
