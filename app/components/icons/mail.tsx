import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const MailIcon = (props: IconProps) => <StrokeIcon d="M3 5h18v14H3zM3 6l9 7 9-7" {...props} />;
