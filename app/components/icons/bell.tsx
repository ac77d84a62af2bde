import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const BellIcon = (props: IconProps) => <StrokeIcon d="M6 16V11a6 6 0 1112 0v5l2 2H4zM10 21h4" {...props} />;
