import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const PenIcon = (props: IconProps) => <StrokeIcon d="M4 20l4-1 11-11-3-3L5 16l-1 4zM14 6l3 3" {...props} />;
