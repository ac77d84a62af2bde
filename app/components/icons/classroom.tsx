import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ClassroomIcon = (props: IconProps) => (
  <StrokeIcon d="M3 5h18v11H3zM8 21h8M12 16v5M7 9h6M7 12h4" {...props} />
);
