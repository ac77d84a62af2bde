import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const HomeIcon = (props: IconProps) => <StrokeIcon d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" {...props} />;
