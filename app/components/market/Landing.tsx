import type { ReactNode } from "react";

export interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

export interface Step {
  title: string;
  text: string;
}

/** A grid of feature cards. `tone` picks the daytime card or the Night Market's glass card. */
export function FeatureGrid({ features, night = false }: { features: Feature[]; night?: boolean }) {
  return (
    <ul
      className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${features.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}
    >
      {features.map((feature) => (
        <li
          key={feature.title}
          className={night ? "rounded-2xl border border-white/10 bg-white/5 p-5 backdrop-blur" : "card p-5"}
        >
          <span
            className={`inline-flex h-11 w-11 items-center justify-center rounded-xl ${
              night
                ? "bg-violet-500/20 text-violet-200"
                : "bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
            }`}
          >
            {feature.icon}
          </span>
          <h3 className={`mt-3 font-semibold ${night ? "text-white" : ""}`}>{feature.title}</h3>
          <p className={`mt-1 text-sm ${night ? "text-slate-300" : "text-slate-600 dark:text-slate-400"}`}>
            {feature.text}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function StepList({ steps, night = false }: { steps: Step[]; night?: boolean }) {
  return (
    <ol className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className={night ? "rounded-2xl border border-white/10 bg-slate-900/60 p-5" : "card p-5"}>
          <span
            aria-hidden="true"
            className={`inline-flex h-9 w-9 items-center justify-center rounded-full text-sm font-bold ${
              night ? "bg-amber-300 text-slate-950" : "bg-indigo-600 text-white dark:bg-indigo-500 dark:text-slate-950"
            }`}
          >
            {i + 1}
          </span>
          <h3 className={`mt-3 font-semibold ${night ? "text-white" : ""}`}>
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className={`mt-1 text-sm ${night ? "text-slate-300" : "text-slate-600 dark:text-slate-400"}`}>
            {step.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
