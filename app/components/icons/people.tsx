import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const PeopleIcon = (props: IconProps) => (
  <StrokeIcon
    d="M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M17 11a3 3 0 100-6M22 21v-1a5 5 0 00-4-4.9"
    {...props}
  />
);
