import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const BedIcon = (props: IconProps) => (
  <StrokeIcon d="M3 18V7M3 14h18v4M21 14v-3a3 3 0 00-3-3h-7v6M7 11.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z" {...props} />
);
