import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const GridIcon = (props: IconProps) => (
  <StrokeIcon d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" {...props} />
);
