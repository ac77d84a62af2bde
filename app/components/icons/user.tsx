import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const UserIcon = (props: IconProps) => (
  <StrokeIcon d="M12 12a4 4 0 100-8 4 4 0 000 8zM4 21v-1a7 7 0 0114 0v1" {...props} />
);
