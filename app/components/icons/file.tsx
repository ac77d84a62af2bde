import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const FileIcon = (props: IconProps) => (
  <StrokeIcon d="M14 3H6v18h12V7l-4-4zM14 3v4h4M9 13h6M9 17h6" {...props} />
);
