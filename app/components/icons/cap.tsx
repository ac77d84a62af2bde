import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const CapIcon = (props: IconProps) => (
  <StrokeIcon d="M2 9l10-5 10 5-10 5L2 9zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6" {...props} />
);
