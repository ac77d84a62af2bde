import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const TagIcon = (props: IconProps) => <StrokeIcon d="M3 12V3h9l9 9-9 9-9-9zM7.5 7.5h.01" {...props} />;
