import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const PencilIcon = (props: IconProps) => <StrokeIcon d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" {...props} />;
