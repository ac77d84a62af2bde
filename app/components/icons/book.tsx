import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const BookIcon = (props: IconProps) => (
  <StrokeIcon d="M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2V5zm0 14a2 2 0 012-2h13" {...props} />
);
