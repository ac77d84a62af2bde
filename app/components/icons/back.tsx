import { StrokeIcon, type IconProps } from "./stroke";

export const BackIcon = (props: IconProps) => <StrokeIcon d="M15 18l-6-6 6-6" {...props} />;
