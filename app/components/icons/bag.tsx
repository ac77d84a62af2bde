import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const BagIcon = (props: IconProps) => <StrokeIcon d="M6 7h12l1 14H5L6 7zM9 7a3 3 0 016 0" {...props} />;
