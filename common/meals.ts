// Pure meal-time logic, shared by the Worker and the browser (which re-checks it every minute).

export interface MealTime {
  id: string;
  name: string;
  startsAtMin: number;
  endsAtMin: number;
}

export interface MealMoment {
  /** The meal being served now, if any. */
  current: string | null;
  /** The next meal today, if any. */
  next: string | null;
}

export function mealMoment(meals: readonly MealTime[], minutes: number): MealMoment {
  const current = meals.find((m) => minutes >= m.startsAtMin && minutes < m.endsAtMin)?.id ?? null;
  const next = meals.find((m) => m.startsAtMin > minutes)?.id ?? null;
  return { current, next };
}

/** Today's meals can be rated once they have started being served. */
export function hasStarted(meal: MealTime, minutes: number): boolean {
  return minutes >= meal.startsAtMin;
}
