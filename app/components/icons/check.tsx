import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const CheckIcon = (props: IconProps) => <StrokeIcon d="M5 12l4 4 10-10" {...props} />;
