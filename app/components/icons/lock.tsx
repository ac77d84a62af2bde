import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const LockIcon = (props: IconProps) => <StrokeIcon d="M6 11h12v10H6zM8 11V7a4 4 0 018 0v4" {...props} />;
