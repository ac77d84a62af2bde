import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const LightbulbIcon = (props: IconProps) => (
  <StrokeIcon d="M9 18h6M10 21h4M12 3a6 6 0 00-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0012 3z" {...props} />
);
