import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ShieldIcon = (props: IconProps) => (
  <StrokeIcon d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" {...props} />
);
